/**
 * The human output of the credits commands, from their results (the JSON output). Kept apart from the
 * libraries that compute them so the operations can render without loading those.
 */
import {color, renderTable, type Column} from 'govtool/core'

import type {LimitsDefaultsResult, LimitsListResult, LimitsSetResult, RecordEntryResult, BudgetResult} from './actions.js'
import type {CreditsAnalysis} from './analyze.js'
import type {Budget} from './budget.js'
import {int, pct, usd} from './format.js'
import type {LimitStatus} from './limits/status.js'
import type {RateLimitProfile} from './limits/profiles.js'
import type {ReportResult} from './report.js'
import type {CreditsSummary, SpendRow} from './summary.js'

/** The table columns every command listing rate-limit profiles shows (limits list, limits defaults). */
export const PROFILE_COLUMNS: Column<RateLimitProfile>[] = [
  {header: 'Provider', get: (p) => p.provider},
  {header: 'Model', get: (p) => p.model},
  {header: 'RPM', get: (p) => int(p.rpm_limit), align: 'right'},
  {header: 'TPM', get: (p) => int(p.tpm_limit), align: 'right'},
  {header: 'Target', get: (p) => p.utilization_target.toFixed(2), align: 'right'},
  {header: 'Concurrency', get: (p) => p.concurrency_cap, align: 'right'},
]

export function renderLimitsList(r: LimitsListResult): string {
  if (r.profiles.length === 0) return `No saved profiles in ${r.file}; the built-in ones apply (govtool credits limits defaults).`
  const table = renderTable(r.profiles, [
    ...(PROFILE_COLUMNS as Column<(typeof r.profiles)[number]>[]),
    {header: 'Paced at', get: (p) => `${int(p.effective.rpm)} rpm, ${int(p.effective.tpm)} tpm`},
    {header: 'Source', get: (p) => p.source},
  ])
  return `${table}\n${color.dim(r.file)}`
}

export function renderLimitsDefaults(r: LimitsDefaultsResult): string {
  if (!r.installed) return renderTable(r.profiles, PROFILE_COLUMNS)
  const kept = r.kept ?? []
  return `Installed ${(r.added ?? []).length} built-in profile(s) into ${r.file}; kept ${kept.length} existing override(s)${kept.length ? `: ${kept.join(', ')}` : ''}.`
}

export function renderLimitsSet(r: LimitsSetResult): string {
  const {profile, effective} = r
  return `${r.created ? 'Created' : 'Replaced'} ${profile.provider}/${profile.model}: paced at ${int(effective.rpm)} requests and ${int(effective.tpm)} tokens per minute, ${effective.concurrency} at a time.`
}

export function renderLimitStatus(s: LimitStatus): string {
  const lines = [color.bold(`${s.provider}/${s.model}`)]
  if (!s.profile) {
    lines.push('No profile applies: requests to this model are not paced (only 429 backoff). Set one with govtool credits limits set.')
  } else {
    lines.push(
      `  Profile:      ${s.profile.provider}/${s.profile.model} (${s.profile.source}, ${s.profile.match} match)`,
      `  Requests:     ${int(s.requests.in_window)} / ${int(s.requests.target_limit ?? 0)} in the last ${s.window_seconds}s (limit ${int(s.requests.limit ?? 0)}, ${pct(s.requests.utilization_pct)} of target)`,
      `  Tokens:       ${int(s.tokens.in_window)} / ${int(s.tokens.target_limit ?? 0)} (limit ${int(s.tokens.limit ?? 0)}, ${pct(s.tokens.utilization_pct)} of target)`,
      `  Concurrency:  ${s.concurrency.in_use} in flight, ${s.concurrency.held} slot(s) held, limit ${s.concurrency.limit}`,
    )
  }
  if (s.waiting_processes) lines.push(`  Waiting:      ${s.waiting_processes} process(es)`)
  if (s.cooldown_remaining_ms > 0) lines.push(`  Cooling down: ${(s.cooldown_remaining_ms / 1000).toFixed(1)}s left after a 429`)
  const avg = s.moving_averages.map((m) => `${m.minutes}m ${m.requests_per_min} req/min, ${int(m.tokens_per_min)} tok/min`).join('; ')
  lines.push(`  Averages:     ${avg}`)
  return lines.join('\n')
}

