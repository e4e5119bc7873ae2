import {InputError, parseJsonText, readTextIfExists, withLock, writeJsonAtomic, type ProjectContext} from 'govtool/core'

import {BudgetFieldsSchema, loadCreditsConfig, type BudgetFields} from './config.js'
import {roundUsd} from './prices.js'

/**
 * The monthly budget: a cap in USD (0 = none), an alert threshold (percent of the cap) and watermark levels
 * (percent of the cap, reported as they are reached). Layers, later wins field by field: built-in defaults,
 * `credits.budget` in docs/GOVTOOL.yml (a team default, versioned with the project), then
 * `.govtool/credits-budget.json` (what `credits budget --cap ...` writes). The older tool's
 * `.govtool/credit-budget.json` is read when the new file does not exist, including its USD watermarks.
 */
export const BUDGET_FILE = 'credits-budget.json'
export const LEGACY_BUDGET_FILE = 'credit-budget.json'

export interface Budget {
  monthly_cap_usd: number
  alert_threshold_pct: number
  watermark_pcts: number[]
  alert_watermarks_usd: number[]
  enabled: boolean
}

export const DEFAULT_BUDGET: Budget = {monthly_cap_usd: 0, alert_threshold_pct: 80, watermark_pcts: [50, 75, 90, 100], alert_watermarks_usd: [], enabled: true}

type Source = 'default' | 'config' | 'file'

export interface LoadedBudget {
  budget: Budget
  /** where each field's value comes from */
  sources: Record<keyof Budget, Source>
  /** the budget file read (project-relative), if any */
  file?: string
}

const FIELDS = Object.keys(DEFAULT_BUDGET) as (keyof Budget)[]

async function readBudgetFile(ctx: ProjectContext): Promise<{fields: BudgetFields; file: string} | undefined> {
  for (const name of [BUDGET_FILE, LEGACY_BUDGET_FILE]) {
    const file = ctx.state(name)
    const text = await readTextIfExists(file)
    if (text === undefined) continue
    const parsed = BudgetFieldsSchema.safeParse(parseJsonText(text, file))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new InputError(`${file}: field '${issue.path.join('.')}': ${issue.message}`, {
        code: 'E_BAD_BUDGET',
        file,
        hint: 'Fix the field, or set it again with `govtool credits budget`.',
      })
    }
    return {fields: parsed.data, file}
  }
  return undefined
}

export async function loadBudget(ctx: ProjectContext): Promise<LoadedBudget> {
  const config = (await loadCreditsConfig(ctx)).budget
  const fromFile = await readBudgetFile(ctx)
  const budget = {...DEFAULT_BUDGET}
  const sources = Object.fromEntries(FIELDS.map((f) => [f, 'default'])) as Record<keyof Budget, Source>
  for (const [layer, source] of [
    [config, 'config'],
    [fromFile?.fields ?? {}, 'file'],
  ] as const) {
    for (const f of FIELDS) {
      if (layer[f] === undefined) continue
      ;(budget as Record<string, unknown>)[f] = layer[f]
      sources[f] = source
    }
  }
  budget.watermark_pcts = [...new Set(budget.watermark_pcts)].sort((a, b) => a - b)
  budget.alert_watermarks_usd = [...new Set(budget.alert_watermarks_usd)].sort((a, b) => a - b)
  return {budget, sources, file: fromFile ? ctx.relative(fromFile.file) : undefined}
}

/** Sets budget fields in `.govtool/credits-budget.json` (read-modify-write under its lock). */
export async function saveBudget(ctx: ProjectContext, patch: Partial<Budget>): Promise<LoadedBudget> {
  const parsed = BudgetFieldsSchema.safeParse(patch)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new InputError(`Invalid budget value for ${issue.path.join('.')}: ${issue.message}`, {code: 'E_BAD_BUDGET'})
  }
  const file = ctx.state(BUDGET_FILE)
  await withLock(file, async () => {
    let current: BudgetFields = {}
    const text = await readTextIfExists(file)
    if (text !== undefined) current = (parseJsonText(text, file) as BudgetFields) ?? {}
    else {
      // carry the older tool's settings over the first time
      const legacy = await readTextIfExists(ctx.state(LEGACY_BUDGET_FILE))
      if (legacy !== undefined) current = BudgetFieldsSchema.safeParse(parseJsonText(legacy, ctx.state(LEGACY_BUDGET_FILE))).data ?? {}
    }
    await writeJsonAtomic(file, {...current, ...parsed.data})
  })
  return loadBudget(ctx)
}

