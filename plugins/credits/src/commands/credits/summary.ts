import {Flags} from '@oclif/core'
import {GovCommand, color, projectFlags} from 'govtool'

import {int, pct, usd} from '../../lib/format.js'
import {creditsSummary, type CreditsSummary, type SpendRow} from '../../lib/summary.js'

/** Rows shown per table in human output (JSON has them all). */
const TOP = 10

export default class CreditsSummaryCommand extends GovCommand<CreditsSummary> {
  static override summary = 'Spend by model, provider and task for a month, against the budget.'
  static override description = `Totals of .govtool/credits.json for one month (default: the current month, UTC) or --all, with the budget's alerts: the alert threshold, the watermark levels reached, and the month-end projection.`

  static override examples = ['<%= config.bin %> credits summary', '<%= config.bin %> credits summary --month 2025-06 --json', '<%= config.bin %> credits summary --all']

  static override flags = {
    ...projectFlags,
    month: Flags.string({summary: 'Month to summarise (YYYY-MM, UTC; default the current month).', helpValue: 'YYYY-MM', exclusive: ['all']}),
    all: Flags.boolean({summary: 'Summarise every month.', default: false}),
  }

  async run(): Promise<CreditsSummary> {
    const {flags} = await this.parse(CreditsSummaryCommand)
    const ctx = this.project(flags)
    const result = await creditsSummary(ctx, {month: flags.month, all: flags.all})
    for (const p of result.problems) this.warnUser(p)
    if (this.jsonEnabled()) return result

    const title = result.period === 'all' ? 'All time' : result.period
    this.log(`${color.bold(title)}: ${usd(result.cost_usd)} over ${int(result.entries)} entries (${int(result.tokens_in)} tokens in, ${int(result.cached_tokens_in)} cached, ${int(result.tokens_out)} out)`)
    const b = result.budget
    if (b.cap_usd === null) this.log(color.dim(`No monthly cap set (govtool credits budget --cap N).`))
    else this.log(`Budget ${b.month}: ${usd(b.spent_usd)} of ${usd(b.cap_usd)} (${pct(b.used_pct)}), ${usd(b.remaining_usd)} left${b.projected_usd === null ? '' : `, projected ${usd(b.projected_usd)}`}`)
    for (const a of result.alerts) this.log(`${color.yellow('!')} ${a}`)
    if (result.entries === 0) return result
    const cols = <T extends SpendRow>(name: string, get: (r: T) => string) => [
      {header: name, get},
      {header: 'Entries', get: (r: T) => int(r.entries), align: 'right' as const},
      {header: 'Tokens in', get: (r: T) => int(r.tokens_in), align: 'right' as const},
      {header: 'Tokens out', get: (r: T) => int(r.tokens_out), align: 'right' as const},
      {header: 'Cost', get: (r: T) => (r.unpriced_entries === r.entries ? 'n/a' : usd(r.cost_usd)), align: 'right' as const},
      {header: 'Share', get: (r: T) => `${r.share_pct}%`, align: 'right' as const},
    ]
    const section = <T extends SpendRow>(heading: string, rows: T[], name: string, get: (r: T) => string) => {
      this.log('')
      this.log(color.bold(heading))
      this.table(rows.slice(0, TOP), cols<T>(name, get))
      if (rows.length > TOP) this.log(color.dim(`... and ${rows.length - TOP} more (--json lists all)`))
    }
    section('By provider', result.by_provider, 'Provider', (r) => r.provider)
    section('By model', result.by_model, 'Model', (r) => `${r.provider}/${r.model}`)
    section('By task', result.by_task, 'Task', (r) => r.task || '(no task)')
    return result
  }
}
