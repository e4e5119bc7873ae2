/**
 * Result schemas of the governance operations: the frozen output contract (`--json`, HTTP, MCP), the same
 * keys the commands printed before they were operations. The library's result types must stay assignable to
 * these (the operations return them unchanged); test/operation-results.schema.json snapshots them.
 */
import {AEE_PHASES, lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

import type {FindingCheck} from '../lib/trace/findings.js'

const phase = lazySchema(() => z.enum(AEE_PHASES))

export const ParseProblemSchema = lazySchema(() => z.object({file: z.string(), line: z.number().int(), message: z.string()}))
const problems = lazySchema(() => z.array(ParseProblemSchema))

// ledger

export const LedgerEntrySchema = lazySchema(() => z.object({
  timestamp: z.string(),
  description: z.string(),
  author: z.string(),
  type: z.string(),
  reqs: z.array(z.string()),
  status: z.string(),
  chain_hash: z.string(),
  line: z.number().int(),
  fields: z.record(z.string()),
}))

export const LedgerAddResultSchema = lazySchema(() => z.object({entry: LedgerEntrySchema, file: z.string()}))

export const LedgerCorrectResultSchema = lazySchema(() => z.object({
  entry: LedgerEntrySchema.describe('the correcting entry, appended'),
  corrects: LedgerEntrySchema.extend({file: z.string()}).describe('the entry it corrects, unchanged'),
  file: z.string(),
}))

export const LedgerListResultSchema = lazySchema(() => z.object({entries: z.array(LedgerEntrySchema), count: z.number().int(), problems}))

export const LedgerStatsSchema = lazySchema(() => z.object({
  entries: z.number().int(),
  by_type: z.record(z.number().int()),
  by_author: z.record(z.number().int()),
  reqs_touched: z.number().int(),
  first: z.string().nullable(),
  last: z.string().nullable(),
  lines: z.number().int(),
  chain_valid: z.boolean(),
}))

// requirements

export const RequirementSchema = lazySchema(() => z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  priority: z.string().optional(),
  component: z.string().optional(),
  file: z.string(),
  line: z.number().int(),
}))

export const ReqAddResultSchema = lazySchema(() => z.object({requirement: RequirementSchema}))

export const ReqEditResultSchema = lazySchema(() => z.object({requirement: RequirementSchema, changed: z.array(z.string()).describe('the fields that were rewritten')}))

export const ReqRemoveResultSchema = lazySchema(() => z.object({
  requirement: RequirementSchema.describe('the requirement as it was before its removal'),
  covering_tests: z.array(z.string()).describe('tests whose Covers still names it (now orphan references)'),
  ledger_entry: LedgerEntrySchema.describe('the ledger entry that records the removal'),
}))

// tests

export const TestCaseSchema = lazySchema(() => z.object({
  id: z.string(),
  title: z.string(),
  covers: z.array(z.string()),
  description: z.string().optional(),
  file: z.string(),
  line: z.number().int(),
}))

export const TestAddResultSchema = lazySchema(() => z.object({test: TestCaseSchema}))

export const TestEditResultSchema = lazySchema(() => z.object({test: TestCaseSchema, changed: z.array(z.string()).describe('the fields that were rewritten')}))

export const TestRemoveResultSchema = lazySchema(() => z.object({
  test: TestCaseSchema.describe('the test as it was before its removal'),
  uncovered: z.array(z.string()).describe('non-draft requirements no test covers any more'),
}))

export const ReqListResultSchema = lazySchema(() => z.object({requirements: z.array(RequirementSchema), count: z.number().int(), problems}))

/** The checks of lib/trace/findings.ts, spelled out so that loading the operation list loads no library. */
export const FINDING_CHECK_IDS = [
  'scaffold',
  'config',
  'agents',
  'agents-modular',
  'agents-references',
  'ledger',
  'requirements',
  'parse',
  'coverage',
  'requirement-fields',
  'orphans',
  'architecture',
  'ledger-size',
  'ledger-todos',
  'ledger-parse',
  'ledger-chain',
  'esdb-chain',
  'governance-size',
  'ci-config',
] as const satisfies readonly FindingCheck[]

/** One finding: what audit, validate, req gaps, req orphans and the phase checklists all report the same way. */
export const FindingSchema = lazySchema(() => z.object({
  check: z.enum(FINDING_CHECK_IDS),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  file: z.string().optional(),
  line: z.number().int().optional(),
  hint: z.string(),
}))
const findings = lazySchema(() => z.array(FindingSchema))

export const ReqGapsResultSchema = lazySchema(() => z.object({
  gaps: z.array(z.object({id: z.string(), title: z.string(), status: z.string(), priority: z.string().nullable(), file: z.string(), line: z.number().int()})),
  count: z.number().int(),
  percent: z.number(),
  problems,
  issues: findings,
}))

export const ReqOrphansResultSchema = lazySchema(() => z.object({
  orphans: z.array(z.object({test: z.string(), requirement: z.string(), file: z.string(), line: z.number().int()})),
  count: z.number().int(),
  problems,
  issues: findings,
}))

export const ReqTraceResultSchema = lazySchema(() => z.object({
  matrix: z.array(
    z.object({requirement: z.string(), title: z.string(), status: z.string(), priority: z.string(), tests: z.array(z.string()), covered: z.boolean(), draft: z.boolean()}),
  ),
  covered: z.number().int(),
  total: z.number().int(),
  percent: z.number(),
  orphans: z.array(z.object({test: z.string(), requirement: z.string()})),
  problems,
}))

