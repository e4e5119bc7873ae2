import {GovError, runGit, type GitOptions, type GitResult, type ProjectContext} from 'govtool/core'

export type {GitOptions, GitResult} from 'govtool/core'

/** git in the project root (see runGit in the kernel: the one git runner of govtool). */
export function git(ctx: ProjectContext, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return runGit(ctx.root, args, options)
}

/** Throws a clear error unless the project root is inside a git work tree. */
export async function requireRepo(ctx: ProjectContext): Promise<void> {
  const r = await git(ctx, ['rev-parse', '--is-inside-work-tree'], {allowFailure: true})
  if (r.code !== 0 || r.stdout.trim() !== 'true') {
    throw new GovError(`${ctx.root} is not a git repository.`, {
      code: 'E_NOT_A_REPO',
      hint: 'Run `git init` (or `govtool init`, which creates one), or pass --project-dir with a repository.',
    })
  }
}

/** The checked-out branch, or `undefined` on a detached HEAD. */
export async function currentBranch(ctx: ProjectContext): Promise<string | undefined> {
  const r = await git(ctx, ['symbolic-ref', '--quiet', '--short', 'HEAD'], {allowFailure: true})
  return r.code === 0 ? r.stdout.trim() : undefined
}

export async function requireBranch(ctx: ProjectContext): Promise<string> {
  const branch = await currentBranch(ctx)
  if (!branch) {
    throw new GovError('HEAD is detached: there is no branch to work on.', {
      code: 'E_DETACHED_HEAD',
      hint: 'Switch to a branch first: `git switch <branch>` or `govtool branch create <name>`.',
    })
  }
  return branch
}

/** `origin/main`-style upstream of `branch`, or `undefined`. */
export async function upstreamOf(ctx: ProjectContext, branch: string): Promise<string | undefined> {
  const r = await git(ctx, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', `${branch}@{upstream}`], {allowFailure: true})
  return r.code === 0 && r.stdout.trim() ? r.stdout.trim() : undefined
}

export async function remotes(ctx: ProjectContext): Promise<string[]> {
  const r = await git(ctx, ['remote'], {allowFailure: true})
  return r.stdout.split('\n').map((s) => s.trim()).filter(Boolean)
}

/** The remote to use: `origin` when present, else the only one, else `undefined`. */
export async function defaultRemote(ctx: ProjectContext): Promise<string | undefined> {
  const all = await remotes(ctx)
  if (all.includes('origin')) return 'origin'
  return all.length === 1 ? all[0] : undefined
}

export async function remoteUrl(ctx: ProjectContext, remote: string): Promise<string | undefined> {
  const r = await git(ctx, ['remote', 'get-url', remote], {allowFailure: true})
  return r.code === 0 ? r.stdout.trim() : undefined
}

export async function refExists(ctx: ProjectContext, ref: string): Promise<boolean> {
  return (await git(ctx, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {allowFailure: true})).code === 0
}

export async function hasCommits(ctx: ProjectContext): Promise<boolean> {
  return refExists(ctx, 'HEAD')
}

export async function headSha(ctx: ProjectContext): Promise<string | undefined> {
  const r = await git(ctx, ['rev-parse', 'HEAD'], {allowFailure: true})
  return r.code === 0 ? r.stdout.trim() : undefined
}

export interface StatusEntry {
  /** index (staged) status letter, ' ' when unchanged, '?' untracked */
  index: string
  /** work-tree status letter */
  worktree: string
  path: string
  /** original path of a rename */
  from?: string
}

/** `git status --porcelain=v1 -z`, parsed (untracked files listed one by one). */
export async function status(ctx: ProjectContext): Promise<StatusEntry[]> {
  const r = await git(ctx, ['status', '--porcelain=v1', '-z', '--untracked-files=all'])
  const parts = r.stdout.split('\0')
  const entries: StatusEntry[] = []
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]
    if (part.length < 4) continue
    const entry: StatusEntry = {index: part[0], worktree: part[1], path: part.slice(3)}
    if (entry.index === 'R' || entry.index === 'C') entry.from = parts[++i]
    entries.push(entry)
  }
  return entries
}

export const isStaged = (e: StatusEntry) => e.index !== ' ' && e.index !== '?' && e.index !== '!'
export const isConflicted = (e: StatusEntry) => e.index === 'U' || e.worktree === 'U' || (e.index === 'A' && e.worktree === 'A') || (e.index === 'D' && e.worktree === 'D')

/** Files with unresolved merge conflicts. */
export async function conflictedFiles(ctx: ProjectContext): Promise<string[]> {
  const r = await git(ctx, ['diff', '--name-only', '--diff-filter=U', '-z'], {allowFailure: true})
  return r.stdout.split('\0').filter(Boolean)
}

/** Commits in `range` (`a..b`) as `{sha, subject}`, newest first. */
export async function commitsIn(ctx: ProjectContext, range: string): Promise<{sha: string; subject: string}[]> {
  const r = await git(ctx, ['log', '--format=%H%x1f%s', range], {allowFailure: true})
  if (r.code !== 0) return []
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha, subject] = line.split('\x1F')
      return {sha, subject}
    })
}

/** Files changed by the commits in `range`. */
export async function filesChangedIn(ctx: ProjectContext, range: string): Promise<string[]> {
  const r = await git(ctx, ['log', '--format=', '--name-only', '-z', range], {allowFailure: true})
  return [...new Set(r.stdout.split(/[\0\n]/).filter(Boolean))]
}

/** `{ahead, behind}` of `ref` relative to `base`. */
export async function aheadBehind(ctx: ProjectContext, base: string, ref: string): Promise<{ahead: number; behind: number} | undefined> {
  const r = await git(ctx, ['rev-list', '--left-right', '--count', `${base}...${ref}`], {allowFailure: true})
  if (r.code !== 0) return undefined
  const [behind, ahead] = r.stdout.trim().split(/\s+/).map(Number)
  return {ahead, behind}
}

/** True when `name` is a valid branch name for git. */
export async function isValidBranchName(ctx: ProjectContext, name: string): Promise<boolean> {
  return (await git(ctx, ['check-ref-format', '--branch', name], {allowFailure: true})).code === 0
}
