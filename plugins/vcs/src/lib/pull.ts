import {GovError, type ProjectContext} from 'govtool/core'

import {aheadBehind, conflictedFiles, defaultRemote, git, headSha, requireBranch, requireRepo, status, upstreamOf} from './git.js'
import {isGovernanceFile} from './governance.js'

export type PullMode = 'merge' | 'discard' | 'clean'

export interface PullResult {
  mode: PullMode
  branch: string
  /** the remote branch pulled from, e.g. origin/main */
  source: string
  before: string | null
  after: string | null
  updated: boolean
  conflicts: string[]
  /** governance files among the conflicts (AGENTS.md, LEDGER.md, docs/REQUIREMENTS.md...) */
  governance_conflicts: string[]
  /** local changes thrown away by --discard / --clean */
  discarded: {commits: number; files: string[]; untracked_removed: string[]}
  warnings: string[]
}

/** What `--discard` / `--clean` would throw away, for the confirmation prompt. */
export interface DiscardPreview {
  branch: string
  source: string
  commits: number
  changed: string[]
  untracked: string[]
}

async function sourceOf(ctx: ProjectContext, branch: string): Promise<{remote: string; source: string}> {
  const upstream = await upstreamOf(ctx, branch)
  const configured = (await git(ctx, ['config', '--get', `branch.${branch}.remote`], {allowFailure: true})).stdout.trim()
  if (upstream && configured && configured !== '.') return {remote: configured, source: upstream}
  const remote = await defaultRemote(ctx)
  if (!remote) throw new GovError('This repository has no remote to pull from.', {code: 'E_NO_REMOTE', hint: 'Add one: `git remote add origin <url>`.'})
  return {remote, source: `${remote}/${branch}`}
}

async function fetchRemote(ctx: ProjectContext, remote: string): Promise<void> {
  await git(ctx, ['fetch', '--quiet', '--prune', remote], {timeoutMs: 120_000})
}

/** Fetches and reports what `pull --discard` (and with `clean`, also untracked files) would lose. */
export async function previewDiscard(ctx: ProjectContext, clean: boolean): Promise<DiscardPreview> {
  await requireRepo(ctx)
  const branch = await requireBranch(ctx)
  const {remote, source} = await sourceOf(ctx, branch)
  await fetchRemote(ctx, remote)
  if ((await git(ctx, ['rev-parse', '--verify', '--quiet', `refs/remotes/${source}`], {allowFailure: true})).code !== 0) {
    throw new GovError(`${source} does not exist on the remote.`, {code: 'E_NO_REMOTE_BRANCH', hint: `Push the branch first (\`govtool push\`), or check the branch name.`})
  }
  const entries = await status(ctx)
  const counts = await aheadBehind(ctx, source, 'HEAD')
  return {
    branch,
    source,
    commits: counts?.ahead ?? 0,
    changed: entries.filter((e) => e.index !== '?').map((e) => e.path),
    untracked: clean ? entries.filter((e) => e.index === '?').map((e) => e.path) : [],
  }
}

/** True when `preview` shows anything that would be lost. */
export function losesWork(preview: DiscardPreview): boolean {
  return preview.commits > 0 || preview.changed.length > 0 || preview.untracked.length > 0
}

/** What a confirmation of `--discard` / `--clean` shows: the question, and the files that would be lost. */
export interface DiscardQuestion {
  question: string
  files: string[]
}

/** The confirmation `preview` needs, or undefined when nothing would be lost. */
export function discardQuestion(preview: DiscardPreview): DiscardQuestion | undefined {
  if (!losesWork(preview)) return undefined
  const lost = [
    ...(preview.commits > 0 ? [`${preview.commits} local commit(s)`] : []),
    ...(preview.changed.length > 0 ? [`${preview.changed.length} changed file(s)`] : []),
    ...(preview.untracked.length > 0 ? [`${preview.untracked.length} untracked file(s)`] : []),
  ]
  return {question: `Reset ${preview.branch} to ${preview.source}, losing ${lost.join(', ')}?`, files: [...preview.changed, ...preview.untracked]}
}

