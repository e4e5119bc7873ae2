import {readFile, type FileHandle} from 'node:fs/promises'

import {withLock, writeFileAtomic, type LockOptions} from 'govtool/core'
import type {Database, SqlJsStatic} from 'sql.js'

import {emptyMeta, foldedTailIntact, IndexMetaSchema, type IndexMeta} from './index-meta.js'
import type {EsdbPaths} from './paths.js'
import type {EsdbRecord, WalEntry} from './record.js'
import {loadCompactSnapshot} from './snapshot.js'
import {loadSqlJs} from './sqljs.js'
import {readEntry} from './wal-format.js'
import {isBlank, openIfExists, readHead, scanWal, type Head} from './wal-read.js'

const SCHEMA = `
CREATE TABLE IF NOT EXISTS records (id TEXT PRIMARY KEY, kind TEXT NOT NULL, status TEXT NOT NULL, seq INTEGER NOT NULL, json TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS records_kind_status ON records(kind, status);
CREATE INDEX IF NOT EXISTS records_status ON records(status);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`

/** The database file is rewritten once it lags the folded state by this many entries (see save). */
export const SAVE_AFTER_FOLDING = 1000

/** How `refresh` found the index: already current, brought forward from the WAL tail, or rebuilt. */
export type RefreshState = 'fresh' | 'caught_up' | 'rebuilt'

export interface RecordFilter {
  kind?: string
  status?: string
  limit?: number
  offset?: number
}

/**
 * The sql.js query index: the folded state (one row per live record) plus what it has folded (IndexMeta).
 * It is derived data: `refresh` brings it up to the WAL, catching up from the last folded byte when the
 * WAL only grew, rebuilding from the snapshot and the whole WAL otherwise, verifying every entry it folds.
 */
export class EsdbIndex {
  /** the state differs from the saved sidecar */
  dirty = false
  /** folded_seq of the database as last saved or loaded, and whether it was rebuilt since */
  private dbSeq: number
  private rebuiltSinceSave = false
  /** made empty by load (no usable saved index): the first refresh is a rebuild */
  private created = false

  private constructor(
    private readonly SQL: SqlJsStatic,
    public db: Database,
    public meta: IndexMeta,
    private readonly paths: EsdbPaths,
  ) {
    this.dbSeq = meta.folded_seq
  }

  /** Opens the saved index (or an empty one when it is missing or unreadable). */
  static async load(paths: EsdbPaths): Promise<EsdbIndex> {
    const SQL = await loadSqlJs()
    let bytes: Buffer | undefined
    try {
      bytes = await readFile(paths.index)
    } catch {
      bytes = undefined
    }
    if (bytes) {
      try {
        const db = new SQL.Database(bytes)
        const meta = readMetaRow(db, 'index')
        if (meta) return new EsdbIndex(SQL, db, meta, paths)
        db.close()
      } catch {
        // an unreadable index is rebuilt
      }
    }
    const index = new EsdbIndex(SQL, freshDb(SQL), emptyMeta(), paths)
    index.dirty = true
    index.created = true
    return index
  }

  /** Brings the index up to the WAL (see the class comment). Reads the head first: it is the witness. */
  async refresh(): Promise<RefreshState> {
    const headRead = await readHead(this.paths.head)
    const handle = await openIfExists(this.paths.wal)
    try {
      const st = handle ? await handle.stat() : undefined
      const size = st ? st.size : -1
      const sameSize = size === this.meta.wal_size_seen
      const editedInPlace = sameSize && st !== undefined && st.mtimeMs !== this.meta.wal_mtime_ms
      let state: RefreshState
      if (!this.created && this.meta.verified && !editedInPlace && size >= this.meta.wal_offset && (await foldedTailIntact(handle, this.meta))) {
        if (sameSize) {
          state = 'fresh'
        } else {
          state = 'caught_up'
          if (!(await this.catchUp(handle, headRead))) {
            await this.rebuild(handle, headRead)
            state = 'rebuilt'
          }
        }
      } else {
        await this.rebuild(handle, headRead)
        state = 'rebuilt'
      }
      if (state !== 'fresh') this.checkHead(headRead)
      return state
    } finally {
      await handle?.close()
    }
  }

