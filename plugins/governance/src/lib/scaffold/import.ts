import {existsSync} from 'node:fs'
import path from 'node:path'

import {AEE_PHASES, ProjectContext, gitOutput, parseYaml, readTextIfExists, slugify, withLock, writeFileAtomic, type AeePhase, type ProjectTypeRegistry, type Scaffold} from 'govtool/core'

import {appendMarkdownBlock} from '../trace/format.js'
import {appendLedgerEntry} from '../trace/ledger.js'
import {governanceSources, loadGovernanceModel} from '../trace/model.js'
import {detectProject, type ProjectDetection} from './detect.js'
import {guidedComponents, guidedExtras} from './guided.js'
import {detectedPhase, importNextSteps, keptPhase, moduleComponents, type ImportPhase} from './import-plan.js'
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
  /** the AEE phase the project is at, how it was chosen and why */
  phase: ImportPhase
  /** the commands of a first governed change, in order, to run in the project directory */
  next_steps: string[]
}

/** Everything init writes except the type's source files and its dependency manifest. */
const IMPORT_CATEGORIES: readonly FileCategory[] = [
  'agents', 'ledger', 'requirements', 'tests', 'architecture', 'governance', 'scaffold', 'ci', 'dependency-updates', 'scripts', 'integration', 'gitignore',
]
/** Present files `--force` may still not replace: user content. */
const NEVER_REPLACED: ReadonlySet<FileCategory> = new Set(['ledger', 'requirements', 'tests', 'architecture', 'scaffold', 'config', 'gitignore'])

/** scaffold.yml for an existing repository, from what the scan found. */
export function scaffoldFromDetection(root: string, detected: ProjectDetection, registry: ProjectTypeRegistry, phase: AeePhase = 'inception'): Scaffold {
  const type = registry.types.has(detected.project_type) ? detected.project_type : 'generic'
  return scaffoldWithDefaults({
    name: slugify(path.basename(root)),
    type,
    ...(detected.language ? {language: detected.language} : {}),
    vcs_platform: detected.vcs_platform,
    default_branch: detected.vcs.branch ?? 'main',
    description: '',
    aee_phase: phase,
  })
}

/** scaffold.yml's aee_phase as written (undefined when the file does not record one). */
function recordedPhase(text: string, file: string): AeePhase | undefined {
  const data = parseYaml(text, file).data as Record<string, unknown> | null
  const phase = data?.aee_phase
  return typeof phase === 'string' && (AEE_PHASES as readonly string[]).includes(phase) ? (phase as AeePhase) : undefined
}

/**
 * `--guided` on a project whose requirements file has no entry yet (a plain import wrote only the header):
 * appends the guided requirements, and the tests covering them, under each file's lock. Returns the files changed.
 */
async function appendGuidedEntries(ctx: ProjectContext, extras: {requirements_entries?: string; test_entries?: string}): Promise<string[]> {
  const model = await loadGovernanceModel(ctx)
  if (model.requirements.length > 0) return []
  const sources = await governanceSources(ctx)
  const changed: string[] = []
  const testIds = new Set(model.tests.map((t) => t.id))
  // only the test entries whose ids are free
  const tests = (extras.test_entries ?? '')
    .split(/\n(?=### )/)
    .filter((block) => {
      const id = /^### (TEST-[A-Z0-9_-]+)\./m.exec(block)?.[1]
      return id !== undefined && !testIds.has(id)
    })
    .map((b) => b.trim())
  for (const [file, block] of [[sources.requirements, (extras.requirements_entries ?? '').trim()], [sources.tests, tests.join('\n\n')]] as const) {
    if (block === '') continue
    await withLock(file, async () => {
      const text = (await readTextIfExists(file)) ?? ''
      await writeFileAtomic(file, appendMarkdownBlock(text, block) + '\n')
    })
    changed.push(ctx.relative(file))
  }
  return changed
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
  const phase = existing ? keptPhase(recordedPhase(existing.text, existing.file)) : detectedPhase(detected)
  const scaffold = existing?.scaffold ?? scaffoldFromDetection(ctx.root, detected, options.registry, phase.phase ?? 'inception')
  const type = resolveProjectType(options.registry, scaffold.type)
  const guided = options.guided ?? false
  // guided stubs name the components scaffold.yml lists, else the modules the scan found
  const listed = (scaffold as Record<string, unknown>).components
  const components = Array.isArray(listed) && listed.length > 0 ? listed : moduleComponents(detected, scaffold.name)
  const extras = guided ? guidedExtras(guidedComponents(components)) : undefined
  const files = await renderProjectFiles(scaffold, type, {guided, extras, categories: IMPORT_CATEGORIES})
  if (options.config !== undefined) files.push(configFile(options.config))
  const ledgerExisted = projectHasFile(ctx, 'LEDGER.md')

  const replace = (f: RenderedFile): boolean => {
    if (!options.force || NEVER_REPLACED.has(f.category)) return false
    if (f.category === 'ci' || f.category === 'dependency-updates' || f.category === 'scripts') return isGeneratedByGovtool(ctx.path(f.path))
    return true
  }
  const report = await writeRenderedFiles(ctx.root, files, {replace, exists: (f) => projectHasFile(ctx, f.path)})
  if (extras) {
    // a requirements file a plain import wrote has no entry: --guided fills it now rather than keeping it
    for (const file of await appendGuidedEntries(ctx, extras)) {
      report.kept = report.kept.filter((f) => f !== file)
      report.unchanged = report.unchanged.filter((f) => f !== file)
      if (!report.written.includes(file)) report.written.push(file)
    }
  }
  if (!ledgerExisted && report.written.includes('LEDGER.md')) {
    const at = phase.source === 'detected' ? `, starting at phase ${phase.phase}` : ''
    await appendLedgerEntry(ctx, {
      description: `Imported ${scaffold.name} into govtool governance (type ${type.name}, ${detected.source_files} source files${at})`,
      type: 'task',
      ...(phase.source === 'detected' ? {fields: {Phase: `${phase.phase}: ${phase.reason}`}} : {}),
    })
  }
  const model = await loadGovernanceModel(ctx)
  const component = (guidedComponents(components)[0] ?? 'core').toLowerCase()
  const next_steps = importNextSteps({
    phase: phase.phase,
    detected,
    requirements: model.requirements.map((r) => r.id),
    guided,
    component,
    adopt: await untrackedGovernanceFiles(ctx, [...files.map((f) => f.path), ...(guided || model.requirements.length > 0 || existsSync(ctx.file('architecture')) ? [] : ['docs/architecture.md'])]),
  })
  return {
    project_dir: ctx.root,
    detected,
    type: type.name,
    scaffold_created: report.written.includes('scaffold.yml'),
    written: report.written,
    kept: report.kept,
    unchanged: report.unchanged,
    phase,
    next_steps,
  }
}

/**
 * The governance files git does not track yet, sorted: what the adoption commit stages (nothing outside a git
 * repository). A file that does not exist yet (written by a later `import --guided`) counts when it is not
 * tracked or ignored.
 */
async function untrackedGovernanceFiles(ctx: ProjectContext, paths: readonly string[]): Promise<string[]> {
  const tracked = await gitOutput(ctx.root, ['ls-files', '-z', '--cached', '--', ...paths])
  if (tracked === undefined) return []
  const known = new Set(tracked.split('\0').filter(Boolean))
  const ignored = new Set(((await gitOutput(ctx.root, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--', ...paths])) ?? '').split('\0').filter(Boolean))
  return [...new Set(paths)].filter((p) => !known.has(p) && !ignored.has(p)).sort()
}
