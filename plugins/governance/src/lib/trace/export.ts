/** `export`: the compliance and coverage report in Markdown. */
import path from 'node:path'

import {TOOL_CATEGORIES, type ProjectContext, type ProjectTypeRegistry, markdownTable} from 'govtool/core'

import {auditReport, runAudit, type AuditReport} from './audit.js'
import {AUDIT_CHECKS} from './findings.js'
import {contributors, recentCommits} from './git.js'
import {projectInventory} from './inventory.js'
import {withModelFindings} from './model-summary.js'
import {builtinRegistry, readScaffoldSafe} from './project.js'
import {keptTrace, traceOf} from './reports.js'
import type {GovernanceModel} from './types.js'

export interface ExportOptions {
  registry?: ProjectTypeRegistry
  model?: GovernanceModel
  audit?: AuditReport
  /** the report's timestamp (default: now) */
  now?: Date
}

const table = (head: string[], rows: unknown[][]): string => markdownTable(head, rows)

export {traceMatrix} from './reports.js'

export async function buildExportReport(ctx: ProjectContext, options: ExportOptions = {}): Promise<string> {
  const registry = options.registry ?? builtinRegistry()
  // what the report reads of the model (the matrix, the counts, audit's model findings), from the record kept across
  // runs when fresh (reports.ts keptTrace: the same answer), else from the model
  const {trace, tests, findings, model} = options.model ? {...traceOf(options.model), findings: undefined, model: options.model} : await keptTrace(ctx, 'export')
  const runReportAudit = (): Promise<AuditReport> =>
    findings ? withModelFindings(ctx, AUDIT_CHECKS, findings, {registry}).then((issues) => auditReport(issues)) : runAudit(ctx, {registry, ...(model ? {model} : {})})
  const [read, audit, commits, people, files] = await Promise.all([
    readScaffoldSafe(ctx),
    options.audit ? Promise.resolve(options.audit) : runReportAudit(),
    recentCommits(ctx.root, 10),
    contributors(ctx.root),
    projectInventory(ctx.root),
  ])
  const s = read.scaffold
  const name = s?.name ?? path.basename(ctx.root)
  const out: string[] = []
  out.push(`# Compliance report: ${name}`, '', `Generated ${(options.now ?? new Date()).toISOString()} by govtool.`, '')

  out.push('## Project summary', '')
  if (s) {
    out.push(
      table(['Field', 'Value'], [
        ['Name', s.name],
        ['Type', s.type],
        ['Language', s.language],
        ['Description', s.description],
        ['Spec version', s.spec_version],
        ['AEE phase', s.aee_phase],
        ['VCS platform', s.vcs_platform],
        ['Branching strategy', s.branching_strategy],
        ['License', s.license],
      ]),
    )
  } else out.push(read.problem ? `scaffold.yml could not be read: ${read.problem.file}:${read.problem.line}: ${read.problem.message}` : 'No scaffold.yml in this project.')
  out.push('')

  out.push('## Tools', '')
  const type = s ? registry.types.get(s.type) : undefined
  if (type) {
    const rows: unknown[][] = []
    for (const category of TOOL_CATEGORIES) for (const tool of type.toolset?.[category] ?? []) rows.push([category, tool.name, tool.run ? `\`${tool.run}\`` : ''])
    out.push(`Project type \`${type.name}\`: ${type.description}`, '', rows.length > 0 ? table(['Category', 'Tool', 'Runs'], rows) : 'The type declares no tools.')
  } else out.push(s ? `Project type \`${s.type}\` is not installed.` : 'Unknown (no scaffold.yml).')
  out.push('')

  out.push('## Requirement-to-test matrix', '')
  out.push(
    `Coverage: ${trace.covered} of ${trace.total} non-draft requirements covered (${trace.percent}%); ` +
      `${trace.matrix.length} requirements, ${tests} tests.`,
    '',
  )
  const {matrix} = trace
  if (matrix.length > 0) {
    out.push(
      table(
        ['Requirement', 'Title', 'Status', 'Priority', 'Tests', 'Covered'],
        matrix.map((m) => [m.requirement, m.title, m.status, m.priority, m.tests.join(', '), m.draft ? 'draft' : m.covered ? 'yes' : 'NO']),
      ),
    )
  } else out.push('No requirements recorded.')
  if (trace.orphans.length > 0) out.push('', `Tests covering unknown requirements: ${trace.orphans.map((o) => `${o.test} -> ${o.requirement}`).join(', ')}.`)
  out.push('')

  out.push('## Audit summary', '')
  const errors = audit.issues.filter((i) => i.severity === 'error')
  const warnings = audit.issues.filter((i) => i.severity === 'warning')
  out.push(`Status: **${audit.healthy ? 'healthy' : 'issues found'}** (${errors.length} errors, ${warnings.length} warnings).`)
  if (audit.issues.length > 0) {
    const shown = audit.issues.slice(0, 50)
    out.push('', table(['Severity', 'Check', 'Where', 'Issue'], shown.map((i) => [i.severity, i.check, i.file ? `${i.file}${i.line ? `:${i.line}` : ''}` : '', i.message])))
    if (audit.issues.length > shown.length) out.push('', `... and ${audit.issues.length - shown.length} more (run \`govtool audit\`).`)
  }
  out.push('')

  out.push('## Recent commits', '')
  if (commits === undefined) out.push('Not a git repository (or git is not installed).')
  else if (commits.length === 0) out.push('No commits yet.')
  else out.push(table(['Commit', 'Date', 'Author', 'Subject'], commits.map((c) => [`\`${c.hash}\``, c.date, c.author, c.subject])))
  if (people && people.length > 0) out.push('', `Contributors: ${people.map((p) => `${p.name} (${p.commits})`).join(', ')}.`)
  out.push('')

  out.push('## File inventory', '')
  out.push(`${files.total} files (${files.source === 'git' ? 'tracked by git' : 'found on disk'}${files.truncated ? ', listing truncated' : ''}).`, '')
  if (files.total > 0) {
    out.push(table(['Directory', 'Files'], files.by_directory.slice(0, 30).map((d) => [d.directory, d.files])), '')
    out.push(table(['Extension', 'Files'], files.by_extension.slice(0, 30).map((e) => [e.extension, e.files])))
  }
  return out.join('\n').replace(/\n+$/, '') + '\n'
}
