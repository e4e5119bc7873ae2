import path from 'node:path'

import {writeFileAtomic, type ProjectContext} from 'govtool/core'

import type {Agg} from './rollup.js'
import {bar, int, markdownTable, pct, usd} from './format.js'
import {creditsSummary, loadPeriod, type CreditsSummary, type SpendRow, type SummaryOptions} from './summary.js'

/** Width of the longest bar of the daily chart, in characters. */
const CHART_WIDTH = 40
/** Rows of the by-task table before the rest is folded into one line. */
const TOP_TASKS = 25

export interface DayPoint {
  day: string
  cost_usd: number
  entries: number
}

/** Every day of the period (a whole month, or the 31 days up to the last entry for --all), zeros included. */
export function dailySeries(byDay: Record<string, Agg>, period: string, now: Date): DayPoint[] {
  let days: string[]
  if (period !== 'all') {
    const [y, m] = period.split('-').map(Number)
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
    const today = now.toISOString().slice(0, 10)
    days = Array.from({length: last}, (_, i) => `${period}-${String(i + 1).padStart(2, '0')}`).filter((d) => d <= today || !today.startsWith(period))
  } else {
    const known = Object.keys(byDay).sort()
    if (known.length === 0) return []
    const end = Date.parse(`${known.at(-1)}T00:00:00Z`)
    days = Array.from({length: 31}, (_, i) => new Date(end - (30 - i) * 86_400_000).toISOString().slice(0, 10))
  }
  return days.map((day) => ({day, cost_usd: byDay[day]?.cost_usd ?? 0, entries: byDay[day]?.entries ?? 0}))
}

/**
 * The per-day spend chart: a Unicode bar chart in a fenced `text` block, so it reads the same in a terminal,
 * in a diff and in any Markdown viewer (no renderer needed, unlike Mermaid).
 */
export function renderDailyChart(points: DayPoint[]): string {
  if (points.length === 0) return '_No spend recorded._'
  const max = Math.max(...points.map((p) => p.cost_usd))
  const labels = points.map((p) => usd(p.cost_usd))
  const labelWidth = Math.max(...labels.map((l) => l.length))
  const lines = points.map((p, i) => {
    const b = bar(p.cost_usd, max, CHART_WIDTH)
    return `${p.day.slice(5)} │${b.padEnd(CHART_WIDTH + 1)} ${labels[i].padStart(labelWidth)}${p.entries ? `  (${int(p.entries)})` : ''}`
  })
  return ['```text', `Spend per day (USD, UTC days; full bar = ${usd(max)}; entries in parentheses)`, ...lines, '```'].join('\n')
}

function spendRows<T extends SpendRow>(rows: T[], name: (r: T) => string[]): (string | number)[][] {
  return rows.map((r) => [...name(r), int(r.entries), int(r.tokens_in), int(r.cached_tokens_in), int(r.tokens_out), r.unpriced_entries === r.entries ? 'n/a' : usd(r.cost_usd), `${r.share_pct}%`])
}

const SPEND_HEADERS = ['Entries', 'Input tokens', 'Cached input', 'Output tokens', 'Cost', 'Share']
const SPEND_ALIGN: ('l' | 'r')[] = ['r', 'r', 'r', 'r', 'r', 'r']

