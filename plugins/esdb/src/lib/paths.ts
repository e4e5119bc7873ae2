import type {ProjectContext} from 'govtool/core'

/** Version of the export, backup and snapshot formats. */
export const ESDB_VERSION = '1'

/** The only backend: SQLite compiled to WebAssembly (sql.js), used as the query index and snapshot. */
export const ESDB_BACKEND = 'sqljs' as const

/** Where every ESDB file of a project lives (all under `.govtool/`). */
export interface EsdbPaths {
  /** `.govtool/esdb/` */
  dir: string
  /** the write-ahead log, one JSON entry per line */
  wal: string
  /** `{seq, hash}` of the last acknowledged batch, written after the WAL is fsync'd: the truncation witness */
  head: string
  /** the sql.js query index (derived; rebuilt from snapshot + WAL when missing or stale) */
  index: string
  /** small sidecar of the index (folded seq/hash/offset, counts) read by `status` without loading sql.js */
  indexMeta: string
  /** `.govtool/esdb_import.json`: records validated by `esdb import`, waiting for `--apply` */
  importStaging: string
  /** `.govtool/esdb_export.json`: default output of `esdb export` */
  exportDefault: string
  /** `.govtool/esdb_migration.json`: the manifest `esdb migrate` writes */
  migrationManifest: string
  /** `.govtool/backups/` */
  backups: string
}

export function esdbPaths(ctx: ProjectContext): EsdbPaths {
  return {
    dir: ctx.state('esdb'),
    wal: ctx.state('esdb', 'wal.jsonl'),
    head: ctx.state('esdb', 'head.json'),
    index: ctx.state('esdb', 'index.sqlite'),
    indexMeta: ctx.state('esdb', 'index.json'),
    importStaging: ctx.state('esdb_import.json'),
    exportDefault: ctx.state('esdb_export.json'),
    migrationManifest: ctx.state('esdb_migration.json'),
    backups: ctx.state('backups'),
  }
}

/** File name of the snapshot written by compaction at anchor `seq` (kept under `.govtool/esdb/`). */
export function snapshotFileName(seq: number): string {
  return `snapshot-${String(seq).padStart(12, '0')}.sqlite`
}

export const SNAPSHOT_FILE = /^snapshot-\d{12}\.sqlite$/

/** `20250102T030405Z`: the compact UTC stamp used in file names. */
export function utcStamp(date = new Date()): string {
  return date.toISOString().replaceAll(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')
}
