/** Multi-project workspaces: workspace.yml, an aggregate audit and one combined report. */
import {existsSync, statSync} from 'node:fs'
import path from 'node:path'

import {GovError, InputError, ProjectContext, loadYamlFile, writeFileAtomic, type ProjectTypeRegistry} from 'govtool/core'
import {z} from 'zod/v3'

import {runAudit} from './audit.js'
import {buildExportReport} from './export.js'
import {coverage, loadGovernanceModel} from './model.js'
import {readScaffoldSafe} from './project.js'

export const WORKSPACE_FILE = 'workspace.yml'

export const WorkspaceSchema = z
  .object({
    name: z.string().min(1, 'name must not be empty'),
    projects: z.array(z.string().min(1)).default([]),
  })
  .passthrough()
export type Workspace = z.infer<typeof WorkspaceSchema>

const NAME = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/

function yamlString(value: string): string {
  return JSON.stringify(value)
}

/** Creates `<dir>/workspace.yml` listing the projects (paths relative to the workspace directory). */
export async function initWorkspace(dir: string, name: string, projects: readonly string[], options: {force?: boolean} = {}): Promise<{file: string; workspace: Workspace}> {
  if (!NAME.test(name)) throw new InputError(`Invalid workspace name "${name}".`, {code: 'E_BAD_NAME', hint: 'Use letters, digits, spaces, "_", "-" or "." (at most 64 characters).'})
  const root = path.resolve(dir)
  const file = path.join(root, WORKSPACE_FILE)
  if (existsSync(file) && !options.force) {
    throw new GovError(`${file} already exists.`, {code: 'E_EXISTS', hint: 'Edit it, or pass --force to replace it.'})
  }
  const rels: string[] = []
  for (const p of projects) {
    const abs = path.resolve(root, p)
    let isDir = false
    try {
      isDir = statSync(abs).isDirectory()
    } catch {
      isDir = false
    }
    if (!isDir) throw new InputError(`Project directory ${p} does not exist.`, {code: 'E_NO_PROJECT_DIR', hint: 'List existing project directories, relative to the workspace directory.'})
    const rel = path.relative(root, abs).split(path.sep).join('/') || '.'
    if (!rels.includes(rel)) rels.push(rel)
  }
  const body = [
    '# govtool workspace: `govtool workspace audit` and `govtool workspace export` read it.',
    `name: ${yamlString(name)}`,
    rels.length > 0 ? 'projects:' : 'projects: []',
    ...rels.map((r) => `  - ${yamlString(r)}`),
    '',
  ].join('\n')
  await writeFileAtomic(file, body)
  return {file, workspace: {name, projects: rels}}
}

export async function loadWorkspace(dir: string): Promise<{file: string; root: string; workspace: Workspace}> {
  const root = path.resolve(dir)
  const file = path.join(root, WORKSPACE_FILE)
  const loaded = await loadYamlFile(file, WorkspaceSchema)
  if (!loaded) throw new GovError(`No ${WORKSPACE_FILE} in ${root}.`, {code: 'E_NO_WORKSPACE', hint: 'Create one with `govtool workspace init NAME [PROJECTS...]`, or pass --dir.'})
  return {file, root, workspace: loaded.value}
}

export interface WorkspaceProjectAudit {
  path: string
  name: string
  healthy: boolean
  errors: number
  warnings: number
  coverage_pct: number
  requirements: number
  tests: number
  /** the project could not be audited (missing directory) */
  error?: string
}

export interface WorkspaceAudit {
  workspace: string
  healthy: boolean
  projects: WorkspaceProjectAudit[]
}

export async function auditWorkspace(dir: string, options: {registry?: ProjectTypeRegistry} = {}): Promise<WorkspaceAudit> {
  const {root, workspace} = await loadWorkspace(dir)
  const projects: WorkspaceProjectAudit[] = []
  for (const rel of workspace.projects) {
    const abs = path.resolve(root, rel)
    const base = {path: rel, name: path.basename(abs), healthy: false, errors: 0, warnings: 0, coverage_pct: 0, requirements: 0, tests: 0}
    if (!existsSync(abs)) {
      projects.push({...base, error: `${rel} does not exist`})
      continue
    }
    const ctx = new ProjectContext(abs)
    const model = await loadGovernanceModel(ctx)
    const report = await runAudit(ctx, {registry: options.registry, model})
    const scaffold = await readScaffoldSafe(ctx)
    projects.push({
      ...base,
      name: scaffold.scaffold?.name ?? base.name,
      healthy: report.healthy,
      errors: report.issues.filter((i) => i.severity === 'error').length,
      warnings: report.issues.filter((i) => i.severity === 'warning').length,
      coverage_pct: coverage(model).percent,
      requirements: model.requirements.length,
      tests: model.tests.length,
    })
  }
  return {workspace: workspace.name, healthy: projects.every((p) => p.healthy), projects}
}

/** One report: a summary table of every project, then each project's export with its headings one level down. */
export async function buildWorkspaceReport(dir: string, options: {registry?: ProjectTypeRegistry} = {}): Promise<string> {
  const {root, workspace} = await loadWorkspace(dir)
  const audit = await auditWorkspace(root, options)
  const out = [`# Workspace report: ${workspace.name}`, '', `Generated ${new Date().toISOString()} by govtool. ${audit.projects.length} projects; ${audit.healthy ? 'all healthy' : 'issues found'}.`, '']
  out.push('| Project | Path | Health | Errors | Warnings | Requirements | Tests | Coverage |', '|---|---|---|---|---|---|---|---|')
  for (const p of audit.projects) {
    out.push(`| ${p.name} | ${p.path} | ${p.error ? 'missing' : p.healthy ? 'healthy' : 'issues'} | ${p.errors} | ${p.warnings} | ${p.requirements} | ${p.tests} | ${p.coverage_pct}% |`)
  }
  for (const p of audit.projects) {
    if (p.error) continue
    const report = await buildExportReport(new ProjectContext(path.resolve(root, p.path)), {registry: options.registry})
    out.push('', report.replaceAll(/^(#{1,5}) /gm, '#$1 ').trimEnd())
  }
  return out.join('\n') + '\n'
}
