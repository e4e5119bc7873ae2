import {runGit, type Scaffold} from 'govtool/core'

interface Answer {
  ok: boolean
  stdout: string
  stderr: string
}

/** git in `cwd` through the kernel's runner; resolves with its output, never rejects (git missing is not ok). */
async function git(args: readonly string[], cwd: string): Promise<Answer> {
  try {
    const r = await runGit(cwd, args, {allowFailure: true, timeoutMs: 60_000})
    return {ok: r.code === 0, stdout: r.stdout.trim(), stderr: r.stderr.trim()}
  } catch (error) {
    return {ok: false, stdout: '', stderr: (error as Error).message}
  }
}

/** A remote URL without credentials (`https://user:token@host/x` -> `https://host/x`). */
export function redactRemoteUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/]*@/i, '$1')
}

/** The VCS host platform a remote URL points at, or `null` when it is not a known host. */
export function platformOfRemote(url: string): Scaffold['vcs_platform'] | null {
  const host = (/^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/:]+)/i.exec(url) ?? /^(?:[^@/]+@)?([^/:]+):/.exec(url))?.[1]?.toLowerCase()
  if (!host) return null
  if (host === 'github.com' || host.endsWith('.github.com') || host.includes('github')) return 'github'
  if (host.includes('gitlab')) return 'gitlab'
  if (host === 'dev.azure.com' || host.endsWith('.dev.azure.com') || host.endsWith('visualstudio.com') || host.includes('azure')) return 'azure-devops'
  if (host.includes('bitbucket')) return 'bitbucket'
  return null
}

export interface GitRemoteInfo {
  /** remote name (origin when there is one) */
  name: string | null
  /** URL without credentials */
  url: string | null
  host_platform: Scaffold['vcs_platform'] | null
  /** current branch */
  branch: string | null
  is_repository: boolean
}

/** The repository's remote (origin first) and branch, from real git. */
export async function gitRemoteInfo(root: string): Promise<GitRemoteInfo> {
  const inside = await git(['rev-parse', '--is-inside-work-tree'], root)
  if (!inside.ok || inside.stdout !== 'true') return {name: null, url: null, host_platform: null, branch: null, is_repository: false}
  const [remotes, branch] = await Promise.all([git(['remote'], root), git(['symbolic-ref', '--quiet', '--short', 'HEAD'], root)])
  const names = remotes.ok ? remotes.stdout.split('\n').filter(Boolean) : []
  const name = names.includes('origin') ? 'origin' : (names[0] ?? null)
  let url: string | null = null
  if (name) {
    const got = await git(['remote', 'get-url', name], root)
    if (got.ok && got.stdout) url = redactRemoteUrl(got.stdout)
  }
  return {name, url, host_platform: url ? platformOfRemote(url) : null, branch: branch.ok && branch.stdout ? branch.stdout : null, is_repository: true}
}

export interface GitInitResult {
  initialized: boolean
  committed: boolean
  /** the branch the repository was created on */
  branch?: string
  commit?: string
  /** why no commit was made (e.g. no git identity configured) */
  warning?: string
}

/** `git init` on `branch`, stage everything and make the first commit. */
export async function gitInitAndCommit(dir: string, options: {branch: string; message: string}): Promise<GitInitResult> {
  let init = await git(['init', '--quiet', '--initial-branch', options.branch], dir)
  if (!init.ok) {
    // git older than 2.28 has no --initial-branch
    init = await git(['init', '--quiet'], dir)
    if (init.ok) await git(['symbolic-ref', 'HEAD', `refs/heads/${options.branch}`], dir)
  }
  if (!init.ok) return {initialized: false, committed: false, warning: `git init failed: ${init.stderr.split('\n')[0]}`}
  const add = await git(['add', '--all'], dir)
  if (!add.ok) return {initialized: true, committed: false, branch: options.branch, warning: `git add failed: ${add.stderr.split('\n')[0]}`}
  const commit = await git(['commit', '--quiet', '--no-verify', '-m', options.message], dir)
  if (!commit.ok) {
    const identity = /tell me who you are|user\.email|user\.name|empty ident/i.test(commit.stderr)
    return {
      initialized: true,
      committed: false,
      branch: options.branch,
      warning: identity
        ? 'No commit made: git has no user.name/user.email configured. The files are staged; set them and run `git commit`.'
        : `No commit made: ${commit.stderr.split('\n')[0]}`,
    }
  }
  const head = await git(['rev-parse', 'HEAD'], dir)
  return {initialized: true, committed: true, branch: options.branch, ...(head.ok ? {commit: head.stdout} : {})}
}
