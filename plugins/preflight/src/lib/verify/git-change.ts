/**
 * The change set of a verify that was given none (no diff, changed files or stdin): taken from git. The work
 * tree and the index against HEAD, or, with a base branch, against the commit where the current branch left
 * it (so the branch's commits count too), plus the files git does not track yet (not ignored), as new files.
 * `.govtool/` is machine state and never part of a change.
 */
import {readFile, stat} from 'node:fs/promises'

import {GovError, InputError, gitOutput, runGit, type ProjectContext} from 'govtool/core'

export interface GitChangeSet {
  /** unified diff of the tracked changes, then the untracked files as new-file diffs */
  diff: string
  /** what the change was compared with: `HEAD`, or the base branch as given */
  against: string
  /** the commit compared with (for a base branch, the merge base); null in a repository without commits */
  commit: string | null
  /** untracked, not ignored files included as new files */
  untracked: string[]
}

/** Larger untracked files count as changed files without their lines. */
const MAX_UNTRACKED_BYTES = 1_000_000
const EXCLUDE = [':(exclude).govtool', ':(exclude,glob)**/.govtool/**']

async function git(root: string, args: readonly string[]): Promise<string> {
  return (await runGit(root, args)).stdout
}

/** The commit to compare with: HEAD, the merge base with `base`, or the empty tree before the first commit. */
async function comparePoint(root: string, base: string | undefined): Promise<{ref: string; commit: string | null}> {
  const head = await gitOutput(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])
  if (base !== undefined) {
    const target = await gitOutput(root, ['rev-parse', '--verify', '--quiet', `${base}^{commit}`])
    if (!target) {
      const branches = ((await gitOutput(root, ['for-each-ref', '--format=%(refname:short)', 'refs/heads', 'refs/remotes'])) ?? '').split('\n').filter(Boolean)
      throw new GovError(`--base ${base}: no such branch or commit in this repository.`, {
        code: 'E_NO_BASE_BRANCH',
        hint: branches.length > 0 ? `Branches: ${branches.slice(0, 10).join(', ')}${branches.length > 10 ? ', ...' : ''}.` : 'The repository has no branch yet: commit first, or leave out --base.',
      })
    }
    if (!head) throw new GovError('--base needs a current branch with at least one commit.', {code: 'E_NO_BASE_BRANCH', hint: 'Commit first, or leave out --base to compare the work tree with the empty repository.'})
    const mergeBase = await gitOutput(root, ['merge-base', target.trim(), head.trim()])
    if (!mergeBase) throw new GovError(`--base ${base} shares no history with HEAD.`, {code: 'E_NO_BASE_BRANCH', hint: 'Name the branch this one was started from.'})
    return {ref: mergeBase.trim(), commit: mergeBase.trim()}
  }
  if (head) return {ref: head.trim(), commit: head.trim()}
  // no commit yet: everything in the index and work tree is new (the empty tree of this repository's hash)
  const empty = (await runGit(root, ['hash-object', '-t', 'tree', '--stdin'], {input: ''})).stdout.trim()
  return {ref: empty, commit: null}
}

/** A new-file diff of an untracked file (binary or oversized files: the header only). */
async function newFileDiff(ctx: ProjectContext, file: string): Promise<string> {
  const header = `diff --git a/${file} b/${file}\nnew file mode 100644\n`
  const info = await stat(ctx.path(file)).catch(() => undefined)
  if (!info?.isFile()) return ''
  if (info.size === 0) return header
  if (info.size > MAX_UNTRACKED_BYTES) return `${header}--- /dev/null\n+++ b/${file}\n`
  const buffer = await readFile(ctx.path(file))
  if (buffer.subarray(0, 8000).includes(0)) return `${header}Binary files /dev/null and b/${file} differ\n`
  const lines = buffer.toString('utf8').replace(/\n$/, '').split('\n')
  return `${header}--- /dev/null\n+++ b/${file}\n@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}`).join('\n')}\n`
}

/**
 * The project's change set from git (paths relative to the project directory, which may be a subdirectory
 * of the repository). Not a repository: an input error saying how to give the change instead.
 */
export async function changeFromGit(ctx: ProjectContext, options: {base?: string} = {}): Promise<GitChangeSet> {
  const root = ctx.root
  const inside = await gitOutput(root, ['rev-parse', '--is-inside-work-tree'])
  if (inside?.trim() !== 'true') {
    throw new InputError(`Nothing to verify: no change was given, and ${root} is not in a git repository to take it from.`, {
      hint: 'Pass the change: --changed a,b,c, --diff change.diff or --stdin (one JSON object); or run `git init` and commit.',
    })
  }
  const point = await comparePoint(root, options.base)
  const tracked = await git(root, ['diff', '--no-color', '--no-ext-diff', '--relative', point.ref, '--', '.', ...EXCLUDE])
  const untracked = (await git(root, ['ls-files', '-z', '--others', '--exclude-standard', '--', '.', ...EXCLUDE])).split('\0').filter(Boolean).sort()
  const added = await Promise.all(untracked.map((f) => newFileDiff(ctx, f)))
  const diff = [tracked, ...added].filter((d) => d.trim() !== '').join('\n')
  return {diff, against: options.base ?? 'HEAD', commit: point.commit, untracked}
}
