import {existsSync, readFileSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import path from 'node:path'

import {GOVERNANCE_FILES, ProjectContext, slugify, writeFileAtomic, type GovernanceFile, type ProjectTypeRegistry, type Scaffold} from 'govtool/core'

import {CI_CONFIG_PATHS} from './ci.js'
import {guessTypeFromManifests} from './detect-manifests.js'
import {GOVERNANCE_STUB_CATEGORIES, renderProjectFiles, type RenderedFile} from './render.js'
import {readProjectScaffold, resolveProjectType, scaffoldWithDefaults} from './scaffold-file.js'

/** Project-relative governance paths that have an older location the kernel still reads. */
const WITH_FALLBACK = new Map<string, GovernanceFile>(
  (Object.entries(GOVERNANCE_FILES) as [GovernanceFile, string][]).map(([key, rel]) => [rel, key]),
)

/** True when the file (or, for governance files, its legacy location) exists in the project. */
export function projectHasFile(ctx: ProjectContext, relative: string): boolean {
  const key = WITH_FALLBACK.get(relative)
  if (key) return existsSync(ctx.file(key))
  return existsSync(ctx.path(relative))
}

/** What happened to each file of a write. */
export interface WriteReport {
  /** written (created or replaced) */
  written: string[]
  /** already identical, not rewritten */
  unchanged: string[]
  /** present and kept as it is */
  kept: string[]
}

/**
 * Writes rendered files under `root`, each atomically. A file that exists with the same content is left
 * alone (`unchanged`); one that differs is replaced only when `replace` says so (else `kept`).
 */
export async function writeRenderedFiles(
  root: string,
  files: readonly RenderedFile[],
  options: {replace?: (file: RenderedFile) => boolean; exists?: (file: RenderedFile) => boolean; onWritten?: (file: RenderedFile) => void | Promise<void>} = {},
): Promise<WriteReport> {
  const report: WriteReport = {written: [], unchanged: [], kept: []}
  for (const file of files) {
    const target = path.join(root, ...file.path.split('/'))
    const exists = options.exists ? options.exists(file) : existsSync(target)
    if (exists) {
      const current = await readFile(target, 'utf8').catch(() => undefined)
      if (current === file.content) {
        report.unchanged.push(file.path)
        continue
      }
      if (!options.replace?.(file)) {
        report.kept.push(file.path)
        continue
      }
    }
    await writeFileAtomic(target, file.content, file.mode === undefined ? {} : {mode: file.mode})
    report.written.push(file.path)
    await options.onWritten?.(file)
  }
  return report
}

/**
 * The project's scaffold.yml, or, when it has none, defaults for its directory (name from the directory,
 * type guessed from its manifest files) so that stubs can still be written.
 */
export async function scaffoldOrDefaults(ctx: ProjectContext, registry: ProjectTypeRegistry): Promise<Scaffold> {
  const found = await readProjectScaffold(ctx)
  if (found) return found.scaffold
  const guessed = guessTypeFromManifests(ctx.root)
  return scaffoldWithDefaults({name: slugify(path.basename(ctx.root)), type: registry.types.has(guessed) ? guessed : 'generic'})
}

/**
 * Creates the governance files the project lacks (AGENTS.md, LEDGER.md, docs/REQUIREMENTS.md,
 * docs/TESTS.md, docs/governance/*.md) from the templates of its type. Never overwrites; a file found at its
 * legacy location (root REQUIREMENTS.md, ...) counts as present. Returns the project-relative paths written.
 */
export async function writeMissingGovernanceFiles(ctx: ProjectContext, registry: ProjectTypeRegistry): Promise<string[]> {
  const scaffold = await scaffoldOrDefaults(ctx, registry)
  const type = resolveProjectType(registry, scaffold.type, {lenient: true})
  const files = await renderProjectFiles(scaffold, type, {categories: GOVERNANCE_STUB_CATEGORIES})
  const report = await writeRenderedFiles(ctx.root, files, {exists: (f) => projectHasFile(ctx, f.path)})
  return report.written
}

/** The CI config scaffold.yml's vcs_platform gets, rendered (`undefined` for bitbucket / none). */
export async function renderCiConfig(ctx: ProjectContext, registry: ProjectTypeRegistry): Promise<{path: string; content: string} | undefined> {
  const scaffold = await scaffoldOrDefaults(ctx, registry)
  if (!CI_CONFIG_PATHS[scaffold.vcs_platform]) return undefined
  const type = resolveProjectType(registry, scaffold.type, {lenient: true})
  const [file] = await renderProjectFiles(scaffold, type, {categories: ['ci']})
  return file ? {path: file.path, content: file.content} : undefined
}

/**
 * Writes the CI config for scaffold.yml's vcs_platform, running the project type's tools. A previous
 * govtool-generated config is replaced; one the user wrote (no govtool marker) is kept. Returns the paths written (empty when already up to date, or when the
 * platform has no CI config govtool generates).
 */
export async function writeCiConfig(ctx: ProjectContext, registry: ProjectTypeRegistry): Promise<string[]> {
  const scaffold = await scaffoldOrDefaults(ctx, registry)
  const type = resolveProjectType(registry, scaffold.type, {lenient: true})
  const files = await renderProjectFiles(scaffold, type, {categories: ['ci']})
  const report = await writeRenderedFiles(ctx.root, files, {replace: (f) => isGeneratedByGovtool(ctx.path(f.path))})
  return report.written
}

/** The marker govtool puts at the top of the CI configs and scripts it generates. */
export const GENERATED_MARKER = 'Generated by govtool'

/**
 * True when the file carries govtool's marker in its first lines, i.e. govtool may regenerate it (a CI
 * config or script the user wrote is never replaced without --force).
 */
export function isGeneratedByGovtool(file: string): boolean {
  try {
    const head = readFileSync(file, 'utf8').split('\n', 4).join('\n')
    return head.includes(GENERATED_MARKER)
  } catch {
    return true
  }
}
