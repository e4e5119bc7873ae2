/** The requirement reports of `req list`, `req gaps`, `req orphans` and `req trace`, computed from the model. */
import type {ProjectContext} from 'govtool/core'

import {GAPS_CHECKS, ORPHANS_CHECKS, governanceFindings, type Finding} from './findings.js'
import {coverage, isDraft, loadGovernanceModel} from './model.js'
import {MODEL_CHECKS, keptModelRecord} from './model-summary.js'
import type {GovernanceModel, ParseProblem, Requirement} from './types.js'

export interface RequirementListing {
  requirements: Requirement[]
  count: number
  problems: ParseProblem[]
}

/** The requirements, optionally only those of a status and/or a component (both compared case-insensitively). */
export async function listRequirements(ctx: ProjectContext, filter: {status?: string; component?: string} = {}): Promise<RequirementListing> {
  const model = await loadGovernanceModel(ctx)
  const requirements = model.requirements.filter(
    (r) => (!filter.status || r.status === filter.status.toLowerCase()) && (!filter.component || r.component?.toLowerCase() === filter.component.toLowerCase()),
  )
  return {requirements, count: requirements.length, problems: model.problems}
}

export interface RequirementGaps {
  gaps: {id: string; title: string; status: string; priority: string | null; file: string; line: number}[]
  count: number
  percent: number
  problems: ParseProblem[]
  /** the findings of the coverage and parse checks: the same ones, with the same severity, that audit reports */
  issues: Finding[]
}

/** The non-draft requirements no test covers (from the model reports when they are fresh: the same answer). */
export async function requirementGaps(ctx: ProjectContext): Promise<RequirementGaps> {
  const kept = await keptReport(ctx, 'gaps', gapsOf)
  if (kept) return {...kept.report, problems: kept.problems, issues: kept.findings}
  const model = await loadGovernanceModel(ctx)
  return {...gapsOf(model), problems: model.problems, issues: await governanceFindings(ctx, GAPS_CHECKS, {model})}
}

function gapsOf(model: GovernanceModel): {gaps: RequirementGaps['gaps']; count: number; percent: number} {
  const cov = coverage(model)
  const uncovered = new Set(cov.uncovered)
  const gaps = model.requirements
    .filter((r) => uncovered.has(r.id))
    .map((r) => ({id: r.id, title: r.title, status: r.status, priority: r.priority ?? null, file: r.file, line: r.line}))
  return {gaps, count: gaps.length, percent: cov.percent}
}

export interface OrphanReferences {
  orphans: {test: string; requirement: string; file: string; line: number}[]
  count: number
  problems: ParseProblem[]
  /** the findings of the orphan and parse checks: the same ones, with the same severity, that audit reports */
  issues: Finding[]
}

/** The tests whose Covers names a requirement that does not exist, with the test's file and line (from the model reports when fresh). */
export async function orphanReferences(ctx: ProjectContext): Promise<OrphanReferences> {
  const kept = await keptReport(ctx, 'orphans', orphansOf)
  if (kept) return {orphans: kept.report, count: kept.report.length, problems: kept.problems, issues: kept.findings}
  const model = await loadGovernanceModel(ctx)
  const orphans = orphansOf(model)
  return {orphans, count: orphans.length, problems: model.problems, issues: await governanceFindings(ctx, ORPHANS_CHECKS, {model})}
}

function orphansOf(model: GovernanceModel): OrphanReferences['orphans'] {
  const tests = new Map(model.tests.map((t) => [t.id, t]))
  return coverage(model).orphans.map((o) => ({...o, file: tests.get(o.test)!.file, line: tests.get(o.test)!.line}))
}

/**
 * What `req gaps` and `req orphans` read of the model (issue 14, start-up twelfth pass): the report and the
 * findings of its checks, kept across runs by the model summary's rules (`.govtool/cache/model-<gaps|orphans>-<bundle>.json`,
 * keyed by the identity of every source file and of the code, never kept while a source is racy; model-summary.ts).
 * One file per report, so neither command reads the other's list, and checkpoint and audit read neither.
 */
