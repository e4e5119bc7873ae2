/**
 * Result schemas of the ESDB operations: the frozen output contract (`--json`, HTTP, MCP). The library's
 * result interfaces must stay assignable to these; test/operation-results.schema.json snapshots them.
 */
import {z} from 'zod/v3'

const seq = z.number().int().nullable()
const anchor = z.object({seq: z.number().int(), hash: z.string()}).nullable()

export const EsdbStatusSchema = z.object({
  backend: z.literal('sqljs'),
  record_count: z.number().int(),
  chain_valid: z.boolean(),
  wal_length: z.number().int(),
  by_kind: z.record(z.number().int()),
  last_seq: seq,
  anchor_seq: seq,
  torn_tail: z.boolean(),
  first_bad_seq: seq,
  problem: z.string().nullable(),
  wal_bytes: z.number().int(),
  index: z.enum(['none', 'fresh', 'caught_up', 'rebuilt']),
})

export const VerifyReportSchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  first_seq: seq,
  last_seq: seq,
  last_hash: z.string().nullable(),
  anchor,
  head_seq: seq,
  torn_tail: z.boolean(),
  first_bad_seq: seq,
  problem: z.string().nullable(),
  wal_bytes: z.number().int(),
  ms: z.number(),
})

export const ExportResultSchema = z.object({
  ok: z.boolean(),
  output: z.string(),
  esdb_version: z.string(),
  backend: z.literal('sqljs'),
  record_count: z.number().int(),
  requirements: z.number().int(),
  testcases: z.number().int(),
  other_records: z.number().int(),
  chain_valid: z.boolean(),
  last_seq: seq,
  bytes: z.number().int(),
})

export const BackupResultSchema = ExportResultSchema.extend({timestamp: z.string()})

export const ImportResultSchema = z.object({
  ok: z.boolean(),
  source: z.string(),
  staged: z.string().nullable(),
  record_count: z.number().int(),
  by_kind: z.record(z.number().int()),
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  applied: z.boolean(),
  appended: z.number().int(),
  first_seq: seq,
  last_seq: seq,
})

export const MigrateResultSchema = z.object({
  ok: z.boolean(),
  manifest: z.string(),
  requirements: z.number().int(),
  testcases: z.number().int(),
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  appended: z.number().int(),
  first_seq: seq,
  last_seq: seq,
  problems: z.array(
    z.object({
      severity: z.enum(['error', 'warning']),
      check: z.enum(['missing_file', 'invalid_entry', 'duplicate_requirement', 'duplicate_testcase', 'unknown_requirement']),
      file: z.string(),
      id: z.string().optional(),
      message: z.string(),
    }),
  ),
})

export const RollbackResultSchema = z.object({
  ok: z.boolean(),
  steps_requested: z.number().int(),
  records_before: z.number().int(),
  note: z.string(),
  events: z.array(
    z.object({
      seq: z.number().int(),
      op: z.enum(['upsert', 'delete']),
      record_id: z.string(),
      kind: z.string().nullable(),
      undo: z.enum(['delete', 'restore']),
      restore_from: z.union([z.number().int(), z.literal('snapshot')]).nullable(),
    }),
  ),
  applied: z.boolean(),
  records_after: z.number().int(),
  first_seq: seq,
  last_seq: seq,
})

export const CompactResultSchema = z.object({
  ok: z.boolean(),
  backend: z.literal('sqljs'),
  records: z.number().int(),
  note: z.string(),
  anchor,
  snapshot: z.string().nullable(),
  entries_before: z.number().int(),
  entries_after: z.number().int(),
  bytes_before: z.number().int(),
  bytes_after: z.number().int(),
})
