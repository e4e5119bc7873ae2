/**
 * `audit --fix`: where traceability and scaffolding meet. The audit (trace/audit.ts) finds what is missing;
 * the scaffolding (scaffold/write.ts) renders and writes it. This module depends on both so that neither
 * depends on the other: the scaffolding modules import traceability (the ledger, the model), so an audit that
 * imported scaffolding, even through `import()`, would close a cycle.
 */
import type {ProjectContext, ProjectTypeRegistry} from 'govtool/core'

import {writeCiConfig, writeMissingGovernanceFiles} from './scaffold/write.js'
import {auditThresholds, runAudit, type AuditIssue, type AuditOptions, type AuditReport} from './trace/audit.js'
import {compressLedger} from './trace/compress.js'
import {builtinRegistry} from './trace/project.js'

/**
 * Audits, fixes what can be fixed (writes the missing governance files, compresses an over-long ledger,
 * generates the CI config), and audits again. The report is the second audit's, with `fixed` listing what
 * was written or changed.
 */
export async function runAuditWithFixes(ctx: ProjectContext, options: AuditOptions = {}): Promise<AuditReport> {
  const registry = options.registry ?? builtinRegistry()
  const first = await runAudit(ctx, {registry, model: options.model})
  const fixed = await applyFixes(ctx, registry, first.issues)
  const again = await runAudit(ctx, {registry})
  return {...again, fixed}
}

async function applyFixes(ctx: ProjectContext, registry: ProjectTypeRegistry, issues: readonly AuditIssue[]): Promise<string[]> {
  const fixed: string[] = []
  const has = (...checks: string[]) => issues.some((i) => checks.includes(i.check))
  if (has('agents', 'ledger', 'agents-modular', 'requirements')) fixed.push(...(await writeMissingGovernanceFiles(ctx, registry)))
  if (has('ledger-size')) {
    const limits = await auditThresholds(ctx)
    const result = await compressLedger(ctx, {threshold: limits.ledger_max_lines})
    if (result.compressed) fixed.push(`${ctx.relative(ctx.file('ledger'))} (moved ${result.moved} entries to ${result.archive})`)
  }
  if (has('ci-config')) fixed.push(...(await writeCiConfig(ctx, registry)))
  return fixed
}
