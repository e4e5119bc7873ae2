import {color, defineOperation, InputError, renderTable} from 'govtool/core'
import {z} from 'zod/v3'

import type {EsdbStore} from '../lib/store.js'
import {BackupResultSchema, CompactResultSchema, ExportResultSchema, ImportResultSchema, MigrateResultSchema, RollbackResultSchema} from './schemas.js'

/** Opens the project's store for one operation and always closes it. */
async function withStore<T>(ctx: {project(): import('govtool/core').ProjectContext}, fn: (store: EsdbStore) => Promise<T>): Promise<T> {
  const {openStore} = await import('../lib/store.js')
  const store = openStore(ctx.project())
  try {
    return await fn(store)
  } finally {
    await store.close()
  }
}

const brokenChainWarning = (what: string) => `The chain is broken; only the records up to the first bad entry were ${what}. Run \`govtool esdb replay\`.`

export const esdbExportOp = defineOperation({
  id: 'esdb.export',
  summary: 'Dump every record to a JSON file (default .govtool/esdb_export.json).',
  description: `The file holds esdb_version, backend, record_count, requirements[] and testcases[] (the records of those kinds), other_records[] (every other kind), and the chain position it was taken at. \`esdb import\` reads it back. The --json output describes the file written.`,
  examples: ['<%= config.bin %> esdb export', '<%= config.bin %> esdb export --output records.json --json'],
  project: true,
  effect: 'write',
  input: z.object({output: z.string().min(1).optional().describe('File to write (default: .govtool/esdb_export.json).')}),
  cli: {fields: {output: {char: 'o', helpValue: 'PATH'}}},
  result: ExportResultSchema,
  run: (ctx, input, io) =>
    withStore(ctx, async (store) => {
      const {exportStore} = await import('../lib/export.js')
      const result = await exportStore(store, input.output ? ctx.resolvePath(input.output) : store.paths.exportDefault)
      if (!result.chain_valid) io.warn(brokenChainWarning('exported'))
      return result
    }),
  render: (r) => `Exported ${r.record_count} records to ${r.output} (requirements ${r.requirements}, test cases ${r.testcases}, other ${r.other_records}).`,
})

export const esdbBackupOp = defineOperation({
  id: 'esdb.backup',
  summary: 'Write a timestamped snapshot of every record to .govtool/backups/esdb_backup_<UTC>.json.',
  description: 'Same fields as `esdb export` plus timestamp; never overwrites an earlier backup. Restore it with `esdb import <file> --apply`.',
  examples: ['<%= config.bin %> esdb backup', '<%= config.bin %> esdb backup --dir /mnt/backups --json'],
  project: true,
  effect: 'write',
  input: z.object({dir: z.string().min(1).optional().describe('Directory to write the backup to (default: .govtool/backups).')}),
  cli: {fields: {dir: {helpValue: 'DIR'}}},
  result: BackupResultSchema,
  run: (ctx, input, io) =>
    withStore(ctx, async (store) => {
      const {backupStore} = await import('../lib/export.js')
      const result = await backupStore(store, input.dir ? ctx.resolvePath(input.dir) : store.paths.backups)
      if (!result.chain_valid) io.warn(brokenChainWarning('backed up'))
      return result
    }),
  render: (r) => `Backed up ${r.record_count} records to ${r.output}.`,
})

export const esdbImportOp = defineOperation({
  id: 'esdb.import',
  summary: 'Validate an export or backup and stage it at .govtool/esdb_import.json; --apply appends it.',
  description: `Every record is validated (id, kind, status, label, confidence, evidence, data; kinds matching their list; no duplicate ids; record_count matching). A missing file exits 1, an invalid one exits 2, and nothing is staged. The result compares the records with the store (new, changed, unchanged).

With <source> and --apply, nothing is staged: the new and changed records are appended as upserts in one batch (records the file lacks are kept) and staged is null. With no <source>, --apply appends what an earlier \`esdb import <source>\` staged and removes the staging file. The comparison and the append happen under the store's lock, so concurrent imports never append a record twice or lose one: exit 0 means the records are in the WAL.`,
  examples: [
    '<%= config.bin %> esdb import .govtool/backups/esdb_backup_20250101T120000Z.json',
    '<%= config.bin %> esdb import --apply',
    '<%= config.bin %> esdb import records.json --apply --json',
  ],
  project: true,
  effect: 'write',
  input: z.object({
    source: z.string().min(1).optional().describe('export or backup file to import (optional with --apply)'),
    apply: z.boolean().default(false).describe('Append the staged records to the store.'),
  }),
  cli: {fields: {source: {arg: true}}},
  result: ImportResultSchema,
  async run(ctx, input) {
    if (!input.source && !input.apply) {
      throw new InputError('Missing <source>: the export or backup file to import.', {code: 'E_USAGE', hint: 'Run `govtool esdb import <file>`, or `govtool esdb import --apply` to append what is already staged.'})
    }
    return withStore(ctx, async (store) => {
      const {applyStagedImport, importDirect, stageImport} = await import('../lib/import.js')
      if (!input.source) return applyStagedImport(store)
      const source = ctx.resolvePath(input.source)
      return input.apply ? importDirect(store, source, input.source) : stageImport(store, source, input.source)
    })
  },
  render(r, view) {
    const lines: string[] = []
    if (view.input.source) lines.push(`Validated ${r.record_count} records from ${r.source} (${r.new} new, ${r.changed} changed, ${r.unchanged} unchanged)${r.staged === null ? '' : `; staged at ${r.staged}`}.`)
    if (r.applied) lines.push(r.appended > 0 ? `Appended ${r.appended} records (seq ${r.first_seq}-${r.last_seq}).` : 'Nothing to append: the store already holds every staged record.')
    else lines.push('Run `govtool esdb import --apply` to append them.')
    return lines.join('\n')
  },
})

