import {InputError, type LockOptions, type ProjectContext} from 'govtool/core'

import {canonicalJson} from './canonical.js'
import type {EsdbIndex, RecordFilter, RefreshState} from './index-db.js'
import {esdbPaths, type EsdbPaths} from './paths.js'
import {normaliseRecords, RECORD_ID, type EsdbRecord} from './record.js'
import {esdbStatus, type EsdbStatus} from './status.js'
import {verifyChain, type VerifyReport} from './verify.js'
import {walWriter, type AppendResult, type PendingEntry} from './wal-write.js'

export interface StoreOptions {
  /**
   * The WAL lock of a writer that stopped refreshing it for this long (a crashed process) is taken over.
   * Default 5 s (the kernel's); at least 2 s.
   */
  lockStaleMs?: number
  /** how long an append waits for the WAL lock before failing, default 30 s */
  lockTimeoutMs?: number
}

function lockOptions(options: StoreOptions): LockOptions {
  return {
    ...(options.lockStaleMs === undefined ? {} : {staleMs: options.lockStaleMs}),
    ...(options.lockTimeoutMs === undefined ? {} : {timeoutMs: options.lockTimeoutMs}),
  }
}

/**
 * Appends records (upserts) to a project's store as one durable batch: validated, chained, written under the
 * WAL lock and fsync'd before the promise resolves. Concurrent calls in one process share a batch.
 */
export async function appendRecords(ctx: ProjectContext, records: readonly unknown[], options: StoreOptions = {}): Promise<AppendResult> {
  return walWriter(esdbPaths(ctx), lockOptions(options)).append(upsertEntries(records))
}

function upsertEntries(records: readonly unknown[]): PendingEntry[] {
  return normaliseRecords(records).map((r) => ({op: 'upsert', recordId: r.id, recordJson: canonicalJson(r)}))
}

/**
 * A project's event store. Writes go to the WAL (the source of truth); reads go to the sql.js index, which
 * each read first brings up to the WAL (a stat when nothing changed). Opening is cheap and synchronous:
 * sql.js is loaded on the first read. Call `close()` to persist the index when done.
 */
export class EsdbStore {
  readonly paths: EsdbPaths
  private index?: EsdbIndex
  private loading?: Promise<EsdbIndex>
  readonly lock: LockOptions
  /** refreshes of the index run one at a time */
  private serial: Promise<unknown> = Promise.resolve()

  constructor(
    readonly ctx: ProjectContext,
    options: StoreOptions = {},
  ) {
    this.paths = esdbPaths(ctx)
    this.lock = lockOptions(options)
  }

  /** Upserts records (see appendRecords). */
  append(records: readonly unknown[]): Promise<AppendResult> {
    return walWriter(this.paths, this.lock).append(upsertEntries(records))
  }

  /** Appends prepared entries as one batch (used by migrate and import; records must be validated). */
  appendEntries(entries: readonly PendingEntry[]): Promise<AppendResult> {
    return walWriter(this.paths, this.lock).append(entries)
  }

  /** Deletes records by id (a `delete` entry each; the WAL keeps their history). */
  async remove(ids: readonly string[], reason?: string): Promise<AppendResult> {
    const entries: PendingEntry[] = ids.map((id) => {
      if (!RECORD_ID.test(id)) throw new InputError(`Invalid record id ${JSON.stringify(id)}.`, {code: 'E_ESDB_RECORD', hint: 'Record ids are one line of 1-256 printable characters.'})
      return {op: 'delete', recordId: id, recordJson: reason === undefined ? 'null' : canonicalJson({reason})}
    })
    return walWriter(this.paths, this.lock).append(entries)
  }

  async get(id: string): Promise<EsdbRecord | undefined> {
    return (await this.ready()).get(id)
  }

  /** Records matching kind and/or status, in id order. */
  async query(filter: RecordFilter = {}): Promise<EsdbRecord[]> {
    return (await this.ready()).query(filter)
  }

  async count(filter: Omit<RecordFilter, 'limit' | 'offset'> = {}): Promise<number> {
    return (await this.ready()).count(filter)
  }

  async byKind(): Promise<Record<string, number>> {
    return (await this.ready()).byKind()
  }

  /** Calls `fn` for every record (optionally of one kind/status) in id order. */
  async each(fn: (record: EsdbRecord) => void, filter: Omit<RecordFilter, 'limit' | 'offset'> = {}): Promise<void> {
    ;(await this.ready()).each(fn, filter)
  }

  /** Verifies the whole chain (see verifyChain). */
  verify(): Promise<VerifyReport> {
    return verifyChain(this.paths)
  }

  status(): Promise<EsdbStatus> {
    return esdbStatus(this.ctx, this.lock)
  }

  /** The chain as the index sees it after bringing it up to the WAL. */
  async chain(): Promise<{last_seq: number | null; last_hash: string | null; valid: boolean; first_bad_seq: number | null; problem: string | null; state: RefreshState}> {
    const {index, state} = await this.refreshed()
    const m = index.meta
    return {last_seq: m.folded_seq || null, last_hash: m.folded_hash || null, valid: m.verified, first_bad_seq: m.first_bad_seq, problem: m.problem, state}
  }

  /** Saves the index when it changed, and frees sql.js memory. The store can be used again afterwards. */
  async close(): Promise<void> {
    const index = this.index
    this.index = undefined
    this.loading = undefined
    if (!index) return
    try {
      if (index.dirty && index.meta.wal_size_seen >= 0) await index.save(this.lock)
    } finally {
      index.close()
    }
  }

  /** The index brought up to the WAL. */
  async ready(): Promise<EsdbIndex> {
    return (await this.refreshed()).index
  }

  private refreshed(): Promise<{index: EsdbIndex; state: RefreshState}> {
    const run = async () => {
      const index = await this.loaded()
      const state = await index.refresh()
      // a project without a WAL gets no index files from a read
      if (index.dirty && index.meta.wal_size_seen >= 0) await index.save(this.lock)
      return {index, state}
    }
    const result = this.serial.then(run, run)
    this.serial = result.catch(() => {})
    return result
  }

  private async loaded(): Promise<EsdbIndex> {
    if (this.index) return this.index
    this.loading ??= import('./index-db.js').then(({EsdbIndex}) => EsdbIndex.load(this.paths))
    this.index = await this.loading
    return this.index
  }
}

/** Opens a project's store (synchronous and cheap; `await openStore(ctx)` works too). */
export function openStore(ctx: ProjectContext, options: StoreOptions = {}): EsdbStore {
  return new EsdbStore(ctx, options)
}
