import {randomBytes} from 'node:crypto'

import {InputError, type ProjectContext} from 'govtool/core'

import {systemClock, type PacerClock} from './clock.js'
import {FileWindowStore, WINDOW_FILE} from './file-window-store.js'
import {DEFAULT_BACKOFF, rateLimitHint, retryDelayMs, type BackoffPolicy, type HeaderSource} from './headers.js'
import {Lane} from './lane.js'
import {PacerTicket, type LaneSnapshot, type ReleaseInfo} from './ticket.js'
import {BUILTIN_PROFILES, effectiveLimits, laneKey, loadProfiles, profilesVersion, resolveProfile, type RateLimitProfile} from './profiles.js'
import {MemoryWindowStore, type WindowStore} from './window-state.js'

export {PacerTicket, type LaneSnapshot, type ReleaseInfo}

export interface PacerRequest {
  provider: string
  model: string
  /** tokens the request is expected to use (prompt + max output); counted against TPM at admission */
  estimatedTokens?: number
  /** aborting removes the request from the queue and rejects with the signal's reason */
  signal?: AbortSignal
}

export interface PacerOptions {
  clock?: PacerClock
  /** random source in [0, 1) for backoff jitter */
  random?: () => number
  /** shared window state; default: in memory (one process) */
  store?: WindowStore
  /** saved profiles (they win over the built-in ones) */
  profiles?: readonly RateLimitProfile[]
  /** built-in profiles (default BUILTIN_PROFILES; pass [] to pace only what is saved) */
  builtins?: readonly RateLimitProfile[]
  /** how long a lease may be used (ms, default 1000) */
  leaseMs?: number
  backoff?: BackoffPolicy
  /** attempts `run()` makes before returning the last 429 (default 6) */
  maxAttempts?: number
  /** re-reads the saved profiles; called at most every `profileCheckMs` before a sync */
  reloadProfiles?: () => Promise<readonly RateLimitProfile[] | undefined>
  profileCheckMs?: number
}

export interface ResponseInfo {
  provider: string
  model: string
  status: number
  headers?: HeaderSource
}

export interface ResponseVerdict {
  /** the response was a 429: the request should be retried after `delay_ms` */
  retry: boolean
  delay_ms: number
  /** retry-after, retry-after-ms, a provider reset header, or backoff */
  source?: string
  consecutive_429: number
}

/** What `run()` needs to know about a result: its HTTP status, headers, and the tokens it used. */
export interface ResultInfo {
  status?: number
  headers?: HeaderSource
  tokensUsed?: number
}

export interface RunOptions<T> {
  /** extracts status/headers/tokens from a result (default: reads `status` and `headers` properties) */
  inspect?: (result: T) => ResultInfo
  maxAttempts?: number
}

/** Reads `status`/`statusCode` and `headers`/`response.headers` from a result or a thrown error. */
export function defaultInspect(value: unknown): ResultInfo {
  if (!value || typeof value !== 'object') return {}
  const v = value as {status?: unknown; statusCode?: unknown; headers?: unknown; response?: {status?: unknown; headers?: unknown}}
  const status = typeof v.status === 'number' ? v.status : typeof v.statusCode === 'number' ? v.statusCode : typeof v.response?.status === 'number' ? v.response.status : undefined
  const headers = (v.headers ?? v.response?.headers) as HeaderSource
  return {status, headers}
}

/**
 * The request pacer every model call goes through (chat, dispatch, the governance proxy).
 *
 *   const pacer = await Pacer.forProject(ctx)
 *   const ticket = await pacer.acquire({provider: 'openai', model: 'gpt-4o', estimatedTokens: 3000, signal})
 *   try { res = await fetch(...) } finally { pacer.onResponse({provider, model, status: res.status, headers: res.headers}); ticket.release({tokensUsed}) }
 *
 * or simply `await pacer.run({provider, model, estimatedTokens}, () => fetch(...))`, which retries 429s.
 *
 * Per provider/model it admits a request when the rolling 60 s window stays under target x RPM and
 * target x TPM and under the concurrency limit (profiles from `.govtool/model-rate-limits.json`, else the
 * built-ins; a model without any profile is not paced), queueing otherwise in FIFO order. After a 429 the
 * model cools down for the provider-prescribed time (retry-after, reset headers) or an exponential backoff
 * with jitter, shared with the other processes of the project. See window-state.ts for how processes share
 * the window without a lock per request.
 */
