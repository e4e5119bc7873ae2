import type {ProjectContext} from 'govtool/core'

import {FileWindowStore, WINDOW_FILE} from './file-window-store.js'
import {BUILTIN_PROFILES, WINDOW_MS, effectiveLimits, laneKey, loadProfiles, resolveProfile, type RateLimitProfile, type ResolvedProfile} from './profiles.js'
import {totals, type KeyState} from './window-state.js'

export interface MovingAverage {
  /** minutes averaged */
  minutes: number
  requests_per_min: number
  tokens_per_min: number
}

export interface LimitStatus {
  provider: string
  model: string
  profile: (RateLimitProfile & {match: ResolvedProfile['match']}) | null
  window_seconds: number
  requests: {in_window: number; limit: number | null; target_limit: number | null; utilization_pct: number | null}
  tokens: {in_window: number; limit: number | null; target_limit: number | null; utilization_pct: number | null}
  concurrency: {in_use: number; held: number; limit: number | null}
  waiting_processes: number
  cooldown_remaining_ms: number
  moving_averages: MovingAverage[]
  /** processes that hold slots or charges in the window */
  processes: {pid: number; slots_held: number; in_use: number}[]
}

const pct = (used: number, limit: number | null) => (limit ? Math.round((used / limit) * 1000) / 10 : null)

/** 1-, 5- and 15-minute averages of the usage settled in the window file's per-minute history. */
export function movingAverages(k: KeyState | undefined, now: number): MovingAverage[] {
  const currentMinute = Math.floor(now / 60_000) * 60_000
  return [1, 5, 15].map((minutes) => {
    // whole minutes before the current one, plus the current one so far
    const from = currentMinute - (minutes - 1) * 60_000
    let requests = 0
    let tokens = 0
    for (const [minute, r, t] of k?.history ?? []) {
      if (minute < from) continue
      requests += r
      tokens += t
    }
    const span = (now - from) / 60_000
    const divisor = Math.max(span, 1)
    return {minutes, requests_per_min: Math.round((requests / divisor) * 100) / 100, tokens_per_min: Math.round(tokens / divisor)}
  })
}

/**
 * A snapshot of the rolling 60-second window one provider/model has in this project, as every process of
 * the project sees it (from `.govtool/ratelimit-window.json`). Requests and tokens include leases granted to
 * running processes but not yet used, so they are what other processes cannot take.
 */
export async function limitStatus(ctx: ProjectContext, provider: string, model: string, now = Date.now()): Promise<LimitStatus> {
  const saved = await loadProfiles(ctx)
  const resolved = resolveProfile(provider, model, saved, BUILTIN_PROFILES)
  const limits = resolved ? effectiveLimits(resolved.profile) : undefined
  const store = new FileWindowStore(ctx.state(WINDOW_FILE))
  const k = await store.read(laneKey(provider, model), now)
  const t = k ? totals(k, now) : {requests: 0, tokens: 0, slotsHeld: 0, slotsInUse: 0, waiters: 0}
  const pids = new Map<number, {pid: number; slots_held: number; in_use: number}>()
  for (const s of Object.values(k?.slots ?? {})) {
    const row = pids.get(s.pid) ?? {pid: s.pid, slots_held: 0, in_use: 0}
    row.slots_held += s.held
    row.in_use += s.in_use
    pids.set(s.pid, row)
  }
  return {
    provider: provider.trim().toLowerCase(),
    model: model.trim().toLowerCase(),
    profile: resolved ? {...resolved.profile, match: resolved.match} : null,
    window_seconds: WINDOW_MS / 1000,
    requests: {in_window: t.requests, limit: resolved?.profile.rpm_limit ?? null, target_limit: limits?.rpm ?? null, utilization_pct: pct(t.requests, limits?.rpm ?? null)},
    tokens: {in_window: t.tokens, limit: resolved?.profile.tpm_limit ?? null, target_limit: limits?.tpm ?? null, utilization_pct: pct(t.tokens, limits?.tpm ?? null)},
    concurrency: {in_use: t.slotsInUse, held: t.slotsHeld, limit: limits?.concurrency ?? null},
    waiting_processes: t.waiters,
    cooldown_remaining_ms: Math.max(0, (k?.cooldown_until ?? 0) - now),
    moving_averages: movingAverages(k, now),
    processes: [...pids.values()],
  }
}
