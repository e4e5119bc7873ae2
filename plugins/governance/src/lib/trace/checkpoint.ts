/**
 * `checkpoint`: the governance anchor an agent re-reads every 8-10 turns. Never fails: every source that is
 * missing or unreadable (no scaffold.yml, no ledger, no ESDB, not even a directory) falls back to a default.
 */
import path from 'node:path'

import {AEE_PHASE_LABELS, timed, type AeePhase, type ProjectContext, type ProjectTypeRegistry} from 'govtool/core'

import {auditReport} from './audit.js'
import {AUDIT_CHECKS, PHASE_CHECKS, findingsOf, governanceFindings} from './findings.js'
import {PHASE_GIT_QUERIES, withGitAhead} from './git.js'
import {readLedger} from './ledger.js'
import {ledgerSummary, workItemOf} from './ledger-summary.js'
import {loadGovernanceModel} from './model.js'
import {modelSummary, phaseFindings} from './model-summary.js'
import {phaseChecklists, readiness} from './phase.js'
import {builtinRegistry, readScaffoldSafe} from './project.js'
import {withReadScope} from './read-scope.js'
import type {GovernanceModel} from './types.js'

export {renderCheckpoint} from './checkpoint-render.js'
export {workItemOf} from './ledger-summary.js'

export interface CheckpointPayload {
  ts: string
  project: string
  phase: AeePhase
  phase_label: string
  phase_pct: number
  /** `healthy`, `issues`, or `unknown` when the audit could not run */
  health: 'healthy' | 'issues' | 'unknown'
  /** number of audit checks that failed (error severity) */
  audit_failed: number
  req_count: number
  test_count: number
  esdb_records: number
  esdb_chain_valid: boolean
  /** the last 3 distinct work item ids in the ledger, newest first */
  recent_wis: string[]
  last_preflight: {timestamp: string; description: string; work_item_id: string | null; reqs: string[]} | null
  anchor: string
}

async function attempt<T>(fn: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await fn()
  } catch {
    return fallback
  }
}

interface EsdbModule {
  esdbHealth?: (ctx: ProjectContext) => Promise<{report: {ok: boolean; torn_tail: boolean}; records: number | null}>
  esdbStatus?: (ctx: ProjectContext) => Promise<{record_count?: number; chain_valid?: boolean}>
}

export async function buildCheckpoint(ctx: ProjectContext, options: {registry?: ProjectTypeRegistry; now?: Date} = {}): Promise<CheckpointPayload> {
  // the phase checklists' two git processes start first and run while the files are read and checked
  // and scaffold.yml, the ledger's parse and its chain verification are read once for the findings and checklists
  return withGitAhead(ctx.root, PHASE_GIT_QUERIES, () => withReadScope(ctx, (scoped) => checkpointOf(scoped, options)))
}

async function checkpointOf(ctx: ProjectContext, options: {registry?: ProjectTypeRegistry; now?: Date}): Promise<CheckpointPayload> {
  const now = options.now ?? new Date()
  const ts = now.toISOString()
  const registry = options.registry ?? builtinRegistry()
  const scaffold = await attempt(() => timed('checkpoint scaffold', () => readScaffoldSafe(ctx)), {exists: false})
  const phase: AeePhase = scaffold.scaffold?.aee_phase ?? 'inception'
  // what it reads of the model, from the model summary kept across runs when fresh (model-summary.ts), else the model
  const summary = await attempt(() => timed('checkpoint model summary', () => modelSummary(ctx)), undefined)
  const model = summary ? undefined : await attempt<GovernanceModel>(() => timed('checkpoint model', () => loadGovernanceModel(ctx, {cache: 'read'})), {requirements: [], tests: [], problems: []})
  // the findings once, for the audit health and the phase checklist both
  const findings = await attempt(() => timed('checkpoint findings', () => (summary ? phaseFindings(ctx, summary, {registry}) : governanceFindings(ctx, PHASE_CHECKS, {registry, model}))).then((f) => f as typeof f | undefined), undefined)
  const audit = findings ? auditReport(findingsOf(findings, AUDIT_CHECKS)) : undefined
  const lists = findings ? await attempt(() => timed('checkpoint checklists', () => phaseChecklists(ctx, {registry, ...(summary ? {summary} : {model}), findings})).then((l) => l as typeof l | undefined), undefined) : undefined
  // the entries it shows, from the ledger's summary (kept across runs, ledger-summary.ts), else the whole parse
  const ledger = await attempt(() => timed('checkpoint ledger', async () => {
    const summary = await ledgerSummary(ctx)
    return summary ? {entries: summary.recent} : readLedger(ctx)
  }), {entries: []})
  const esdb = await attempt(() => timed('checkpoint esdb', async () => {
    // the chain verified and the records counted in one pass over the WAL (shared with the esdb-chain finding);
    // the query index (sql.js) only for a compacted store, whose ids are in its snapshot
    const mod = (await import('@govtool/plugin-esdb')) as unknown as EsdbModule
    if (typeof mod.esdbHealth === 'function') {
      const health = await mod.esdbHealth(ctx)
      const valid = health.report.ok && !health.report.torn_tail
      if (health.records !== null) return {records: health.records, valid}
      if (typeof mod.esdbStatus === 'function') return {records: Number((await mod.esdbStatus(ctx)).record_count ?? 0) || 0, valid}
      return {records: 0, valid}
    }
    if (typeof mod.esdbStatus !== 'function') return {records: 0, valid: true}
    const status = await mod.esdbStatus(ctx)
    return {records: Number(status.record_count ?? 0) || 0, valid: status.chain_valid !== false}
  }), {records: 0, valid: true})

  const recent: string[] = []
  for (const entry of [...ledger.entries].reverse()) {
    const wi = workItemOf(entry)
    if (wi && !recent.includes(wi)) recent.push(wi)
    if (recent.length === 3) break
  }
  const pre = [...ledger.entries].reverse().find((e) => e.type === 'preflight')
  return {
    ts,
    project: scaffold.scaffold?.name ?? (path.basename(ctx.root) || ctx.root),
    phase,
    phase_label: AEE_PHASE_LABELS[phase],
    phase_pct: lists ? readiness(lists[phase]) : 0,
    health: audit ? (audit.healthy ? 'healthy' : 'issues') : 'unknown',
    audit_failed: audit ? audit.issues.filter((i) => i.severity === 'error').length : 0,
    req_count: summary ? summary.checklist.requirements : model!.requirements.length,
    test_count: summary ? summary.checklist.tests : model!.tests.length,
    esdb_records: esdb.records,
    esdb_chain_valid: esdb.valid,
    recent_wis: recent,
    last_preflight: pre ? {timestamp: pre.timestamp, description: pre.description, work_item_id: workItemOf(pre) ?? null, reqs: pre.reqs} : null,
    anchor: `GOVTOOL-ANCHOR-${ts.replaceAll(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`,
  }
}
