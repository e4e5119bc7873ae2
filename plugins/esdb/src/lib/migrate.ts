import {readFile} from 'node:fs/promises'

import {GovError, InputError, parseJsonText, writeJsonAtomic} from 'govtool/core'
import {z} from 'zod/v3'

import {canonicalJson} from './canonical.js'
import {ESDB_VERSION} from './paths.js'
import {RECORD_ID, type EsdbRecord} from './record.js'
import type {EsdbStore} from './store.js'
import type {PendingEntry} from './wal-write.js'

export interface MigrationProblem {
  severity: 'error' | 'warning'
  check: 'missing_file' | 'invalid_entry' | 'duplicate_requirement' | 'duplicate_testcase' | 'unknown_requirement'
  file: string
  id?: string
  message: string
}

export interface MigrateResult {
  /** no error-severity problems */
  ok: boolean
  manifest: string
  requirements: number
  testcases: number
  new: number
  changed: number
  unchanged: number
  appended: number
  first_seq: number | null
  last_seq: number | null
  problems: MigrationProblem[]
}

/** One entry of requirements.json / testcases.json: an id and whatever else the cache holds. */
const EntrySchema = z.object({id: z.string()}).passthrough()
type Entry = z.infer<typeof EntrySchema>

/** The cache files may be a list, a list under a key, or an object keyed by id. */
function entriesOf(value: unknown, keys: readonly string[]): unknown[] | undefined {
  if (Array.isArray(value)) return value
  if (!value || typeof value !== 'object') return undefined
  const object = value as Record<string, unknown>
  for (const key of keys) if (Array.isArray(object[key])) return object[key] as unknown[]
  const values = Object.entries(object)
  if (values.length > 0 && values.every(([, v]) => v && typeof v === 'object' && !Array.isArray(v))) {
    return values.map(([id, v]) => ({id, ...(v as object)}))
  }
  return values.length === 0 ? [] : undefined
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** Requirement ids a test case covers, from the field names the caches use. */
function coversOf(entry: Entry): string[] {
  for (const key of ['covers', 'requirements', 'requirement_ids', 'reqs']) {
    const v = entry[key]
    if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string')
  }
  for (const key of ['requirement', 'requirement_id', 'req']) {
    const v = text(entry[key])
    if (v) return [v]
  }
  return []
}

async function readCache(file: string, shown: string, keys: readonly string[], problems: MigrationProblem[]): Promise<unknown[] | undefined> {
  let body: string
  try {
    body = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    problems.push({severity: 'warning', check: 'missing_file', file: shown, message: `${shown} does not exist`})
    return undefined
  }
  const entries = entriesOf(parseJsonText(body, shown), keys)
  if (!entries) {
    throw new InputError(`${shown} holds neither a list of entries nor an object keyed by id.`, {file: shown, hint: 'Regenerate it with `govtool sync`.'})
  }
  return entries
}

function validEntries(raw: readonly unknown[], shown: string, duplicate: MigrationProblem['check'], problems: MigrationProblem[]): Entry[] {
  const out: Entry[] = []
  const seen = new Set<string>()
  for (const [i, item] of raw.entries()) {
    const parsed = EntrySchema.safeParse(item)
    if (!parsed.success || !RECORD_ID.test(parsed.data.id)) {
      problems.push({severity: 'error', check: 'invalid_entry', file: shown, message: `entry #${i + 1} has no usable id (a non-empty, one-line string)`})
      continue
    }
    const id = parsed.data.id
    if (seen.has(id)) {
      problems.push({severity: 'error', check: duplicate, file: shown, id, message: `${id} appears more than once; the first entry is migrated`})
      continue
    }
    seen.add(id)
    out.push(parsed.data)
  }
  return out
}

/**
 * Loads `.govtool/requirements.json` and `.govtool/testcases.json` into the store: validates them, appends
 * the requirement and testcase records that are new or changed (plus one `migrate` entry describing the run)
 * in a single batch, and writes a manifest of what it did and the problems found (duplicate ids, test cases
 * covering unknown requirements, unusable entries, missing files) to `.govtool/esdb_migration.json`.
 */
export async function migrate(store: EsdbStore): Promise<MigrateResult> {
  const {ctx} = store
  const reqFile = ctx.state('requirements.json')
  const testFile = ctx.state('testcases.json')
  const reqShown = ctx.relative(reqFile)
  const testShown = ctx.relative(testFile)
  const problems: MigrationProblem[] = []
  const rawReqs = await readCache(reqFile, reqShown, ['requirements', 'items'], problems)
  const rawTests = await readCache(testFile, testShown, ['testcases', 'tests', 'test_cases', 'items'], problems)
  if (!rawReqs && !rawTests) {
    throw new GovError(`Nothing to migrate: ${reqShown} and ${testShown} do not exist.`, {
      code: 'E_ESDB_NOTHING_TO_MIGRATE',
      hint: 'Generate them from docs/REQUIREMENTS.md and docs/TESTS.md with `govtool sync`.',
    })
  }
  const reqs = validEntries(rawReqs ?? [], reqShown, 'duplicate_requirement', problems)
  const tests = validEntries(rawTests ?? [], testShown, 'duplicate_testcase', problems)
  const reqIds = new Set(reqs.map((r) => r.id))
  const records: EsdbRecord[] = reqs.map((r) => ({
    id: r.id,
    kind: 'requirement',
    status: text(r.status) ?? 'active',
    label: (text(r.title) ?? text(r.name) ?? r.id).slice(0, 2000),
    confidence: 1,
    evidence: [reqShown],
    data: r,
  }))
  for (const t of tests) {
    const covers = coversOf(t)
    for (const req of covers) {
      if (!reqIds.has(req)) problems.push({severity: 'error', check: 'unknown_requirement', file: testShown, id: t.id, message: `${t.id} covers ${req}, which is not a known requirement`})
    }
    records.push({id: t.id, kind: 'testcase', status: text(t.status) ?? 'defined', label: (text(t.title) ?? text(t.name) ?? t.id).slice(0, 2000), confidence: 1, evidence: [testShown], data: {...t, covers}})
  }
  const index = await store.ready()
  const entries: PendingEntry[] = []
  let added = 0
  let changed = 0
  for (const record of records) {
    const json = canonicalJson(record)
    const current = index.get(record.id)
    if (current && canonicalJson(current) === json) continue
    if (current) changed++
    else added++
    entries.push({op: 'upsert', recordId: record.id, recordJson: json})
  }
  const manifestShown = ctx.relative(store.paths.migrationManifest)
  if (entries.length > 0) {
    entries.push({
      op: 'migrate',
      recordId: 'esdb:migrate',
      recordJson: canonicalJson({action: 'migrate', sources: [reqShown, testShown], requirements: reqs.length, testcases: tests.length, upserts: entries.length, problems: problems.length, manifest: manifestShown}),
    })
  }
  const appended = await store.appendEntries(entries)
  const result: MigrateResult = {
    ok: !problems.some((p) => p.severity === 'error'),
    manifest: manifestShown,
    requirements: reqs.length,
    testcases: tests.length,
    new: added,
    changed,
    unchanged: records.length - added - changed,
    appended: appended.count,
    first_seq: appended.first_seq,
    last_seq: appended.last_seq,
    problems,
  }
  await writeJsonAtomic(store.paths.migrationManifest, {esdb_version: ESDB_VERSION, migrated_at: new Date().toISOString(), sources: {requirements: reqShown, testcases: testShown}, ...result})
  return result
}
