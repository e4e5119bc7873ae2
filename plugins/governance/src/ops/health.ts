import {color, defineOperation, loadProjectTypes, lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

import {renderCheckpoint} from '../lib/trace/checkpoint-render.js'
import {findingsCount, findingsExit, renderFindings} from '../lib/trace/present.js'
import type {DEFAULT_COMPRESS_THRESHOLD, DEFAULT_KEEP_RECENT} from '../lib/trace/compress.js'
import {AuditReportSchema, CheckpointPayloadSchema, CompressResultSchema, SyncResultSchema, ValidationReportSchema} from './schemas.js'

const SAME_FINDINGS = 'A finding is judged the same way by audit, validate, `req gaps`, `req orphans` and the phase checklists (`phase next`): the same check, message, file, line and severity. The command exits 1 when one of its findings is an error, so it can gate CI; warnings are shown and never fail it.'

export const auditOp = defineOperation({
  id: 'audit',
  summary: 'Check governance health; exit 0 when healthy, 1 when issues are found.',
  description: `Checks that scaffold.yml, AGENTS.md and LEDGER.md exist and scaffold.yml is valid; that an AGENTS.md over 200 lines has its detail in docs/governance/*.md; that every non-draft requirement is covered by a test's "Covers:" and no test covers an unknown one; that the entries are well formed; that LEDGER.md is under 500 lines with under 20 open TODOs and its hash chain is intact; that the governance files are within their size limits; and that the CI config runs the project type's tools. Each issue names its file and line and how to fix it.

${SAME_FINDINGS} Only a missing docs/REQUIREMENTS.md or docs/TESTS.md is a warning.

--fix writes the missing governance files from the templates, compresses the ledger and generates the CI config, then audits again; the result lists what it fixed. Issues that need a person (an uncovered requirement, a broken chain) remain.

The limits can be changed in docs/GOVTOOL.yml under "audit:" (agents_max_lines, agents_hard_max_lines, governance_file_max_lines, ledger_max_lines, max_open_todos).`,
  examples: ['<%= config.bin %> audit', '<%= config.bin %> audit --fix', '<%= config.bin %> audit --json'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({fix: z.boolean().default(false).describe('Create missing stubs, compress the ledger and generate CI config, then re-audit.')})),
  result: AuditReportSchema,
  async run(ctx, input) {
    const project = ctx.project()
    const registry = await loadProjectTypes(ctx.cliRoot)
    if (input.fix) {
      const {runAuditWithFixes} = await import('../lib/audit-fix.js')
      return runAuditWithFixes(project, {registry})
    }
    const {runAudit} = await import('../lib/trace/audit.js')
    return runAudit(project, {registry})
  },
  exitCode: findingsExit,
  render(report) {
    const lines: string[] = []
    for (const f of report.fixed ?? []) lines.push(`${color.green('fixed')} ${f}`)
    lines.push(...renderFindings(report.issues))
    const {errors, warnings} = findingsCount(report.issues)
    lines.push(report.healthy ? `${color.green('✔')} Healthy${warnings > 0 ? ` (${warnings} warning(s))` : ''}.` : `${errors} issue(s), ${warnings} warning(s).`)
    return lines.join('\n')
  },
})

export const validateOp = defineOperation({
  id: 'validate',
  summary: 'Validate governance structure; exit 0 when valid, 1 otherwise.',
  description: `Checks scaffold.yml against its schema (every field problem with its line), that AGENTS.md exists and the files it refers to exist, that requirement and test ids are well formed and unique, and that docs/architecture.md references at least one requirement.

Where \`govtool audit\` judges the project's health (coverage, the ledger, CI), validate checks that the governance files are structurally sound; it writes nothing. ${SAME_FINDINGS}`,
  examples: ['<%= config.bin %> validate', '<%= config.bin %> validate --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: ValidationReportSchema,
  async run(ctx) {
    const {validateProject} = await import('../lib/trace/validate.js')
    return validateProject(ctx.project())
  },
  exitCode: findingsExit,
  render(report) {
    const lines = renderFindings(report.issues)
    const {errors, warnings} = findingsCount(report.issues)
    lines.push(report.valid ? `${color.green('✔')} Valid${warnings > 0 ? ` (${warnings} warning(s))` : ''}.` : `${errors} problem(s), ${warnings} warning(s).`)
    return lines.join('\n')
  },
})

export const checkpointOp = defineOperation({
  id: 'checkpoint',
  summary: 'Print the governance anchor block (re-read it every 8-10 turns).',
  description: `A compact block for an agent to re-read as its context grows: project, AEE phase and readiness, audit health, requirement, test and ESDB counts with chain validity, the recent work items and the last preflight, under a GOVTOOL-ANCHOR line.

Never fails: without scaffold.yml, ledger, ESDB or .govtool/ (or even the project directory) it reports defaults.

The --json payload has ts, project, phase, phase_label, phase_pct, health, audit_failed, req_count, test_count, esdb_records, esdb_chain_valid, recent_wis, last_preflight and anchor.`,
  examples: ['<%= config.bin %> checkpoint', '<%= config.bin %> checkpoint --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: CheckpointPayloadSchema,
  async run(ctx) {
    const {buildCheckpoint} = await import('../lib/trace/checkpoint.js')
    const registry = await loadProjectTypes(ctx.cliRoot).catch(() => undefined)
    return buildCheckpoint(ctx.project({mustExist: false}), {registry})
  },
  render: renderCheckpoint,
})

export const syncOp = defineOperation({
  id: 'sync',
  summary: 'Regenerate .govtool/requirements.json and testcases.json from the docs.',
  description: `docs/REQUIREMENTS.md and docs/TESTS.md are the source of truth; the JSON files are a derived cache for tools that want records rather than Markdown (\`esdb migrate\` loads them into the event store). Only files whose content changes are rewritten.

With --check nothing is written and the command exits 1 when the cache is out of sync (a CI step). A malformed entry is an error naming its file and line, and nothing is written.`,
  examples: ['<%= config.bin %> sync', '<%= config.bin %> sync --check'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({check: z.boolean().default(false).describe('Only compare; write nothing; exit 1 when out of sync.')})),
  result: SyncResultSchema,
  async run(ctx, input) {
    const {syncDerivedCache} = await import('../lib/trace/sync.js')
    return syncDerivedCache(ctx.project(), {check: input.check})
  },
  exitCode: (r) => (r.check && !r.in_sync ? 1 : 0),
  render(r) {
    const counts = `${r.requirements} requirements, ${r.tests} tests`
    if (r.check) return r.in_sync ? `In sync (${counts}).` : `Out of sync: ${r.stale.join(', ')}. Run \`govtool sync\`.`
    return r.written.length > 0 ? `Wrote ${r.written.join(', ')} (${counts}).` : `Already in sync (${counts}).`
  },
})

const DEFAULT_THRESHOLD: typeof DEFAULT_COMPRESS_THRESHOLD = 500
const DEFAULT_KEEP: typeof DEFAULT_KEEP_RECENT = 10

export const compressOp = defineOperation({
  id: 'compress',
  summary: 'Move old LEDGER.md entries to docs/ledger-archive.md.',
  description: `When LEDGER.md has at least --threshold lines, every entry but the --keep-recent newest moves, verbatim and in order, to docs/ledger-archive.md. No entry is lost, and the hash chain runs on from the archive into LEDGER.md (\`govtool audit\` verifies it across both).

Below the threshold nothing changes and the result says why. \`govtool audit --fix\` compresses with the audit's ledger_max_lines as the threshold.`,
  examples: ['<%= config.bin %> compress', '<%= config.bin %> compress --threshold 300 --keep-recent 20'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    threshold: z.number().int().min(1).default(DEFAULT_THRESHOLD).describe('Compress when LEDGER.md has at least this many lines.'),
    keep_recent: z.number().int().min(0).default(DEFAULT_KEEP).describe('Entries that stay in LEDGER.md.'),
  })),
  result: CompressResultSchema,
  async run(ctx, input) {
    const {compressLedger} = await import('../lib/trace/compress.js')
    return compressLedger(ctx.project(), {threshold: input.threshold, keepRecent: input.keep_recent})
  },
  render: (r) =>
    r.compressed
      ? `Moved ${r.moved} entries to ${r.archive}; LEDGER.md keeps ${r.kept} (${r.lines_before} -> ${r.lines_after} lines).`
      : `Nothing to do: ${r.reason}.`,
})
