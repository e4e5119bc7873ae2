import {GovError} from 'govtool/core'

import type {PacerClock} from './clock.js'
import {WINDOW_MS, type EffectiveLimits, type ResolvedProfile} from './profiles.js'
import {PacerTicket, type LaneSnapshot, type LocalLease, type ReleaseInfo, type Waiter} from './ticket.js'
import type {SettleReport, SyncRequest, WindowStore, WindowTotals} from './window-state.js'

/** What the lane needs from its pacer. */
export interface LaneDeps {
  clock: PacerClock
  store: WindowStore
  owner: string
  pid: number
  leaseMs: number
  /** called before each sync; reloads profiles when their file changed */
  beforeSync: () => Promise<void>
}

/**
 * One provider/model inside one process: a FIFO queue, the current lease, the concurrency slots held,
 * and the backoff state. Admission is an in-memory check against the lease (microseconds); the lane syncs
 * with the shared store only to get a new lease, settle ended ones, return idle slots or publish a
 * cooldown. Leases grow (doubling) while they are used up before they expire, and a new one is fetched in
 * the background when the current one is half used, so a steady stream of requests never waits for a sync.
 */
export class Lane {
  limits: EffectiveLimits | undefined
  private queue: Waiter[] = []
  private active: LocalLease | undefined
  private ended: LocalLease[] = []
  private slotsHeld = 0
  private inUse = 0
  cooldownUntil = 0
  private cooldownPublished = 0
  consecutive429 = 0
  private othersWaiting = false
  private extraTokens = 0
  private syncing = false
  private resync = false
  private blockedUntil = 0
  private wake: {handle: unknown; at: number} | undefined
  private maintenance: {handle: unknown; at: number} | undefined
  private nextWant = 1
  private avgTokens = 0
  private pumping = false
  private lastWindow: WindowTotals | undefined
  private recent: [number, number][] = []
  private recentHead = 0
  private ticketSeq = 0

  constructor(
    readonly key: string,
    readonly provider: string,
    readonly model: string,
    public resolved: ResolvedProfile | undefined,
    limits: EffectiveLimits | undefined,
    private readonly deps: LaneDeps,
  ) {
    this.limits = limits
  }

  enqueue(seq: number, tokens: number, signal?: AbortSignal): Promise<PacerTicket> {
    if (this.limits && tokens > this.limits.tpm) {
      return Promise.reject(
        new GovError(`A request of ${tokens} tokens can never fit ${this.key}'s budget of ${this.limits.tpm} tokens per minute.`, {
          code: 'E_REQUEST_TOO_LARGE',
          hint: `Raise the profile's TPM (govtool credits limits set --provider ${this.provider} --model ${this.model} ...) or send a smaller request.`,
        }),
      )
    }
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'))
    return new Promise<PacerTicket>((resolve, reject) => {
      const waiter: Waiter = {seq, tokens, enqueuedAt: this.deps.clock.now(), done: false, resolve, reject, signal}
      if (signal) {
        waiter.onAbort = () => this.abort(waiter)
        signal.addEventListener('abort', waiter.onAbort, {once: true})
      }
      // FIFO by arrival: a retried request keeps the place of its first attempt
      const last = this.queue.at(-1)
      if (!last || last.seq < seq) this.queue.push(waiter)
      else this.queue.splice(this.queue.findIndex((w) => w.seq > seq), 0, waiter)
      this.pump()
    })
  }

  private abort(waiter: Waiter): void {
    if (waiter.done) return
    waiter.done = true
    this.queue = this.queue.filter((w) => w !== waiter)
    waiter.reject(waiter.signal?.reason ?? new Error('aborted'))
    this.pump()
  }

