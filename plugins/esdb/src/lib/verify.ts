import {checkLine, readEntry} from './wal-format.js'
import {isBlank, readHead, scanWal, type Head} from './wal-read.js'
import type {EsdbPaths} from './paths.js'
import {loadCompactSnapshot} from './snapshot.js'
import type {WalEntry} from './record.js'

/** Result of verifying the whole chain (what `esdb replay` prints). */
export interface VerifyReport {
  ok: boolean
  /** WAL entries verified (up to the first bad one) */
  entries: number
  first_seq: number | null
  last_seq: number | null
  last_hash: string | null
  /** the compaction anchor the WAL continues from, or null when it starts at genesis */
  anchor: {seq: number; hash: string} | null
  /** seq of the last acknowledged batch (the truncation witness), or null when there is none */
  head_seq: number | null
  /** the WAL ends in a line cut short by a crash (not acknowledged; set aside before the next append) */
  torn_tail: boolean
  first_bad_seq: number | null
  problem: string | null
  wal_bytes: number
  /** with `countRecords`: live records up to the first bad entry (upserted ids not deleted since); null for a compacted WAL (its ids are in the snapshot) */
  records?: number | null
  ms: number
}

const RECORD_ID_KEY = Buffer.from(',"record_id":')

/** The record id of a verified line: read from the writer's byte form (record_id comes right before seq and ts), else parsed. */
function recordIdOf(buf: Buffer, start: number, end: number): string | undefined {
  const at = buf.lastIndexOf(RECORD_ID_KEY, end - 1)
  const seqAt = at < start ? -1 : buf.indexOf(',"seq":', at)
  try {
    if (at >= start && seqAt > at && seqAt < end) return JSON.parse(buf.toString('utf8', at + RECORD_ID_KEY.length, seqAt)) as string
    return (JSON.parse(buf.toString('utf8', start, end)) as {record_id?: string}).record_id
  } catch {
    return undefined
  }
}

/**
 * Verifies the whole chain: every line's hash, contiguous seq from genesis (or from the compaction anchor,
 * whose snapshot must match the sha256 chained in the compact entry), each prev_hash equal to the previous
 * hash, and the WAL reaching the acknowledged head with the same hash there. Stops at the first bad entry
 * and names its seq. Read-only and lock-free: the head is read first, and appends only ever extend the WAL.
 */
export async function verifyChain(paths: EsdbPaths, options: {countRecords?: boolean} = {}): Promise<VerifyReport> {
  const live = options.countRecords ? new Set<string>() : undefined
  let compacted = false
  // process.hrtime, not performance.now(): the `performance` global loads node:perf_hooks on first use (1-3 ms of
  // every checkpoint and audit, which verify the chain; issue 14)
  const t0 = process.hrtime.bigint()
  const headRead = await readHead(paths.head)
  const head: Head | undefined = headRead === 'invalid' ? undefined : headRead
  const report: VerifyReport = {
    ok: true, entries: 0, first_seq: null, last_seq: null, last_hash: null, anchor: null,
    head_seq: head?.seq ?? null, torn_tail: false, first_bad_seq: null, problem: null, wal_bytes: 0, ms: 0,
  }
  const fail = (seq: number | null, problem: string) => {
    report.ok = false
    report.first_bad_seq = seq
    report.problem = problem
  }
  let expected = 1
  let prevHash = ''
  let firstLine: {buf: Buffer; start: number; end: number} | undefined
  let bad = false
  const scan = await scanWal(paths.wal, 0, (buf, start, end) => {
    if (isBlank(buf, start, end)) return
    const info = checkLine(buf, start, end)
    if (report.entries === 0 && !firstLine) {
      firstLine = {buf: Buffer.from(buf.subarray(start, end)), start: 0, end: end - start}
      if (info.ok && info.op === 'compact') {
        expected = info.seq
        prevHash = info.prev_hash
      }
    }
    if (!info.ok) {
      fail(expected, `seq ${expected}: ${info.reason}`)
      bad = true
      return false
    }
    if (info.seq !== expected) {
      fail(expected, info.seq > expected
        ? `seq ${expected} is missing: ${report.entries === 0 ? 'the first line' : `the line after seq ${expected - 1}`} has seq ${info.seq} (deleted or reordered entries)`
        : `seq ${expected}: found seq ${info.seq} out of order (reordered or duplicated entries)`)
    } else if (info.prev_hash !== prevHash) {
      fail(expected, `seq ${expected}: its prev_hash does not match the hash of seq ${expected - 1} (an earlier entry was modified or replaced)`)
    } else if (info.op === 'compact' && report.entries > 0) {
      fail(expected, `seq ${expected}: a compact entry may only start the WAL`)
    } else if (head && info.seq === head.seq && info.hash !== head.hash) {
      fail(expected, `seq ${expected}: its hash differs from the acknowledged head (entries rewritten)`)
    }
    if (!report.ok) {
      bad = true
      return false
    }
    if (live && (info.op === 'upsert' || info.op === 'delete')) {
      const id = recordIdOf(buf, start, end)
      if (id !== undefined) {
        if (info.op === 'upsert') live.add(id)
        else live.delete(id)
      }
    } else if (info.op === 'compact') compacted = true
    report.entries++
    report.first_seq ??= info.seq
    report.last_seq = info.seq
    report.last_hash = info.hash
    prevHash = info.hash
    expected++
  })
  report.wal_bytes = scan.size
  report.torn_tail = scan.tornBytes > 0
  if (!bad && firstLine && report.entries > 0) {
    const parsed = readEntry(firstLine.buf, firstLine.start, firstLine.end)
    if ('entry' in parsed && parsed.entry.op === 'compact') {
      const snap = await loadCompactSnapshot(paths.dir, parsed.entry as WalEntry)
      if ('problem' in snap) fail(parsed.entry.seq, `seq ${parsed.entry.seq}: ${snap.problem}`)
      else report.anchor = {seq: snap.record.anchor_seq, hash: snap.record.anchor_hash}
    }
  }
  if (report.ok && headRead === 'invalid') {
    fail(null, 'the head file (.govtool/esdb/head.json) is unreadable, so truncation cannot be ruled out')
  }
  if (report.ok && head && head.seq > 0) {
    const last = report.last_seq ?? 0
    if (report.entries === 0) fail(1, `the WAL is ${scan.size === 0 ? 'missing or empty' : 'unreadable'} but seq ${head.seq} was acknowledged`)
    else if (last < head.seq) fail(last + 1, `the WAL ends at seq ${last} but seq ${head.seq} was acknowledged (truncated)`)
  }
  if (live) report.records = compacted ? null : live.size
  report.ms = Number(process.hrtime.bigint() - t0) / 1e6
  return report
}
