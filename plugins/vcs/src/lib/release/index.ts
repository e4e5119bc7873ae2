import path from 'node:path'

import {phaseGate} from '@govtool/plugin-preflight'
import {GovError, InputError, parseYaml, readTextIfExists, writeFileAtomic, type ProjectContext} from 'govtool/core'
import semver from 'semver'

import {git} from '../git.js'
import {changelogEdit} from './changelog.js'
import {
  bumpBadges,
  bumpCargoToml,
  bumpDunderVersion,
  bumpPackageJson,
  bumpPackageLock,
  bumpPyproject,
  findVersionModules,
  type FileEdit,
} from './manifests.js'
import {findStaleReferences, type StaleReference} from './stale.js'

export {versionPattern, type EditKind, type FileEdit} from './manifests.js'
export type {StaleReference} from './stale.js'

export interface ReleaseOptions {
  dryRun?: boolean
  /** release date for the changelog (default: today, UTC) */
  date?: string
}

export interface ReleaseResult {
  version: string
  /** the version before the release (from the first manifest found, else the latest tag), null when none */
  previous: string | null
  previous_source: string | null
  dry_run: boolean
  written: boolean
  edits: Omit<FileEdit, 'content'>[]
  stale_references: StaleReference[]
  stale_truncated: boolean
  warnings: string[]
  /** what to run next */
  next_steps: string[]
}

const ROOT_MANIFESTS: readonly [string, (file: string, text: string, next: string) => FileEdit | undefined][] = [
  ['package.json', bumpPackageJson],
  ['pyproject.toml', bumpPyproject],
  ['Cargo.toml', bumpCargoToml],
  ['package-lock.json', bumpPackageLock],
]
const READMES = ['README.md', 'README.rst', 'README.txt', 'README']
const CHANGELOGS = ['CHANGELOG.md', 'CHANGES.md', 'HISTORY.md', 'CHANGELOG.rst', 'CHANGELOG']

/** `v1.2.3` / `1.2.3` -> `1.2.3`; an invalid version is an input error. */
export function normaliseVersion(input: string): string {
  const clean = semver.valid(input.trim().replace(/^v(?=\d)/, ''))
  if (!clean) {
    throw new InputError(`'${input}' is not a semantic version.`, {code: 'E_BAD_VERSION', hint: 'Use MAJOR.MINOR.PATCH, e.g. 1.4.0 or 2.0.0-rc.1.'})
  }
  return clean
}

async function latestTag(ctx: ProjectContext): Promise<string | undefined> {
  const r = await git(ctx, ['tag', '--list', '--sort=-v:refname'], {allowFailure: true})
  return r.stdout
    .split('\n')
    .map((t) => t.trim())
    .find((t) => semver.valid(t.replace(/^v/, '')))
}

async function changesSince(ctx: ProjectContext, tag: string | undefined): Promise<string[]> {
  const args = ['log', '--no-merges', '--format=%s', '-n', '50', ...(tag ? [`${tag}..HEAD`] : [])]
  const r = await git(ctx, args, {allowFailure: true})
  return r.code === 0 ? r.stdout.split('\n').filter(Boolean) : []
}

/** scaffold.yml's spec_version: the version of govtool's governance spec, not of the project. */
async function govtoolSpecVersion(ctx: ProjectContext): Promise<string | undefined> {
  const text = await readTextIfExists(ctx.file('scaffold'))
  if (text === undefined) return undefined
  try {
    const value = (parseYaml(text, ctx.file('scaffold')).data as Record<string, unknown> | null)?.spec_version
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
  } catch {
    return undefined
  }
}

/**
 * A line that names govtool's spec version (scaffold.yml's spec_version field, and the "Governance spec
 * version" lines govtool renders into AGENTS.md and docs/governance/): not a reference to the project's version.
 */
export function isSpecVersionLine(file: string, line: string): boolean {
  if (/^\s*spec_version\s*:/.test(line)) return file === 'scaffold.yml' || file.endsWith('/scaffold.yml')
  return /\bgovernance spec\b|\bspec[ _]version\b/i.test(line)
}

/**
 * Plans (and unless `dryRun`, writes) a release: the version in package.json, pyproject.toml, Cargo.toml,
 * package-lock.json, every `__version__` module, README badges, and a new CHANGELOG section; then scans the
 * project for lines still naming the old version. Each file is replaced atomically.
 */