  /**
   * Saves the sidecar index.json and, when it is worth it, index.sqlite (each atomically, under the index lock;
   * `locked: true` when the caller holds it). The database is rewritten after a rebuild or once it lags the
   * fold by SAVE_AFTER_FOLDING entries; otherwise only the sidecar moves, so a status after a small append
   * does not rewrite a large database. Both stay consistent on their own: the meta row inside the database
   * describes the database (a later load catches up from there), and the sidecar is a state some process
   * really folded (what the status fast path reads).
   */
  async save(options: LockOptions & {locked?: boolean; full?: boolean} = {}): Promise<void> {
    this.meta.updated_at = new Date().toISOString()
    const lag = this.meta.folded_seq - this.dbSeq
    const full = options.full || this.rebuiltSinceSave || lag < 0 || lag >= SAVE_AFTER_FOLDING
    let bytes: Uint8Array | undefined
    if (full) {
      this.db.run('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)', ['index', JSON.stringify(this.meta)])
      bytes = this.db.export()
    }
    const write = async () => {
      if (bytes) await writeFileAtomic(this.paths.index, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
      await writeFileAtomic(this.paths.indexMeta, JSON.stringify(this.meta, null, 2) + '\n')
    }
    await (options.locked ? write() : withLock(this.paths.index, write, options))
    if (full) {
      this.dbSeq = this.meta.folded_seq
      this.rebuiltSinceSave = false
    }
    this.dirty = false
  }

  get(id: string): EsdbRecord | undefined {
    const rows = this.rows('SELECT json FROM records WHERE id = ?', [id])
    return rows[0]
  }

  query(filter: RecordFilter = {}): EsdbRecord[] {
    const {where, params} = whereClause(filter)
    let sql = `SELECT json FROM records${where} ORDER BY id`
    if (filter.limit !== undefined) sql += ` LIMIT ${Math.max(0, Math.floor(filter.limit))} OFFSET ${Math.max(0, Math.floor(filter.offset ?? 0))}`
    return this.rows(sql, params)
  }

  count(filter: Omit<RecordFilter, 'limit' | 'offset'> = {}): number {
    const {where, params} = whereClause(filter)
    const result = this.db.exec(`SELECT count(*) FROM records${where}`, params)
    return Number(result[0]?.values[0]?.[0] ?? 0)
  }

  byKind(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const [kind, n] of this.db.exec('SELECT kind, count(*) FROM records GROUP BY kind ORDER BY kind')[0]?.values ?? []) {
      out[String(kind)] = Number(n)
    }
    return out
  }

  /** Calls `fn` for every record in id order without materialising them all at once. */
  each(fn: (record: EsdbRecord) => void, filter: Omit<RecordFilter, 'limit' | 'offset'> = {}): void {
    const {where, params} = whereClause(filter)
    const stmt = this.db.prepare(`SELECT json FROM records${where} ORDER BY id`, params)
    try {
      while (stmt.step()) fn(JSON.parse(String(stmt.get()[0])) as EsdbRecord)
    } finally {
      stmt.free()
    }
  }

  /** A new database holding only the folded records and a snapshot meta row (for compaction). */
  snapshotBytes(anchor: {seq: number; hash: string}): Uint8Array {
    const copy = new this.SQL.Database(this.db.export())
    try {
      copy.run("DELETE FROM meta WHERE key <> 'snapshot'")
      copy.run('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)', ['snapshot', JSON.stringify({anchor_seq: anchor.seq, anchor_hash: anchor.hash, created_at: new Date().toISOString()})])
      return copy.export()
    } finally {
      copy.close()
    }
  }

  close(): void {
    this.db.close()
  }

  private rows(sql: string, params: (string | number)[]): EsdbRecord[] {
    const stmt = this.db.prepare(sql, params)
    const out: EsdbRecord[] = []
    try {
      while (stmt.step()) out.push(JSON.parse(String(stmt.get()[0])) as EsdbRecord)
    } finally {
      stmt.free()
    }
    return out
  }

  /** Rebuilds from scratch: the snapshot a leading compact entry names (verified), then every WAL entry. */
  private async rebuild(handle: FileHandle | undefined, head: Head | 'invalid' | undefined): Promise<void> {
    this.db.close()
    this.db = freshDb(this.SQL)
    this.meta = emptyMeta()
    this.dirty = true
    this.rebuiltSinceSave = true
    this.created = false
    if (!handle) {
      this.meta.wal_size_seen = -1
      this.recount()
      return
    }
    let first: WalEntry | undefined
    let firstEnd = 0
    let firstStart = 0
    await scanWal(handle, 0, (buf, start, end, offset) => {
      if (isBlank(buf, start, end)) return
      const parsed = readEntry(buf, start, end)
      if ('entry' in parsed) first = parsed.entry
      firstStart = offset
      firstEnd = offset + (end - start) + 1
      return false
    })
    if (first?.op === 'compact') {
      const snap = await loadCompactSnapshot(this.paths.dir, first)
      if ('problem' in snap) {
        this.fail(first.seq, `seq ${first.seq}: ${snap.problem}`)
        const st = await handle.stat()
        this.meta.wal_size_seen = st.size
        this.meta.wal_mtime_ms = st.mtimeMs
        this.recount()
        return
      }
      this.db.close()
      this.db = new this.SQL.Database(snap.bytes)
      this.db.run(SCHEMA)
      this.db.run("DELETE FROM meta WHERE key <> 'snapshot'")
      Object.assign(this.meta, {
        folded_seq: first.seq, folded_hash: first.hash, last_line_offset: firstStart, wal_offset: firstEnd, wal_entries: 1,
        anchor_seq: snap.record.anchor_seq, anchor_hash: snap.record.anchor_hash, snapshot: snap.record.snapshot,
      })
    }
    await this.catchUp(handle, head)
    this.recount()
  }

