/**
 * The requirement index behind scope resolution: for every term, the requirements whose title, component
 * or description contain it (with the field's weight), plus idf and per-requirement title weights.
 *
 * The index lives in a few flat texts ("sections") of sorted `key\tvalue` lines, read by binary search,
 * plus two typed arrays. Built in-process from a governance model, the same sections are what the preflight
 * pack (pack.ts) writes to `.govtool/cache/`, so a fresh process answers from the file without parsing it
 * into objects: it decodes only the lines a request touches. One representation, so a decision computed
 * from a fresh build and one computed from the pack are the same by construction.
 */
import {isDraftStatus} from 'govtool/core'

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

/** Bump when tokenising, stemming, stop words, field weights or the section layout change: packs are rebuilt. */
export const INDEX_VERSION = 6

/** The requirements of one term, with the field weight of each. */
export interface Posting {
  idx: Int32Array
  weight: Float64Array
}

export interface RequirementIndex {
  /** number of requirements */
  size: number
  /** id of requirement `i` (as written) */
  id(i: number): string
  /** requirement `i` (decoded on demand) */
  requirement(i: number): ScopeRequirement
  /** position of a requirement id (case-insensitive; the first when ids repeat) */
  lookup(id: string): number | undefined
  /** the requirements containing `term` */
  postings(term: string): Posting | undefined
  /** idf of `term`, `undefined` when no requirement contains it */
  idf(term: string): number | undefined
  /** idf of a term no requirement contains */
  maxIdf: number
  /** sum of the idf of each requirement's title terms */
  titleWeight: Float64Array
  /** 1 when the requirement can be scoped to (not a draft) */
  eligible: Uint8Array
  /** ids of the tests covering a requirement id (case-insensitive) */
  testsCovering(requirementId: string): readonly string[]
  /** a test by id (case-insensitive) */
  test(id: string): ScopeTest | undefined
  /** term -> field weight of requirement `i` (computed on demand, for the few requirements a decision reports on) */
  termsOf(i: number): ReadonlyMap<string, number>
  /** every term of the project (its vocabulary), grouped by first letter and length (`e6`); built on first use (typo lookup) */
  vocabulary(): ReadonlyMap<string, readonly string[]>
  /** scratch accumulators reused across queries (decisions are synchronous) */
  acc: Float64Array
  titleAcc: Float64Array
  /** scratch: the requirements a query touched (a growing array of them was a third of a decision's allocation) */
  touched: Int32Array
}

/**
 * The flat form of an index. Text sections hold sorted `key\tvalue` lines (keys upper-cased ids or terms):
 * - `records`: line `i` is requirement `i` as a JSON array [id, title, description, status, component];
 *   `recordStarts[i]` is where it starts;
 * - `byId`: `ID\ti`; `postings`: `term\tp,p,...` with `p` = base-36 of `i * 3 + weight code`;
 * - `covers`: `REQ-ID\t["TEST-1",...]`; `tests`: `TEST-ID\t{"id":..,"covers":[..]}`.
 */
export interface IndexSections {
  n: number
  records: string
  recordStarts: Uint32Array
  byId: string
  postings: string
  covers: string
  tests: string
  titleWeight: Float64Array
  eligible: Uint8Array
}

export function defaultIsDraft(r: ScopeRequirement): boolean {
  return isDraftStatus(r.status)
}

/** A key as stored: upper-cased, with the two separators a key cannot hold replaced. */
function keyOf(text: string): string {
  return text.toUpperCase().replaceAll(/[\t\n\r]/g, ' ')
}

/** Hyphenated words also as one word ("start-up" is also "startup"), so either spelling in a request meets it. */
const HYPHENATED = /\b([a-z]{2,})-([a-z]{2,})\b/gi

function withCompounds(text: string, fn: (word: string) => void): void {
  forEachWord(text, fn)
  if (text.includes('-')) for (const m of text.matchAll(HYPHENATED)) fn(`${m[1]}${m[2]}`.toLowerCase())
}

function fieldTerms(r: ScopeRequirement, add: (t: string, w: number) => void): void {
  // weights ascend, so a term seen again in a later field takes the higher weight
  withCompounds(r.description ?? '', (w) => add(term(w), FIELD_WEIGHT.description))
  if (r.component) withCompounds(r.component, (w) => add(term(w), FIELD_WEIGHT.component))
  withCompounds(r.title ?? '', (w) => add(term(w), FIELD_WEIGHT.title))
}

function sortedLines(entries: Iterable<[string, string]>): string {
  return [...entries]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([k, v]) => `${k}\t${v}`)
    .join('\n')
}

