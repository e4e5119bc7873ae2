import type {EffectiveLimits, ResolvedProfile} from './profiles.js'
import type {WindowTotals} from './window-state.js'

/** What a ticket reports its release to (its lane). */
export interface TicketOwner {
  release(ticket: PacerTicket, info: ReleaseInfo): void
}

/** A lease as the process uses it: what is left of it and what was really used under it. */
export interface LocalLease {
  id: string
  requests: number
  tokens: number
  requestsLeft: number
  tokensLeft: number
  grantedAt: number
  expiresAt: number
  used: {requests: number; tokens: number; first: number; last: number}
  settled: boolean
  /** a background refill was already tried for this lease (one try per lease, so a full window is not polled) */
  prefetched?: boolean
}

export interface Waiter {
  seq: number
  tokens: number
  enqueuedAt: number
  done: boolean
  resolve: (ticket: PacerTicket) => void
  reject: (error: unknown) => void
  signal?: AbortSignal
  onAbort?: () => void
}

export interface ReleaseInfo {
  /** tokens the request really used (input + output); reconciles the estimate */
  tokensUsed?: number
}

/** An admitted request. Release it exactly once when the response is complete (extra calls are ignored). */
export class PacerTicket {
  private released = false

  constructor(
    readonly id: number,
    readonly provider: string,
    readonly model: string,
    readonly estimatedTokens: number,
    readonly admittedAt: number,
    readonly waitedMs: number,
    private readonly lane: TicketOwner,
    readonly lease: LocalLease | undefined,
  ) {}

  release(info: ReleaseInfo = {}): void {
    if (this.released) return
    this.released = true
    this.lane.release(this, info)
  }
}

/** The in-process view of one provider/model, for `pacer.snapshot()`. */
export interface LaneSnapshot {
  provider: string
  model: string
  limited: boolean
  limits?: EffectiveLimits
  profile?: ResolvedProfile
  queued: number
  in_flight: number
  slots_held: number
  lease?: {requests_left: number; tokens_left: number; expires_in_ms: number}
  cooldown_ms: number
  consecutive_429: number
  local_window: {requests: number; tokens: number}
  shared_window?: WindowTotals
  others_waiting: boolean
}

