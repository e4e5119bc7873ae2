/** Read-only git queries for reports and phase checks; every one answers `undefined` when git or the repo is missing. */
import {lstat, readdir, readFile} from 'node:fs/promises'
import path from 'node:path'

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

/**
 * Whether the repository has a tag (what `git tag --list` lists). Read from the repository's ref files when they
 * are plain files at `cwd/.git` (one git process less for checkpoint and phase, issue 14); `git tag --list` in
 * every other case (no `.git` at `cwd`, GIT_DIR and friends set, another owner, the reftable format, a ref file
 * that cannot be read).
 */
export async function hasTag(cwd: string): Promise<boolean> {
  const fromFiles = await tagInRefFiles(cwd).catch(() => undefined)
  if (fromFiles !== undefined) return fromFiles
  const out = await git(cwd, ['tag', '--list'])
  return out !== undefined && out.trim() !== ''
}

const OBJECT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/

/** `true` or `false` when the ref files answer it, `undefined` when git must. */
async function tagInRefFiles(cwd: string): Promise<boolean | undefined> {
  if (['GIT_DIR', 'GIT_COMMON_DIR', 'GIT_WORK_TREE', 'GIT_CEILING_DIRECTORIES'].some((name) => process.env[name] !== undefined)) return undefined
  const dotGit = path.join(cwd, '.git')
  const stat = await lstat(dotGit)
  // git refuses a repository another user owns (safe.directory): so does this reader, through git
  if (process.getuid !== undefined && stat.uid !== process.getuid()) return undefined
  let gitDir: string
  if (stat.isDirectory()) gitDir = dotGit
  else if (stat.isFile()) {
    const pointer = /^gitdir: (.+)$/m.exec(await readFile(dotGit, 'utf8'))
    if (!pointer) return undefined
    gitDir = path.resolve(cwd, pointer[1].trim())
  } else return undefined
  let commonDir = gitDir
  const common = await readFile(path.join(gitDir, 'commondir'), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  if (common !== undefined) commonDir = path.resolve(gitDir, common.trim())
  const config = await readFile(path.join(commonDir, 'config'), 'utf8')
  if (/refstorage/i.test(config)) return undefined
  const packed = await readFile(path.join(commonDir, 'packed-refs'), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return ''
    throw error
  })
  if (packed.split('\n').some((line) => OBJECT_ID.test(line.split(' ')[0]) && line.split(' ')[1]?.startsWith('refs/tags/'))) return true
  const tagsDir = path.join(commonDir, 'refs', 'tags')
  const entries = await readdir(tagsDir, {recursive: true, withFileTypes: true}).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  for (const entry of entries) {
    if (!entry.isFile()) {
      if (entry.isDirectory()) continue
      return undefined
    }
    const ref = (await readFile(path.join(entry.parentPath ?? entry.path, entry.name), 'utf8')).trim()
    if (OBJECT_ID.test(ref)) return true
    // a symbolic or broken ref: git decides
    return undefined
  }
  return false
}

export async function commitCount(cwd: string): Promise<number> {
  const out = await git(cwd, ['rev-list', '--count', 'HEAD'])
  return out === undefined ? 0 : Number(out.trim()) || 0
}
