/**
 * The one way govtool runs git: real git through execa (never a shell), in a given directory, with prompts
 * off, the C locale (messages parse the same everywhere) and no pager or editor. A failure is a GovError
 * carrying git's own message (E_GIT), git missing is E_NO_GIT and a deadline E_GIT_TIMEOUT; with
 * `allowFailure` the result comes back instead, for callers that ask git a question ("is this a repo?").
 * execa is loaded on the first call, so importing this module costs nothing.
 */
import {GovError} from './errors.js'

export interface GitResult {
  code: number
  stdout: string
  stderr: string
}

export interface GitOptions {
  /** resolve with the result instead of throwing on a non-zero exit (git missing still throws) */
  allowFailure?: boolean
  /** kill git after this many ms (network operations) */
  timeoutMs?: number
  /** stdin for git; none by default */
  input?: string
  /** environment to run git in (default: this process's), on top of which the fixed settings apply */
  env?: NodeJS.ProcessEnv
}

const GIT_ENV = {GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', LANG: 'C', GIT_PAGER: 'cat', GIT_EDITOR: 'true'}

export async function runGit(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  const {execa} = await import('execa')
  const result = await execa('git', args, {
    cwd,
    env: {...(options.env ?? process.env), ...GIT_ENV},
    extendEnv: false,
    reject: false,
    stripFinalNewline: true,
    maxBuffer: 256 * 1024 * 1024,
    ...(options.timeoutMs ? {timeout: options.timeoutMs, forceKillAfterDelay: 1000} : {}),
    ...(options.input === undefined ? {stdin: 'ignore' as const} : {input: options.input}),
  })
  if (result.failed && result.exitCode === undefined) {
    if ((result as {code?: string}).code === 'ENOENT') {
      throw new GovError('git is not installed (or not on PATH).', {code: 'E_NO_GIT', hint: 'Install git from https://git-scm.com and run the command again.'})
    }
    if (result.timedOut) {
      if (options.allowFailure) return {code: 124, stdout: String(result.stdout ?? ''), stderr: `git ${args[0]} timed out after ${options.timeoutMs} ms`}
      throw new GovError(`git ${args[0]} timed out after ${options.timeoutMs} ms.`, {code: 'E_GIT_TIMEOUT', hint: 'Check the network connection and the remote URL (git remote -v).'})
    }
  }
  const out: GitResult = {code: result.exitCode ?? 1, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? '')}
  if (out.code !== 0 && !options.allowFailure) throw gitError(args, out)
  return out
}

function gitError(args: readonly string[], result: GitResult): GovError {
  const detail = (result.stderr || result.stdout).trim().split('\n').filter(Boolean).slice(0, 6).join('\n  ')
  return new GovError(`git ${args.filter((a) => !a.startsWith('-c')).slice(0, 3).join(' ')} failed (exit ${result.code}):\n  ${detail}`, {
    code: 'E_GIT',
    hint: "See git's message above; run `git status` to see the state of the repository.",
  })
}

/** git's answer to a question, or `undefined` when git fails, is missing or the directory is no repository. */
export async function gitOutput(cwd: string, args: readonly string[], options: Omit<GitOptions, 'allowFailure'> = {}): Promise<string | undefined> {
  try {
    const r = await runGit(cwd, args, {...options, allowFailure: true})
    return r.code === 0 ? r.stdout : undefined
  } catch {
    return undefined
  }
}
