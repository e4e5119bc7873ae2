import {stat} from 'node:fs/promises'

import {withLock, type LockOptions, type ProjectContext} from 'govtool/core'

import {foldedTailIntact, readIndexMeta, type IndexMeta} from './index-meta.js'
import {ESDB_BACKEND, esdbPaths, type EsdbPaths} from './paths.js'
import {openIfExists, readHead} from './wal-read.js'

/** `esdb status` and what checkpoint and `agent ask` read. */
export interface EsdbStatus {
  backend: typeof ESDB_BACKEND
  record_count: number
  /** every folded entry verified when folded, the tail re-checked now, the WAL reaching the acknowledged head */
  chain_valid: boolean
  /** entries in the WAL (after a compaction, counted from the compact entry) */
  wal_length: number
  by_kind: Record<string, number>
  last_seq: number | null
  /** seq the WAL continues from after a compaction, else null */
  anchor_seq: number | null
  /** the WAL ends in a line cut short by a crash (set aside before the next append) */
  torn_tail: boolean
  first_bad_seq: number | null
  problem: string | null
  wal_bytes: number
  /** how the answer was obtained: no store, index already current, caught up from the WAL tail, or rebuilt */
  index: 'none' | 'fresh' | 'caught_up' | 'rebuilt'
}

/**
 * Status of a project's store. Never throws: a project without a store has zero records and a valid chain,
 * and an unreadable store is reported as an invalid chain with the problem. Fast path (no sql.js): when
 * the WAL has not changed since the index last folded it (same size, same last line and hash, head not
 * ahead), the answer comes from the index sidecar; otherwise the index is caught up or rebuilt and saved.
 */
export async function esdbStatus(ctx: ProjectContext, options: LockOptions = {}): Promise<EsdbStatus> {
  const paths = esdbPaths(ctx)
  try {
    const head = await readHead(paths.head)
    const meta = await readIndexMeta(paths.indexMeta)
    const wal = await statOf(paths.wal)
    if (!wal && head === undefined && !meta) return emptyStatus()
    if (meta && meta.verified && wal && wal.size === meta.wal_size_seen && wal.mtimeMs === meta.wal_mtime_ms && head !== 'invalid') {
      const headOk = !head || head.seq < meta.folded_seq || (head.seq === meta.folded_seq && head.hash === meta.folded_hash)
      if (headOk && (await tailIntact(paths, meta))) return fromMeta(meta, 'fresh')
    }
    return await refreshed(paths, options)
  } catch (error) {
    return {...emptyStatus(), chain_valid: false, problem: `ESDB status could not be read: ${(error as Error).message}`}
  }
}

async function refreshed(paths: EsdbPaths, options: LockOptions): Promise<EsdbStatus> {
  const {EsdbIndex} = await import('./index-db.js')
  return withLock(paths.index, async () => {
    const index = await EsdbIndex.load(paths)
    try {
      const state = await index.refresh()
      if (index.dirty) await index.save({locked: true})
      return fromMeta(index.meta, state)
    } finally {
      index.close()
    }
  }, options)
}

async function tailIntact(paths: EsdbPaths, meta: IndexMeta): Promise<boolean> {
  const handle = await openIfExists(paths.wal)
  try {
    return await foldedTailIntact(handle, meta)
  } finally {
    await handle?.close()
  }
}

export function fromMeta(meta: IndexMeta, index: EsdbStatus['index']): EsdbStatus {
  return {
    backend: ESDB_BACKEND,
    record_count: meta.record_count,
    chain_valid: meta.verified,
    wal_length: meta.wal_entries,
    by_kind: meta.by_kind,
    last_seq: meta.folded_seq > 0 ? meta.folded_seq : null,
    anchor_seq: meta.anchor_seq,
    torn_tail: meta.torn_tail,
    first_bad_seq: meta.first_bad_seq,
    problem: meta.problem,
    wal_bytes: Math.max(0, meta.wal_size_seen),
    index,
  }
}

function emptyStatus(): EsdbStatus {
  return {
    backend: ESDB_BACKEND, record_count: 0, chain_valid: true, wal_length: 0, by_kind: {}, last_seq: null, anchor_seq: null,
    torn_tail: false, first_bad_seq: null, problem: null, wal_bytes: 0, index: 'none',
  }
}

async function statOf(file: string): Promise<{size: number; mtimeMs: number} | undefined> {
  try {
    return await stat(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