  /** Admits queued requests while the lease, the slots and the cooldown allow; otherwise arranges a wake-up. */
  pump(): void {
    if (this.pumping) return
    this.pumping = true
    try {
      while (this.queue.length > 0) {
        const head = this.queue[0]
        const now = this.deps.clock.now()
        if (now < this.cooldownUntil) return this.scheduleWake(this.cooldownUntil)
        if (!this.limits) {
          this.admit(head, undefined, now)
          continue
        }
        if (this.active && now >= this.active.expiresAt) this.endLease(this.active)
        const lease = this.active
        const slotFree = this.slotsHeld - this.inUse > 0
        if (lease && slotFree && lease.requestsLeft >= 1 && lease.tokensLeft >= head.tokens) {
          this.admit(head, lease, now)
          continue
        }
        // all our slots are busy and we hold the whole concurrency: only our own release can help
        if (!slotFree && this.slotsHeld >= this.limits.concurrency) return
        if (lease && (lease.requestsLeft < 1 || lease.tokensLeft < head.tokens)) this.endLease(lease)
        if (now < this.blockedUntil) return this.scheduleWake(this.blockedUntil)
        this.requestSync()
        return
      }
      this.maybePrefetch()
    } finally {
      this.pumping = false
      this.scheduleMaintenance()
    }
  }

  private admit(head: Waiter, lease: LocalLease | undefined, now: number): void {
    this.queue.shift()
    head.done = true
    if (head.onAbort) head.signal?.removeEventListener('abort', head.onAbort)
    const at = lease ? Math.max(now, lease.grantedAt) : now
    if (lease) {
      lease.requestsLeft--
      lease.tokensLeft -= head.tokens
      if (lease.used.requests === 0) lease.used.first = at
      lease.used.requests++
      lease.used.tokens += head.tokens
      lease.used.last = at
    }
    if (this.limits) this.inUse++
    this.avgTokens = this.avgTokens === 0 ? head.tokens : this.avgTokens * 0.8 + head.tokens * 0.2
    this.recent.push([at, head.tokens])
    if ((this.recent.length & 255) === 0) this.pruneRecent(now)
    head.resolve(new PacerTicket(++this.ticketSeq, this.provider, this.model, head.tokens, at, now - head.enqueuedAt, this, lease))
  }

  release(ticket: PacerTicket, info: ReleaseInfo): void {
    if (this.limits) this.inUse = Math.max(0, this.inUse - 1)
    if (info.tokensUsed !== undefined && Number.isFinite(info.tokensUsed) && info.tokensUsed >= 0) {
      const delta = Math.ceil(info.tokensUsed) - ticket.estimatedTokens
      const lease = ticket.lease
      if (lease && !lease.settled) {
        lease.used.tokens = Math.max(0, lease.used.tokens + delta)
        if (lease === this.active) lease.tokensLeft = Math.min(lease.tokens, lease.tokensLeft - delta)
      } else if (delta > 0) {
        this.extraTokens += delta
      }
    }
    // someone in another process waits: give the slot back now instead of reusing it
    if (this.limits && this.othersWaiting) this.requestSync()
    this.pump()
  }

  /**
   * Retires a lease (it is settled at the next sync). Lease sizing: a lease used up, or half used when the
   * next one arrived (`replaced`), means demand outgrows it, so the next one asks for twice as much; a lease
   * that expired mostly unused shrinks the next request to what was used.
   */
  private endLease(lease: LocalLease, replaced = false): void {
    if (this.active === lease) this.active = undefined
    const used = lease.used.requests
    if (used >= lease.requests || (replaced && used * 2 >= lease.requests)) this.nextWant = Math.min(Math.max(this.nextWant, used) * 2, this.limits?.rpm ?? 1)
    else if (used * 2 < lease.requests) this.nextWant = Math.max(1, used)
    this.ended.push(lease)
  }

  /** Starts fetching the next lease while half of the current one is still left. */
  private maybePrefetch(): void {
    const lease = this.active
    if (!lease || lease.prefetched || this.syncing || lease.requests < 4) return
    if (lease.requestsLeft * 2 <= lease.requests || lease.tokensLeft * 2 <= lease.tokens) {
      lease.prefetched = true
      this.requestSync()
    }
  }

