import {InputError, type ProjectContext} from 'govtool/core'

import {loadPriceTable} from './config.js'
import {CREDITS_FILE, loadCreditsFile} from './credits-file.js'
import type {CreditEntry} from './entries.js'
import {roundUsd, type PriceTable} from './prices.js'
import {checkMonth} from './summary.js'
import {suggestionsFor, type Suggestion} from './suggestions.js'

/** A request is a likely retry when the same task re-sends the same prompt size within this time. */
export const REPEAT_WINDOW_MS = 10 * 60_000
/** Input/output ratio above which a task is flagged for token waste (when its input is large). */
export const WASTE_RATIO = 10
export const WASTE_MIN_AVG_INPUT = 5000

export interface RetryStats {
  entries: number
  tokens: number
  cost_usd: number
  share_of_cost_pct: number
  /** how they were found: `attempt` > 1, HTTP status 429, or a repeat of the same prompt size */
  detected: {attempt: number; status_429: number; repeat: number}
  by_task: {task: string; retries: number; cost_usd: number}[]
}

export interface WasteRow {
  task: string
  entries: number
  tokens_in: number
  cached_tokens_in: number
  tokens_out: number
  input_output_ratio: number
  cache_hit_pct: number
  cost_usd: number
}

export interface ModelRatio {
  provider: string
  model: string
  entries: number
  avg_tokens_in: number
  avg_tokens_out: number
  output_input_ratio: number
  cache_hit_pct: number
  cost_per_entry_usd: number | null
  cost_usd: number
}

export interface WeekRow {
  /** ISO week, e.g. 2025-W23 */
  week: string
  /** Monday of the week (UTC) */
  starts: string
  entries: number
  tokens: number
  cost_usd: number
  /** change of cost against the previous week, percent (null for the first week or from zero) */
  change_pct: number | null
}

