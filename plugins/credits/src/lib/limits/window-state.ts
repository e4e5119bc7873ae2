import {randomBytes} from 'node:crypto'

import {WINDOW_MS, type EffectiveLimits} from './profiles.js'

/**
 * The rolling-window state one project's processes share (the content of `.govtool/ratelimit-window.json`),
 * and the one function that changes it: `applySync`, called under the file's lock.
 *
 * Why leases. Taking a cross-process lock per request would cost milliseconds per admission; instead a
 * process syncs with the shared state now and then and is *granted a lease*: up to R requests and T tokens
 * it may admit on its own, in memory, during the next `leaseMs`. The lease is charged to the shared window
 * in full when it is granted, so other processes see it as used.
 *
 * Why the window is never exceeded. Every charge is an interval [start, end) with a request and a token
 * count. A request admitted at time t occupies the rolling window during [t, t + 60 s). A lease granted at
 * `now` is charged as [now, now + leaseMs + 60 s): every request admitted under it (at some t in
 * [now, now + leaseMs]) occupies a sub-interval of the charge. Charges are only ever added with start = now
 * (the sync time, kept monotonic in the file), so the total charged at any future instant is largest right
 * now; a lease is granted only when (sum of charges whose end is after now) + lease <= the effective limit.
 * Hence at every instant the requests that really occupy the window are at most the limit, whichever
 * process admitted them. When a lease ends, its owner *settles* it at its next sync: the lease charge is
 * replaced by the actual usage [first admission, last admission + 60 s), which lies inside the lease charge,
 * so settling only returns capacity that was not used. A process that dies leaves its charges to expire.
 *
 * Concurrency works the same way with slots: an owner holds some of the profile's concurrency slots (held
 * counts are in the file, keyed by owner, with the pid so a crashed holder's slots are reclaimed). Fairness
 * across processes: an owner that could not be served registers as a waiter; while an older live waiter
 * exists, younger owners get nothing and give back idle slots, so the waiter is served first.
 */
export const WINDOW_FORMAT = 'govtool.ratelimit-window/1'
/** a waiter that has not synced for this long is considered gone */
export const WAITER_STALE_MS = 10_000
/** per-minute history kept for moving averages */
export const HISTORY_MINUTES = 15

export interface Charge {
  owner: string
  start: number
  end: number
  requests: number
  tokens: number
  /** set while the charge is an unsettled lease */
  lease?: string
}

export interface KeyState {
  charges: Charge[]
  slots: Record<string, {held: number; in_use: number; pid: number}>
  waiters: Record<string, {since: number; seen: number; pid: number}>
  cooldown_until: number
  /** settled usage per minute: [minute start ms, requests, tokens] */
  history: [number, number, number][]
}

export interface WindowState {
  format: typeof WINDOW_FORMAT
  /** highest "now" any process has used; keeps time monotonic across processes */
  clock: number
  keys: Record<string, KeyState>
}

export interface SettleReport {
  lease: string
  requests: number
  tokens: number
  first: number
  last: number
}

export interface SyncRequest {
  key: string
  owner: string
  pid: number
  now: number
  limits: EffectiveLimits
  leaseMs: number
  /** leases that ended, with what was really used under them */
  settle: SettleReport[]
  /** tokens reported after their lease was settled (actual above estimate) */
  extraTokens: number
  /** slots the owner has in use and the idle ones it would like to keep for its queue */
  slots: {inUse: number; keepIdle: number}
  want: {requests: number; tokens: number; slots: number; minTokens: number}
  /** the owner has queued requests it cannot serve */
  waiting: boolean
  /** a cooldown (after a 429) to publish to every process */
  cooldownUntil: number
  /** the owner is going away: drop its slots and waiter entry */
  closing?: boolean
}

export interface Lease {
  id: string
  requests: number
  tokens: number
  grantedAt: number
  expiresAt: number
}

export interface SyncGrant {
  now: number
  lease?: Lease
  /** slots the owner now holds (in use + idle) */
  slotsHeld: number
  cooldownUntil: number
  othersWaiting: boolean
  /** when to sync again if the queue is still blocked */
  retryAt: number
  window: WindowTotals
}

export interface WindowTotals {
  requests: number
  tokens: number
  slotsHeld: number
  slotsInUse: number
  waiters: number
}

