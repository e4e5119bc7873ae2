/** Read-only git queries for reports and phase checks; every one answers `undefined` when git or the repo is missing. */
import {lstatSync} from 'node:fs'
import {readdir, readFile} from 'node:fs/promises'
import path from 'node:path'

import {gitOutput} from 'govtool/core'

/**
 * git's output in `cwd`, or `undefined` (see gitOutput in the kernel: the one git runner of govtool). Outside
 * any repository (outsideRepository) git is not started: its answer would be "not a git repository". A query
 * started ahead by withGitAhead is answered by that process.
 */
export async function git(cwd: string, args: readonly string[], timeoutMs = 10_000): Promise<string | undefined> {
  const key = prefetchKey(cwd, args)
  const ahead = prefetched.get(key)
  if (ahead) {
    prefetched.delete(key)
    return ahead
  }
  if (outsideRepository(cwd)) return undefined
  return gitOutput(cwd, args, {timeoutMs})
}

const prefetched = new Map<string, Promise<string | undefined>>()
const prefetchKey = (cwd: string, args: readonly string[]) => `${path.resolve(cwd)}\0${args.join('\0')}`

/**
 * Runs `work` with read-only git queries started first, so that git runs while `work` reads and checks files
 * (on another core), and the `git()` call in `work` that asks the same question takes the answer (once).
 * Answers not taken are dropped when `work` ends: a long-lived server never answers from an old process.
 * checkpoint and phase start their two git processes (commit count, tracked files) this way (issue 14).
 */
export async function withGitAhead<T>(cwd: string, queries: readonly (readonly string[])[], work: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const started: string[] = []
  if (!outsideRepository(cwd)) {
    for (const args of queries) {
      const key = prefetchKey(cwd, args)
      if (prefetched.has(key)) continue
      const answer = gitOutput(cwd, args, {timeoutMs})
      prefetched.set(key, answer)
      started.push(key)
    }
  }
  try {
    return await work()
  } finally {
    for (const key of started) prefetched.delete(key)
  }
}

/** what checkpoint and the phase checklists ask git (commitCount, trackedFiles) */
export const PHASE_GIT_QUERIES: readonly (readonly string[])[] = [
  ['rev-list', '--count', 'HEAD'],
  ['ls-files', '-z'],
]

/**
 * Whether no git repository can hold `cwd`, so that every git query there fails ("not a git repository") and
 * none is started: no GIT_DIR, GIT_WORK_TREE or GIT_COMMON_DIR in the environment (they point git anywhere), and
 * neither `cwd` nor any directory above it has a `.git` entry (directory, worktree file or link) or looks like a
 * bare repository (HEAD, objects and refs), which is where git's discovery looks. Anything it cannot rule out (a
 * directory it cannot read) counts as a repository, and git answers. Asked afresh each time (a server's project
 * may become a repository).
 */
export function outsideRepository(cwd: string): boolean {
  if (['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR'].some((name) => process.env[name] !== undefined)) return false
  try {
    for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
      if (!absent(path.join(dir, '.git'))) return false
      if (!absent(path.join(dir, 'HEAD')) && !absent(path.join(dir, 'objects')) && !absent(path.join(dir, 'refs'))) return false
      if (path.dirname(dir) === dir) return true
    }
  } catch {
    return false
  }
}

/** whether `file` is absent for certain (ENOENT, ENOTDIR); any other error throws */
function absent(file: string): boolean {
  try {
    lstatSync(file)
    return false
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return true
    throw error
  }
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
  // synchronous (issue 14, start-up pass 9): outside a repository this is a warm checkpoint's only reason to start
  // the thread pool; a missing .git still throws (ENOENT) into the caller's handling, as the promise did
  const stat = lstatSync(dotGit)
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