export interface CreditsAnalysis {
  period: {from: string | null; to: string | null}
  entries: number
  cost_usd: number
  retries: RetryStats
  token_waste: WasteRow[]
  models: ModelRatio[]
  weeks: WeekRow[]
  trend: {direction: 'increasing' | 'decreasing' | 'stable' | 'insufficient-data'; slope_usd_per_week: number | null}
  suggestions: Suggestion[]
  problems: string[]
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits

/** ISO week label and its Monday for a timestamp. */
export function isoWeek(timestamp: string): {week: string; monday: string} | undefined {
  const t = Date.parse(timestamp)
  if (Number.isNaN(t)) return undefined
  const d = new Date(t)
  const day = (d.getUTCDay() + 6) % 7 // Monday = 0
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day))
  const thursday = new Date(monday.getTime() + 3 * 86_400_000)
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1)
  const week = Math.floor((thursday.getTime() - yearStart) / (7 * 86_400_000)) + 1
  return {week: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`, monday: monday.toISOString().slice(0, 10)}
}

/** Which entries are retries: explicit attempts, rate-limited responses, and repeats of the same prompt. */
export function findRetries(entries: readonly CreditEntry[]): {entry: CreditEntry; reason: 'attempt' | 'status_429' | 'repeat'}[] {
  const out: {entry: CreditEntry; reason: 'attempt' | 'status_429' | 'repeat'}[] = []
  const lastSeen = new Map<string, number>()
  for (const e of entries) {
    const t = Date.parse(e.timestamp)
    const key = `${e.task}\t${e.provider}\t${e.model}\t${e.tokens_in}`
    const prev = lastSeen.get(key)
    if (e.attempt !== undefined && e.attempt > 1) out.push({entry: e, reason: 'attempt'})
    else if (e.status === 429) out.push({entry: e, reason: 'status_429'})
    else if (e.task !== '' && e.tokens_in >= 100 && prev !== undefined && !Number.isNaN(t) && t - prev <= REPEAT_WINDOW_MS) out.push({entry: e, reason: 'repeat'})
    if (!Number.isNaN(t)) lastSeen.set(key, t)
  }
  return out
}

function retryStats(entries: readonly CreditEntry[], total: number): RetryStats {
  const found = findRetries(entries)
  const byTask = new Map<string, {retries: number; cost: number}>()
  const detected = {attempt: 0, status_429: 0, repeat: 0}
  let tokens = 0
  let cost = 0
  for (const {entry, reason} of found) {
    detected[reason]++
    tokens += entry.tokens_in + entry.tokens_out
    cost += entry.cost_usd ?? 0
    const row = byTask.get(entry.task) ?? {retries: 0, cost: 0}
    row.retries++
    row.cost += entry.cost_usd ?? 0
    byTask.set(entry.task, row)
  }
  return {
    entries: found.length,
    tokens,
    cost_usd: roundUsd(cost),
    share_of_cost_pct: total > 0 ? round((cost / total) * 100, 1) : 0,
    detected,
    by_task: [...byTask.entries()].map(([task, r]) => ({task, retries: r.retries, cost_usd: roundUsd(r.cost)})).sort((a, b) => b.cost_usd - a.cost_usd || b.retries - a.retries).slice(0, 10),
  }
}

function tokenWaste(entries: readonly CreditEntry[]): WasteRow[] {
  const byTask = new Map<string, WasteRow>()
  for (const e of entries) {
    const row = byTask.get(e.task) ?? {task: e.task, entries: 0, tokens_in: 0, cached_tokens_in: 0, tokens_out: 0, input_output_ratio: 0, cache_hit_pct: 0, cost_usd: 0}
    row.entries++
    row.tokens_in += e.tokens_in
    row.cached_tokens_in += e.cached_tokens_in
    row.tokens_out += e.tokens_out
    row.cost_usd += e.cost_usd ?? 0
    byTask.set(e.task, row)
  }
  return [...byTask.values()]
    .map((r) => ({...r, input_output_ratio: round(r.tokens_in / Math.max(r.tokens_out, 1), 1), cache_hit_pct: r.tokens_in ? round((r.cached_tokens_in / r.tokens_in) * 100, 1) : 0, cost_usd: roundUsd(r.cost_usd)}))
    .filter((r) => r.input_output_ratio >= WASTE_RATIO && r.tokens_in / r.entries >= WASTE_MIN_AVG_INPUT)
    .sort((a, b) => b.tokens_in - b.cached_tokens_in - (a.tokens_in - a.cached_tokens_in))
    .slice(0, 10)
}

function modelRatios(entries: readonly CreditEntry[]): ModelRatio[] {
  const map = new Map<string, {provider: string; model: string; n: number; tin: number; tout: number; cached: number; cost: number; priced: number}>()
  for (const e of entries) {
    const key = `${e.provider}\t${e.model}`
    const m = map.get(key) ?? {provider: e.provider, model: e.model, n: 0, tin: 0, tout: 0, cached: 0, cost: 0, priced: 0}
    m.n++
    m.tin += e.tokens_in
    m.tout += e.tokens_out
    m.cached += e.cached_tokens_in
    if (e.cost_usd !== null) {
      m.cost += e.cost_usd
      m.priced++
    }
    map.set(key, m)
  }
  return [...map.values()]
    .map((m) => ({
      provider: m.provider,
      model: m.model,
      entries: m.n,
      avg_tokens_in: Math.round(m.tin / m.n),
      avg_tokens_out: Math.round(m.tout / m.n),
      output_input_ratio: round(m.tout / Math.max(m.tin, 1), 3),
      cache_hit_pct: m.tin ? round((m.cached / m.tin) * 100, 1) : 0,
      cost_per_entry_usd: m.priced ? roundUsd(m.cost / m.priced) : null,
      cost_usd: roundUsd(m.cost),
    }))
    .sort((a, b) => b.cost_usd - a.cost_usd || b.entries - a.entries)
}

function weekly(entries: readonly CreditEntry[]): WeekRow[] {
  const map = new Map<string, WeekRow>()
  for (const e of entries) {
    const w = isoWeek(e.timestamp)
    if (!w) continue
    const row = map.get(w.week) ?? {week: w.week, starts: w.monday, entries: 0, tokens: 0, cost_usd: 0, change_pct: null}
    row.entries++
    row.tokens += e.tokens_in + e.tokens_out
    row.cost_usd += e.cost_usd ?? 0
    map.set(w.week, row)
  }
  const rows = [...map.values()].sort((a, b) => a.starts.localeCompare(b.starts))
  for (const [i, r] of rows.entries()) {
    r.cost_usd = roundUsd(r.cost_usd)
    const prev = rows[i - 1]
    r.change_pct = prev && prev.cost_usd > 0 ? round(((r.cost_usd - prev.cost_usd) / prev.cost_usd) * 100, 1) : null
  }
  return rows
}

/** Direction of weekly cost: least-squares slope over the weeks, judged against the mean week. */
export function trendOf(weeks: readonly WeekRow[]): CreditsAnalysis['trend'] {
  if (weeks.length < 3) return {direction: 'insufficient-data', slope_usd_per_week: null}
  const n = weeks.length
  const xs = weeks.map((_, i) => i)
  const ys = weeks.map((w) => w.cost_usd)
  const mx = (n - 1) / 2
  const my = ys.reduce((a, b) => a + b, 0) / n
  const slope = xs.reduce((s, x, i) => s + (x - mx) * (ys[i] - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0)
  const relative = my > 0 ? slope / my : 0
  const direction = relative > 0.1 ? 'increasing' : relative < -0.1 ? 'decreasing' : 'stable'
  return {direction, slope_usd_per_week: roundUsd(slope)}
}

export interface AnalyzeOptions {
  /** only entries of this month (YYYY-MM) */
  month?: string
  /** only entries on or after this date (YYYY-MM-DD) */
  since?: string
  prices?: PriceTable
}

/** Inefficiencies, token waste, per-model ratios, weekly trends and concrete suggestions. */
export async function analyzeCredits(ctx: ProjectContext, options: AnalyzeOptions = {}): Promise<CreditsAnalysis> {
  if (options.since !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(options.since) || Number.isNaN(Date.parse(options.since)))) {
    throw new InputError(`Invalid date ${JSON.stringify(options.since)}.`, {code: 'E_BAD_DATE', hint: 'Use YYYY-MM-DD, e.g. 2025-06-01.'})
  }
  const month = options.month === undefined ? undefined : checkMonth(options.month)
  const loaded = await loadCreditsFile(ctx.state(CREDITS_FILE))
  const entries = loaded.entries
    .filter((e) => (month ? e.timestamp.startsWith(month) : true) && (options.since ? e.timestamp.slice(0, 10) >= options.since : true))
    .sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0))
  const total = entries.reduce((n, e) => n + (e.cost_usd ?? 0), 0)
  const weeks = weekly(entries)
  const analysis: Omit<CreditsAnalysis, 'suggestions'> = {
    period: {from: entries[0]?.timestamp ?? null, to: entries.at(-1)?.timestamp ?? null},
    entries: entries.length,
    cost_usd: roundUsd(total),
    retries: retryStats(entries, total),
    token_waste: tokenWaste(entries),
    models: modelRatios(entries),
    weeks,
    trend: trendOf(weeks),
    problems: loaded.problems,
  }
  const prices = options.prices ?? (await loadPriceTable(ctx))
  return {...analysis, suggestions: suggestionsFor(analysis, entries, prices)}
}
