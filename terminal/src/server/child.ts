// SPDX-License-Identifier: AGPL-3.0-only
/**
 * A managed child process (invariant I3): the governance server (and later `govtool serve`) runs as a child of
 * the terminal server. It is started at start-up, restarted with exponential backoff when it dies (0.5 s doubling
 * to 30 s; the backoff resets once a run lasted 30 s), and stopped on exit with SIGTERM, then SIGKILL after a
 * grace period. When the govtool binary cannot be found the state is `missing` and nothing is retried: the
 * terminal works without the gate (a red dot in Settings > Governance).
 */
import {spawn, type ChildProcess} from 'node:child_process'
import {accessSync, constants} from 'node:fs'
import path from 'node:path'

export type ChildState = 'missing' | 'starting' | 'running' | 'restarting' | 'stopped'

export interface ChildStatus {
  name: string
  state: ChildState
  pid: number | null
  restarts: number
  command: string | null
  last_exit: string | null
  /** the last lines the child wrote to stderr */
  log: string[]
}

/** How to run govtool: GOVTOOL_BIN (a script run with this node, or an executable), else `govtool` on PATH. */
export function findGovtool(env: NodeJS.ProcessEnv = process.env): {command: string; prefix: string[]} | undefined {
  const explicit = env.GOVTOOL_BIN?.trim()
  if (explicit) {
    if (/\.[cm]?js$/.test(explicit)) return {command: process.execPath, prefix: [explicit]}
    return {command: explicit, prefix: []}
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue
    for (const name of process.platform === 'win32' ? ['govtool.cmd', 'govtool.exe'] : ['govtool']) {
      const candidate = path.join(dir, name)
      try {
        accessSync(candidate, constants.X_OK)
        return {command: candidate, prefix: []}
      } catch {
        // not here
      }
    }
  }
  return undefined
}

export interface ManagedChildOptions {
  name: string
  args: string[]
  cwd: string
  env?: NodeJS.ProcessEnv
  /** initial and maximum restart delay (ms) */
  backoff?: {initial: number; max: number; stableAfter: number}
  /** SIGTERM grace before SIGKILL (ms) */
  killAfter?: number
}

export class ManagedChild {
  private child: ChildProcess | undefined
  private timer: NodeJS.Timeout | undefined
  private delay: number
  private startedAt = 0
  private stopping = false
  private readonly status: ChildStatus
  private readonly backoff: {initial: number; max: number; stableAfter: number}
  private readonly binary: {command: string; prefix: string[]} | undefined

  constructor(private readonly options: ManagedChildOptions) {
    this.backoff = options.backoff ?? {initial: 500, max: 30_000, stableAfter: 30_000}
    this.delay = this.backoff.initial
    this.binary = findGovtool(options.env)
    this.status = {name: options.name, state: this.binary ? 'starting' : 'missing', pid: null, restarts: 0, command: this.binary ? [this.binary.command, ...this.binary.prefix, ...options.args].join(' ') : null, last_exit: null, log: []}
  }

  snapshot(): ChildStatus {
    return {...this.status, log: [...this.status.log]}
  }

  start(): void {
    if (!this.binary || this.stopping) return
    this.status.state = this.status.restarts > 0 ? 'restarting' : 'starting'
    const child = spawn(this.binary.command, [...this.binary.prefix, ...this.options.args], {cwd: this.options.cwd, env: this.options.env ?? process.env, stdio: ['ignore', 'ignore', 'pipe']})
    this.child = child
    this.startedAt = Date.now()
    this.status.pid = child.pid ?? null
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim()) this.status.log.push(line.slice(0, 500))
      this.status.log.splice(0, Math.max(0, this.status.log.length - 20))
    })
    child.once('spawn', () => {
      if (this.child === child) this.status.state = 'running'
    })
    child.once('error', (error) => {
      this.status.last_exit = `could not start: ${error.message}`
    })
    child.once('close', (code, signal) => {
      if (this.child !== child) return
      this.child = undefined
      this.status.pid = null
      this.status.last_exit = signal ? `signal ${signal}` : `exit ${code}`
      if (this.stopping) {
        this.status.state = 'stopped'
        return
      }
      if (Date.now() - this.startedAt >= this.backoff.stableAfter) this.delay = this.backoff.initial
      this.status.state = 'restarting'
      this.status.restarts++
      this.timer = setTimeout(() => this.start(), this.delay)
      this.delay = Math.min(this.backoff.max, this.delay * 2)
    })
  }

  /** SIGTERM, then SIGKILL after the grace period; resolves when the child is gone. */
  async stop(): Promise<void> {
    this.stopping = true
    if (this.timer) clearTimeout(this.timer)
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      if (this.status.state !== 'missing') this.status.state = 'stopped'
      return
    }
    const gone = new Promise<void>((resolve) => child.once('close', () => resolve()))
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), this.options.killAfter ?? 5000)
    await gone
    clearTimeout(killer)
    this.status.state = 'stopped'
  }
}
