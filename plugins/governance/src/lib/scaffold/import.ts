import path from 'node:path'

import {ProjectContext, slugify, type ProjectTypeRegistry, type Scaffold} from 'govtool/core'

import {appendLedgerEntry} from '../trace/ledger.js'
import {detectProject, type ProjectDetection} from './detect.js'
import {guidedComponents, guidedExtras} from './guided.js'
import {configFile, renderProjectFiles, type FileCategory, type RenderedFile} from './render.js'
import {readProjectScaffold, resolveProjectType, scaffoldWithDefaults} from './scaffold-file.js'
import {isGeneratedByGovtool, projectHasFile, writeRenderedFiles} from './write.js'

export interface ImportOptions {
  registry: ProjectTypeRegistry
  /** regenerate the files govtool owns even when present (never LEDGER.md, never requirement or test entries) */
  force?: boolean
  /** add REQ stubs, their tests and docs/architecture.md (when those files are missing) */
  guided?: boolean
  /** docs/GOVTOOL.yml with every policy default spelled out, written when the project has none */
  config?: string
}

export interface ImportResult {
  project_dir: string
  detected: ProjectDetection
  /** the project type used (from scaffold.yml when present, else detected) */
  type: string
  /** true when scaffold.yml was written by this import */
  scaffold_created: boolean
  written: string[]
  /** files that exist and were kept */
  kept: string[]
  unchanged: string[]
}

/** Everything init writes except the type's source files and its dependency manifest. */
const IMPORT_CATEGORIES: readonly FileCategory[] = [
  'agents', 'ledger', 'requirements', 'tests', 'architecture', 'governance', 'scaffold', 'ci', 'dependency-updates', 'scripts', 'integration', 'gitignore',
]
/** Present files `--force` may still not replace: user content. */
const NEVER_REPLACED: ReadonlySet<FileCategory> = new Set(['ledger', 'requirements', 'tests', 'architecture', 'scaffold', 'config', 'gitignore'])

/** scaffold.yml for an existing repository, from what the scan found. */
export function scaffoldFromDetection(root: string, detected: ProjectDetection, registry: ProjectTypeRegistry): Scaffold {
  const type = registry.types.has(detected.project_type) ? detected.project_type : 'generic'
  return scaffoldWithDefaults({
    name: slugify(path.basename(root)),
    type,
    ...(detected.language ? {language: detected.language} : {}),
    vcs_platform: detected.vcs_platform,
    default_branch: detected.vcs.branch ?? 'main',
    description: '',
  })
}

/**
 * Adopts an existing repository: scans it, writes scaffold.yml from the scan when it has none, and writes
 * the governance, CI, script and integration files it lacks. With `force` the files govtool owns are
 * regenerated; LEDGER.md, docs/REQUIREMENTS.md, docs/TESTS.md, architecture, scaffold.yml and docs/GOVTOOL.yml are
 * never replaced once present, and a CI config the user wrote (no govtool marker) is kept.
 */
export async function importProject(ctx: ProjectContext, options: ImportOptions): Promise<ImportResult> {
  const detected = await detectProject(ctx.root)
  const existing = await readProjectScaffold(ctx)
  const scaffold = existing?.scaffold ?? scaffoldFromDetection(ctx.root, detected, options.registry)
  const type = resolveProjectType(options.registry, scaffold.type)
  const guided = options.guided ?? false
  const extras = guided ? guidedExtras(guidedComponents((scaffold as Record<string, unknown>).components)) : undefined
  const files = await renderProjectFiles(scaffold, type, {guided, extras, categories: IMPORT_CATEGORIES})
  if (options.config !== undefined) files.push(configFile(options.config))
  const ledgerExisted = projectHasFile(ctx, 'LEDGER.md')

  const replace = (f: RenderedFile): boolean => {
    if (!options.force || NEVER_REPLACED.has(f.category)) return false
    if (f.category === 'ci' || f.category === 'dependency-updates' || f.category === 'scripts') return isGeneratedByGovtool(ctx.path(f.path))
    return true
  }
  const report = await writeRenderedFiles(ctx.root, files, {replace, exists: (f) => projectHasFile(ctx, f.path)})
  if (!ledgerExisted && report.written.includes('LEDGER.md')) {
    await appendLedgerEntry(ctx, {
      description: `Imported ${scaffold.name} into govtool governance (type ${type.name}, ${detected.source_files} source files)`,
      type: 'task',
    })
  }
  return {
    project_dir: ctx.root,
    detected,
    type: type.name,
    scaffold_created: report.written.includes('scaffold.yml'),
    written: report.written,
    kept: report.kept,
    unchanged: report.unchanged,
  }
}
