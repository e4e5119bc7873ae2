import {constants} from 'node:fs'
import {lstat, truncate} from 'node:fs/promises'
import path from 'node:path'

import {assertLocksHeld, checkWritePath, GovError, noteLockedWrite, openNoFollow, withLock, writeFileAtomic, type LockOptions} from 'govtool/core'

import {utcStamp, type EsdbPaths} from './paths.js'
import type {WalOp} from './record.js'
import {checkLine, encodeEntry} from './wal-format.js'
import {readHead, readWalTail, walSignature} from './wal-read.js'
import {verifyChain} from './verify.js'

/** An entry ready to be chained: the record already in canonical form. */
export interface PendingEntry {
  op: WalOp
  recordId: string
  /** `canonicalJson(record)` (or `null`) */
  recordJson: string
}

/** Where a batch landed in the chain. The append is durable (fsync'd) when this is returned. */
export interface AppendResult {
  count: number
  /** null when nothing was appended */
  first_seq: number | null
  last_seq: number | null
  /** hash of the last entry appended */
  last_hash: string | null
}

interface BatchResult extends AppendResult {
  /** hash of every entry written, in order */
  hashes: string[]
}

export interface WalTailState {
  seq: number
  hash: string
  /** bytes of a torn last line set aside (0 when the WAL ended cleanly) */
  tornSetAside: number
}

const LINES_PER_WRITE = 10_000

/** How to repair a store whose chain does not verify (the same advice audit gives). */
export const REPAIR_HINT =
  'Run `govtool esdb replay` to find the first bad seq; then move .govtool/esdb aside and restore it from a backup (`govtool esdb import .govtool/backups/<file> --apply`).'

/**
 * Appends entries to the WAL as one batch: under the WAL lock, reads only the tail to continue the chain,
 * writes every line, fsyncs once, then records the new head (the truncation witness). Callers must not
 * hold the lock (rollback and compaction take it themselves and call prepareTail/writeEntries).
 */
export async function appendLocked(paths: EsdbPaths, entries: readonly PendingEntry[], lock: LockOptions = {}): Promise<BatchResult> {
  if (entries.length === 0) return {count: 0, first_seq: null, last_seq: null, last_hash: null, hashes: []}
  return withLock(paths.wal, async () => {
    const tail = await prepareTail(paths)
    return writeEntries(paths, tail, entries)
  }, lock)
}

/**
 * Reads the chain's tail under the lock (caller holds it): sets aside and truncates away a torn last line,
 * checks the last complete line's own hash, and refuses to extend a WAL that lost acknowledged entries.
 */
export async function prepareTail(paths: EsdbPaths): Promise<WalTailState> {
  // a planted link is refused before anything is read through it (E_SYMLINK)
  checkWritePath(paths.wal)
  checkWritePath(paths.head)
  let tail = await readWalTail(paths.wal)
  let tornSetAside = 0
  if (tail && tail.end < tail.size) {
    tornSetAside = await setAsideTorn(paths, tail.end, tail.size)
    tail = await readWalTail(paths.wal)
  }
  if (!tail?.last) {
    const head = await readHead(paths.head)
    if (head === 'invalid' || (head && head.seq > 0)) {
      throw new GovError(`The ESDB WAL is ${tail ? 'empty' : 'missing'} but ${head === 'invalid' ? 'its head file is unreadable' : `seq ${head.seq} was acknowledged`}; refusing to start a new chain over it.`, {
        code: 'E_ESDB_CORRUPT',
        hint: 'Run `govtool esdb replay` for details, and restore .govtool/esdb/ from a backup.',
      })
    }
    return {seq: 0, hash: '', tornSetAside}
  }
  const info = checkLine(tail.last, 0, tail.last.length)
  if (!info.ok) {
    throw new GovError(`The last ESDB WAL entry fails its own check (${info.reason}); refusing to extend a broken chain.`, {
      code: 'E_ESDB_CORRUPT',
      hint: REPAIR_HINT,
    })
  }
  // the WAL is as the last append left it (the head records its identity), else the whole chain must verify
  // before it is extended: a flipped byte or a deleted line in the middle would otherwise be buried
  const head = await readHead(paths.head)
  const current = walSignature(await lstat(paths.wal))
  if (!(head && head !== 'invalid' && head.wal === current && head.seq === info.seq && head.hash === info.hash)) {
    const report = await verifyChain(paths)
    if (!report.ok) {
      throw new GovError(`The ESDB chain does not verify (${report.problem}); refusing to append on top of it.`, {code: 'E_ESDB_CORRUPT', hint: REPAIR_HINT})
    }
  }
  return {seq: info.seq, hash: info.hash, tornSetAside}
}