/** The Markdown text of the report. */
export function renderReport(summary: CreditsSummary, daily: DayPoint[], options: {project: string; now: Date}): string {
  const title = summary.period === 'all' ? 'all time' : summary.period
  const b = summary.budget
  const out: string[] = [
    `# Credit report: ${title}`,
    '',
    `Project \`${options.project}\`, generated ${options.now.toISOString()} by govtool. Costs in USD at list prices; cached input tokens are part of input tokens and priced at the cached rate.`,
    '',
    '## Totals',
    '',
    markdownTable(['Entries', 'Input tokens', 'Cached input', 'Output tokens', 'Cost', 'Unpriced entries'], [[int(summary.entries), int(summary.tokens_in), int(summary.cached_tokens_in), int(summary.tokens_out), usd(summary.cost_usd), int(summary.unpriced_entries)]], ['r', 'r', 'r', 'r', 'r', 'r']),
    '',
    `## Budget (${b.month})`,
    '',
  ]
  if (b.cap_usd === null) out.push('No monthly cap is set (`govtool credits budget --cap N`).')
  else {
    out.push(
      markdownTable(
        ['Cap', 'Spent', 'Used', 'Remaining', 'Projected', 'Alert at', 'Highest watermark'],
        [[usd(b.cap_usd), usd(b.spent_usd), pct(b.used_pct), usd(b.remaining_usd), usd(b.projected_usd), `${b.alert_threshold_pct}%`, b.highest_watermark_pct === null ? 'none' : `${b.highest_watermark_pct}%`]],
        ['r', 'r', 'r', 'r', 'r', 'r', 'r'],
      ),
    )
  }
  if (summary.alerts.length > 0) out.push('', ...summary.alerts.map((a) => `- ⚠️ ${a}`))
  out.push('', '## Spend per day', '', renderDailyChart(daily), '')
  out.push('## By provider', '', summary.by_provider.length ? markdownTable(['Provider', ...SPEND_HEADERS], spendRows(summary.by_provider, (r) => [r.provider]), ['l', ...SPEND_ALIGN]) : '_No entries._', '')
  out.push('## By model', '', summary.by_model.length ? markdownTable(['Provider', 'Model', ...SPEND_HEADERS], spendRows(summary.by_model, (r) => [r.provider, r.model]), ['l', 'l', ...SPEND_ALIGN]) : '_No entries._', '')
  const tasks = summary.by_task.slice(0, TOP_TASKS)
  const rest = summary.by_task.slice(TOP_TASKS)
  const taskRows = spendRows(tasks, (r) => [r.task || '(no task)'])
  if (rest.length > 0) {
    const sum = (f: (r: (typeof rest)[number]) => number) => rest.reduce((n, r) => n + f(r), 0)
    taskRows.push([`(${rest.length} more tasks)`, int(sum((r) => r.entries)), int(sum((r) => r.tokens_in)), int(sum((r) => r.cached_tokens_in)), int(sum((r) => r.tokens_out)), usd(sum((r) => r.cost_usd)), `${Math.round(sum((r) => r.share_pct) * 10) / 10}%`])
  }
  out.push('## By task', '', taskRows.length ? markdownTable(['Task', ...SPEND_HEADERS], taskRows, ['l', ...SPEND_ALIGN]) : '_No entries._', '')
  if (summary.problems.length > 0) out.push('## Problems reading credits.json', '', ...summary.problems.map((p) => `- ${p}`), '')
  return out.join('\n')
}

export interface ReportResult {
  /** absolute path written, or null when printed to stdout */
  output: string | null
  period: string
  entries: number
  cost_usd: number
  bytes: number
  markdown?: string
}

/** Builds the report; writes it atomically to `output` (relative to the current directory) when given. */
export async function creditsReport(ctx: ProjectContext, options: SummaryOptions & {output?: string} = {}): Promise<ReportResult> {
  const now = options.now ?? new Date()
  const loaded = await loadPeriod(ctx, {...options, now})
  const summary = await creditsSummary(ctx, {...options, now}, loaded)
  const {agg} = loaded
  const markdown = renderReport(summary, dailySeries(agg.by_day, summary.period, now), {project: path.basename(ctx.root), now})
  const bytes = Buffer.byteLength(markdown)
  if (!options.output) return {output: null, period: summary.period, entries: summary.entries, cost_usd: summary.cost_usd, bytes, markdown}
  const output = path.resolve(options.output)
  await writeFileAtomic(output, markdown)
  return {output, period: summary.period, entries: summary.entries, cost_usd: summary.cost_usd, bytes}
}