export function emptyState(): WindowState {
  return {format: WINDOW_FORMAT, clock: 0, keys: {}}
}

function emptyKey(): KeyState {
  return {charges: [], slots: {}, waiters: {}, cooldown_until: 0, history: []}
}

/** Drops expired charges, stale waiters and everything owned by dead processes. */
export function pruneKey(k: KeyState, now: number, isAlive: (pid: number) => boolean): void {
  k.charges = k.charges.filter((c) => c.end > now)
  for (const [owner, s] of Object.entries(k.slots)) if (s.held <= 0 || !isAlive(s.pid)) delete k.slots[owner]
  for (const [owner, w] of Object.entries(k.waiters)) if (now - w.seen > WAITER_STALE_MS || !isAlive(w.pid)) delete k.waiters[owner]
  const oldest = Math.floor(now / 60_000) * 60_000 - HISTORY_MINUTES * 60_000
  k.history = k.history.filter((h) => h[0] > oldest)
}

export function totals(k: KeyState, now: number): WindowTotals {
  let requests = 0
  let tokens = 0
  for (const c of k.charges) {
    if (c.end <= now) continue
    requests += c.requests
    tokens += c.tokens
  }
  let slotsHeld = 0
  let slotsInUse = 0
  for (const s of Object.values(k.slots)) {
    slotsHeld += s.held
    slotsInUse += s.in_use
  }
  return {requests, tokens, slotsHeld, slotsInUse, waiters: Object.keys(k.waiters).length}
}

function addHistory(k: KeyState, at: number, requests: number, tokens: number): void {
  const minute = Math.floor(at / 60_000) * 60_000
  const row = k.history.find((h) => h[0] === minute)
  if (row) {
    row[1] += requests
    row[2] += tokens
  } else {
    k.history.push([minute, requests, tokens])
    k.history.sort((a, b) => a[0] - b[0])
  }
}

/** The earliest time at which enough charges have expired for `requests` and `tokens` more to fit. */
function capacityFreeAt(k: KeyState, now: number, limits: EffectiveLimits, tokens: number): number {
  const active = k.charges.filter((c) => c.end > now).sort((a, b) => a.end - b.end)
  let usedR = active.reduce((n, c) => n + c.requests, 0)
  let usedT = active.reduce((n, c) => n + c.tokens, 0)
  if (usedR + 1 <= limits.rpm && usedT + tokens <= limits.tpm) return now
  for (const c of active) {
    usedR -= c.requests
    usedT -= c.tokens
    if (usedR + 1 <= limits.rpm && usedT + tokens <= limits.tpm) return c.end
  }
  return now + WINDOW_MS
}

/** How often a blocked owner re-checks when it waits for slots or for an older waiter (ms). */
export const POLL_MS = 200
/** A waiting owner re-syncs at least this often, keeping its waiter entry fresh (ms). */
export const MAX_WAIT_POLL_MS = 2000

/**
 * Applies one owner's sync to the shared state: settles its ended leases, publishes its slot use and
 * cooldown, and grants what it may (a lease and slots), in waiter order. Pure apart from `state`.
 */