/** Copies the torn bytes to `wal.torn-<UTC>.jsonl` (kept for inspection) and truncates the WAL to `end`. */
async function setAsideTorn(paths: EsdbPaths, end: number, size: number): Promise<number> {
  checkWritePath(paths.wal)
  const handle = await openNoFollow(paths.wal, constants.O_RDWR)
  try {
    const torn = Buffer.allocUnsafe(size - end)
    const {bytesRead} = await handle.read(torn, 0, torn.length, end)
    const file = path.join(paths.dir, `wal.torn-${utcStamp()}-${process.pid}-${end}.jsonl`)
    await writeFileAtomic(file, torn.subarray(0, bytesRead))
    assertLocksHeld()
    await truncate(paths.wal, end)
    await handle.sync()
    noteLockedWrite(paths.wal)
    return bytesRead
  } finally {
    await handle.close()
  }
}

/** Chains and writes `entries` after `tail` (caller holds the lock and has called prepareTail). */
export async function writeEntries(paths: EsdbPaths, tail: WalTailState, entries: readonly PendingEntry[]): Promise<BatchResult> {
  if (entries.length === 0) return {count: 0, first_seq: null, last_seq: null, last_hash: null, hashes: []}
  const ts = new Date().toISOString()
  let seq = tail.seq
  let hash = tail.hash
  const hashes: string[] = []
  let wal = ''
  checkWritePath(paths.wal)
  const handle = await openNoFollow(paths.wal, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT)
  try {
    for (let i = 0; i < entries.length; i += LINES_PER_WRITE) {
      let body = ''
      for (const entry of entries.slice(i, i + LINES_PER_WRITE)) {
        seq++
        const encoded = encodeEntry(seq, ts, entry.op, entry.recordId, entry.recordJson, hash)
        hash = encoded.hash
        hashes.push(hash)
        body += encoded.line + '\n'
      }
      // fenced: the WAL lock still ours and the WAL as prepareTail read it, right before each write
      assertLocksHeld()
      await handle.appendFile(body)
      noteLockedWrite(paths.wal)
    }
    await handle.sync()
    wal = walSignature(await handle.stat())
  } finally {
    await handle.close()
  }
  await writeFileAtomic(paths.head, JSON.stringify({seq, hash, ts, wal}) + '\n')
  return {count: entries.length, first_seq: tail.seq + 1, last_seq: seq, last_hash: hash, hashes}
}

interface Waiter {
  entries: readonly PendingEntry[]
  resolve: (result: AppendResult) => void
  reject: (error: unknown) => void
}

/**
 * Group commit within one process: appends made while a batch is being written wait and go out together
 * in the next batch (one lock, one fsync), and each caller learns the seq range of its own entries.
 */
class WalWriter {
  private queue: Waiter[] = []
  private flushing = false

  constructor(
    private readonly paths: EsdbPaths,
    private readonly lock: LockOptions,
  ) {}

  append(entries: readonly PendingEntry[]): Promise<AppendResult> {
    if (entries.length === 0) return Promise.resolve({count: 0, first_seq: null, last_seq: null, last_hash: null})
    return new Promise((resolve, reject) => {
      this.queue.push({entries, resolve, reject})
      if (!this.flushing) void this.flush()
    })
  }

  private async flush(): Promise<void> {
    this.flushing = true
    try {
      while (this.queue.length > 0) {
        const group = this.queue.splice(0)
        const all = group.flatMap((w) => w.entries)
        try {
          const result = await appendLocked(this.paths, all, this.lock)
          const first = result.first_seq as number
          let next = first
          for (const w of group) {
            const last = next + w.entries.length - 1
            w.resolve({count: w.entries.length, first_seq: next, last_seq: last, last_hash: result.hashes[last - first]})
            next = last + 1
          }
        } catch (error) {
          for (const w of group) w.reject(error)
        }
      }
    } finally {
      this.flushing = false
    }
  }
}

const writers = new Map<string, WalWriter>()

/** The process-wide writer of one WAL (so concurrent appends in a process share batches). */
export function walWriter(paths: EsdbPaths, lock: LockOptions = {}): WalWriter {
  const key = `${paths.wal}\u0000${lock.staleMs ?? ''}\u0000${lock.timeoutMs ?? ''}`
  let writer = writers.get(key)
  if (!writer) {
    writer = new WalWriter(paths, lock)
    writers.set(key, writer)
  }
  return writer
}
