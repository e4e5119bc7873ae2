/**
 * The index's update after an edit (the preflight pack's incremental path): the sections of the new requirement
 * list made from the old index's sections by touching only what changed. Split from scope-index.ts, whose
 * helpers it shares, so that neither file holds both the full build and the merge.
 */
import {byIdLines, defaultIsDraft, findLine, indexStats, recordLine, storable, termCodes, titleTerms, titleWeightOf, type IndexSections, type ScopeRequirement} from './scope-index.js'

/** A run of the new requirement list: `count` records of the old index from `old` on, or new records. */
export type IndexSegment = {old: number; count: number} | {records: readonly ScopeRequirement[]}

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