export const esdbMigrateOp = defineOperation({
  id: 'esdb.migrate',
  summary: 'Validate .govtool/requirements.json and testcases.json and load them into the store.',
  description: `Appends the requirement and testcase records that are new or changed (one batch, with a migrate entry describing the run) and writes a manifest of what was done and the problems found to .govtool/esdb_migration.json: duplicate ids, test cases covering unknown requirements, unusable entries, missing files.

Exits 1 when it found problems (the valid records are still loaded). Running it again appends nothing when nothing changed.`,
  examples: ['<%= config.bin %> esdb migrate', '<%= config.bin %> esdb migrate --json'],
  project: true,
  effect: 'write',
  input: z.object({}),
  result: MigrateResultSchema,
  run: (ctx) =>
    withStore(ctx, async (store) => {
      const {migrate} = await import('../lib/migrate.js')
      return migrate(store)
    }),
  exitCode: (r) => (r.ok ? 0 : 1),
  render(r) {
    const lines = [
      `Migrated ${r.requirements} requirements and ${r.testcases} test cases: ${r.new} new, ${r.changed} changed, ${r.unchanged} unchanged` +
        (r.appended > 0 ? ` (seq ${r.first_seq}-${r.last_seq}).` : '; nothing appended.'),
    ]
    if (r.problems.length > 0) {
      lines.push(color.yellow(`${r.problems.length} problem${r.problems.length === 1 ? '' : 's'}:`))
      lines.push(renderTable(r.problems, [
        {header: 'severity', get: (p) => p.severity},
        {header: 'check', get: (p) => p.check},
        {header: 'file', get: (p) => p.file},
        {header: 'message', get: (p) => p.message},
      ]))
    }
    lines.push(`Manifest: ${r.manifest}`)
    return lines.join('\n')
  },
})

export const esdbRollbackOp = defineOperation({
  id: 'esdb.rollback',
  summary: 'Report the last N events and how they would be undone; --apply undoes them.',
  description: `Without --apply nothing is modified: the result lists the events that would be undone (ok, steps_requested, records_before, note, events).

With --apply each event is undone by appending a compensating event (restoring the version the record had before it, or deleting a record it created) and a rollback marker; history is never rewritten. Events already undone, and the compensating events themselves, are skipped, so repeated rollbacks walk further back. Events folded into a compaction snapshot cannot be undone.`,
  examples: ['<%= config.bin %> esdb rollback', '<%= config.bin %> esdb rollback --steps 3 --json', '<%= config.bin %> esdb rollback --steps 3 --apply'],
  project: true,
  effect: 'write',
  input: z.object({
    steps: z.number().int().min(1).default(1).describe('How many of the most recent events to undo.'),
    apply: z.boolean().default(false).describe('Append the compensating events (otherwise only report).'),
  }),
  result: RollbackResultSchema,
  run: (ctx, input) =>
    withStore(ctx, async (store) => {
      const {rollback} = await import('../lib/rollback.js')
      return rollback(store, input.steps, input.apply)
    }),
  render(r) {
    const table = renderTable(r.events, [
      {header: 'seq', get: (e) => e.seq, align: 'right'},
      {header: 'event', get: (e) => e.op},
      {header: 'record', get: (e) => e.record_id},
      {header: 'kind', get: (e) => e.kind},
      {header: 'undo', get: (e) => (e.undo === 'delete' ? 'delete' : `restore from ${e.restore_from === 'snapshot' ? 'snapshot' : `seq ${e.restore_from}`}`)},
    ])
    return `${table}\n${r.note} Records: ${r.records_before} -> ${r.records_after}.`
  },
})

export const esdbCompactOp = defineOperation({
  id: 'esdb.compact',
  summary: 'Fold the WAL into a snapshot, keeping a chain anchor so replay still spans it.',
  description: `Verifies the whole chain first (a broken chain is never compacted), writes the folded records as .govtool/esdb/snapshot-<seq>.sqlite, and replaces the WAL with one compact entry chained to the last folded hash and carrying the snapshot's sha256.

Records are unchanged; the individual events before the anchor leave the WAL (and can no longer be rolled back).`,
  examples: ['<%= config.bin %> esdb compact', '<%= config.bin %> esdb compact --json'],
  project: true,
  effect: 'write',
  input: z.object({}),
  result: CompactResultSchema,
  run: (ctx) =>
    withStore(ctx, async (store) => {
      const {compact} = await import('../lib/compact.js')
      return compact(store)
    }),
  render: (r) => [r.note, ...(r.snapshot ? [`WAL: ${r.entries_before} entries (${r.bytes_before} bytes) -> ${r.entries_after} (${r.bytes_after} bytes); ${r.records} records.`] : [])].join('\n'),
})