export async function release(ctx: ProjectContext, versionInput: string, options: ReleaseOptions = {}): Promise<ReleaseResult> {
  const version = normaliseVersion(versionInput)
  const edits: FileEdit[] = []
  const warnings: string[] = []
  // the phase rules preflight applies to a release request apply to the release itself
  const gate = await phaseGate(ctx, 'release')
  if (gate.instruction !== null) {
    if (!options.dryRun) throw new GovError(gate.instruction, {code: 'E_PHASE_BLOCKED', hint: `\`govtool release ${version} --dry-run\` still lists the edits it would make.`})
    warnings.push(`A release is blocked now: ${gate.instruction}`)
  }
  let previous: string | undefined
  let previousSource: string | undefined

  for (const [name, bump] of ROOT_MANIFESTS) {
    const text = await readTextIfExists(ctx.path(name))
    if (text === undefined) continue
    const edit = bump(name, text, version)
    if (!edit) continue
    if (!previous && edit.found && semver.valid(edit.found) && name !== 'package-lock.json') {
      previous = edit.found
      previousSource = name
    }
    edits.push(edit)
  }
  for (const module of await findVersionModules(ctx.root)) {
    const file = ctx.relative(module)
    const text = await readTextIfExists(module)
    const edit = text === undefined ? undefined : bumpDunderVersion(file, text, version)
    if (!edit) continue
    if (!previous && edit.found && semver.valid(edit.found)) {
      previous = edit.found
      previousSource = file
    }
    edits.push(edit)
  }
  const tag = await latestTag(ctx)
  if (!previous && tag) {
    previous = semver.valid(tag.replace(/^v/, '')) ?? undefined
    previousSource = `tag ${tag}`
  }
  for (const e of edits) {
    if (previous && e.found && e.found !== previous) warnings.push(`${e.file} had version ${e.found}, not ${previous}; it is set to ${version} too.`)
  }
  if (previous && !semver.gt(version, previous)) {
    throw new GovError(`${version} is not newer than the current version ${previous} (${previousSource}).`, {
      code: 'E_VERSION_NOT_NEWER',
      hint: `Choose a version above ${previous}, e.g. ${semver.inc(previous, 'patch')}, ${semver.inc(previous, 'minor')} or ${semver.inc(previous, 'major')}.`,
    })
  }
  // Only bumps that change something are edits (a file already at the new version is left alone).
  const changing = edits.filter((e) => e.found !== version)

  if (previous) {
    for (const name of READMES) {
      const text = await readTextIfExists(ctx.path(name))
      const edit = text === undefined ? undefined : bumpBadges(name, text, previous, version)
      if (edit) changing.push(edit)
    }
  }
  const changelogName = (await Promise.all(CHANGELOGS.map(async (c) => ((await readTextIfExists(ctx.path(c))) === undefined ? undefined : c)))).find(Boolean) ?? 'CHANGELOG.md'
  const date = options.date ?? new Date().toISOString().slice(0, 10)
  const changelog = changelogEdit({
    file: changelogName,
    text: await readTextIfExists(ctx.path(changelogName)),
    version,
    previous,
    date,
    changes: await changesSince(ctx, tag),
  })
  if (changelog) changing.push(changelog)
  else warnings.push(`${changelogName} already has a section for ${version}; left as is.`)
  if (!changing.some((e) => e.kind !== 'changelog')) {
    warnings.push('No manifest with a version was found (package.json, pyproject.toml, Cargo.toml, __version__); only the changelog is updated.')
  }

  const planned = new Map(changing.map((e) => [e.file, e.content]))
  const spec = await govtoolSpecVersion(ctx)
  const ignore = spec === previous ? isSpecVersionLine : undefined
  const stale = previous ? await findStaleReferences(ctx, previous, planned, ignore) : {references: [], truncated: false}

  const dryRun = options.dryRun ?? false
  if (!dryRun) {
    for (const e of changing) await writeFileAtomic(ctx.path(e.file), e.content)
  }
  const tagName = tag?.startsWith('v') || !tag ? `v${version}` : version
  return {
    version,
    previous: previous ?? null,
    previous_source: previousSource ?? null,
    dry_run: dryRun,
    written: !dryRun,
    edits: changing.map(({content: _content, ...rest}) => ({...rest, file: rest.file.split(path.sep).join('/')})),
    stale_references: stale.references,
    stale_truncated: stale.truncated,
    warnings,
    next_steps: dryRun
      ? [`govtool release ${version}`]
      : [`review the edits and stale references`, `govtool commit -m "Release ${version}"`, `git tag -a ${tagName} -m "Release ${version}"`, `govtool push && git push origin ${tagName}`, 'govtool verify-release'],
  }
}