// phases

const ChecklistItemSchema = lazySchema(() => z.object({
  item: z.string(),
  ok: z.boolean(),
  detail: z.string().describe('what was found; for a failing item, the file and the section or field it wants and how to supply it'),
  file: z.string().nullable().describe('project-relative file the item reads; null for git and the source tree'),
  wants: z.string().describe('the section, field or entry of that file the item wants'),
}))

export const PhaseStatusSchema = lazySchema(() => z.object({
  phase,
  label: z.string(),
  index: z.number().int(),
  total: z.number().int(),
  description: z.string(),
  readiness_pct: z.number(),
  checklist: z.array(ChecklistItemSchema),
  next: z.object({phase, label: z.string()}).nullable(),
}))

export const PhaseStatusLineSchema = lazySchema(() => z.object({phase, label: z.string(), readiness_pct: z.number()}))

export const PhaseListResultSchema = lazySchema(() => z.object({
  current: phase,
  phases: z.array(z.object({phase, label: z.string(), description: z.string(), current: z.boolean(), readiness_pct: z.number()})),
}))

export const PhaseChangeSchema = lazySchema(() => z.object({
  from: phase,
  to: phase,
  label: z.string(),
  forced: z.boolean(),
  failing: z.array(ChecklistItemSchema.extend({phase})),
}))

// health

export const AuditReportSchema = lazySchema(() => z.object({
  healthy: z.boolean(),
  issues: findings,
  fixed: z.array(z.string()).optional(),
}))

export const ValidationReportSchema = lazySchema(() => z.object({
  valid: z.boolean(),
  issues: findings,
}))

export const CheckpointPayloadSchema = lazySchema(() => z.object({
  ts: z.string(),
  project: z.string(),
  phase,
  phase_label: z.string(),
  phase_pct: z.number(),
  health: z.enum(['healthy', 'issues', 'unknown']),
  audit_failed: z.number().int(),
  req_count: z.number().int(),
  test_count: z.number().int(),
  esdb_records: z.number().int(),
  esdb_chain_valid: z.boolean(),
  recent_wis: z.array(z.string()),
  last_preflight: z.object({timestamp: z.string(), description: z.string(), work_item_id: z.string().nullable(), reqs: z.array(z.string())}).nullable(),
  anchor: z.string(),
}))

export const SyncResultSchema = lazySchema(() => z.object({
  in_sync: z.boolean(),
  check: z.boolean(),
  written: z.array(z.string()),
  stale: z.array(z.string()),
  requirements: z.number().int(),
  tests: z.number().int(),
}))

export const CompressResultSchema = lazySchema(() => z.object({
  compressed: z.boolean(),
  moved: z.number().int(),
  kept: z.number().int(),
  lines_before: z.number().int(),
  lines_after: z.number().int(),
  archive: z.string(),
  reason: z.string(),
}))

// scaffolding upkeep

const FILE_CATEGORIES = [
  'agents',
  'ledger',
  'requirements',
  'tests',
  'architecture',
  'governance',
  'scaffold',
  'config',
  'ci',
  'dependency-updates',
  'scripts',
  'integration',
  'gitignore',
  'source',
] as const

export const DiffResultSchema = lazySchema(() => z.object({
  files: z.array(
    z.object({
      path: z.string(),
      category: z.enum(FILE_CATEGORIES),
      status: z.enum(['match', 'differs', 'missing']),
      first_difference_line: z.number().int().optional(),
    }),
  ),
  summary: z.object({match: z.number().int(), differs: z.number().int(), missing: z.number().int()}),
  clean: z.boolean(),
}))

const toolCategory = lazySchema(() => z.enum(['lint', 'typecheck', 'test', 'security', 'build', 'format', 'compliance']))
const counts = lazySchema(() => z.object({installed: z.number().int(), missing: z.number().int()}))

export const DoctorResultSchema = lazySchema(() => z.object({
  type: z.string(),
  tools: z.array(
    z.object({
      category: toolCategory,
      name: z.string(),
      command: z.string(),
      status: z.enum(['installed', 'missing']),
      version: z.string().nullable(),
      install_hint: z.string().nullable(),
      note: z.string().optional(),
    }),
  ),
  categories: z.object({lint: counts, typecheck: counts, test: counts, security: counts, build: counts, format: counts, compliance: counts}),
  installed: z.number().int(),
  missing: z.number().int(),
  healthy: z.boolean(),
}))

export const ApplyResultSchema = lazySchema(() => z.object({
  written: z.array(z.string()),
  unchanged: z.array(z.string()),
  kept: z.array(z.object({path: z.string(), reason: z.string()})),
  unknown_integrations: z.array(z.string()),
}))

export const ArchitectResultSchema = lazySchema(() => z.object({
  project: z.string(),
  language: z.string().nullable(),
  build_system: z.string().nullable(),
  source_files: z.number().int(),
  entry_points: z.array(z.string()),
  components: z.array(
    z.object({
      name: z.string(),
      path: z.string(),
      purpose: z.string(),
      files: z.number().int(),
      interfaces: z.array(z.string()),
      depends_on: z.array(z.string()),
      requirements: z.array(z.string()),
    }),
  ),
  data_flow: z.array(z.string()),
  deployment: z.string(),
  requirements: z.array(z.object({id: z.string(), title: z.string(), component: z.string().nullable()})),
  file: z.string(),
}))
