/**
 * The requirement index behind scope resolution: for every term, the requirements whose title, component
 * or description contain it (with the field's weight), plus idf and per-requirement title weights.
 *
 * Built once per governance model object (an in-process WeakMap), and persisted in
 * `.govtool/cache/preflight-index.json` keyed by a hash of the requirements, so a fresh process on an
 * unchanged project skips tokenising thousands of requirements.
 */
import {createHash} from 'node:crypto'

import {forEachWord, term} from './text/tokens.js'

export interface ScopeRequirement {
  id: string
  title: string
  description: string
  status: string
  component?: string
}

export interface ScopeTest {
  id: string
  covers: readonly string[]
}

export interface ScopeModel {
  requirements: readonly ScopeRequirement[]
  tests: readonly ScopeTest[]
}

export const FIELD_WEIGHT = {title: 1, component: 0.8, description: 0.6} as const
const WEIGHT_CODES = [FIELD_WEIGHT.description, FIELD_WEIGHT.component, FIELD_WEIGHT.title] as const

/** Bump when tokenising, stemming, stop words or field weights change: persisted indexes are then rebuilt. */
export const INDEX_VERSION = 2

interface Posting {
  idx: number[]
  weight: number[]
  /** last requirement index pushed (build-time dedupe) */
  last: number
}

export interface RequirementIndex {
  size: number
  requirements: readonly ScopeRequirement[]
  byId: Map<string, number>
  postings: Map<string, Posting>
  idf: Map<string, number>
  maxIdf: number
  titleWeight: Float64Array
  eligible: Uint8Array
  testsByReq: Map<string, string[]>
  testsById: Map<string, ScopeTest>
  /** term -> field weight of requirement `i` (computed on demand, for the few requirements a decision reports on) */
  termsOf(i: number): ReadonlyMap<string, number>
  /** scratch accumulators reused across queries (decisions are synchronous) */
  acc: Float64Array
  titleAcc: Float64Array
}

/** The persisted form: terms with their postings (requirement indexes and weight codes 0/1/2). */
export interface SerializedIndex {
  v: number
  key: string
  n: number
  terms: string[]
  idx: number[][]
  w: number[][]
}

const memory = new WeakMap<object, RequirementIndex>()

function defaultIsDraft(r: ScopeRequirement): boolean {
  return r.status.trim().toLowerCase() === 'draft'
}

function fieldTerms(r: ScopeRequirement, add: (t: string, w: number) => void): void {
  // weights ascend, so a term seen again in a later field takes the higher weight
  forEachWord(r.description ?? '', (w) => add(term(w), FIELD_WEIGHT.description))
  if (r.component) forEachWord(r.component, (w) => add(term(w), FIELD_WEIGHT.component))
  forEachWord(r.title ?? '', (w) => add(term(w), FIELD_WEIGHT.title))
}

function buildPostings(reqs: readonly ScopeRequirement[]): Map<string, Posting> {
  const postings = new Map<string, Posting>()
  for (let i = 0; i < reqs.length; i++) {
    fieldTerms(reqs[i], (t, w) => {
      let p = postings.get(t)
      if (!p) {
        p = {idx: [], weight: [], last: -1}
        postings.set(t, p)
      }
      if (p.last === i) {
        const k = p.weight.length - 1
        if (w > p.weight[k]) p.weight[k] = w
      } else {
        p.idx.push(i)
        p.weight.push(w)
        p.last = i
      }
    })
  }
  return postings
}