/** The value of `key` in a section of sorted `key\tvalue` lines (binary search; no decoding of other lines). */
export function findLine(text: string, key: string): string | undefined {
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const start = text.lastIndexOf('\n', mid - 1) + 1
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    let tab = text.indexOf('\t', start)
    if (tab === -1 || tab > end) tab = end
    const k = text.slice(start, tab)
    if (k === key) return text.slice(Math.min(tab + 1, end), end)
    if (k < key) lo = end + 1
    else hi = start
  }
  return undefined
}

/** The terms of a requirement with the code of the highest field weight each appears in (title 2, component 1, description 0). */
export function termCodes(r: ScopeRequirement): Map<string, number> {
  const codes = new Map<string, number>()
  fieldTerms(r, (t, w) => {
    const code = WEIGHT_CODES.indexOf(w as (typeof WEIGHT_CODES)[number])
    if ((codes.get(t) ?? -1) < code) codes.set(t, code)
  })
  return codes
}

/** A term that can be a key of a section line. */
export const storable = (t: string) => !t.includes('\t') && !t.includes('\n')

/** The sorted, distinct title terms of a requirement (those whose weight in it is the title's). */
export function titleTerms(r: Pick<ScopeRequirement, 'title'>): string[] {
  const out = new Set<string>()
  withCompounds(r.title ?? '', (w) => out.add(term(w)))
  return [...out].filter(storable).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

/**
 * A requirement's title weight: the sum of the idf of its title terms, added in sorted term order, so the
 * number is the same bit for bit however the index was made (built whole, or updated after an edit).
 */
export function titleWeightOf(terms: readonly string[], n: number, df: (t: string) => number): number {
  let sum = 0
  for (const t of terms) sum += Math.log(1 + n / df(t))
  return sum
}

/** The JSON line of a record in the `records` section (JSON.stringify escapes line breaks: always one line). */
export function recordLine(r: ScopeRequirement): string {
  return JSON.stringify([r.id, r.title ?? '', r.description ?? '', r.status, r.component ?? null])
}

export function byIdLines(ids: readonly string[]): string {
  const byId = new Map<string, string>()
  for (const [i, id] of ids.entries()) {
    const key = keyOf(id)
    if (!byId.has(key)) byId.set(key, String(i))
  }
  return sortedLines(byId)
}

function recordsText(lines: readonly string[]): {records: string; recordStarts: Uint32Array} {
  const recordStarts = new Uint32Array(lines.length)
  let offset = 0
  for (const [i, line] of lines.entries()) {
    recordStarts[i] = offset
    offset += line.length + 1
  }
  return {records: lines.join('\n'), recordStarts}
}

/** Counters of the full and the incremental path (tests check that an edit took the incremental one). */
export const indexStats = {rebuilt: 0, updated: 0}

/** Builds the sections of `model`: tokenises every requirement once. */
export function buildSections(model: ScopeModel, isDraft: (r: ScopeRequirement) => boolean = defaultIsDraft): IndexSections {
  const reqs = model.requirements
  const n = reqs.length
  const postings = new Map<string, {idx: number[]; code: number[]}>()
  for (let i = 0; i < n; i++) {
    for (const [t, code] of termCodes(reqs[i])) {
      let p = postings.get(t)
      if (!p) {
        p = {idx: [], code: []}
        postings.set(t, p)
      }
      p.idx.push(i)
      p.code.push(code)
    }
  }
  const postingLines = new Map<string, string>()
  for (const [t, p] of postings) {
    if (!storable(t)) continue
    const parts = new Array<string>(p.idx.length)
    for (let k = 0; k < p.idx.length; k++) parts[k] = (p.idx[k] * 3 + p.code[k]).toString(36)
    postingLines.set(t, parts.join(','))
  }
  const df = (t: string) => postings.get(t)!.idx.length
  const titleWeight = new Float64Array(n)
  const eligible = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    titleWeight[i] = titleWeightOf(titleTerms(reqs[i]), n, df)
    eligible[i] = isDraft(reqs[i]) ? 0 : 1
  }
  indexStats.rebuilt++
  return {
    n,
    ...recordsText(reqs.map((r) => recordLine(r))),
    byId: byIdLines(reqs.map((r) => r.id)),
    postings: sortedLines(postingLines),
    ...testSections(model.tests),
    titleWeight,
    eligible,
  }
}

function testSections(list: readonly ScopeTest[]): {covers: string; tests: string} {
  const covers = new Map<string, string[]>()
  const tests = new Map<string, string>()
  for (const t of list) {
    tests.set(keyOf(t.id), JSON.stringify({id: t.id, covers: t.covers}))
    for (const c of t.covers) {
      const key = keyOf(c)
      const list = covers.get(key) ?? []
      if (!list.includes(t.id)) list.push(t.id)
      covers.set(key, list)
    }
  }
  return {covers: sortedLines([...covers].map(([k, v]) => [k, JSON.stringify(v)])), tests: sortedLines(tests)}
}

