/** The requirement reports of `req list`, `req gaps`, `req orphans` and `req trace`, computed from the model. */
import type {ProjectContext} from 'govtool/core'

import {traceMatrix} from './export.js'
import {GAPS_CHECKS, ORPHANS_CHECKS, governanceFindings, type Finding} from './findings.js'
import {coverage, loadGovernanceModel} from './model.js'
import type {ParseProblem, Requirement} from './types.js'

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

/** The non-draft requirements no test covers. */
export async function requirementGaps(ctx: ProjectContext): Promise<RequirementGaps> {
  const model = await loadGovernanceModel(ctx)
  const cov = coverage(model)
  const uncovered = new Set(cov.uncovered)
  const gaps = model.requirements
    .filter((r) => uncovered.has(r.id))
    .map((r) => ({id: r.id, title: r.title, status: r.status, priority: r.priority ?? null, file: r.file, line: r.line}))
  const issues = await governanceFindings(ctx, GAPS_CHECKS, {model})
  return {gaps, count: gaps.length, percent: cov.percent, problems: model.problems, issues}
}

export interface OrphanReferences {
  orphans: {test: string; requirement: string; file: string; line: number}[]
  count: number
  problems: ParseProblem[]
  /** the findings of the orphan and parse checks: the same ones, with the same severity, that audit reports */
  issues: Finding[]
}

/** The tests whose Covers names a requirement that does not exist, with the test's file and line. */
export async function orphanReferences(ctx: ProjectContext): Promise<OrphanReferences> {
  const model = await loadGovernanceModel(ctx)
  const tests = new Map(model.tests.map((t) => [t.id, t]))
  const orphans = coverage(model).orphans.map((o) => ({...o, file: tests.get(o.test)!.file, line: tests.get(o.test)!.line}))
  const issues = await governanceFindings(ctx, ORPHANS_CHECKS, {model})
  return {orphans, count: orphans.length, problems: model.problems, issues}
}

export interface TraceReport {
  matrix: ReturnType<typeof traceMatrix>
  covered: number
  total: number
  percent: number
  orphans: {test: string; requirement: string}[]
  problems: ParseProblem[]
}

/** The requirement-to-test matrix and the coverage of the non-draft requirements. */
export async function traceReport(ctx: ProjectContext): Promise<TraceReport> {
  const model = await loadGovernanceModel(ctx)
  const cov = coverage(model)
  return {
    matrix: traceMatrix(model),
    covered: cov.covered.length,
    total: cov.covered.length + cov.uncovered.length,
    percent: cov.percent,
    orphans: cov.orphans,
    problems: model.problems,
  }
}
