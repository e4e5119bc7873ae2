/**
 * What the credits commands do beyond one library call: recording with the budget levels an entry crossed,
 * reading or changing the budget with the current month's verdict, and the rate-limit profile commands. The
 * operations (src/ops) call these; the terminal and other callers can too.
 */
import {InputError, type ProjectContext} from 'govtool/core'

import {budgetStatus, crossedLevels, loadBudget, saveBudget, type Budget, type BudgetStatus, type LoadedBudget} from './budget.js'
import {monthKey, type CreditEntry} from './entries.js'
import {BUILTIN_PROFILES, PROFILES_FILE, effectiveLimits, installDefaults, loadProfiles, saveProfile, validateProfileInput, type EffectiveLimits, type RateLimitProfile} from './limits/profiles.js'
import {recordUsage, type UsageInput} from './record.js'
import {creditsSummary} from './summary.js'

// --- rate limits -------------------------------------------------------------------------------------------

export interface LimitsListResult {
  file: string
  profiles: (RateLimitProfile & {effective: EffectiveLimits})[]
}

/** The saved profiles with the limits the pacer enforces for each. */
export async function listLimits(ctx: ProjectContext): Promise<LimitsListResult> {
  const profiles = (await loadProfiles(ctx)).map((p) => ({...p, effective: effectiveLimits(p)}))
  return {file: ctx.relative(ctx.state(PROFILES_FILE)), profiles}
}

export interface LimitsDefaultsResult {
  profiles: RateLimitProfile[]
  installed: boolean
  file?: string
  added?: string[]
  kept?: string[]
}

const profileKey = (p: RateLimitProfile) => `${p.provider}/${p.model}`

/** The built-in profiles; with `install`, merged into the project's file (saved profiles are kept). */
export async function limitDefaults(ctx: () => ProjectContext, options: {install?: boolean} = {}): Promise<LimitsDefaultsResult> {
  const profiles = BUILTIN_PROFILES.map((p) => ({...p}))
  if (!options.install) return {profiles, installed: false}
  const project = ctx()
  const {added, kept} = await installDefaults(project)
  return {profiles, installed: true, file: project.relative(project.state(PROFILES_FILE)), added: added.map(profileKey), kept: kept.map(profileKey)}
}

export interface LimitsSetResult {
  file: string
  created: boolean
  profile: RateLimitProfile
  effective: EffectiveLimits
}

/** Creates or replaces one profile (validated with errors that name the flag). */
export async function setLimit(ctx: ProjectContext, input: {provider: string; model: string; rpm: number; tpm: number; target?: number; concurrency?: number}): Promise<LimitsSetResult> {
  const profile = validateProfileInput(input)
  const {created} = await saveProfile(ctx, profile)
  return {file: ctx.relative(ctx.state(PROFILES_FILE)), created, profile, effective: effectiveLimits(profile)}
}

// --- spend -------------------------------------------------------------------------------------------------

export interface RecordEntryResult {
  entry: CreditEntry
  month_spent_usd: number
  /** budget levels this entry crossed */
  alerts: string[]
  warnings: string[]
}

/** Records one usage entry and reports the month's spend after it and the budget levels it crossed. */
export async function recordEntry(ctx: ProjectContext, usage: UsageInput): Promise<RecordEntryResult> {
  // everything that can fail is read and checked before the entry is written (a bad budget file, an
  // unreadable credits file): a command that fails has written nothing
  const {budget} = await loadBudget(ctx)
  const month = usage.timestamp === undefined ? new Date().toISOString().slice(0, 7) : undefined
  const before = month === undefined ? undefined : await creditsSummary(ctx, {month})
  const {entries, warnings} = await recordUsage(ctx, usage)
  const entry = entries[0]
  // recorded: the spend after it is read again (others may have recorded meanwhile), else estimated
  const summary = await creditsSummary(ctx, {month: entry.timestamp.slice(0, 7)}).catch(() => undefined)
  const after = summary?.budget.spent_usd ?? (before?.budget.spent_usd ?? 0) + (entry.cost_usd ?? 0)
  const alerts = crossedLevels(budget, after - (entry.cost_usd ?? 0), after)
  return {entry, month_spent_usd: after, alerts, warnings}
}

export interface BudgetInput {
  /** monthly cap in USD, 0 = none */
  cap?: number
  alert_pct?: number
  /** percent levels, as given (text) */
  watermarks?: readonly string[]
}

export interface BudgetResult extends LoadedBudget {
  changed: boolean
  /** the current month against the budget */
  status: BudgetStatus
}

/**
 * The budget fields a `credits budget` call sets, validated. `names` spells the fields the way the caller
 * gave them (`--alert-pct` on the command line, `alert_pct` in a JSON body).
 */
export function budgetPatch(input: BudgetInput, names: Record<keyof BudgetInput, string>): Partial<Budget> {
  const num = (field: keyof BudgetInput, value: number | string, min: number, max: number) => {
    const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value)
    if (!Number.isFinite(n) || n < min || n > max) {
      throw new InputError(`${names[field]} must be a number from ${min} to ${max} (got ${JSON.stringify(String(value))}).`, {hint: 'See govtool credits budget --help.'})
    }
    return n
  }
  const patch: Partial<Budget> = {}
  if (input.cap !== undefined) patch.monthly_cap_usd = num('cap', input.cap, 0, 1e9)
  if (input.alert_pct !== undefined) patch.alert_threshold_pct = num('alert_pct', input.alert_pct, 1, 1000)
  if (input.watermarks !== undefined) patch.watermark_pcts = [...new Set(input.watermarks.map((w) => num('watermarks', w, 1, 1000)))].sort((a, b) => a - b)
  return patch
}

/** Saves the patch (when it sets anything) and returns the budget in effect with the current month's verdict. */
export async function updateBudget(ctx: ProjectContext, patch: Partial<Budget>, now = new Date()): Promise<BudgetResult> {
  const changed = Object.keys(patch).length > 0
  const loaded = changed ? await saveBudget(ctx, patch) : await loadBudget(ctx)
  const month = monthKey(now)
  const summary = await creditsSummary(ctx, {month, now})
  const status = budgetStatus(loaded.budget, summary.budget.spent_usd, month, now)
  return {...loaded, changed, status}
}
