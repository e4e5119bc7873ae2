import {lstat} from 'node:fs/promises'
import path from 'node:path'

import {ensureDir, GovError, writeFileAtomic} from 'govtool/core'

import {ESDB_BACKEND, ESDB_VERSION, utcStamp} from './paths.js'
import type {EsdbRecord} from './record.js'
import type {EsdbStore} from './store.js'
import {REPAIR_HINT} from './wal-write.js'

/** The export/backup document (SPEC.md "Other records"), plus the chain position it was taken at. */
export interface ExportDocument {
  esdb_version: string
  /** backups only: when it was taken (ISO 8601 UTC) */
  timestamp?: string
  backend: typeof ESDB_BACKEND
  record_count: number
  exported_at: string
  chain: {last_seq: number | null; last_hash: string | null; valid: boolean}
  requirements: EsdbRecord[]
  testcases: EsdbRecord[]
  /** records of every other kind (dispatch_result, work_item, ...) */
  other_records: EsdbRecord[]
}

export interface ExportResult {
  ok: boolean
  /** file written, relative to the project when inside it; `-` for stdout */
  output: string
  esdb_version: string
  backend: typeof ESDB_BACKEND
  record_count: number
  requirements: number
  testcases: number
  other_records: number
  chain_valid: boolean
  last_seq: number | null
  bytes: number
}

/** Builds the export document's text: the header fields pretty-printed, one record per line. */
export async function renderExport(store: EsdbStore, options: {timestamp?: string} = {}): Promise<{text: string; doc: Omit<ExportDocument, 'requirements' | 'testcases' | 'other_records'>; counts: {requirements: number; testcases: number; other_records: number}}> {
  const chain = await store.chain()
  // a copy of a damaged or partial store would pass for a good one: refuse, naming the first bad entry
  if (!chain.valid) {
    throw new GovError(`The ESDB chain does not verify (${chain.problem ?? `first bad seq ${chain.first_bad_seq ?? '?'}`}); refusing to ${options.timestamp ? 'back up' : 'export'} a damaged or partial store.`, {
      code: 'E_ESDB_CORRUPT',
      hint: REPAIR_HINT,
    })
  }
  const lists: Record<'requirements' | 'testcases' | 'other_records', string[]> = {requirements: [], testcases: [], other_records: []}
  await store.each((record) => {
    const list = record.kind === 'requirement' ? lists.requirements : record.kind === 'testcase' ? lists.testcases : lists.other_records
    list.push(JSON.stringify(record))
  })
  const recordCount = lists.requirements.length + lists.testcases.length + lists.other_records.length
  const doc = {
    esdb_version: ESDB_VERSION,
    ...(options.timestamp ? {timestamp: options.timestamp} : {}),
    backend: ESDB_BACKEND,
    record_count: recordCount,
    exported_at: new Date().toISOString(),
    chain: {last_seq: chain.last_seq, last_hash: chain.last_hash, valid: chain.valid},
  }
  const head = JSON.stringify(doc, null, 2).slice(0, -2)
  const list = (name: string, items: string[]) => `  ${JSON.stringify(name)}: [${items.length > 0 ? `\n    ${items.join(',\n    ')}\n  ` : ''}]`
  const text = `${head},\n${list('requirements', lists.requirements)},\n${list('testcases', lists.testcases)},\n${list('other_records', lists.other_records)}\n}\n`
  return {text, doc, counts: {requirements: lists.requirements.length, testcases: lists.testcases.length, other_records: lists.other_records.length}}
}

/** Writes the export to `file` atomically (or returns the text for stdout when `file` is `-`). */
export async function exportStore(store: EsdbStore, file: string): Promise<ExportResult & {text?: string}> {
  const rendered = await renderExport(store)
  const {text} = rendered
  if (file !== '-') await writeFileAtomic(file, text)
  return {...describeOutput(file === '-' ? '-' : store.ctx.relative(file), rendered), ...(file === '-' ? {text} : {})}
}

type Rendered = Awaited<ReturnType<typeof renderExport>>

/** The result fields export and backup share: where it went, what it holds, the chain it came from. */
function describeOutput(output: string, {text, doc, counts}: Rendered) {
  return {
    ok: true as const,
    output,
    esdb_version: doc.esdb_version,
    backend: doc.backend,
    record_count: doc.record_count,
    ...counts,
    chain_valid: doc.chain.valid,
    last_seq: doc.chain.last_seq,
    bytes: Buffer.byteLength(text),
  }
}

export interface BackupResult extends ExportResult {
  timestamp: string
}

/** Writes `esdb_backup_<UTC>.json` into `dir` (default `.govtool/backups/`), never overwriting a backup. */
export async function backupStore(store: EsdbStore, dir: string): Promise<BackupResult> {
  const now = new Date()
  const timestamp = now.toISOString()
  const rendered = await renderExport(store, {timestamp})
  await ensureDir(dir)
  let file = path.join(dir, `esdb_backup_${utcStamp(now)}.json`)
  for (let n = 2; await exists(file); n++) file = path.join(dir, `esdb_backup_${utcStamp(now)}-${n}.json`)
  await writeFileAtomic(file, rendered.text)
  return {...describeOutput(store.ctx.relative(file), rendered), timestamp}
}

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file)
    return true
  } catch {
    return false
  }
}
