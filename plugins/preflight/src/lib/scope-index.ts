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

function defaultIsDraft(r: ScopeRequirement): boolean {
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

/** The offset of the first line of sorted `text` at or after `from` (a line start) whose key is `key` or after it; text.length if none. */
function lineAtOrAfter(text: string, key: string, from: number): number {
  let lo = from
  let hi = text.length
  // invariant: lines starting before lo have smaller keys; the line starting at hi (or the end) has a key >= key
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const start = Math.max(lo, text.lastIndexOf('\n', mid - 1) + 1)
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    let tab = text.indexOf('\t', start)
    if (tab === -1 || tab > end) tab = end
    if (text.slice(start, tab) < key) lo = end + 1
    else hi = start
  }
  return Math.min(lo, text.length)
}

/** The terms of a requirement with the code of the highest field weight each appears in (title 2, component 1, description 0). */
function termCodes(r: ScopeRequirement): Map<string, number> {
  const codes = new Map<string, number>()
  fieldTerms(r, (t, w) => {
    const code = WEIGHT_CODES.indexOf(w as (typeof WEIGHT_CODES)[number])
    if ((codes.get(t) ?? -1) < code) codes.set(t, code)
  })
  return codes
}

/** A term that can be a key of a section line. */
const storable = (t: string) => !t.includes('\t') && !t.includes('\n')

