/**
 * Starts the governance server for a project: wires the gate (the preflight plugin's operations), the
 * upstream from the environment, the project's request pacer, usage recording in credits and verification of
 * proposed diffs, then listens on loopback.
 */
import type {UsageInput} from '@govtool/plugin-credits'
import type {AnyOperation, ProjectContext} from 'govtool/core'

import {listen, type LoopbackHost} from '../listen.js'
import {createGovernanceApp} from './app.js'
import {upstreamFromEnv, type UpstreamConfig} from './upstream.js'

export interface GovernanceServerOptions {
  project: ProjectContext
  port: number
  host?: LoopbackHost
  env?: NodeJS.ProcessEnv
  /** the upstream (default: from the environment) */
  upstream?: UpstreamConfig | null
  /** access log lines */
  log?: (line: string) => void
  /** problems that do not stop the server (a usage record that could not be written) */
  warn?: (message: string) => void
  /** pace upstream calls with the project's rate-limit profiles (default true) */
  pace?: boolean
}

export interface GovernanceServer {
  url: string
  host: string
  port: number
  /** the upstream base URL (without credentials), or undefined for stub replies */
  upstream?: string
  requests(): number
  /** stops accepting, finishes requests in flight (up to graceMs), flushes records */
  close(graceMs?: number): Promise<void>
}

/** Collects items and hands them over in batches: after `size` items, or `ms` after the first queued. */
class Batch<T> {
  private items: T[] = []
  private timer: NodeJS.Timeout | undefined
  constructor(
    private readonly deliver: (items: T[]) => void,
    private readonly size = 256,
    private readonly ms = 250,
  ) {}

  add(item: T): void {
    this.items.push(item)
    if (this.items.length >= this.size) this.flush()
    else this.timer ??= setTimeout(() => this.flush(), this.ms)
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    if (this.items.length === 0) return
    const items = this.items
    this.items = []
    this.deliver(items)
  }
}

/** The preflight plugin's operations (preflight and verify become POST /preflight and /verify). */
async function preflightOperations(): Promise<AnyOperation[]> {
  const specifier = '@govtool/plugin-preflight/operations'
  return ((await import(specifier)) as {operations: AnyOperation[]}).operations
}

/** The console operations' packages (app.ts CONSOLE_OPERATIONS); a package that is not installed is skipped. */
async function consoleOperations(): Promise<AnyOperation[]> {
  const specifiers = ['@govtool/plugin-esdb/operations', '@govtool/plugin-skills/operations', '@govtool/plugin-governance/operations', '@govtool/plugin-model-intel/operations']
  const lists = await Promise.all(specifiers.map(async (specifier) => ((await import(specifier).catch(() => ({operations: []}))) as {operations: AnyOperation[]}).operations))
  return lists.flat()
}

export async function startGovernanceServer(options: GovernanceServerOptions): Promise<GovernanceServer> {
  const {project} = options
  const warn = options.warn ?? (() => {})
  const upstream = options.upstream === null ? undefined : (options.upstream ?? upstreamFromEnv(options.env ?? process.env))
  const [operations, console_, credits] = await Promise.all([preflightOperations(), consoleOperations(), import('@govtool/plugin-credits')])
  const pacer = options.pace === false || !upstream ? undefined : await credits.Pacer.forProject(project)
  const pending = new Set<Promise<unknown>>()
  const background = (work: Promise<unknown>, what: string) => {
    const tracked = work.catch((error: unknown) => warn(`${what}: ${(error as Error).message}`)).finally(() => pending.delete(tracked))
    pending.add(tracked)
  }
  // usage is recorded in batches (one locked, fsync'd append per batch), off the request path
  const usageBatch = new Batch<UsageInput>((entries) =>
    background(credits.recordUsage(project, entries), 'could not record usage in credits'),
  )
  let requests = 0
  const {app, gate} = createGovernanceApp({
    project,
    operations,
    consoleOperations: console_,
    upstream,
    log: (line) => {
      requests++
      options.log?.(line)
    },
    admit: pacer
      ? async (provider, model, estimatedTokens, signal) => {
          const ticket = await pacer.acquire({provider, model, estimatedTokens, signal})
          return (info) => {
            pacer.onResponse({provider, model, status: info.status, headers: info.headers as Record<string, string>})
            ticket.release({tokensUsed: info.tokensUsed})
          }
        }
      : undefined,
    onUsage: (usage) => usageBatch.add(usage),
    onProposal: (proposal) =>
      background(
        (async () => {
          const [{verify}, {appendRecords}] = await Promise.all([import('@govtool/plugin-preflight'), import('@govtool/plugin-esdb')])
          const result = await verify(project, {diff: proposal.diff, files_changed: [], work_item_id: proposal.work_item_id})
          await appendRecords(project, [
            {
              id: `verify-${proposal.work_item_id}-${Date.now().toString(36)}`,
              kind: 'verify_outcome',
              status: result.equilibrium ? 'equilibrium' : result.retry_strategy || 'stop',
              label: result.summary,
              confidence: Math.max(0, Math.min(1, result.confidence)),
              evidence: [proposal.work_item_id],
              data: {work_item_id: proposal.work_item_id, equilibrium: result.equilibrium, confidence: result.confidence, retry_strategy: result.retry_strategy, files_changed: result.files_changed},
            },
          ])
        })(),
        'could not verify a proposed change',
      ),
  })
  const running = await listen(app, {host: options.host ?? '127.0.0.1', port: options.port, portKey: 'governance_port'})
  return {
    url: running.url,
    host: running.host,
    port: running.port,
    upstream: upstream ? `${upstream.baseUrl.origin}${upstream.baseUrl.pathname}` : undefined,
    requests: () => requests,
    async close(graceMs) {
      await running.close(graceMs)
      usageBatch.flush()
      await Promise.allSettled([...pending])
      await gate.flush()
      for (const problem of gate.problems) warn(problem)
      await pacer?.close()
    },
  }
}