export class Pacer {
  readonly clock: PacerClock
  readonly store: WindowStore
  readonly owner: string
  private readonly random: () => number
  private readonly leaseMs: number
  private readonly backoff: BackoffPolicy
  private readonly maxAttempts: number
  private saved: readonly RateLimitProfile[]
  private readonly builtins: readonly RateLimitProfile[]
  private readonly lanes = new Map<string, Lane>()
  private seq = 0
  private lastProfileCheck: number
  private readonly profileCheckMs: number
  private readonly reload?: () => Promise<readonly RateLimitProfile[] | undefined>
  private closed = false

  constructor(options: PacerOptions = {}) {
    this.clock = options.clock ?? systemClock
    this.store = options.store ?? new MemoryWindowStore()
    this.random = options.random ?? Math.random
    this.leaseMs = options.leaseMs ?? 1000
    this.backoff = options.backoff ?? DEFAULT_BACKOFF
    this.maxAttempts = options.maxAttempts ?? 6
    this.saved = options.profiles ?? []
    this.builtins = options.builtins ?? BUILTIN_PROFILES
    this.owner = `${process.pid}-${randomBytes(4).toString('hex')}`
    this.reload = options.reloadProfiles
    this.profileCheckMs = options.profileCheckMs ?? 5000
    this.lastProfileCheck = this.clock.now()
  }

  /**
   * The pacer of a project: saved profiles from `.govtool/model-rate-limits.json` (re-read when the file
   * changes), the window shared through `.govtool/ratelimit-window.json`.
   */
  static async forProject(ctx: ProjectContext, options: Omit<PacerOptions, 'profiles' | 'store' | 'reloadProfiles'> = {}): Promise<Pacer> {
    await ctx.ensureStateDir()
    const clock = options.clock ?? systemClock
    let version = await profilesVersion(ctx)
    const profiles = await loadProfiles(ctx)
    return new Pacer({
      ...options,
      clock,
      profiles,
      store: new FileWindowStore(ctx.state(WINDOW_FILE), clock),
      async reloadProfiles() {
        const now = await profilesVersion(ctx)
        if (now === version) return undefined
        version = now
        return loadProfiles(ctx)
      },
    })
  }

  private static readonly perProject = new Map<string, Promise<Pacer>>()

  /**
   * The one pacer of this process for a project (created on first use): chat, dispatch and the proxy
   * running in one process share its queues, leases and slots instead of competing with each other.
   */
  static shared(ctx: ProjectContext): Promise<Pacer> {
    let pacer = Pacer.perProject.get(ctx.root)
    if (!pacer) {
      pacer = Pacer.forProject(ctx)
      Pacer.perProject.set(ctx.root, pacer)
      pacer.catch(() => Pacer.perProject.delete(ctx.root))
    }
    return pacer
  }

  private lane(provider: string, model: string): Lane {
    const key = laneKey(provider, model)
    let lane = this.lanes.get(key)
    if (!lane) {
      const resolved = resolveProfile(provider, model, this.saved, this.builtins)
      lane = new Lane(key, provider.trim().toLowerCase(), model.trim().toLowerCase(), resolved, resolved ? effectiveLimits(resolved.profile) : undefined, {
        clock: this.clock,
        store: this.store,
        owner: this.owner,
        pid: process.pid,
        leaseMs: this.leaseMs,
        beforeSync: () => this.checkProfiles(),
      })
      this.lanes.set(key, lane)
    }
    return lane
  }

  private async checkProfiles(): Promise<void> {
    if (!this.reload || this.clock.now() - this.lastProfileCheck < this.profileCheckMs) return
    this.lastProfileCheck = this.clock.now()
    const fresh = await this.reload()
    if (fresh) this.setProfiles(fresh)
  }

  /** Replaces the saved profiles; lanes pick up their new limits at once. */
  setProfiles(profiles: readonly RateLimitProfile[]): void {
    this.saved = profiles
    for (const lane of this.lanes.values()) {
      const resolved = resolveProfile(lane.provider, lane.model, this.saved, this.builtins)
      lane.resolved = resolved
      lane.limits = resolved ? effectiveLimits(resolved.profile) : undefined
      lane.pump()
    }
  }

