import {existsSync} from 'node:fs'

import {ProjectContext, updateYamlFile, type ProjectTypeRegistry, type Scaffold} from 'govtool/core'

import {appendLedgerEntry, readLedger} from '../trace/ledger.js'
import {gitRemoteInfo} from './git.js'
import {mergeIntegrationConfig} from './integrations-config.js'
import {installGitHooks} from './integrations-git.js'
import {REVIEW_PLATFORMS, requireIntegrationTarget, type ReviewPlatform} from './integrations.js'
import {renderProjectFiles} from './render.js'
import {readProjectScaffold, resolveProjectType} from './scaffold-file.js'
import {scaffoldOrDefaults, writeRenderedFiles} from './write.js'

export interface IntegrateResult {
  target: string
  kind: 'assistant' | 'review' | 'git-hooks'
  /** VCS host the review pipeline was written for */
  platform: string | null
  /** how the platform was chosen: flag, remote, scaffold, ci */
  platform_source: string | null
  written: string[]
  unchanged: string[]
  /** present files that differ and were kept (pass force to replace them) */
  kept: string[]
  /** scaffold.yml now lists the target under integrations (so `apply` keeps it up to date) */
  recorded_in_scaffold: boolean
  /** scaffold.yml vcs_platform was set to the review target's host */
  vcs_platform_updated: boolean
  /** chain hash of the TODO appended to LEDGER.md (review targets) */
  ledger_todo: string | null
  /** what the user should know: entries kept in shared config files, how the hooks behave */
  notes: string[]
}

const CI_HINTS: readonly [string, ReviewPlatform][] = [
  ['.github/workflows', 'github'],
  ['.gitlab-ci.yml', 'gitlab'],
  ['azure-pipelines.yml', 'azure-devops'],
]

/** The VCS host for a review pipeline: the flag, else the git remote, else scaffold.yml, else existing CI files. */
async function reviewPlatform(ctx: ProjectContext, flag: string | undefined, scaffold: Scaffold | undefined): Promise<{platform: string; source: string}> {
  if (flag) return {platform: flag, source: 'flag'}
  const remote = await gitRemoteInfo(ctx.root)
  if (remote.host_platform && (REVIEW_PLATFORMS as readonly string[]).includes(remote.host_platform)) return {platform: remote.host_platform, source: 'remote'}
  if (scaffold && (REVIEW_PLATFORMS as readonly string[]).includes(scaffold.vcs_platform)) return {platform: scaffold.vcs_platform, source: 'scaffold'}
  const ci = CI_HINTS.find(([file]) => existsSync(ctx.path(file)))
  if (ci) return {platform: ci[1], source: 'ci'}
  return {platform: remote.host_platform ?? scaffold?.vcs_platform ?? 'none', source: remote.host_platform ? 'remote' : 'scaffold'}
}

/** On GitLab the review job lives in its own file, included from .gitlab-ci.yml (with a governance stage). */
async function includeInGitlabCi(ctx: ProjectContext, includeFile: string): Promise<boolean> {
  const ci = ctx.path('.gitlab-ci.yml')
  if (!existsSync(ci)) return false
  let changed = false
  await updateYamlFile(ci, (doc) => {
    const data = (doc.toJS() ?? {}) as Record<string, unknown>
    const include = data.include
    const list = Array.isArray(include) ? include : include === undefined ? [] : [include]
    const present = list.some((i) => i === includeFile || (i && typeof i === 'object' && (i as {local?: string}).local === includeFile))
    if (!present) {
      doc.set('include', [...list, {local: includeFile}])
      changed = true
    }
    const stages = data.stages
    if (Array.isArray(stages) && !stages.includes('governance')) {
      doc.set('stages', [...stages, 'governance'])
      changed = true
    } else if (stages === undefined) {
      doc.set('stages', ['build', 'test', 'deploy', 'governance'])
      changed = true
    }
  })
  return changed
}

/**
 * Writes the config files of a third-party assistant, or for a review tool the CI review gate for the
 * detected VCS host, its setup checklist under docs/ and a TODO in LEDGER.md. The target is recorded in
 * scaffold.yml `integrations` so that `apply` regenerates its files. A present file that differs is kept
 * unless `force`.
 */
export async function integrateTarget(
  ctx: ProjectContext,
  registry: ProjectTypeRegistry,
  target: string,
  options: {platform?: string; force?: boolean; httpHooksPort?: number} = {},
): Promise<IntegrateResult> {
  const spec = requireIntegrationTarget(target)
  const found = await readProjectScaffold(ctx)
  let scaffold = found?.scaffold ?? (await scaffoldOrDefaults(ctx, registry))
  let platform: {platform: string; source: string} | null = null
  if (spec.kind === 'review') {
    platform = await reviewPlatform(ctx, options.platform, found?.scaffold)
    scaffold = {...scaffold, vcs_platform: platform.platform as Scaffold['vcs_platform']}
  }
  const type = resolveProjectType(registry, scaffold.type, {lenient: true})
  const files = await renderProjectFiles(scaffold, type, {categories: ['integration'], integrations: [target]})
  const report = await writeRenderedFiles(ctx.root, files, {replace: () => options.force ?? false})

  // configuration shared with the client and the user (MCP server, hooks): merged, never replaced
  const merged =
    spec.kind === 'assistant'
      ? await mergeIntegrationConfig(ctx, target, {force: options.force, httpHooksPort: options.httpHooksPort})
      : spec.kind === 'git-hooks'
        ? await installGitHooks(ctx)
        : {written: [], unchanged: [], kept: [], notes: []}
  report.written.push(...merged.written)
  report.unchanged.push(...merged.unchanged)
  report.kept.push(...merged.kept)

  if (platform?.platform === 'gitlab') {
    const include = files.find((f) => f.path.startsWith('.gitlab/'))?.path
    if (include && (await includeInGitlabCi(ctx, include))) report.written.push('.gitlab-ci.yml')
  }

  let recorded = false
  let platformRecorded = false
  if (found) {
    recorded = found.scaffold.integrations.includes(target)
    platformRecorded = platform !== null && platform.platform !== found.scaffold.vcs_platform
    if (!recorded || platformRecorded) {
      await updateYamlFile(ctx.file('scaffold'), (doc) => {
        if (!recorded) doc.set('integrations', [...found.scaffold.integrations, target])
        // the review gate is for the VCS host: scaffold.yml follows, so that apply and diff render the same files
        if (platformRecorded) doc.set('vcs_platform', platform!.platform)
      })
      recorded = true
      report.written.push('scaffold.yml')
    }
  }

  let todo: string | null = null
  if (spec.kind === 'review') {
    const checklist = files.find((f) => f.path.startsWith('docs/'))?.path ?? 'docs/'
    const description = `TODO: finish the ${target} review setup by working through ${checklist}`
    const {entries} = await readLedger(ctx)
    if (!entries.some((e) => e.description === description)) {
      const entry = await appendLedgerEntry(ctx, {description, type: 'task', status: 'open'})
      todo = entry.chain_hash
      report.written.push('LEDGER.md')
    }
  }
  return {
    target,
    kind: spec.kind,
    platform: platform?.platform ?? null,
    platform_source: platform?.source ?? null,
    written: report.written,
    unchanged: report.unchanged,
    kept: report.kept,
    recorded_in_scaffold: recorded,
    vcs_platform_updated: platformRecorded,
    ledger_todo: todo,
    notes: merged.notes,
  }
}