export function renderRecord(r: RecordEntryResult): string {
  const {entry} = r
  const cost = entry.cost_usd === null ? 'cost unknown' : usd(entry.cost_usd)
  return `Recorded ${entry.provider}/${entry.model}: ${entry.tokens_in} in (${entry.cached_tokens_in} cached), ${entry.tokens_out} out, ${cost}. ${entry.timestamp.slice(0, 7)} so far: ${usd(r.month_spent_usd)}.`
}

export function renderBudget(r: BudgetResult): string {
  const b = r.budget
  const status = r.status
  const src = (f: keyof Budget) => `(${r.sources[f]})`
  const lines: string[] = []
  if (r.changed) lines.push(`Saved ${r.file ?? '.govtool/credits-budget.json'}.`)
  lines.push(
    `Monthly cap:     ${b.monthly_cap_usd > 0 ? usd(b.monthly_cap_usd) : 'none'} ${src('monthly_cap_usd')}`,
    `Alert threshold: ${b.alert_threshold_pct}% ${src('alert_threshold_pct')}`,
    `Watermarks:      ${b.watermark_pcts.map((w) => `${w}%`).join(', ') || 'none'} ${src('watermark_pcts')}`,
  )
  if (b.alert_watermarks_usd.length) lines.push(`USD watermarks:  ${b.alert_watermarks_usd.map((w) => usd(w)).join(', ')} ${src('alert_watermarks_usd')}`)
  lines.push(`${status.month}: ${usd(status.spent_usd)} spent${status.cap_usd === null ? '' : ` (${pct(status.used_pct)} of the cap)`}`)
  for (const a of status.alerts) lines.push(`! ${a}`)
  return lines.join('\n')
}

/** Rows shown per table in the human summary (JSON has them all). */
const TOP = 10

export function renderSummary(result: CreditsSummary): string {
  const lines: string[] = []
  const title = result.period === 'all' ? 'All time' : result.period
  lines.push(`${color.bold(title)}: ${usd(result.cost_usd)} over ${int(result.entries)} entries (${int(result.tokens_in)} tokens in, ${int(result.cached_tokens_in)} cached, ${int(result.tokens_out)} out)`)
  const b = result.budget
  if (b.cap_usd === null) lines.push(color.dim(`No monthly cap set (govtool credits budget --cap N).`))
  else lines.push(`Budget ${b.month}: ${usd(b.spent_usd)} of ${usd(b.cap_usd)} (${pct(b.used_pct)}), ${usd(b.remaining_usd)} left${b.projected_usd === null ? '' : `, projected ${usd(b.projected_usd)}`}`)
  for (const a of result.alerts) lines.push(`${color.yellow('!')} ${a}`)
  if (result.entries === 0) return lines.join('\n')
  const cols = <T extends SpendRow>(name: string, get: (r: T) => string): Column<T>[] => [
    {header: name, get},
    {header: 'Entries', get: (r: T) => int(r.entries), align: 'right'},
    {header: 'Tokens in', get: (r: T) => int(r.tokens_in), align: 'right'},
    {header: 'Tokens out', get: (r: T) => int(r.tokens_out), align: 'right'},
    {header: 'Cost', get: (r: T) => (r.unpriced_entries === r.entries ? 'n/a' : usd(r.cost_usd)), align: 'right'},
    {header: 'Share', get: (r: T) => `${r.share_pct}%`, align: 'right'},
  ]
  const section = <T extends SpendRow>(heading: string, rows: T[], name: string, get: (r: T) => string) => {
    lines.push('', color.bold(heading), renderTable(rows.slice(0, TOP), cols<T>(name, get)))
    if (rows.length > TOP) lines.push(color.dim(`... and ${rows.length - TOP} more (--json lists all)`))
  }
  section('By provider', result.by_provider, 'Provider', (r) => r.provider)
  section('By model', result.by_model, 'Model', (r) => `${r.provider}/${r.model}`)
  section('By task', result.by_task, 'Task', (r) => r.task || '(no task)')
  return lines.join('\n')
}

