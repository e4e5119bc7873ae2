import {createHash} from 'node:crypto'
import {open} from 'node:fs/promises'

import {readTextIfExists, withLock, writeFileAtomic} from 'govtool/core'

import {loadCreditsFile, tailShape} from './credits-file.js'
import {dayOf, monthOf, normalizeEntry, type CreditEntry} from './entries.js'

/**
 * `.govtool/credits-rollup.json`: a derived cache of per-month totals (by model, provider, task and day) of
 * the entries in credits.json up to a byte offset. `credits summary` reads it plus the entries appended
 * after the offset, so it costs O(new entries), not O(all entries). It is trusted only while credits.json is
 * the same file (inode), at least as long as the offset, the 256 bytes before the offset are unchanged
 * (their hash is stored), and, when its size is unchanged, its mtime too; otherwise it is rebuilt from
 * credits.json. A hand edit that changes an older entry *and* the file's size after new appends is the one
 * case it cannot see: delete the cache after editing credits.json by hand. Deleting it is always safe.
 */
export const ROLLUP_FILE = 'credits-rollup.json'
const ROLLUP_FORMAT = 'govtool.credits-rollup/1'
const CHECK_BYTES = 256
/** `credits summary` saves the cache again when it had to fold more entries than this */
const SAVE_AFTER_ENTRIES = 500
/** `credits record` folds new entries into the cache each time the file grows past a multiple of this */
export const FOLD_BYTES = 256 * 1024

export interface Agg {
  entries: number
  tokens_in: number
  cached_tokens_in: number
  tokens_out: number
  /** USD of the priced entries */
  cost_usd: number
  /** entries whose model had no price (cost null) */
  unpriced: number
}

export interface MonthAgg extends Agg {
  by_model: Record<string, Agg & {provider: string; model: string}>
  by_provider: Record<string, Agg>
  by_task: Record<string, Agg>
  by_day: Record<string, Agg>
}

export type Months = Record<string, MonthAgg>

interface Rollup {
  format: typeof ROLLUP_FORMAT
  /** the credits.json it summarises: inode, byte offset folded up to, hash of the bytes before the offset,
   * and size and mtime when last checked (same size with another mtime = edited in place) */
  source: {ino: number; offset: number; check: string; size: number; mtime_ms: number}
  months: Months
}

export function emptyAgg(): Agg {
  return {entries: 0, tokens_in: 0, cached_tokens_in: 0, tokens_out: 0, cost_usd: 0, unpriced: 0}
}

export function addTo(agg: Agg, e: Pick<CreditEntry, 'tokens_in' | 'cached_tokens_in' | 'tokens_out' | 'cost_usd'>): void {
  agg.entries++
  agg.tokens_in += e.tokens_in
  agg.cached_tokens_in += e.cached_tokens_in
  agg.tokens_out += e.tokens_out
  if (e.cost_usd === null) agg.unpriced++
  else agg.cost_usd += e.cost_usd
}

export function mergeAgg(into: Agg, from: Agg): void {
  into.entries += from.entries
  into.tokens_in += from.tokens_in
  into.cached_tokens_in += from.cached_tokens_in
  into.tokens_out += from.tokens_out
  into.cost_usd += from.cost_usd
  into.unpriced += from.unpriced
}

export function foldEntry(months: Months, e: CreditEntry): void {
  const key = monthOf(e)
  const m = (months[key] ??= {...emptyAgg(), by_model: {}, by_provider: {}, by_task: {}, by_day: {}})
  addTo(m, e)
  addTo((m.by_model[`${e.provider}\t${e.model}`] ??= {...emptyAgg(), provider: e.provider, model: e.model}), e)
  addTo((m.by_provider[e.provider] ??= emptyAgg()), e)
  addTo((m.by_task[e.task] ??= emptyAgg()), e)
  addTo((m.by_day[dayOf(e)] ??= emptyAgg()), e)
}

export function buildMonths(entries: Iterable<CreditEntry>): Months {
  const months: Months = {}
  for (const e of entries) foldEntry(months, e)
  return months
}

const hash = (buf: Buffer) => createHash('sha1').update(buf).digest('hex')

async function readRollup(file: string): Promise<Rollup | undefined> {
  try {
    const data = JSON.parse((await readTextIfExists(file)) ?? 'null') as Rollup | null
    if (data?.format === ROLLUP_FORMAT && typeof data.source?.offset === 'number' && typeof data.source.size === 'number' && data.months) return data
  } catch {
    // a damaged cache is rebuilt
  }
  return undefined
}

async function saveRollup(file: string, rollup: Rollup): Promise<void> {
  try {
    await writeFileAtomic(file, JSON.stringify(rollup) + '\n')
  } catch {
    // the cache is an optimisation: failing to save it never fails the command
  }
}

