import {readFile} from 'node:fs/promises'

import {checkWritePath, GovError, InputError, NotFoundError, parseJsonText, removePath, withLock, writeFileAtomic} from 'govtool/core'
import {z} from 'zod/v3'

import {canonicalJson} from './canonical.js'
import {ESDB_VERSION} from './paths.js'
import {StoredRecordSchema, type EsdbRecord} from './record.js'
import type {EsdbStore} from './store.js'
import {prepareTail, writeEntries, type PendingEntry} from './wal-write.js'

/** node:crypto on first use: loading it is 5-25 ms of a start-up that may hash nothing (issue 14, seventh pass) */
let cryptoModule: typeof import('node:crypto') | undefined
const crypto = (): typeof import('node:crypto') => (cryptoModule ??= process.getBuiltinModule('node:crypto'))

/** An export or backup file (SPEC.md fields); unknown extra fields are allowed and ignored. */
const ImportDocumentSchema = z.object({
  esdb_version: z.union([z.string(), z.number()]).transform(String),
  backend: z.string().optional(),
  record_count: z.number().int().nonnegative().optional(),
  requirements: z.array(z.unknown()).default([]),
  testcases: z.array(z.unknown()).default([]),
  other_records: z.array(z.unknown()).default([]),
}).passthrough()

/** `.govtool/esdb_import.json`: what `esdb import` validated, waiting for `--apply`. */
const StagingSchema = z.object({
  esdb_version: z.string(),
  staged_at: z.string(),
  source: z.string(),
  source_sha256: z.string(),
  record_count: z.number().int().nonnegative(),
  records: z.array(StoredRecordSchema),
})
type Staging = z.infer<typeof StagingSchema>

export interface ImportResult {
  ok: boolean
  source: string
  /** where the records wait for --apply; null when <source> was applied directly (nothing staged) */
  staged: string | null
  record_count: number
  by_kind: Record<string, number>
  /** compared with the store now: records it does not have, records that differ, records already equal */
  new: number
  changed: number
  unchanged: number
  applied: boolean
  /** with --apply: entries appended and where */
  appended: number
  first_seq: number | null
  last_seq: number | null
}

/** Reads and validates an export/backup file; the error names the list, the position and the field. */
export async function readImportSource(file: string, shown: string): Promise<{records: EsdbRecord[]; sha256: string}> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new NotFoundError(`Import source ${shown} does not exist.`, {hint: 'Pass the path of a file written by `govtool esdb export` or `govtool esdb backup`.'})
    }
    throw error
  }
  const invalid = (message: string) => new InputError(`${shown} is not a valid ESDB export: ${message}`, {
    code: 'E_ESDB_IMPORT',
    file: shown,
    hint: 'Import a file written by `govtool esdb export` or `esdb backup` (fields esdb_version, record_count, requirements[], testcases[], other_records[]).',
  })
  let raw: unknown
  try {
    raw = parseJsonText(text, shown)
  } catch (error) {
    throw invalid((error as Error).message)
  }
  const doc = ImportDocumentSchema.safeParse(raw)
  if (!doc.success) {
    const issue = doc.error.issues[0]
    throw invalid(`${issue.path.join('.') || '(document)'}: ${issue.message}`)
  }
  if (doc.data.esdb_version !== ESDB_VERSION) throw invalid(`esdb_version ${JSON.stringify(doc.data.esdb_version)} is not supported (expected "${ESDB_VERSION}")`)
  const records: EsdbRecord[] = []
  const seen = new Set<string>()
  for (const list of ['requirements', 'testcases', 'other_records'] as const) {
    for (const [i, item] of doc.data[list].entries()) {
      const parsed = StoredRecordSchema.safeParse(item)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw invalid(`${list}[${i}].${issue.path.join('.') || '(record)'}: ${issue.message}`)
      }
      const record = parsed.data
      const kindOk = list === 'requirements' ? record.kind === 'requirement' : list === 'testcases' ? record.kind === 'testcase' : record.kind !== 'requirement' && record.kind !== 'testcase'
      if (!kindOk) throw invalid(`${list}[${i}] (${record.id}) has kind "${record.kind}", which does not belong in ${list}`)
      if (seen.has(record.id)) throw invalid(`${list}[${i}]: duplicate record id ${JSON.stringify(record.id)}`)
      seen.add(record.id)
      try {
        canonicalJson(record)
      } catch (error) {
        throw invalid(`${list}[${i}]: ${(error as Error).message}`)
      }
      records.push(record)
    }
  }
  if (doc.data.record_count !== undefined && doc.data.record_count !== records.length) {
    throw invalid(`record_count is ${doc.data.record_count} but the lists hold ${records.length} records`)
  }
  return {records, sha256: crypto().createHash('sha256').update(text).digest('hex')}
}