  /**
   * Folds the WAL from the last folded byte, verifying each entry (own hash, seq, prev_hash). Stops at the
   * first bad entry, marking the index unverified with that seq. Returns false when that happened.
   */
  private async catchUp(handle: FileHandle | undefined, head: Head | 'invalid' | undefined): Promise<boolean> {
    if (!handle) return false
    const meta = this.meta
    const upsert = this.db.prepare('INSERT OR REPLACE INTO records (id, kind, status, seq, json) VALUES (?, ?, ?, ?, ?)')
    const remove = this.db.prepare('DELETE FROM records WHERE id = ?')
    let folded = 0
    let ok = true
    this.db.run('BEGIN')
    let scan
    try {
      scan = await scanWal(handle, meta.wal_offset, (buf, start, end, offset) => {
        const lineEnd = offset + (end - start) + 1
        if (isBlank(buf, start, end)) {
          meta.wal_offset = lineEnd
          return
        }
        const expected = meta.folded_seq + 1
        const parsed = readEntry(buf, start, end)
        let problem: string | undefined
        if (!('entry' in parsed)) problem = parsed.reason
        else if (parsed.entry.seq !== expected) problem = parsed.entry.seq > expected ? `missing; the next entry has seq ${parsed.entry.seq}` : `found seq ${parsed.entry.seq} out of order`
        else if (parsed.entry.prev_hash !== meta.folded_hash) problem = `its prev_hash does not match the hash of seq ${expected - 1}`
        else if (parsed.entry.op === 'compact') problem = 'a compact entry may only start the WAL'
        else if (head && head !== 'invalid' && head.seq === expected && head.hash !== parsed.entry.hash) problem = 'its hash differs from the acknowledged head'
        if (problem !== undefined || !('entry' in parsed)) {
          this.fail(expected, `seq ${expected}: ${problem}`)
          ok = false
          return false
        }
        const entry = parsed.entry
        if (entry.op === 'upsert') {
          const record = (entry.record ?? {}) as Partial<EsdbRecord>
          upsert.run([entry.record_id, typeof record.kind === 'string' ? record.kind : 'unknown', typeof record.status === 'string' ? record.status : '', entry.seq, JSON.stringify(entry.record)])
        } else if (entry.op === 'delete') {
          remove.run([entry.record_id])
        }
        meta.folded_seq = entry.seq
        meta.folded_hash = entry.hash
        meta.last_line_offset = offset
        meta.wal_offset = lineEnd
        meta.wal_entries++
        folded++
      })
    } finally {
      upsert.free()
      remove.free()
      this.db.run('COMMIT')
    }
    meta.wal_size_seen = scan.size
    meta.wal_mtime_ms = scan.mtimeMs
    meta.torn_tail = ok && scan.tornBytes > 0
    if (folded > 0 || !ok) this.recount()
    this.dirty = true
    return ok
  }

  /** The WAL must reach the acknowledged head (checked after a fold). */
  private checkHead(head: Head | 'invalid' | undefined): void {
    if (!this.meta.verified) return
    if (head === 'invalid') this.fail(null, 'the head file (.govtool/esdb/head.json) is unreadable, so truncation cannot be ruled out')
    else if (head && head.seq > this.meta.folded_seq) {
      this.fail(this.meta.folded_seq + 1, `the WAL ends at seq ${this.meta.folded_seq} but seq ${head.seq} was acknowledged (truncated)`)
    }
  }

  private fail(seq: number | null, problem: string): void {
    this.meta.verified = false
    this.meta.first_bad_seq = seq
    this.meta.problem = problem
  }

  private recount(): void {
    this.meta.by_kind = this.byKind()
    this.meta.record_count = Object.values(this.meta.by_kind).reduce((a, b) => a + b, 0)
  }
}

function freshDb(SQL: SqlJsStatic): Database {
  const db = new SQL.Database()
  db.run(SCHEMA)
  return db
}

function readMetaRow(db: Database, key: string): IndexMeta | undefined {
  const result = db.exec('SELECT value FROM meta WHERE key = ?', [key])
  const value = result[0]?.values[0]?.[0]
  if (typeof value !== 'string') return undefined
  const parsed = IndexMetaSchema.safeParse(JSON.parse(value))
  return parsed.success ? parsed.data : undefined
}

function whereClause(filter: {kind?: string; status?: string}): {where: string; params: string[]} {
  const clauses: string[] = []
  const params: string[] = []
  if (filter.kind !== undefined) {
    clauses.push('kind = ?')
    params.push(filter.kind)
  }
  if (filter.status !== undefined) {
    clauses.push('status = ?')
    params.push(filter.status)
  }
  return {where: clauses.length > 0 ? ` WHERE ${clauses.join(' AND ')}` : '', params}
}