  private scheduleWake(at: number): void {
    if (this.wake && this.wake.at <= at) return
    if (this.wake) this.deps.clock.clearTimeout(this.wake.handle)
    const handle = this.deps.clock.setTimeout(() => {
      this.wake = undefined
      this.pump()
    }, at - this.deps.clock.now())
    this.wake = {handle, at}
  }

  /** Settles ended leases and returns idle slots when the lane goes quiet. */
  private scheduleMaintenance(): void {
    if (!this.limits || this.syncing || this.queue.length > 0) return
    const now = this.deps.clock.now()
    let at: number | undefined
    if (this.active) at = this.active.expiresAt
    else if (this.ended.length > 0 || this.slotsHeld > this.inUse || this.extraTokens > 0 || this.cooldownUntil > this.cooldownPublished) {
      at = now + Math.min(this.deps.leaseMs, 250)
    }
    if (at === undefined) return
    if (this.maintenance && this.maintenance.at <= at) return
    if (this.maintenance) this.deps.clock.clearTimeout(this.maintenance.handle)
    const handle = this.deps.clock.setTimeout(() => {
      this.maintenance = undefined
      if (this.active && this.deps.clock.now() >= this.active.expiresAt) this.endLease(this.active)
      this.requestSync()
    }, at - now)
    this.maintenance = {handle, at}
  }

  requestSync(): void {
    if (!this.limits) return
    if (this.syncing) {
      this.resync = true
      return
    }
    this.syncing = true
    void this.runSyncs()
  }

  private async runSyncs(): Promise<void> {
    try {
      let synced: boolean
      do {
        this.resync = false
        synced = await this.syncOnce()
        this.pump()
      } while (this.resync && synced)
    } finally {
      this.syncing = false
    }
    this.pump()
  }

  private buildRequest(closing: boolean): SyncRequest | undefined {
    const limits = this.limits!
    const demand = this.queue.length
    const demandTokens = this.queue.reduce((n, w) => n + w.tokens, 0)
    const idle = this.slotsHeld - this.inUse
    const head = this.queue[0]
    const activeServesHead = head !== undefined && this.active !== undefined && this.active.requestsLeft >= 1 && this.active.tokensLeft >= head.tokens
    // no new lease when closing, when idle without a lease to refill, or when only a slot is missing
    const wantRequests = closing || (demand === 0 && !this.active) || activeServesHead ? 0 : Math.max(demand, this.nextWant)
    const settle: SettleReport[] = this.ended.map((l) => ({lease: l.id, requests: l.used.requests, tokens: l.used.tokens, first: l.used.first, last: l.used.last}))
    const nothingToDo =
      demand === 0 && wantRequests === 0 && settle.length === 0 && this.extraTokens === 0 && idle === 0 && this.cooldownUntil <= this.cooldownPublished && !closing
    if (nothingToDo) return undefined
    return {
      key: this.key,
      owner: this.deps.owner,
      pid: this.deps.pid,
      now: this.deps.clock.now(),
      limits,
      leaseMs: this.deps.leaseMs,
      settle,
      extraTokens: this.extraTokens,
      slots: {inUse: this.inUse, keepIdle: closing ? 0 : Math.min(idle, demand)},
      want: {
        requests: wantRequests,
        tokens: demandTokens + Math.max(0, wantRequests - demand) * Math.ceil(this.avgTokens),
        slots: closing ? 0 : Math.max(0, Math.min(demand, limits.concurrency) - idle),
        minTokens: this.queue[0]?.tokens ?? 0,
      },
      waiting: demand > 0,
      cooldownUntil: this.cooldownUntil,
      closing,
    }
  }