export interface BudgetStatus {
  month: string
  enabled: boolean
  cap_usd: number | null
  spent_usd: number
  used_pct: number | null
  remaining_usd: number | null
  /** spend at the end of the month at the current pace (current month only) */
  projected_usd: number | null
  alert_threshold_pct: number
  alert: boolean
  exceeded: boolean
  watermarks: {level_pct: number; amount_usd: number; reached: boolean}[]
  watermarks_usd: {level_usd: number; reached: boolean}[]
  highest_watermark_pct: number | null
  alerts: string[]
}

const usd = (n: number) => `$${n.toFixed(2)}`
const round1 = (n: number) => Math.round(n * 10) / 10

/** Fraction of `month` (YYYY-MM, UTC) elapsed at `now`, or undefined when `now` is outside it. */
function elapsedFraction(month: string, now: Date): number | undefined {
  const [y, m] = month.split('-').map(Number)
  const start = Date.UTC(y, m - 1, 1)
  const end = Date.UTC(y, m, 1)
  const t = now.getTime()
  if (t < start || t >= end) return undefined
  return Math.max((t - start) / (end - start), 1 / 24 / 31)
}

/** The budget's verdict on a month's spend: percentages, alert, exceeded, watermarks reached, projection. */
export function budgetStatus(budget: Budget, spentUsd: number, month: string, now: Date = new Date()): BudgetStatus {
  const spent = roundUsd(spentUsd)
  const cap = budget.monthly_cap_usd > 0 ? budget.monthly_cap_usd : null
  const usedPct = cap ? round1((spent / cap) * 100) : null
  const fraction = elapsedFraction(month, now)
  const projected = fraction === undefined ? null : Math.round((spent / fraction) * 100) / 100
  const on = budget.enabled
  const alert = on && usedPct !== null && usedPct >= budget.alert_threshold_pct
  const exceeded = on && cap !== null && spent >= cap
  const watermarks = cap ? budget.watermark_pcts.map((p) => ({level_pct: p, amount_usd: roundUsd((cap * p) / 100), reached: on && spent >= (cap * p) / 100})) : []
  const watermarksUsd = budget.alert_watermarks_usd.map((level) => ({level_usd: level, reached: on && spent >= level}))
  const highest = watermarks.filter((w) => w.reached).at(-1)
  const alerts: string[] = []
  if (on && cap !== null) {
    if (exceeded) alerts.push(`Budget exceeded: ${usd(spent)} of the ${usd(cap)} monthly cap (${usedPct}%).`)
    else if (alert) alerts.push(`Budget alert: ${usd(spent)} of ${usd(cap)} (${usedPct}%) is past the ${budget.alert_threshold_pct}% alert threshold.`)
    if (highest && !exceeded) alerts.push(`Watermark ${highest.level_pct}% reached (${usd(highest.amount_usd)}).`)
    if (!exceeded && projected !== null && projected > cap) alerts.push(`At this pace ${month} ends at about ${usd(projected)}, over the ${usd(cap)} cap.`)
  }
  const highestUsd = watermarksUsd.filter((w) => w.reached).at(-1)
  if (highestUsd) alerts.push(`Spend reached the ${usd(highestUsd.level_usd)} watermark in ${month}.`)
  return {
    month,
    enabled: on,
    cap_usd: cap,
    spent_usd: spent,
    used_pct: usedPct,
    remaining_usd: cap === null ? null : roundUsd(Math.max(0, cap - spent)),
    projected_usd: projected,
    alert_threshold_pct: budget.alert_threshold_pct,
    alert,
    exceeded,
    watermarks,
    watermarks_usd: watermarksUsd,
    highest_watermark_pct: highest?.level_pct ?? null,
    alerts,
  }
}

/** Alerts for the levels one record crossed (spend went from `before` to `after`). */
export function crossedLevels(budget: Budget, before: number, after: number): string[] {
  if (!budget.enabled || after <= before) return []
  const out: string[] = []
  const cap = budget.monthly_cap_usd
  if (cap > 0) {
    const crossed = (level: number) => before < level && after >= level
    if (crossed(cap)) out.push(`This entry took the month past its ${usd(cap)} cap (now ${usd(after)}).`)
    else if (crossed((cap * budget.alert_threshold_pct) / 100)) out.push(`This entry crossed the ${budget.alert_threshold_pct}% alert threshold (${usd(after)} of ${usd(cap)}).`)
    for (const p of budget.watermark_pcts) if (p !== 100 && crossed((cap * p) / 100)) out.push(`Watermark ${p}% of the cap reached (${usd(after)} of ${usd(cap)}).`)
  }
  for (const level of budget.alert_watermarks_usd) if (before < level && after >= level) out.push(`Spend reached the ${usd(level)} watermark (${usd(after)}).`)
  return out
}
