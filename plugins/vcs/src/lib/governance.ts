import {buildExportReport, countOpenTodos, readLedger, runAudit} from '@govtool/plugin-governance/trace'
import {GOVERNANCE_FILES, readTextIfExists, type ProjectContext, type ProjectTypeRegistry} from 'govtool/core'

/**
 * What the version-control workflow needs from the governance area, in one place: audit health, the ledger
 * and the export report (all through @govtool/plugin-governance's published API).
 */

/** Project-relative paths of the governance files (docs/governance/ counts as a whole). */
export const GOVERNANCE_PATHS: readonly string[] = Object.values(GOVERNANCE_FILES)

export function isGovernanceFile(file: string): boolean {
  const f = file.replaceAll('\\', '/')
  return GOVERNANCE_PATHS.some((g) => f === g || f.startsWith(`${g}/`)) || ['REQUIREMENTS.md', 'TESTS.md'].includes(f)
}

export interface AuditSummary {
  healthy: boolean
  issues: {check: string; severity: 'error' | 'warning'; message: string; file?: string; line?: number; hint?: string}[]
}

export async function auditProject(ctx: ProjectContext, registry?: ProjectTypeRegistry): Promise<AuditSummary> {
  const report = await runAudit(ctx, registry ? {registry} : {})
  return {
    healthy: report.healthy,
    // errors first: they are what makes the audit fail
    issues: [...report.issues]
      .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1)).map((i) => ({check: i.check, severity: i.severity, message: i.message, file: i.file, line: i.line, hint: i.hint})),
  }
}

/** The issues that make the audit fail (errors; warnings never block). */
export function blockingIssues(audit: AuditSummary): AuditSummary['issues'] {
  return audit.issues.filter((i) => i.severity === 'error')
}

/** The description of the last ledger entry (its heading without the timestamp), if any. */
export async function lastLedgerHeading(ctx: ProjectContext): Promise<string | undefined> {
  const {entries} = await readLedger(ctx)
  const last = entries.at(-1)
  const text = last?.description.trim()
  return text ? text : undefined
}

/** Timestamp (ms) of the newest ledger entry. */
export async function lastLedgerTime(ctx: ProjectContext): Promise<number | undefined> {
  const {entries} = await readLedger(ctx)
  const times = entries.map((e) => Date.parse(e.timestamp)).filter((t) => Number.isFinite(t))
  return times.length > 0 ? Math.max(...times) : undefined
}

export async function openTodoCount(ctx: ProjectContext): Promise<number> {
  const text = await readTextIfExists(ctx.file('ledger'))
  return text === undefined ? 0 : countOpenTodos(text)
}

/** The first `max` characters of the compliance report (SPEC.md Limits: PR body, 2000 characters). */
export async function exportExcerpt(ctx: ProjectContext, max = 2000, registry?: ProjectTypeRegistry): Promise<string> {
  return (await buildExportReport(ctx, registry ? {registry} : {})).slice(0, max)
}
