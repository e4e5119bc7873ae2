/** Read-only git queries for reports and phase checks; every one answers `undefined` when git or the repo is missing. */
import {gitOutput} from 'govtool/core'

/** git's output in `cwd`, or `undefined` (see gitOutput in the kernel: the one git runner of govtool). */
export function git(cwd: string, args: readonly string[], timeoutMs = 10_000): Promise<string | undefined> {
  return gitOutput(cwd, args, {timeoutMs})
}

export interface Commit {
  hash: string
  author: string
  date: string
  subject: string
}

export async function recentCommits(cwd: string, count = 10): Promise<Commit[] | undefined> {
  const out = await git(cwd, ['log', `-${count}`, '--date=short', '--format=%h%x1f%an%x1f%ad%x1f%s', '--', '.'])
  if (out === undefined) return undefined
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash, author, date, subject] = line.split('\x1f')
      return {hash, author, date, subject}
    })
}

export async function contributors(cwd: string): Promise<{name: string; commits: number}[] | undefined> {
  const out = await git(cwd, ['log', '--format=%an', '--', '.'])
  if (out === undefined) return undefined
  const counts = new Map<string, number>()
  for (const name of out.split('\n').filter(Boolean)) counts.set(name, (counts.get(name) ?? 0) + 1)
  return [...counts].map(([name, commits]) => ({name, commits})).sort((a, b) => b.commits - a.commits || a.name.localeCompare(b.name))
}

/** Files tracked by git, or `undefined` outside a repository. */
export async function trackedFiles(cwd: string): Promise<string[] | undefined> {
  const out = await git(cwd, ['ls-files', '-z'])
  if (out === undefined) return undefined
  return out.split('\0').filter(Boolean)
}

export async function hasTag(cwd: string): Promise<boolean> {
  const out = await git(cwd, ['tag', '--list'])
  return out !== undefined && out.trim() !== ''
}

export async function commitCount(cwd: string): Promise<number> {
  const out = await git(cwd, ['rev-list', '--count', 'HEAD'])
  return out === undefined ? 0 : Number(out.trim()) || 0
}
