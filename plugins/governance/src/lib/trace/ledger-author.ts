/**
 * Who a ledger entry is by (ledger.ts appends; every caller takes its author from here).
 */
import {existsSync, readFileSync, statSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {ensureDirSync, fileSignature, gitOutput, readTextIfExistsSync, writeCacheFileSync, type ProjectContext} from 'govtool/core'

import {squash} from './markdown.js'

let authorCache: {key: string; author: string} | undefined

/**
 * The author of a ledger entry: the one place every entry's author comes from, whoever appends it (`ledger
 * add`, preflight, init, import, integrate, migrate-project, `agent permissions-check`). In order: the author
 * given for the entry (`ledger add --author`), $GOVTOOL_AUTHOR, git's author name for the project (what a
 * commit there would record: $GIT_AUTHOR_NAME, else `git config user.name`), else the operating-system user,
 * else "unknown". The git answer is remembered while the environment and the git config files are unchanged:
 * in the process (a server appending many entries asks git once) and in the project's cache
 * (`.govtool/cache/git-author.json`), so a one-shot command (an accepted preflight writes an entry) does not
 * start git, 10-15 ms of every accepted preflight (issue 14). The key names every config file git reads for
 * the answer with its signature, so `git config user.name <new>` (which rewrites one of them) is a miss.
 */
export async function ledgerAuthor(ctx: ProjectContext, given?: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const explicit = squash(given ?? '') || squash(env.GOVTOOL_AUTHOR ?? '') || squash(env.GIT_AUTHOR_NAME ?? '')
  if (explicit) return explicit
  const key = [ctx.root, ...gitConfigFiles(ctx.root, env).map((f) => `${f}=${fileSignature(f)}`), env.HOME, env.XDG_CONFIG_HOME, env.GIT_CONFIG_GLOBAL, env.GIT_CONFIG_NOSYSTEM, env.GIT_DIR].join('\0')
  if (authorCache?.key === key) return authorCache.author
  const stored = storedAuthor(ctx, key)
  if (stored) {
    authorCache = {key, author: stored}
    return stored
  }
  const fromGit = squash((await gitOutput(ctx.root, ['config', 'user.name'], {timeoutMs: 3000, env}).catch(() => undefined)) ?? '')
  const author = fromGit || osUser()
  authorCache = {key, author}
  storeAuthor(ctx, key, author)
  return author
}

const AUTHOR_CACHE = 'git-author.json'

/** The author the project's cache holds for `key`, if any (a damaged or foreign file is a miss). */
function storedAuthor(ctx: ProjectContext, key: string): string | undefined {
  try {
    const data = JSON.parse(readTextIfExistsSync(ctx.state('cache', AUTHOR_CACHE)) ?? 'null') as unknown
    if (data && typeof data === 'object' && (data as {key?: unknown}).key === key) {
      const author = (data as {author?: unknown}).author
      if (typeof author === 'string') return squash(author) || undefined
    }
  } catch {
    // unreadable or not JSON: ask git again
  }
  return undefined
}

/** Remembers the answer for the next process; a cache that cannot be written (read-only project, a link) is skipped. */
function storeAuthor(ctx: ProjectContext, key: string, author: string): void {
  try {
    ensureDirSync(ctx.state('cache'))
    writeCacheFileSync(ctx.state('cache', AUTHOR_CACHE), `${JSON.stringify({key, author})}\n`)
  } catch {
    // the cache is an optimisation only
  }
}

/** The git config files a `git config user.name` in `root` may read (those that exist or may appear). */
function gitConfigFiles(root: string, env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME ?? os.homedir()
  const files = [
    env.GIT_CONFIG_SYSTEM ?? '/etc/gitconfig',
    env.GIT_CONFIG_GLOBAL ?? path.join(home, '.gitconfig'),
    path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'git', 'config'),
  ]
  for (let dir = root; ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, '.git')
    if (existsSync(dotGit)) {
      files.push(dotGit, ...gitDirConfigs(dotGit))
      break
    }
    if (path.dirname(dir) === dir) break
  }
  return files
}

/**
 * The config files of the repository `.git` stands for: its own `config`, or, where `.git` is a file (a linked
 * worktree, a submodule: `gitdir: <path>`), the git directory's `config.worktree` and `config` and the common
 * directory's `config` (`commondir`), where `git config` reads them.
 */
function gitDirConfigs(dotGit: string): string[] {
  let gitDir = dotGit
  try {
    if (!statSync(dotGit).isDirectory()) {
      const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]
      if (!pointer) return []
      gitDir = path.resolve(path.dirname(dotGit), pointer)
    }
    const common = existsSync(path.join(gitDir, 'commondir')) ? path.resolve(gitDir, readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim()) : gitDir
    return [...new Set([path.join(gitDir, 'config.worktree'), path.join(gitDir, 'config'), path.join(common, 'config')])]
  } catch {
    // unreadable: the key holds `.git` itself, and git answers for the rest
    return []
  }
}

function osUser(): string {
  try {
    return squash(os.userInfo().username) || 'unknown'
  } catch {
    return 'unknown'
  }
}