/** The sorted, distinct title terms of a requirement (those whose weight in it is the title's). */
function titleTerms(r: Pick<ScopeRequirement, 'title'>): string[] {
  const out = new Set<string>()
  withCompounds(r.title ?? '', (w) => out.add(term(w)))
  return [...out].filter(storable).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

/**
 * A requirement's title weight: the sum of the idf of its title terms, added in sorted term order, so the
 * number is the same bit for bit however the index was made (built whole, or updated after an edit).
 */
function titleWeightOf(terms: readonly string[], n: number, df: (t: string) => number): number {
  let sum = 0
  for (const t of terms) sum += Math.log(1 + n / df(t))
  return sum
}

/** The JSON line of a record in the `records` section (JSON.stringify escapes line breaks: always one line). */
function recordLine(r: ScopeRequirement): string {
  return JSON.stringify([r.id, r.title ?? '', r.description ?? '', r.status, r.component ?? null])
}

function byIdLines(ids: readonly string[]): string {
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

/** A run of the new requirement list: `count` records of the old index from `old` on, or new records. */
export type IndexSegment = {old: number; count: number} | {records: readonly ScopeRequirement[]}

/** Counters of the incremental path (tests check that an edit took it). */
export const indexStats = {rebuilt: 0, updated: 0}

/**
 * The sections of an index whose requirements are `segments` (runs of the old index's records, unchanged,
 * and new records), the tests unchanged: what `buildSections` would make of the new list, made by touching
 * only what changed. Only the new records and the ones that went are tokenised; a postings line whose term
 * neither of them has is copied as it is when no record moved, else renumbered; title weights are
 * recomputed only for records with a title term whose document frequency changed (all of them when the
 * number of requirements changed).
 */
export function updateSections(old: IndexSections, segments: readonly IndexSegment[], isDraft: (r: ScopeRequirement) => boolean = defaultIsDraft): IndexSections | undefined {
  const oldRecord = (i: number) => old.records.slice(old.recordStarts[i], i + 1 < old.n ? old.recordStarts[i + 1] - 1 : old.records.length)
  // the new records text as runs: a run of old records is one slice of the old text, not one per record
  const runs: string[] = []
  const starts: number[] = []
  let offset = 0
  const freshIds = new Map<number, string>()
  const eligibleList: number[] = []
  const keptWeight: number[] = []
  const oldToNew = new Int32Array(old.n).fill(-1)
  const added = new Map<string, number[]>() // term -> [newIdx * 3 + code, ...] ascending
  for (const seg of segments) {
    if ('old' in seg) {
      if (seg.count === 0) continue
      const from = old.recordStarts[seg.old]
      const last = seg.old + seg.count
      const to = last < old.n ? old.recordStarts[last] - 1 : old.records.length
      for (let o = seg.old; o < last; o++) {
        oldToNew[o] = starts.length
        starts.push(offset + old.recordStarts[o] - from)
        eligibleList.push(old.eligible[o])
        keptWeight.push(old.titleWeight[o])
      }
      runs.push(old.records.slice(from, to))
      offset += to - from + 1
    } else {
      for (const r of seg.records) {
        const i = starts.length
        const line = recordLine(r)
        starts.push(offset)
        runs.push(line)
        offset += line.length + 1
        freshIds.set(i, r.id)
        eligibleList.push(isDraft(r) ? 0 : 1)
        keptWeight.push(0)
        for (const [t, code] of termCodes(r)) {
          if (!storable(t)) continue
          const list = added.get(t)
          if (list) list.push(i * 3 + code)
          else added.set(t, [i * 3 + code])
        }
      }
    }
  }
  const records = runs.join('\n')
  const lineAt = (i: number) => records.slice(starts[i], i + 1 < starts.length ? starts[i + 1] - 1 : records.length)
  const n = starts.length
  let moved = n !== old.n
  const removed = new Map<string, number[]>() // term -> [oldIdx * 3 + code, ...] of the records that went
  const removedIds = new Map<number, string>()
  for (let o = 0; o < old.n; o++) {
    if (oldToNew[o] === -1) {
      const [id, title, description, status, component] = JSON.parse(oldRecord(o)) as [string, string, string, string, string | null]
      removedIds.set(o, id)
      for (const [t, code] of termCodes({id, title, description, status, component: component ?? undefined})) {
        if (!storable(t)) continue
        const list = removed.get(t)
        if (list) list.push(o * 3 + code)
        else removed.set(t, [o * 3 + code])
      }
    } else if (oldToNew[o] !== o) moved = true
  }
  // records replaced in place by records of the same ids: byId stays, and no id can repeat
  const sameIds = !moved && [...freshIds].every(([i, id]) => removedIds.get(i) === id)
  let ids: string[] | undefined
  if (!sameIds) {
    ids = Array.from({length: n}, (_, i) => freshIds.get(i) ?? idOfLine(lineAt(i)))
    // a repeated id makes the model drop the later record: the caller builds the whole index instead
    if (new Set(ids).size !== n) return undefined
  }
  // the terms whose postings change: with no record moved, those whose entries differ between the records
  // that went and the ones that came (a description edit leaves the common words' lines as they are)
  const affected = new Set<string>()
  for (const [t, list] of added) if (moved || !sameEntries(list, removed.get(t))) affected.add(t)
  for (const [t, list] of removed) if (moved || !sameEntries(list, added.get(t))) affected.add(t)

  // postings: old lines merged with the terms only new records have, in key order
  const addedTerms = [...added.keys()].filter((t) => affected.has(t)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const out: string[] = []
  const dfChanged = new Set<string>()
  let j = 0
  const emitAdded = (t: string) => {
    out.push(`${t}\t${added.get(t)!.map((v) => v.toString(36)).join(',')}`)
    dfChanged.add(t)
  }
  const text = old.postings
  /** the line of term `t` at [lineStart, end) (its values after `tab`), renumbered, with `extra` added */
  const rewrite = (t: string, tab: number, end: number, extra: number[] | undefined) => {
    const parts = text.slice(tab + 1, end).split(',')
    const values: number[] = []
    for (const part of parts) {
      const v = Number.parseInt(part, 36)
      const to = oldToNew[Math.floor(v / 3)]
      if (to !== -1) values.push(to * 3 + (v % 3))
    }
    if (extra) values.push(...extra)
    if (values.length !== parts.length) dfChanged.add(t)
    if (values.length === 0) return
    // ascending, as a full build lists them (records may have moved past each other)
    for (let k = 1; k < values.length; k++) {
      if (values[k] < values[k - 1]) {
        values.sort((a, b) => a - b)
        break
      }
    }
    out.push(`${t}\t${values.map((v) => v.toString(36)).join(',')}`)
  }
  if (moved) {
    for (let start = 0; start < text.length; ) {
      let end = text.indexOf('\n', start)
      if (end === -1) end = text.length
      const tab = text.indexOf('\t', start)
      const t = text.slice(start, tab)
      start = end + 1
      while (j < addedTerms.length && addedTerms[j] < t) emitAdded(addedTerms[j++])
      let extra: number[] | undefined
      if (j < addedTerms.length && addedTerms[j] === t) extra = added.get(addedTerms[j++])
      rewrite(t, tab, end, extra)
    }
  } else {
    // no record moved: only the affected terms' lines change, each found by binary search; the lines between
    // them are copied as runs
    let cursor = 0
    for (const t of [...affected].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
      const at = lineAtOrAfter(text, t, cursor)
      // (the run ends before the '\n' ahead of `at`; at the end of the text there is none)
      if (at > cursor) out.push(text.slice(cursor, at < text.length ? at - 1 : text.length))
      cursor = at
      let end = at < text.length ? text.indexOf('\n', at) : text.length
      if (end === -1) end = text.length
      const tab = at < text.length ? text.indexOf('\t', at) : -1
      if (tab !== -1 && tab < end && text.slice(at, tab) === t) {
        rewrite(t, tab, end, added.get(t))
        cursor = end + 1
      } else emitAdded(t)
    }
    if (cursor < text.length) out.push(text.slice(cursor))
    j = addedTerms.length
  }
  while (j < addedTerms.length) emitAdded(addedTerms[j++])
  const postings = out.join('\n')

  const dfCache = new Map<string, number>()
  const df = (t: string) => {
    let d = dfCache.get(t)
    if (d === undefined) {
      // entries = commas + 1, counted by the builtin split: a common term's line has one per requirement
      d = (findLine(postings, t) ?? '').split(',').length
      dfCache.set(t, d)
    }
    return d
  }
  const titleWeight = Float64Array.from(keptWeight)
  const recompute = new Set<number>(freshIds.keys())
  if (n === old.n) {
    for (const t of dfChanged) {
      const line = findLine(postings, t)
      if (line === undefined) continue
      for (const part of line.split(',')) {
        const v = Number.parseInt(part, 36)
        if (v % 3 === 2) recompute.add(Math.floor(v / 3))
      }
    }
  } else for (let i = 0; i < n; i++) recompute.add(i)
  for (const i of recompute) titleWeight[i] = titleWeightOf(titleTerms({title: (JSON.parse(lineAt(i)) as [string, string])[1]}), n, df)
  indexStats.updated++
  return {
    n,
    records,
    recordStarts: Uint32Array.from(starts),
    byId: ids ? byIdLines(ids) : old.byId,
    postings,
    covers: old.covers,
    tests: old.tests,
    titleWeight,
    eligible: Uint8Array.from(eligibleList),
  }
}

function sameEntries(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false
  return true
}

/** The id of a `records` line (its first JSON string), without parsing the rest. */
function idOfLine(line: string): string {
  const m = /^\["((?:[^"\\]|\\.)*)"/.exec(line)
  return m ? (JSON.parse(`"${m[1]}"`) as string) : (JSON.parse(line) as string[])[0]
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
      const line = findLine(s.byId, keyOf(id))
      return line === undefined ? undefined : Number(line)
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
