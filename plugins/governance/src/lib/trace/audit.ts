/**
 * `audit`: the health checks of SPEC.md, each issue with file, line and a fix hint. The checks themselves are
 * the shared findings (findings.ts), so audit, validate, `req gaps`, `req orphans` and the phase checklists
 * judge each fact the same way. `--fix` (writing the missing governance files, which is scaffolding's job)
 * lives in ../audit-fix.ts, so that traceability never imports the scaffolding modules (which import
 * traceability).
 */
import type {ProjectContext} from 'govtool/core'

import {AUDIT_CHECKS, hasErrors, type Finding, type FindingsOptions} from './findings.js'
import {summarisedFindings} from './model-summary.js'

export {AuditThresholdsSchema, auditThresholds, expectedCiTools, type AuditThresholds} from './findings.js'

/** An audit issue is a finding (findings.ts): the same check id, severity, message, file, line and hint everywhere. */
export type AuditIssue = Finding

export interface AuditReport {
  /** no error-severity issue */
  healthy: boolean
  issues: AuditIssue[]
  /** with --fix: what was written or changed */
  fixed?: string[]
}

export type AuditOptions = FindingsOptions

/**
 * The audit's findings; those of the model's checks from the model summary kept across runs when it is fresh
 * (model-summary.ts: equal to the full path's, which answers otherwise).
 */
export async function runAudit(ctx: ProjectContext, options: AuditOptions = {}): Promise<AuditReport> {
  return auditReport(await summarisedFindings(ctx, AUDIT_CHECKS, options))
}

/** The audit report of findings computed for the audit's checks. */
export function auditReport(issues: AuditIssue[]): AuditReport {
  return {healthy: !hasErrors(issues), issues}
}