  /** Waits (FIFO) until the request may be sent; resolves with the ticket to release afterwards. */
  acquire(request: PacerRequest): Promise<PacerTicket> {
    return this.acquireAt(request, ++this.seq)
  }

  private acquireAt(request: PacerRequest, seq: number): Promise<PacerTicket> {
    if (this.closed) return Promise.reject(new InputError('The pacer is closed.', {code: 'E_PACER_CLOSED'}))
    if (!request.provider?.trim() || !request.model?.trim()) {
      return Promise.reject(new InputError('A paced request needs a provider and a model.', {code: 'E_PACER_REQUEST'}))
    }
    const tokens = request.estimatedTokens ?? 0
    if (!Number.isFinite(tokens) || tokens < 0) {
      return Promise.reject(new InputError(`estimatedTokens must be a non-negative number, got ${tokens}.`, {code: 'E_PACER_REQUEST'}))
    }
    return this.lane(request.provider, request.model).enqueue(seq, Math.ceil(tokens), request.signal)
  }

  /**
   * Tells the pacer how a request ended. A 429 starts (or extends) the model's cooldown: the provider's
   * retry-after / reset headers when present, else exponential backoff with jitter by consecutive 429s.
   * A success resets the backoff; a response saying a quota is used up (remaining 0) pauses until its reset.
   */
  onResponse(info: ResponseInfo): ResponseVerdict {
    const lane = this.lane(info.provider, info.model)
    const now = this.clock.now()
    if (info.status === 429) {
      lane.consecutive429++
      const {delayMs, source} = retryDelayMs(info.headers, lane.consecutive429, now, this.random, this.backoff)
      lane.cooldownUntil = Math.max(lane.cooldownUntil, now + delayMs)
      lane.dropLease()
      lane.requestSync()
      return {retry: true, delay_ms: delayMs, source, consecutive_429: lane.consecutive429}
    }
    if (info.status > 0 && info.status < 400) lane.consecutive429 = 0
    const hint = rateLimitHint(info.headers, now, info.status)
    if (hint.exhausted && hint.delayMs !== undefined && hint.delayMs > 0) {
      lane.cooldownUntil = Math.max(lane.cooldownUntil, now + hint.delayMs)
      lane.dropLease()
      lane.requestSync()
      return {retry: false, delay_ms: hint.delayMs, source: hint.source, consecutive_429: lane.consecutive429}
    }
    return {retry: false, delay_ms: 0, consecutive_429: lane.consecutive429}
  }

  /**
   * Sends `fn` through the pacer: acquire, call, report the response, release; on a 429 (returned or
   * thrown) it waits out the cooldown and retries, keeping its place in the queue, up to `maxAttempts`.
   * Returns the last result (which is a 429 response when every attempt was limited); rethrows other errors.
   */
  async run<T>(request: PacerRequest, fn: (attempt: {attempt: number; ticket: PacerTicket; signal?: AbortSignal}) => Promise<T>, options: RunOptions<T> = {}): Promise<T> {
    const seq = ++this.seq
    const maxAttempts = options.maxAttempts ?? this.maxAttempts
    const inspect = options.inspect ?? ((r: T) => defaultInspect(r))
    for (let attempt = 1; ; attempt++) {
      const ticket = await this.acquireAt(request, seq)
      let result: T
      try {
        result = await fn({attempt, ticket, signal: request.signal})
      } catch (error) {
        const info = defaultInspect(error)
        if (info.status === 429) {
          this.onResponse({provider: request.provider, model: request.model, status: 429, headers: info.headers})
          ticket.release({tokensUsed: 0})
          if (attempt < maxAttempts) continue
        } else {
          ticket.release()
        }
        throw error
      }
      const info = inspect(result)
      if (info.status !== undefined) this.onResponse({provider: request.provider, model: request.model, status: info.status, headers: info.headers})
      ticket.release({tokensUsed: info.status === 429 ? 0 : info.tokensUsed})
      if (info.status !== 429 || attempt >= maxAttempts) return result
    }
  }

  /** The in-process view of one provider/model. */
  snapshot(provider: string, model: string): LaneSnapshot {
    return this.lane(provider, model).snapshot()
  }

  /** Settles every lease and gives back every slot; queued requests are rejected. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await Promise.all([...this.lanes.values()].map((lane) => lane.close()))
  }
}