  /** One round trip to the store; false when there was nothing to ask for. */
  async syncOnce(closing = false): Promise<boolean> {
    await this.deps.beforeSync()
    if (!this.limits) return false
    const req = this.buildRequest(closing)
    if (!req) return false
    const sentLeases = this.ended.splice(0)
    const sentExtra = this.extraTokens
    let grant
    try {
      grant = await this.deps.store.sync(req)
    } catch (error) {
      this.ended.unshift(...sentLeases)
      for (const w of this.queue.splice(0)) {
        w.done = true
        w.reject(error)
      }
      return false
    }
    for (const l of sentLeases) l.settled = true
    this.extraTokens -= sentExtra
    this.cooldownPublished = Math.max(this.cooldownPublished, req.cooldownUntil)
    this.slotsHeld = closing ? 0 : Math.max(this.inUse, grant.slotsHeld)
    this.cooldownUntil = Math.max(this.cooldownUntil, grant.cooldownUntil)
    this.othersWaiting = grant.othersWaiting
    this.lastWindow = grant.window
    if (grant.lease) {
      if (this.active) this.endLease(this.active, true)
      this.active = {
        ...grant.lease,
        requestsLeft: grant.lease.requests,
        tokensLeft: grant.lease.tokens,
        used: {requests: 0, tokens: 0, first: 0, last: 0},
        settled: false,
      }
    }
    // a queue the grant cannot serve waits for the store's retry time instead of syncing again at once
    const head = this.queue[0]
    const servable =
      !head || (this.slotsHeld - this.inUse > 0 && this.active !== undefined && this.active.requestsLeft >= 1 && this.active.tokensLeft >= head.tokens)
    this.blockedUntil = servable ? 0 : Math.max(grant.retryAt, grant.now + 1)
    return true
  }

  /** Ends the lane: rejects queued requests, settles, and gives back every slot. */
  async close(): Promise<void> {
    for (const w of this.queue.splice(0)) {
      w.done = true
      if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort)
      w.reject(new GovError('The pacer was closed while the request waited.', {code: 'E_PACER_CLOSED'}))
    }
    for (const t of [this.wake, this.maintenance]) if (t) this.deps.clock.clearTimeout(t.handle)
    this.wake = undefined
    this.maintenance = undefined
    // a sync in flight may still bring a lease: wait for it, then retire whatever lease is active
    while (this.syncing) await new Promise<void>((resolve) => setImmediate(resolve))
    if (this.active) this.endLease(this.active)
    if (this.limits) await this.syncOnce(true)
  }

  /** Forgets local admissions that left the 60 s window (amortised O(1)). */
  private pruneRecent(now: number): void {
    while (this.recentHead < this.recent.length && this.recent[this.recentHead][0] <= now - WINDOW_MS) this.recentHead++
    if (this.recentHead > 1024 && this.recentHead * 2 > this.recent.length) {
      this.recent = this.recent.slice(this.recentHead)
      this.recentHead = 0
    }
  }

  snapshot(): LaneSnapshot {
    const now = this.deps.clock.now()
    this.pruneRecent(now)
    let tokens = 0
    for (let i = this.recentHead; i < this.recent.length; i++) tokens += this.recent[i][1]
    const lease = this.active && now < this.active.expiresAt ? this.active : undefined
    return {
      provider: this.provider,
      model: this.model,
      limited: this.limits !== undefined,
      limits: this.limits,
      profile: this.resolved,
      queued: this.queue.length,
      in_flight: this.inUse,
      slots_held: this.slotsHeld,
      lease: lease ? {requests_left: lease.requestsLeft, tokens_left: lease.tokensLeft, expires_in_ms: lease.expiresAt - now} : undefined,
      cooldown_ms: Math.max(0, this.cooldownUntil - now),
      consecutive_429: this.consecutive429,
      local_window: {requests: this.recent.length - this.recentHead, tokens},
      shared_window: this.lastWindow,
      others_waiting: this.othersWaiting,
    }
  }

  /** Stops admitting under the current lease (after a 429 the lease's budget is no longer trusted). */
  dropLease(): void {
    if (this.active) this.endLease(this.active)
    this.nextWant = 1
  }
}
