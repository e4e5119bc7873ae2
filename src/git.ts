/**
 * The one way govtool runs git: real git as a child process (never a shell), in a given directory, with prompts
 * off, the C locale (messages parse the same everywhere) and no pager or editor. A failure is a GovError
 * carrying git's own message (E_GIT), git missing is E_NO_GIT and a deadline E_GIT_TIMEOUT; with
 * `allowFailure` the result comes back instead, for callers that ask git a question ("is this a repo?").
 */
import type {ChildProcess} from 'node:child_process'
import {existsSync} from 'node:fs'

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
  const result = await spawnGit(cwd, args, options)
  if (result.error) {
    if (result.error.code === 'ENOENT' && existsSync(cwd)) {
      throw new GovError('git is not installed (or not on PATH).', {code: 'E_NO_GIT', hint: 'Install git from https://git-scm.com and run the command again.'})
    }
    // a directory that does not exist (spawn reports it as ENOENT too): git's own answer
    const message = result.error.code === 'ENOENT' ? `fatal: cannot change to '${cwd}': No such file or directory` : result.error.message
    const out: GitResult = {code: 128, stdout: '', stderr: message}
    if (!options.allowFailure) throw gitError(args, out)
    return out
  }
  if (result.timedOut) {
    if (options.allowFailure) return {code: 124, stdout: result.stdout, stderr: `git ${args[0]} timed out after ${options.timeoutMs} ms`}
    throw new GovError(`git ${args[0]} timed out after ${options.timeoutMs} ms.`, {code: 'E_GIT_TIMEOUT', hint: 'Check the network connection and the remote URL (git remote -v).'})
  }
  const out: GitResult = {code: result.code ?? 1, stdout: result.stdout, stderr: result.stderr}
  if (out.code !== 0 && !options.allowFailure) throw gitError(args, out)
  return out
}

/** 256 MiB: past this much output git is stopped and the call fails (a runaway `log -p`). */
const MAX_BUFFER = 256 * 1024 * 1024

interface Spawned {
  code: number | null
  stdout: string
  stderr: string
  timedOut: boolean
  error?: NodeJS.ErrnoException
}

/**
 * git as a child process through node:child_process (not execa, whose 170 KB every command that asks git a
 * question paid for at start-up): no shell, the environment given plus the fixed settings, stdin closed or the
 * given input, output collected (one final newline stripped, as execa did), a deadline that sends SIGTERM and
 * then SIGKILL a second later.
 */
function spawnGit(cwd: string, args: readonly string[], options: GitOptions): Promise<Spawned> {
  return new Promise((resolve) => {
    let child: ChildProcess
    try {
      // node:child_process (and node:net behind it, 4-6 ms) is loaded by the first git process, not by every
      // command that imports the kernel (issue 14, start-up fifth pass)
      child = process.getBuiltinModule('node:child_process').spawn('git', [...args], {cwd, env: {...(options.env ?? process.env), ...GIT_ENV}, stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], windowsHide: true})
    } catch (error) {
      resolve({code: null, stdout: '', stderr: '', timedOut: false, error: error as NodeJS.ErrnoException})
      return
    }
    const out: Buffer[] = []
    const err: Buffer[] = []
    let size = 0
    let timedOut = false
    let failure: NodeJS.ErrnoException | undefined
    let killer: NodeJS.Timeout | undefined
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BUFFER) {
        failure ??= Object.assign(new Error(`git ${args[0]} wrote more than ${MAX_BUFFER} bytes`), {code: 'ENOBUFS'})
        child.kill('SIGKILL')
        return
      }
      into.push(chunk)
    }
    child.stdout!.on('data', collect(out))
    child.stderr!.on('data', collect(err))
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true
          child.kill('SIGTERM')
          killer = setTimeout(() => child.kill('SIGKILL'), 1000)
          killer.unref()
        }, options.timeoutMs)
      : undefined
    if (options.input !== undefined) {
      child.stdin!.on('error', () => {}) // git may exit before reading all of it
      child.stdin!.end(options.input)
    }
    child.on('error', (error: NodeJS.ErrnoException) => {
      failure ??= error
    })
    let done = false
    const finish = (code: number | null) => {
      if (done) return
      done = true
      if (timer) clearTimeout(timer)
      if (killer) clearTimeout(killer)
      resolve({code, stdout: stripFinalNewline(Buffer.concat(out).toString('utf8')), stderr: stripFinalNewline(Buffer.concat(err).toString('utf8')), timedOut, error: failure})
    }
    child.on('close', finish)
    // past the deadline, git's exit is the end: a helper it started (ssh, a credential helper) may keep the pipes open
    child.on('exit', (code) => {
      if (!timedOut) return
      child.stdout!.destroy()
      child.stderr!.destroy()
      finish(code)
    })
  })
}

function stripFinalNewline(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2)
  return text.endsWith('\n') ? text.slice(0, -1) : text
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