/** The files of a question as shown before it: the first 20, indented, and how many more. */
export function formatDiscardFiles(files: readonly string[]): string {
  return files.slice(0, 20).map((f) => `  ${f}`).join('\n') + (files.length > 20 ? `\n  ... ${files.length - 20} more` : '')
}

/**
 * `govtool pull`: `merge` pulls. `discard` and `clean` first work out what would be lost and, when anything
 * would, ask `confirm` (absent: the caller already confirmed, `--yes`); a no cancels with nothing changed.
 */
export async function pull(ctx: ProjectContext, mode: PullMode, confirm?: (question: DiscardQuestion) => Promise<boolean>): Promise<PullResult> {
  if (mode !== 'merge' && confirm) {
    const question = discardQuestion(await previewDiscard(ctx, mode === 'clean'))
    if (question && !(await confirm(question))) {
      throw new GovError('Cancelled: nothing was changed.', {code: 'E_DECLINED', hint: 'Commit or stash what you want to keep first.'})
    }
  }
  return pullBranch(ctx, mode)
}

/**
 * `merge` (default): `git pull --no-rebase`, then reports conflicts, flagging governance files.
 * `discard`: fetch and hard-reset to the remote branch. `clean`: discard, and remove untracked files
 * (ignored files and .govtool/ are kept). The caller confirms discard/clean first (see previewDiscard).
 */
export async function pullBranch(ctx: ProjectContext, mode: PullMode = 'merge'): Promise<PullResult> {
  await requireRepo(ctx)
  const branch = await requireBranch(ctx)
  const {remote, source} = await sourceOf(ctx, branch)
  const before = (await headSha(ctx)) ?? null
  const warnings: string[] = []
  const discarded: PullResult['discarded'] = {commits: 0, files: [], untracked_removed: []}
  let conflicts: string[] = []

  if (mode === 'merge') {
    const r = await git(ctx, ['pull', '--no-rebase', '--no-edit', remote, source.slice(remote.length + 1)], {allowFailure: true, timeoutMs: 120_000})
    conflicts = await conflictedFiles(ctx)
    if (r.code !== 0 && conflicts.length === 0) {
      const text = `${r.stderr}\n${r.stdout}`
      if (/would be overwritten|Please commit your changes or stash them/.test(text)) {
        throw new GovError('Local changes would be overwritten by the pull.', {
          code: 'E_PULL_BLOCKED',
          hint: 'Commit them (`govtool commit`), or throw them away with `govtool pull --discard`.',
        })
      }
      if (/couldn't find remote ref/i.test(text)) {
        throw new GovError(`${source} does not exist on the remote.`, {code: 'E_NO_REMOTE_BRANCH', hint: 'Push the branch first with `govtool push`.'})
      }
      throw new GovError(`git pull failed (exit ${r.code}): ${text.trim().split('\n').slice(0, 4).join(' | ')}`, {code: 'E_GIT', hint: 'See `git status`.'})
    }
  } else {
    await fetchRemote(ctx, remote)
    const entries = await status(ctx)
    discarded.commits = (await aheadBehind(ctx, source, 'HEAD'))?.ahead ?? 0
    discarded.files = entries.filter((e) => e.index !== '?').map((e) => e.path)
    await git(ctx, ['reset', '--hard', '--quiet', source])
    if (mode === 'clean') {
      const r = await git(ctx, ['clean', '-fd', '-e', '.govtool', '-e', '.govtool/**'])
      discarded.untracked_removed = r.stdout
        .split('\n')
        .map((l) => l.replace(/^Removing /, '').trim())
        .filter(Boolean)
    }
  }
  const governance = conflicts.filter((f) => isGovernanceFile(f))
  if (governance.length > 0) {
    warnings.push(
      `Conflicts in governance files: ${governance.join(', ')}. Keep both sides' entries in LEDGER.md (newest last) and both sides' requirements/tests, then run \`govtool audit\` before committing.`,
    )
  }
  if (conflicts.length > governance.length) warnings.push(`Conflicts to resolve: ${conflicts.filter((f) => !isGovernanceFile(f)).join(', ')}.`)
  const after = (await headSha(ctx)) ?? null
  return {mode, branch, source, before, after, updated: before !== after, conflicts, governance_conflicts: governance, discarded, warnings}
}