type TailResult = {status: 'ok'; rollup: Rollup; folded: number; problems: string[]} | {status: 'stale' | 'torn'}

/** Folds the entries after the rollup's offset into it (in place), if the rollup still matches the file. */
async function foldTail(creditsFile: string, rollup: Rollup): Promise<TailResult> {
  let handle
  try {
    handle = await open(creditsFile, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {status: 'stale'}
    throw error
  }
  try {
    const {ino, size, mtimeMs} = await handle.stat()
    const {offset} = rollup.source
    if (ino !== rollup.source.ino || size < offset) return {status: 'stale'}
    if (size === rollup.source.size && mtimeMs !== rollup.source.mtime_ms) return {status: 'stale'}
    const start = Math.max(0, offset - CHECK_BYTES)
    const buf = Buffer.alloc(size - start)
    await handle.read(buf, 0, buf.length, start)
    if (hash(buf.subarray(0, offset - start)) !== rollup.source.check) return {status: 'stale'}
    const tail = buf.subarray(offset - start)
    // the tail is `\n]\n` when nothing was appended, else `,\n{...},\n{...}\n]\n`
    const close = tail.lastIndexOf(0x5d)
    if (close < 0 || tail.subarray(close + 1).toString('utf8').trim() !== '') return {status: 'torn'}
    const shape = tailShape(tail, offset) ?? {valueEnd: offset}
    const body = tail.subarray(0, shape.valueEnd - offset).toString('utf8').trim().replace(/^,/, '')
    const values = body === '' ? [] : (JSON.parse(`[${body}]`) as unknown[])
    const problems: string[] = []
    for (const v of values) {
      try {
        foldEntry(rollup.months, normalizeEntry(v))
      } catch (error) {
        problems.push(`${creditsFile}: an entry was skipped: ${(error as Error).message}`)
      }
    }
    const newStart = Math.max(0, shape.valueEnd - CHECK_BYTES)
    rollup.source = {ino, offset: shape.valueEnd, check: hash(buf.subarray(newStart - start, shape.valueEnd - start)), size, mtime_ms: mtimeMs}
    return {status: 'ok', rollup, folded: values.length, problems}
  } catch (error) {
    if (error instanceof SyntaxError) return {status: 'torn'}
    throw error
  } finally {
    await handle.close()
  }
}

async function sourceOf(file: string, ino: number, offset: number): Promise<Rollup['source']> {
  const handle = await open(file, 'r')
  try {
    const start = Math.max(0, offset - CHECK_BYTES)
    const buf = Buffer.alloc(offset - start)
    await handle.read(buf, 0, buf.length, start)
    const {size, mtimeMs} = await handle.stat()
    return {ino, offset, check: hash(buf), size, mtime_ms: mtimeMs}
  } finally {
    await handle.close()
  }
}

export interface MonthsView {
  months: Months
  problems: string[]
  /** how the totals were obtained: from the cache (plus new entries) or by reading every entry */
  via: 'cache' | 'full-read'
}

/**
 * Per-month totals of every entry in credits.json: from the rollup cache plus the entries appended since,
 * or (when the cache is missing or no longer matches) from a full read, after which the cache is saved.
 */
export async function loadMonths(creditsFile: string, rollupFile: string): Promise<MonthsView> {
  const cached = await readRollup(rollupFile)
  if (cached) {
    let result = await foldTail(creditsFile, cached)
    if (result.status === 'torn') {
      // maybe caught in the middle of another process's append: look again while holding the lock
      const again = await readRollup(rollupFile)
      if (again) result = await withLock(creditsFile, () => foldTail(creditsFile, again))
    }
    if (result.status === 'ok') {
      if (result.folded >= SAVE_AFTER_ENTRIES) await saveRollup(rollupFile, result.rollup)
      return {months: result.rollup.months, problems: result.problems, via: 'cache'}
    }
  }
  const loaded = await loadCreditsFile(creditsFile)
  const months = buildMonths(loaded.entries)
  if (loaded.valueEnd !== undefined && loaded.ino !== 0 && loaded.problems.length === 0) {
    await saveRollup(rollupFile, {format: ROLLUP_FORMAT, source: await sourceOf(creditsFile, loaded.ino, loaded.valueEnd), months})
  }
  return {months, problems: loaded.problems, via: 'full-read'}
}

/**
 * Called by `credits record` while it holds the lock, right after an append that grew the file past a
 * multiple of FOLD_BYTES: folds the new entries into the cache so `summary` never has much to fold.
 */
export async function foldAfterAppend(creditsFile: string, rollupFile: string): Promise<void> {
  const cached = await readRollup(rollupFile)
  if (!cached) return
  const result = await foldTail(creditsFile, cached)
  if (result.status === 'ok') await saveRollup(rollupFile, result.rollup)
}