interface KeptReport<T> {
  findings: Finding[]
  report: T
  problems: ParseProblem[]
}

/** `kind`'s report kept (fresh) or computed and kept; undefined when turned off or failing (the caller takes the full path). */
async function keptReport<T>(ctx: ProjectContext, kind: 'gaps' | 'orphans', of: (model: GovernanceModel) => T): Promise<KeptReport<T> | undefined> {
  const compute = async (): Promise<KeptReport<T>> => {
    const model = await loadGovernanceModel(ctx)
    return {findings: await governanceFindings(ctx, kind === 'gaps' ? GAPS_CHECKS : ORPHANS_CHECKS, {model}), report: of(model), problems: model.problems}
  }
  const valid = (r: KeptReport<T>) => typeof r.report === 'object' && r.report !== null && Array.isArray(r.problems)
  return keptModelRecord(ctx, kind, compute, valid).catch(() => undefined)
}

/** A row of the traceability matrix: a requirement with the tests that cover it. */
export interface TraceRow {
  requirement: string
  title: string
  status: string
  priority: string
  tests: string[]
  covered: boolean
  draft: boolean
}

/** The traceability matrix: each requirement with the tests that cover it. */
export function traceMatrix(model: GovernanceModel): TraceRow[] {
  const tests = new Map<string, string[]>()
  for (const t of model.tests) for (const id of t.covers) tests.set(id, [...(tests.get(id) ?? []), t.id])
  return model.requirements.map((r) => {
    const list = tests.get(r.id) ?? []
    return {requirement: r.id, title: r.title, status: r.status, priority: r.priority ?? '', tests: list, covered: list.length > 0, draft: isDraft(r)}
  })
}

export interface TraceReport {
  matrix: TraceRow[]
  covered: number
  total: number
  percent: number
  orphans: {test: string; requirement: string}[]
  problems: ParseProblem[]
}

/** What `req trace` and `export` read of the model: the trace report and the number of tests. */
export interface TraceModel {
  trace: TraceReport
  tests: number
}

/** The trace report of a loaded model. */
export function traceOf(model: GovernanceModel): TraceModel {
  const cov = coverage(model)
  const trace = {
    matrix: traceMatrix(model),
    covered: cov.covered.length,
    total: cov.covered.length + cov.uncovered.length,
    percent: cov.percent,
    orphans: cov.orphans,
    problems: model.problems,
  }
  return {trace, tests: model.tests.length}
}

/**
 * The trace report, from the record kept under the model summary's key and rules when it is fresh
 * (`.govtool/cache/model-<kind>-<bundle>.json`, model-summary.ts), else from the model: the same answer. `export`'s
 * record also holds the findings of MODEL_CHECKS on the same model (what its audit summary reads of the model), so
 * export reads one file. `model` is the model when this call loaded it without keeping a record (the summary turned
 * off, or failing), for a caller that reads more of it.
 */
export async function keptTrace(ctx: ProjectContext, kind: 'trace' | 'export' = 'trace'): Promise<TraceModel & {findings?: Finding[]; model?: GovernanceModel}> {
  const compute = async (): Promise<TraceModel & {findings: Finding[]}> => {
    const model = await loadGovernanceModel(ctx)
    return {findings: kind === 'export' ? await governanceFindings(ctx, MODEL_CHECKS, {model}) : [], ...traceOf(model)}
  }
  const valid = (r: TraceModel) =>
    typeof r.tests === 'number' && typeof r.trace === 'object' && r.trace !== null && Array.isArray(r.trace.matrix) && Array.isArray(r.trace.orphans) && Array.isArray(r.trace.problems)
  const kept = await keptModelRecord(ctx, kind, compute, valid).catch(() => undefined)
  if (kept) return {trace: kept.trace, tests: kept.tests, findings: kept.findings}
  const model = await loadGovernanceModel(ctx)
  return {...traceOf(model), model}
}

/** The requirement-to-test matrix and the coverage of the non-draft requirements (from the kept record when fresh). */
export async function traceReport(ctx: ProjectContext): Promise<TraceReport> {
  return (await keptTrace(ctx)).trace
}
