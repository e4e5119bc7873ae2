/** The compliance report of a project (`export`) and the multi-project workspace (`workspace init/audit/export`). */
import path from 'node:path'

import {color, defineOperation, loadProjectTypes} from 'govtool/core'
import {z} from 'zod/v3'

import {renderReport} from '../lib/report-output.js'
import {plainTable} from '../lib/trace/present.js'
import {ReportResultSchema, WorkspaceAuditSchema, WorkspaceInitResultSchema} from './scaffold-schemas.js'

const dirField = z.string().min(1).default('.').describe('Directory holding workspace.yml (default: the current directory).')

export const exportOp = defineOperation({
  id: 'export',
  summary: 'Write the compliance and coverage report (Markdown).',
  description: `Project summary, tools of the project type, the requirement-to-test matrix with its coverage percentage, the audit summary, the last 10 commits and the contributors, and a file inventory.

The report is printed unless --output names a file, which is written atomically. \`govtool workspace export\` writes one report for several projects.`,
  examples: ['<%= config.bin %> export', '<%= config.bin %> export --output docs/compliance-report.md', '<%= config.bin %> export --output docs/compliance-report.md --json'],
  project: true,
  effect: 'write',
  input: z.object({
    output: z.string().min(1).optional().describe('Write the report to this file (relative to the current directory).'),
  }),
  cli: {fields: {output: {char: 'o', helpValue: 'PATH'}}},
  result: ReportResultSchema,
  async run(ctx, input) {
    const [{buildExportReport}, {deliverReport}, registry] = await Promise.all([
      import('../lib/trace/export.js'),
      import('../lib/report-output.js'),
      loadProjectTypes(ctx.cliRoot),
    ])
    const report = await buildExportReport(ctx.project(), {registry})
    return deliverReport(report, input.output ? ctx.resolvePath(input.output) : undefined)
  },
  render: (r, view) => renderReport(r, view.input.output),
})

export const workspaceInitOp = defineOperation({
  id: 'workspace.init',
  summary: 'Create workspace.yml listing several projects.',
  description: `Writes <dir>/workspace.yml (default: the current directory) with the workspace name and the project directories, relative to it. Each project directory must exist (exit 2 otherwise); an existing workspace.yml is replaced only with --force.

\`govtool workspace audit\` and \`govtool workspace export\` read it.`,
  examples: ['<%= config.bin %> workspace init platform api web worker', '<%= config.bin %> workspace init platform ./api --dir ~/work', '<%= config.bin %> workspace init demo .'],
  effect: 'write',
  input: z.object({
    name: z.string().describe('Workspace name.'),
    projects: z.array(z.string().min(1)).default([]).describe('Project directories (any number).'),
    dir: z.string().min(1).optional().describe('Directory of the workspace (default: the current directory).'),
    force: z.boolean().default(false).describe('Replace an existing workspace.yml.'),
  }),
  cli: {fields: {name: {arg: true}, projects: {rest: true}, dir: {helpValue: 'DIR'}}},
  result: WorkspaceInitResultSchema,
  async run(ctx, input) {
    const {initWorkspace} = await import('../lib/trace/workspace.js')
    const dir = input.dir ?? '.'
    // project directories are relative to the workspace directory; over HTTP they must stay in the project too
    for (const p of input.projects) ctx.resolvePath(path.isAbsolute(p) ? p : path.join(dir, p))
    const {file, workspace} = await initWorkspace(ctx.resolvePath(dir), input.name, input.projects, {force: input.force})
    return {file, workspace: {name: workspace.name, projects: workspace.projects}}
  },
  render: (r) => `Wrote ${r.file} (${r.workspace.projects.length} project(s)).`,
})

export const workspaceAuditOp = defineOperation({
  id: 'workspace.audit',
  summary: 'Audit every project of a workspace; exit 1 if any fails.',
  description: `Runs \`govtool audit\` on each project listed in workspace.yml and shows one line per project: health, errors, warnings and requirement coverage. A project directory that no longer exists is reported as missing.

Exits 1 when any project has issues or is missing; run \`govtool audit\` in those projects for the details.`,
  examples: ['<%= config.bin %> workspace audit', '<%= config.bin %> workspace audit --dir ~/work --json'],
  effect: 'read',
  input: z.object({dir: dirField}),
  cli: {fields: {dir: {helpValue: 'DIR'}}},
  result: WorkspaceAuditSchema,
  async run(ctx, input) {
    const [{auditWorkspace}, registry] = await Promise.all([import('../lib/trace/workspace.js'), loadProjectTypes(ctx.cliRoot)])
    return auditWorkspace(ctx.resolvePath(input.dir), {registry})
  },
  exitCode: (r) => (r.healthy ? 0 : 1),
  render(r) {
    const table = plainTable(
      ['Project', 'Path', 'Health', 'Errors', 'Warnings', 'Coverage'],
      r.projects.map((p) => [p.name, p.path, p.error ? color.red('missing') : p.healthy ? color.green('healthy') : color.red('issues'), p.errors, p.warnings, `${p.coverage_pct}%`]),
    )
    const summary = r.healthy ? `Workspace ${r.workspace}: all ${r.projects.length} project(s) healthy.` : `Workspace ${r.workspace}: issues found (run govtool audit in the projects marked).`
    return `${table}\n\n${summary}`
  },
})

export const workspaceExportOp = defineOperation({
  id: 'workspace.export',
  summary: 'Write one combined compliance report for every project of a workspace.',
  description: 'A summary table of every project of workspace.yml (health, errors, warnings, requirements, tests, coverage), then each project\'s `govtool export` report with its headings one level down. Printed unless --output names a file.',
  examples: ['<%= config.bin %> workspace export --output workspace-report.md', '<%= config.bin %> workspace export --dir ~/work'],
  effect: 'write',
  input: z.object({
    dir: dirField,
    output: z.string().min(1).optional().describe('Write the report to this file (default: print it).'),
  }),
  cli: {fields: {dir: {helpValue: 'DIR'}, output: {char: 'o', helpValue: 'PATH'}}},
  result: ReportResultSchema,
  async run(ctx, input) {
    const [{buildWorkspaceReport}, {deliverReport}, registry] = await Promise.all([
      import('../lib/trace/workspace.js'),
      import('../lib/report-output.js'),
      loadProjectTypes(ctx.cliRoot),
    ])
    const report = await buildWorkspaceReport(ctx.resolvePath(input.dir), {registry})
    return deliverReport(report, input.output ? ctx.resolvePath(input.output) : undefined)
  },
  render: (r, view) => renderReport(r, view.input.output),
})
