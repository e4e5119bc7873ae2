import {mkdtemp, mkdir, readdir, rename, rm, rmdir, stat} from 'node:fs/promises'
import path from 'node:path'

import {GovError, ProjectContext, parseYaml, requireProjectType, safeJoin, type ProjectTypeRegistry, type Scaffold} from 'govtool/core'

import {appendLedgerEntry} from '../trace/ledger.js'
import {gitInitAndCommit, type GitInitResult} from './git.js'
import {guidedComponents, guidedExtras} from './guided.js'
import {configFile, renderProjectFiles, type RenderedFile} from './render.js'
import {writeRenderedFiles} from './write.js'

export interface InitOptions {
  scaffold: Scaffold
  /** the scaffold.yml text the user gave (`--config`); kept as the project's scaffold.yml with its comments */
  scaffoldText?: string
  /** directory the project directory is created in */
  outputDir: string
  registry: ProjectTypeRegistry
  /** make a git repository with a first commit (default true) */
  git?: boolean
  /** add REQ-{COMPONENT}-001/002 stubs, their tests and docs/architecture.md */
  guided?: boolean
  /**
   * docs/GOVTOOL.yml with every policy default spelled out (renderConfigFile over the installed plugins'
   * config sections); not written when absent
   */
  config?: string
  /** called after each file is written (progress) */
  onFileWritten?: (file: string) => void | Promise<void>
}

export interface InitResult {
  project_dir: string
  name: string
  type: string
  guided: boolean
  /** project-relative paths written */
  files: string[]
  git: GitInitResult | null
  ledger_entry: string | null
}

const TEMP_MARK = '.govtool-init-'

async function isMissingOrEmptyDir(dir: string): Promise<'missing' | 'empty' | 'not-empty' | 'not-dir'> {
  try {
    const s = await stat(dir)
    if (!s.isDirectory()) return 'not-dir'
    return (await readdir(dir)).length === 0 ? 'empty' : 'not-empty'
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing'
    throw error
  }
}

function notEmptyError(target: string, why: 'not-empty' | 'not-dir'): GovError {
  return new GovError(`${target} ${why === 'not-dir' ? 'exists and is not a directory' : 'exists and is not empty'}; nothing was written.`, {
    code: 'E_TARGET_EXISTS',
    hint: 'Pick another --output-dir or another name in scaffold.yml, or adopt the existing directory with `govtool import`.',
  })
}

/** The project's scaffold.yml: the user's text (comments kept) with spec_version and aee_phase filled in. */
function scaffoldFileText(text: string, scaffold: Scaffold, file: string): string {
  const yaml = parseYaml(text, file)
  const data = (yaml.data ?? {}) as Record<string, unknown>
  if (data.spec_version === undefined) yaml.doc.set('spec_version', scaffold.spec_version)
  if (data.aee_phase === undefined) yaml.doc.set('aee_phase', scaffold.aee_phase)
  return yaml.doc.toString()
}

/** Removes temp directories that earlier inits killed mid-way left behind (their process is gone). */
async function removeStaleTemps(outputDir: string, name: string): Promise<void> {
  const prefix = `.${name}${TEMP_MARK}`
  let entries: string[] = []
  try {
    entries = await readdir(outputDir)
  } catch {
    return
  }
  await Promise.all(
    entries
      .filter((e) => e.startsWith(prefix))
      .map(async (e) => {
        const pid = Number(e.slice(prefix.length).split('-')[0])
        if (!Number.isInteger(pid) || pid <= 0) return
        try {
          process.kill(pid, 0)
          return // still running
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EPERM') return
        }
        await rm(path.join(outputDir, e), {recursive: true, force: true})
      }),
  )
}

/**
 * Creates `<outputDir>/<name>/` with every file of the project type. Everything is rendered in memory
 * first, written into a temp sibling directory (each file atomically), committed there, and only then
 * renamed into place: a crash at any point leaves no half-written project, and a target that exists and is
 * not empty is refused before anything is written.
 */
export async function initProject(options: InitOptions): Promise<InitResult> {
  const {scaffold} = options
  const type = requireProjectType(options.registry, scaffold.type)
  const outputDir = path.resolve(options.outputDir)
  const target = safeJoin(outputDir, scaffold.name)
  const before = await isMissingOrEmptyDir(target)
  if (before === 'not-empty' || before === 'not-dir') throw notEmptyError(target, before)

  const guided = options.guided ?? false
  const extras = guided ? guidedExtras(guidedComponents((scaffold as Record<string, unknown>).components)) : undefined
  const files: RenderedFile[] = await renderProjectFiles(scaffold, type, {guided, extras})
  if (options.scaffoldText !== undefined) {
    const content = scaffoldFileText(options.scaffoldText, scaffold, 'scaffold.yml')
    for (const f of files) if (f.category === 'scaffold') f.content = content
  }
  if (options.config !== undefined) files.push(configFile(options.config))

  await mkdir(outputDir, {recursive: true})
  await removeStaleTemps(outputDir, scaffold.name)
  const temp = await mkdtemp(path.join(outputDir, `.${scaffold.name}${TEMP_MARK}${process.pid}-`))
  try {
    const report = await writeRenderedFiles(temp, files, {onWritten: (f) => options.onFileWritten?.(f.path)})
    const entry = await appendLedgerEntry(new ProjectContext(temp), {
      description: `Scaffolded ${scaffold.name} (type ${type.name}) with govtool init${guided ? ' --guided' : ''}`,
      type: 'task',
    })
    const gitResult = options.git === false ? null : await gitInitAndCommit(temp, {branch: scaffold.default_branch, message: `Scaffold ${scaffold.name} with govtool (type ${type.name})`})

    const now = await isMissingOrEmptyDir(target)
    if (now === 'not-empty' || now === 'not-dir') throw notEmptyError(target, now)
    if (now === 'empty') await rmdir(target)
    try {
      await rename(temp, target)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST' || code === 'ENOTEMPTY') throw notEmptyError(target, 'not-empty')
      throw error
    }
    return {
      project_dir: target,
      name: scaffold.name,
      type: type.name,
      guided,
      files: [...report.written, 'LEDGER.md'].filter((f, i, all) => all.indexOf(f) === i).sort(),
      git: gitResult,
      ledger_entry: entry.chain_hash,
    }
  } catch (error) {
    await rm(temp, {recursive: true, force: true})
    throw error
  }
}
