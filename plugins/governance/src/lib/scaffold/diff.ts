import {ProjectContext, readTextIfExists, type ProjectTypeRegistry} from 'govtool/core'

import {DIFF_CATEGORIES, renderProjectFiles, type FileCategory} from './render.js'
import {requireProjectScaffold, resolveProjectType} from './scaffold-file.js'

export type DiffStatus = 'match' | 'differs' | 'missing'

export interface DiffEntry {
  path: string
  category: FileCategory
  status: DiffStatus
  /** 1-based first line that differs (for `differs`) */
  first_difference_line?: number
}

export interface DiffResult {
  files: DiffEntry[]
  summary: Record<DiffStatus, number>
  /** every file matches */
  clean: boolean
}

function firstDifference(a: string, b: string): number {
  const x = a.split('\n')
  const y = b.split('\n')
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) return i + 1
  return 1
}

/**
 * Compares every template-rendered governance file (AGENTS.md, docs/governance/*.md, CI and dependency
 * configs, scripts, integration files) with what the templates render now from scaffold.yml.
 */
export async function diffGovernance(ctx: ProjectContext, registry: ProjectTypeRegistry): Promise<DiffResult> {
  const scaffold = await requireProjectScaffold(ctx)
  const type = resolveProjectType(registry, scaffold.type, {lenient: true})
  const rendered = await renderProjectFiles(scaffold, type, {categories: DIFF_CATEGORIES})
  const files = await Promise.all(
    rendered.map(async (f): Promise<DiffEntry> => {
      const current = await readTextIfExists(ctx.path(f.path))
      if (current === undefined) return {path: f.path, category: f.category, status: 'missing'}
      if (current === f.content) return {path: f.path, category: f.category, status: 'match'}
      return {path: f.path, category: f.category, status: 'differs', first_difference_line: firstDifference(current, f.content)}
    }),
  )
  const summary: Record<DiffStatus, number> = {match: 0, differs: 0, missing: 0}
  for (const f of files) summary[f.status]++
  return {files, summary, clean: summary.differs === 0 && summary.missing === 0}
}
