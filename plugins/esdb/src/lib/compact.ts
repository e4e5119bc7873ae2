import {readdir} from 'node:fs/promises'
import path from 'node:path'

import {GovError, removePath, withLock, writeFileAtomic} from 'govtool/core'

import {canonicalJson} from './canonical.js'
import {EsdbIndex} from './index-db.js'
import {ESDB_BACKEND, SNAPSHOT_FILE, snapshotFileName} from './paths.js'
import type {CompactRecord} from './snapshot.js'
import type {EsdbStore} from './store.js'
import {verifyChain} from './verify.js'
import {encodeEntry} from './wal-format.js'
import {prepareTail} from './wal-write.js'

/** node:crypto on first use: loading it is 5-25 ms of a start-up that may hash nothing (issue 14, seventh pass) */
let cryptoModule: typeof import('node:crypto') | undefined
const crypto = (): typeof import('node:crypto') => (cryptoModule ??= process.getBuiltinModule('node:crypto'))

export interface CompactResult {
  ok: boolean
  backend: typeof ESDB_BACKEND
  /** records in the snapshot */
  records: number
  note: string
  /** last seq and hash folded into the snapshot: the chain continues from here */
  anchor: {seq: number; hash: string} | null
  snapshot: string | null
  entries_before: number
  entries_after: number
  bytes_before: number
  bytes_after: number
}

/**
 * Folds the WAL into a snapshot. Under the WAL lock (and the index lock): verifies the whole chain (a broken
 * chain is never compacted), writes the folded state as `snapshot-<seq>.sqlite`, then replaces the WAL with one
 * `compact` entry whose prev_hash is the last folded hash and whose record carries the anchor and the
 * snapshot's sha256, so verification still spans the compacted history. Each step is atomic: a crash leaves
 * either the old WAL with its snapshot or the new one with its own. The previous snapshot is kept until the
 * next compaction (a reader may still be reading the WAL that names it); older ones are removed.
 */
export async function compact(store: EsdbStore): Promise<CompactResult> {
  const {paths} = store
  return withLock(paths.wal, async () => {
    const tail = await prepareTail(paths)
    const report = await verifyChain(paths)
    if (!report.ok) {
      throw new GovError(`The ESDB chain is broken at seq ${report.first_bad_seq ?? '?'}: ${report.problem}. Refusing to compact it.`, {
        code: 'E_ESDB_CORRUPT',
        hint: 'Run `govtool esdb replay` for details, and restore .govtool/esdb/ from a backup.',
      })
    }
    const base = {ok: true, backend: ESDB_BACKEND, entries_before: report.entries, bytes_before: report.wal_bytes}
    if (report.entries === 0 || (report.entries === 1 && report.anchor)) {
      const records = report.entries === 0 ? 0 : (await store.ready()).count()
      return {...base, records, anchor: report.anchor, snapshot: null, entries_after: report.entries, bytes_after: report.wal_bytes, note: 'Nothing to compact: the WAL holds no entries since the last compaction.'}
    }
    return withLock(paths.index, async () => {
      const index = await EsdbIndex.load(paths)
      try {
        await index.refresh()
        if (!index.meta.verified || index.meta.folded_seq !== tail.seq) {
          throw new GovError(`The index could not be brought up to seq ${tail.seq} (${index.meta.problem ?? 'it stopped early'}).`, {code: 'E_ESDB_CORRUPT', hint: 'Run `govtool esdb replay` for details.'})
        }
        const anchor = {seq: tail.seq, hash: tail.hash}
        const bytes = index.snapshotBytes(anchor)
        const snapshot = snapshotFileName(anchor.seq)
        const sha = crypto().createHash('sha256').update(bytes).digest('hex')
        await writeFileAtomic(path.join(paths.dir, snapshot), Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
        const byKind = index.byKind()
        const records = Object.values(byKind).reduce((a, b) => a + b, 0)
        const record: CompactRecord = {anchor_seq: anchor.seq, anchor_hash: anchor.hash, snapshot, snapshot_sha256: sha, records, by_kind: byKind, entries_folded: report.entries}
        const ts = new Date().toISOString()
        const {line, hash} = encodeEntry(anchor.seq + 1, ts, 'compact', 'esdb:compact', canonicalJson(record), anchor.hash)
        await writeFileAtomic(paths.wal, line + '\n')
        await writeFileAtomic(paths.head, JSON.stringify({seq: anchor.seq + 1, hash, ts}) + '\n')
        await index.refresh()
        await index.save({locked: true})
        await removeOldSnapshots(paths.dir, snapshot, report.anchor ? snapshotFileName(report.anchor.seq) : undefined)
        return {
          ...base, records, anchor, snapshot: store.ctx.relative(path.join(paths.dir, snapshot)), entries_after: 1, bytes_after: Buffer.byteLength(line) + 1,
          note: `Folded ${report.entries} WAL entries (through seq ${anchor.seq}) into ${snapshot}; the WAL now starts with a compact entry at seq ${anchor.seq + 1} chained to the anchor hash, so replay still verifies across it. The individual events before it are no longer in the WAL, only their folded result.`,
        }
      } finally {
        index.close()
      }
    }, store.lock)
  }, store.lock)
}

async function removeOldSnapshots(dir: string, current: string, previous: string | undefined): Promise<void> {
  for (const name of await readdir(dir)) {
    if (SNAPSHOT_FILE.test(name) && name !== current && name !== previous) await removePath(path.join(dir, name))
  }
}