export function applySync(state: WindowState, req: SyncRequest, isAlive: (pid: number) => boolean): SyncGrant {
  const now = Math.max(req.now, state.clock)
  state.clock = now
  const k = (state.keys[req.key] ??= emptyKey())
  pruneKey(k, now, isAlive)

  // 1. settle ended leases: the lease charge is replaced by what was actually used
  for (const s of req.settle) {
    k.charges = k.charges.filter((c) => !(c.owner === req.owner && c.lease === s.lease))
    if (s.requests > 0 || s.tokens > 0) {
      const end = s.last + WINDOW_MS
      if (end > now) k.charges.push({owner: req.owner, start: s.first, end, requests: s.requests, tokens: s.tokens})
      addHistory(k, s.last, s.requests, s.tokens)
    }
  }
  if (req.extraTokens > 0) {
    k.charges.push({owner: req.owner, start: now, end: now + WINDOW_MS, requests: 0, tokens: req.extraTokens})
    addHistory(k, now, 0, req.extraTokens)
  }
  k.cooldown_until = Math.max(k.cooldown_until, req.cooldownUntil)

  if (req.closing) {
    delete k.slots[req.owner]
    delete k.waiters[req.owner]
    return {now, slotsHeld: 0, cooldownUntil: k.cooldown_until, othersWaiting: false, retryAt: now, window: totals(k, now)}
  }

  // 2. waiter order: an older live waiter goes first
  const mine = k.waiters[req.owner]
  const mySince = mine?.since ?? now
  const olderWaiter = Object.entries(k.waiters).some(([owner, w]) => owner !== req.owner && (w.since < mySince || (w.since === mySince && owner < req.owner)))
  const yieldToOthers = olderWaiter

  // 3. slots: keep the ones in use; keep idle ones only when nobody older waits
  const othersHeld = Object.entries(k.slots).reduce((n, [owner, s]) => (owner === req.owner ? n : n + s.held), 0)
  let held = req.slots.inUse + (yieldToOthers ? 0 : req.slots.keepIdle)
  held = Math.max(req.slots.inUse, Math.min(held, req.limits.concurrency - othersHeld))
  let grantSlots = 0
  if (!yieldToOthers && req.want.slots > 0) grantSlots = Math.max(0, Math.min(req.want.slots, req.limits.concurrency - othersHeld - held))
  held += grantSlots

  // 4. lease: only when not cooling down and not yielding; a waiting owner also needs an idle slot to use it
  // at once (a lease charged while its owner waits for a slot would only waste window), a prefetching one
  // only needs to hold a slot
  const cooling = k.cooldown_until > now
  const idle = held - req.slots.inUse
  let lease: Lease | undefined
  if (!cooling && !yieldToOthers && req.want.requests > 0 && (req.waiting ? idle > 0 : held > 0)) {
    const used = totals(k, now)
    const remR = req.limits.rpm - used.requests
    const remT = req.limits.tpm - used.tokens
    if (remR >= 1 && remT >= req.want.minTokens) {
      const requests = Math.min(req.want.requests, remR)
      const tokens = Math.max(req.want.minTokens, Math.min(req.want.tokens, remT))
      lease = {id: randomBytes(6).toString('hex'), requests, tokens, grantedAt: now, expiresAt: now + req.leaseMs}
      k.charges.push({owner: req.owner, start: now, end: now + req.leaseMs + WINDOW_MS, requests, tokens, lease: lease.id})
    }
  }

  if (held > 0) k.slots[req.owner] = {held, in_use: req.slots.inUse, pid: req.pid}
  else delete k.slots[req.owner]

  // 5. waiter bookkeeping and when to come back
  const served = idle > 0 && (req.want.requests === 0 || lease !== undefined)
  let retryAt = now
  if (req.waiting && !served) {
    k.waiters[req.owner] = {since: mySince, seen: now, pid: req.pid}
    if (cooling) retryAt = k.cooldown_until
    else if (yieldToOthers || idle <= 0) retryAt = now + POLL_MS
    else retryAt = capacityFreeAt(k, now, req.limits, req.want.minTokens)
    retryAt = Math.min(retryAt, now + MAX_WAIT_POLL_MS)
  } else {
    delete k.waiters[req.owner]
  }
  const othersWaiting = Object.keys(k.waiters).some((owner) => owner !== req.owner)
  return {now, lease, slotsHeld: held, cooldownUntil: k.cooldown_until, othersWaiting, retryAt, window: totals(k, now)}
}

/** The shared store the pacer syncs with: a file for real projects, memory for one process or tests. */
export interface WindowStore {
  sync(req: SyncRequest): Promise<SyncGrant>
  /** a read-only copy of one key's state (for status), pruned at `now` */
  read(key: string, now: number): Promise<KeyState | undefined>
}

/** Liveness of a pid on this machine (signal 0 checks without sending anything). */
export function pidAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** In-memory store: for a single process, and for tests (several pacers sharing one = several processes). */
export class MemoryWindowStore implements WindowStore {
  readonly state: WindowState = emptyState()
  /** number of syncs served (tests use it to check batching) */
  syncs = 0

  constructor(private readonly isAlive: (pid: number) => boolean = () => true) {}

  async sync(req: SyncRequest): Promise<SyncGrant> {
    this.syncs++
    return applySync(this.state, req, this.isAlive)
  }

  async read(key: string, now: number): Promise<KeyState | undefined> {
    const k = this.state.keys[key]
    if (!k) return undefined
    const copy = structuredClone(k)
    pruneKey(copy, now, this.isAlive)
    return copy
  }
}