function assemble(model: ScopeModel, postings: Map<string, Posting>, isDraft: (r: ScopeRequirement) => boolean): RequirementIndex {
  const reqs = model.requirements
  const n = reqs.length
  const byId = new Map<string, number>()
  const eligible = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const key = reqs[i].id.toUpperCase()
    if (!byId.has(key)) byId.set(key, i)
    eligible[i] = isDraft(reqs[i]) ? 0 : 1
  }
  const idf = new Map<string, number>()
  const titleWeight = new Float64Array(n)
  for (const [t, p] of postings) {
    const v = Math.log(1 + n / p.idx.length)
    idf.set(t, v)
    for (let k = 0; k < p.idx.length; k++) if (p.weight[k] === FIELD_WEIGHT.title) titleWeight[p.idx[k]] += v
  }
  const testsByReq = new Map<string, string[]>()
  const testsById = new Map<string, ScopeTest>()
  for (const t of model.tests) {
    testsById.set(t.id.toUpperCase(), t)
    for (const c of t.covers) {
      const key = c.toUpperCase()
      const list = testsByReq.get(key) ?? []
      if (!list.includes(t.id)) list.push(t.id)
      testsByReq.set(key, list)
    }
  }
  const termCache = new Map<number, Map<string, number>>()
  const index: RequirementIndex = {
    size: n,
    requirements: reqs,
    byId,
    postings,
    idf,
    maxIdf: Math.log(1 + Math.max(n, 1)),
    titleWeight,
    eligible,
    testsByReq,
    testsById,
    termsOf(i: number) {
      let m = termCache.get(i)
      if (!m) {
        const map = new Map<string, number>()
        fieldTerms(reqs[i], (t, w) => {
          if ((map.get(t) ?? 0) < w) map.set(t, w)
        })
        if (termCache.size > 10_000) termCache.clear()
        termCache.set(i, map)
        m = map
      }
      return m
    },
    acc: new Float64Array(n),
    titleAcc: new Float64Array(n),
  }
  memory.set(model, index)
  return index
}

/** The in-process index of `model`, if one was built or loaded. */
export function cachedIndex(model: ScopeModel): RequirementIndex | undefined {
  return memory.get(model)
}

/** Builds (or returns the cached) index of `model`. Keyed by the model object: rebuild by loading a new model. */
export function requirementIndex(model: ScopeModel, isDraft: (r: ScopeRequirement) => boolean = defaultIsDraft): RequirementIndex {
  return memory.get(model) ?? assemble(model, buildPostings(model.requirements), isDraft)
}

/** Hash of everything the postings are built from (ids, titles, descriptions, components, in order). */
export function indexKey(model: ScopeModel): string {
  const h = createHash('sha1')
  h.update(`v${INDEX_VERSION}\0${model.requirements.length}\0`)
  for (const r of model.requirements) h.update(`${r.title}\0${r.description}\0${r.component ?? ''}\0`)
  return h.digest('hex')
}

export function serializeIndex(index: RequirementIndex, key: string): SerializedIndex {
  const terms: string[] = []
  const idx: number[][] = []
  const w: number[][] = []
  for (const [t, p] of index.postings) {
    terms.push(t)
    idx.push(p.idx)
    w.push(p.weight.map((x) => WEIGHT_CODES.indexOf(x as (typeof WEIGHT_CODES)[number])))
  }
  return {v: INDEX_VERSION, key, n: index.size, terms, idx, w}
}

/**
 * The index from its persisted form, when it was built from the same requirements (`key`) and is well
 * formed; `undefined` otherwise (the caller rebuilds).
 */
export function indexFromSerialized(model: ScopeModel, data: unknown, key: string, isDraft: (r: ScopeRequirement) => boolean = defaultIsDraft): RequirementIndex | undefined {
  const d = data as Partial<SerializedIndex> | null
  const n = model.requirements.length
  if (!d || d.v !== INDEX_VERSION || d.key !== key || d.n !== n) return undefined
  if (!Array.isArray(d.terms) || !Array.isArray(d.idx) || !Array.isArray(d.w) || d.idx.length !== d.terms.length || d.w.length !== d.terms.length) return undefined
  const postings = new Map<string, Posting>()
  for (let k = 0; k < d.terms.length; k++) {
    const ids = d.idx[k]
    const codes = d.w[k]
    if (typeof d.terms[k] !== 'string' || !Array.isArray(ids) || !Array.isArray(codes) || ids.length !== codes.length || ids.length === 0) return undefined
    const weight = new Array<number>(codes.length)
    for (let j = 0; j < codes.length; j++) {
      const i = ids[j]
      const wt = WEIGHT_CODES[codes[j]]
      if (!Number.isInteger(i) || i < 0 || i >= n || wt === undefined) return undefined
      weight[j] = wt
    }
    postings.set(d.terms[k], {idx: ids, weight, last: ids.at(-1)!})
  }
  return assemble(model, postings, isDraft)
}