/** Decoded records, term sets and missed terms kept per index (postings are bounded by the index itself). */
const MAX_DECODED = 1 << 16

/** A postings value: `p,p,...` with `p` the base 36 of `i * 3 + weight code`. */
function decodePosting(line: string): Posting {
  const parts = line.split(',')
  const idx = new Int32Array(parts.length)
  const weight = new Float64Array(parts.length)
  for (let k = 0; k < parts.length; k++) {
    const v = Number.parseInt(parts[k], 36)
    idx[k] = Math.floor(v / 3)
    weight[k] = WEIGHT_CODES[v % 3]
  }
  return {idx, weight}
}

/** The index over its sections: lines are decoded when a request first needs them, and remembered. */
export function indexFromSections(s: IndexSections): RequirementIndex {
  const n = s.n
  const decodedPostings = new Map<string, Posting>()
  const missing = new Set<string>()
  const decodedRecords = new Map<number, ScopeRequirement>()
  const termCache = new Map<number, Map<string, number>>()
  const positions = new Map<string, number | undefined>()
  let vocabulary: Map<string, string[]> | undefined
  const remember = <K, V>(map: Map<K, V>, key: K, value: V): V => {
    if (map.size >= MAX_DECODED) map.clear()
    map.set(key, value)
    return value
  }
  const postings = (t: string): Posting | undefined => {
    const known = decodedPostings.get(t)
    if (known !== undefined || missing.has(t)) return known
    const line = findLine(s.postings, t)
    if (line === undefined) {
      if (missing.size >= MAX_DECODED) missing.clear()
      missing.add(t)
      return undefined
    }
    const posting = decodePosting(line)
    decodedPostings.set(t, posting)
    return posting
  }
  const requirement = (i: number): ScopeRequirement => {
    let r = decodedRecords.get(i)
    if (!r) {
      const start = s.recordStarts[i]
      const end = i + 1 < n ? s.recordStarts[i + 1] - 1 : s.records.length
      const [id, title, description, status, component] = JSON.parse(s.records.slice(start, end)) as [string, string, string, string, string | null]
      r = remember(decodedRecords, i, component === null ? {id, title, description, status} : {id, title, description, status, component})
    }
    return r
  }
  return {
    size: n,
    id: (i) => requirement(i).id,
    requirement,
    lookup(id) {
      // remembered per id (issue 22): the frozen, retired and restated checks ask for the same few ids many times a
      // decision, each a binary search with a slice per step; the sections never change under an index
      const known = positions.get(id)
      if (known !== undefined || positions.has(id)) return known
      const line = findLine(s.byId, keyOf(id))
      return remember(positions, id, line === undefined ? undefined : Number(line))
    },
    postings,
    idf(t) {
      const p = postings(t)
      return p ? Math.log(1 + n / p.idx.length) : undefined
    },
    maxIdf: Math.log(1 + Math.max(n, 1)),
    titleWeight: s.titleWeight,
    eligible: s.eligible,
    testsCovering(requirementId) {
      const line = findLine(s.covers, keyOf(requirementId))
      return line === undefined ? [] : (JSON.parse(line) as string[])
    },
    test(id) {
      const line = findLine(s.tests, keyOf(id))
      return line === undefined ? undefined : (JSON.parse(line) as ScopeTest)
    },
    termsOf(i) {
      let m = termCache.get(i)
      if (!m) {
        const map = new Map<string, number>()
        fieldTerms(requirement(i), (t, w) => {
          if ((map.get(t) ?? 0) < w) map.set(t, w)
        })
        m = remember(termCache, i, map)
      }
      return m
    },
    vocabulary() {
      if (!vocabulary) {
        vocabulary = new Map()
        for (const line of s.postings.split('\n')) {
          const t = line.slice(0, line.indexOf('\t'))
          if (!t) continue
          const key = `${t[0]}${t.length}`
          const list = vocabulary.get(key) ?? []
          list.push(t)
          vocabulary.set(key, list)
        }
      }
      return vocabulary
    },
    acc: new Float64Array(n),
    titleAcc: new Float64Array(n),
    touched: new Int32Array(n),
  }
}

const memory = new WeakMap<object, RequirementIndex>()

/** Builds (or returns the cached) index of `model`. Keyed by the model object: rebuild by loading a new model. */
export function requirementIndex(model: ScopeModel, isDraft: (r: ScopeRequirement) => boolean = defaultIsDraft): RequirementIndex {
  let index = memory.get(model)
  if (!index) {
    index = indexFromSections(buildSections(model, isDraft))
    memory.set(model, index)
  }
  return index
}

/** The tests covering `requirementIds`, sorted, each once. */
export function testsCovering(index: RequirementIndex, requirementIds: readonly string[]): string[] {
  const out = new Set<string>()
  for (const id of requirementIds) for (const t of index.testsCovering(id)) out.add(t)
  return [...out].sort()
}