/** The report itself when it went to stdout, else a line naming the file written. */
export function renderReportResult(result: ReportResult): string {
  if (result.output === null) return result.markdown ?? ''
  return `Wrote ${result.output} (${result.period}: ${result.entries} entries, ${usd(result.cost_usd)}).`
}

export function renderAnalysis(a: CreditsAnalysis): string {
  const lines = [`${color.bold('Analysed')} ${int(a.entries)} entries, ${usd(a.cost_usd)}${a.period.from ? ` (${a.period.from.slice(0, 10)} to ${a.period.to?.slice(0, 10)})` : ''}`]
  if (a.entries === 0) {
    for (const s of a.suggestions) lines.push(`- ${s.message}`)
    return lines.join('\n')
  }
  const r = a.retries
  lines.push(`Retries: ${r.entries} (${usd(r.cost_usd)}, ${r.share_of_cost_pct}% of spend; ${r.detected.attempt} by attempt, ${r.detected.status_429} rate limited, ${r.detected.repeat} repeated prompts)`)
  if (a.token_waste.length > 0) {
    lines.push(
      '',
      color.bold('High token waste (input far above output)'),
      renderTable(a.token_waste, [
        {header: 'Task', get: (w) => w.task || '(no task)'},
        {header: 'Entries', get: (w) => int(w.entries), align: 'right'},
        {header: 'In/out', get: (w) => `${w.input_output_ratio}x`, align: 'right'},
        {header: 'Cached', get: (w) => `${w.cache_hit_pct}%`, align: 'right'},
        {header: 'Cost', get: (w) => usd(w.cost_usd), align: 'right'},
      ]),
    )
  }
  lines.push(
    '',
    color.bold('Models'),
    renderTable(a.models.slice(0, 10), [
      {header: 'Model', get: (m) => `${m.provider}/${m.model}`},
      {header: 'Entries', get: (m) => int(m.entries), align: 'right'},
      {header: 'Avg in', get: (m) => int(m.avg_tokens_in), align: 'right'},
      {header: 'Avg out', get: (m) => int(m.avg_tokens_out), align: 'right'},
      {header: 'Out/in', get: (m) => m.output_input_ratio, align: 'right'},
      {header: 'Cached', get: (m) => `${m.cache_hit_pct}%`, align: 'right'},
      {header: 'Cost', get: (m) => usd(m.cost_usd), align: 'right'},
    ]),
    '',
    `${color.bold('Weekly')} (trend: ${a.trend.direction}${a.trend.slope_usd_per_week === null ? '' : `, ${usd(a.trend.slope_usd_per_week)}/week`})`,
    renderTable(a.weeks.slice(-8), [
      {header: 'Week', get: (w) => w.week},
      {header: 'From', get: (w) => w.starts},
      {header: 'Entries', get: (w) => int(w.entries), align: 'right'},
      {header: 'Cost', get: (w) => usd(w.cost_usd), align: 'right'},
      {header: 'Change', get: (w) => (w.change_pct === null ? '' : `${w.change_pct > 0 ? '+' : ''}${w.change_pct}%`), align: 'right'},
    ]),
    '',
    color.bold('Suggestions'),
  )
  for (const s of a.suggestions) {
    const mark = s.severity === 'info' ? color.cyan('i') : s.severity === 'warn' ? color.yellow('!') : color.red('!!')
    lines.push(`${mark} ${s.message}`)
  }
  return lines.join('\n')
}