/**
 * Validates `file` and stages its records at `.govtool/esdb_import.json` (nothing is appended). Staging takes
 * the staging file's lock, so it never lands between another process's read and removal of it in --apply.
 */
export async function stageImport(store: EsdbStore, file: string, shown: string): Promise<ImportResult> {
  const {records, sha256} = await readImportSource(file, shown)
  const staging: Staging = {esdb_version: ESDB_VERSION, staged_at: new Date().toISOString(), source: shown, source_sha256: sha256, record_count: records.length, records}
  const body = JSON.stringify({...staging, records: []}, null, 2).replace('"records": []', `"records": [${records.length > 0 ? `\n    ${records.map((r) => JSON.stringify(r)).join(',\n    ')}\n  ` : ''}]`)
  await withLock(store.paths.importStaging, () => writeFileAtomic(store.paths.importStaging, body + '\n'), store.lock)
  const {differs: _differs, ...diff} = await compare(store, records)
  return {...diff, ok: true, source: shown, staged: store.ctx.relative(store.paths.importStaging), applied: false, appended: 0, first_seq: null, last_seq: null}
}

/**
 * Validates `file` and appends its new and changed records in one step, without staging: the comparison
 * with the store and the append happen under the WAL lock, so concurrent importers never append a record
 * twice or lose one, and another import's staged file is left alone.
 */
export async function importDirect(store: EsdbStore, file: string, shown: string): Promise<ImportResult> {
  const {records} = await readImportSource(file, shown)
  return withLock(store.paths.wal, () => appendChanged(store, records, shown, null), store.lock)
}

/**
 * Appends the staged records that are new or changed (one batch), then removes the staging file. The read
 * of the staging file, the comparison, the append and the removal happen under the staging lock and the WAL
 * lock, so of several concurrent `--apply` runs exactly one appends the staged records; the others find
 * nothing staged.
 */
export async function applyStagedImport(store: EsdbStore): Promise<ImportResult> {
  const staged = store.ctx.relative(store.paths.importStaging)
  return withLock(store.paths.importStaging, async () => {
    let text: string
    try {
      text = await readFile(store.paths.importStaging, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new GovError(`Nothing is staged for import (${staged} does not exist).`, {code: 'E_ESDB_NOTHING_STAGED', hint: 'Run `govtool esdb import <file>` first, or pass the file together with --apply.'})
      }
      throw error
    }
    const parsed = StagingSchema.safeParse(parseJsonText(text, staged))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new InputError(`${staged} is not a valid staged import: ${issue.path.join('.')}: ${issue.message}`, {file: staged, hint: 'Stage it again with `govtool esdb import <file>`.'})
    }
    const result = await withLock(store.paths.wal, () => appendChanged(store, parsed.data.records, parsed.data.source, staged), store.lock)
    await removePath(store.paths.importStaging)
    return result
  }, store.lock)
}

/** Under the WAL lock (caller holds it): compares `records` with the store as the WAL holds it now and appends the differing ones. */
async function appendChanged(store: EsdbStore, records: readonly EsdbRecord[], source: string, staged: string | null): Promise<ImportResult> {
  checkWritePath(store.paths.wal)
  checkWritePath(store.paths.head)
  const {differs, ...diff} = await compare(store, records)
  const entries: PendingEntry[] = records.filter((r) => differs.has(r.id)).map((r) => ({op: 'upsert', recordId: r.id, recordJson: canonicalJson(r)}))
  const tail = await prepareTail(store.paths)
  const written = await writeEntries(store.paths, tail, entries)
  return {...diff, ok: true, source, staged, applied: true, appended: written.count, first_seq: written.first_seq, last_seq: written.last_seq}
}

async function compare(store: EsdbStore, records: readonly EsdbRecord[]): Promise<{record_count: number; by_kind: Record<string, number>; new: number; changed: number; unchanged: number; differs: Set<string>}> {
  const index = await store.ready()
  const byKind: Record<string, number> = {}
  const differs = new Set<string>()
  let added = 0
  let changed = 0
  for (const record of records) {
    byKind[record.kind] = (byKind[record.kind] ?? 0) + 1
    const current = index.get(record.id)
    if (!current) added++
    else if (canonicalJson(current) !== canonicalJson(record)) changed++
    else continue
    differs.add(record.id)
  }
  return {record_count: records.length, by_kind: Object.fromEntries(Object.entries(byKind).sort()), new: added, changed, unchanged: records.length - added - changed, differs}
}
