import {InputError, type ProjectContext} from 'govtool/core'

import {budgetStatus, loadBudget, type BudgetStatus} from './budget.js'
import {CREDITS_FILE} from './credits-file.js'
import {MONTH_RE, monthKey} from './entries.js'
import {roundUsd} from './prices.js'
import {ROLLUP_FILE, emptyAgg, loadMonths, mergeAgg, type Agg, type MonthAgg, type Months} from './rollup.js'

/** Totals of a group of entries, as they appear in JSON output. */
export interface SpendRow {
  entries: number
  tokens_in: number
  cached_tokens_in: number
  tokens_out: number
  cost_usd: number
  unpriced_entries: number
  /** share of the period's cost, percent */
  share_pct: number
}

export interface CreditsSummary {
  /** `YYYY-MM`, or `all` */
  period: string
  entries: number
  tokens_in: number
  cached_tokens_in: number
  tokens_out: number
  cost_usd: number
  unpriced_entries: number
  by_model: (SpendRow & {provider: string; model: string})[]
  by_provider: (SpendRow & {provider: string})[]
  by_task: (SpendRow & {task: string})[]
  /** budget of the month (of the current month with --all) */
  budget: BudgetStatus
  alerts: string[]
  /** problems met while reading credits.json (skipped entries) */
  problems: string[]
}

export function row(agg: Agg, total: number): SpendRow {
  return {
    entries: agg.entries,
    tokens_in: agg.tokens_in,
    cached_tokens_in: agg.cached_tokens_in,
    tokens_out: agg.tokens_out,
    cost_usd: roundUsd(agg.cost_usd),
    unpriced_entries: agg.unpriced,
    share_pct: total > 0 ? Math.round((agg.cost_usd / total) * 1000) / 10 : 0,
  }
}

/** Sorts by cost, then by tokens, then by name, so the order is stable. */
export function byCost<T extends SpendRow>(rows: T[], name: (r: T) => string): T[] {
  return rows.sort((a, b) => b.cost_usd - a.cost_usd || b.tokens_in + b.tokens_out - (a.tokens_in + a.tokens_out) || name(a).localeCompare(name(b)))
}

export function emptyMonth(): MonthAgg {
  return {...emptyAgg(), by_model: {}, by_provider: {}, by_task: {}, by_day: {}}
}

/** Merges several months into one (for `--all`). */
export function mergeMonths(months: Months): MonthAgg {
  const all = emptyMonth()
  for (const m of Object.values(months)) {
    mergeAgg(all, m)
    for (const [k, v] of Object.entries(m.by_model)) mergeAgg((all.by_model[k] ??= {...emptyAgg(), provider: v.provider, model: v.model}), v)
    for (const [k, v] of Object.entries(m.by_provider)) mergeAgg((all.by_provider[k] ??= emptyAgg()), v)
    for (const [k, v] of Object.entries(m.by_task)) mergeAgg((all.by_task[k] ??= emptyAgg()), v)
    for (const [k, v] of Object.entries(m.by_day)) mergeAgg((all.by_day[k] ??= emptyAgg()), v)
  }
  return all
}

export function checkMonth(month: string): string {
  if (!MONTH_RE.test(month)) throw new InputError(`Invalid month ${JSON.stringify(month)}.`, {code: 'E_BAD_MONTH', hint: 'Use YYYY-MM, e.g. 2025-06.'})
  return month
}

export interface SummaryOptions {
  /** YYYY-MM (default: the current month, UTC) */
  month?: string
  /** every month */
  all?: boolean
  now?: Date
}

/** The period's aggregate (one month, or all of them) and the label to show for it. */
export async function loadPeriod(ctx: ProjectContext, options: SummaryOptions): Promise<{period: string; agg: MonthAgg; months: Months; problems: string[]}> {
  const now = options.now ?? new Date()
  const month = options.month === undefined ? monthKey(now) : checkMonth(options.month)
  const view = await loadMonths(ctx.state(CREDITS_FILE), ctx.state(ROLLUP_FILE))
  const agg = options.all ? mergeMonths(view.months) : (view.months[month] ?? emptyMonth())
  return {period: options.all ? 'all' : month, agg, months: view.months, problems: view.problems}
}

/** Spend by model, provider and task for a month (or all time), against the budget. */
export async function creditsSummary(ctx: ProjectContext, options: SummaryOptions = {}, loaded?: Awaited<ReturnType<typeof loadPeriod>>): Promise<CreditsSummary> {
  const now = options.now ?? new Date()
  const {period, agg, months, problems} = loaded ?? (await loadPeriod(ctx, options))
  const budgetMonth = options.all ? monthKey(now) : period
  const {budget} = await loadBudget(ctx)
  const status = budgetStatus(budget, months[budgetMonth]?.cost_usd ?? 0, budgetMonth, now)
  const total = agg.cost_usd
  const alerts = [...status.alerts]
  if (agg.unpriced > 0) alerts.push(`${agg.unpriced} entr${agg.unpriced === 1 ? 'y has' : 'ies have'} no price (cost null); add the models under credits.prices in docs/GOVTOOL.yml.`)
  return {
    period,
    entries: agg.entries,
    tokens_in: agg.tokens_in,
    cached_tokens_in: agg.cached_tokens_in,
    tokens_out: agg.tokens_out,
    cost_usd: roundUsd(total),
    unpriced_entries: agg.unpriced,
    by_model: byCost(
      Object.values(agg.by_model).map((m) => ({provider: m.provider, model: m.model, ...row(m, total)})),
      (r) => `${r.provider}/${r.model}`,
    ),
    by_provider: byCost(
      Object.entries(agg.by_provider).map(([provider, a]) => ({provider, ...row(a, total)})),
      (r) => r.provider,
    ),
    by_task: byCost(
      Object.entries(agg.by_task).map(([task, a]) => ({task, ...row(a, total)})),
      (r) => r.task,
    ),
    budget: status,
    alerts,
    problems,
  }
}
