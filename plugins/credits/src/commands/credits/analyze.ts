import {Flags} from '@oclif/core'
import {GovCommand, color, projectFlags} from 'govtool'

import {analyzeCredits, type CreditsAnalysis} from '../../lib/analyze.js'
import {int, usd} from '../../lib/format.js'

export default class CreditsAnalyze extends GovCommand<CreditsAnalysis> {
  static override summary = 'Find inefficiency in spend: retries, token waste, output/input ratios, weekly trends.'
  static override description = `Reads every entry of .govtool/credits.json (or one month, or since a date) and reports retried requests and what they cost, tasks whose input dwarfs their output, output/input ratios and cache hit rates per model, spend by ISO week with its trend, and concrete suggestions with the savings they would have brought.`

  static override examples = ['<%= config.bin %> credits analyze', '<%= config.bin %> credits analyze --since 2025-05-01 --json']

  static override flags = {
    ...projectFlags,
    month: Flags.string({summary: 'Only this month (YYYY-MM).', helpValue: 'YYYY-MM', exclusive: ['since']}),
    since: Flags.string({summary: 'Only entries on or after this date (YYYY-MM-DD).', helpValue: 'DATE'}),
  }

  async run(): Promise<CreditsAnalysis> {
    const {flags} = await this.parse(CreditsAnalyze)
    const ctx = this.project(flags)
    const a = await analyzeCredits(ctx, {month: flags.month, since: flags.since})
    for (const p of a.problems) this.warnUser(p)
    if (this.jsonEnabled()) return a

    this.log(`${color.bold('Analysed')} ${int(a.entries)} entries, ${usd(a.cost_usd)}${a.period.from ? ` (${a.period.from.slice(0, 10)} to ${a.period.to?.slice(0, 10)})` : ''}`)
    if (a.entries === 0) {
      for (const s of a.suggestions) this.log(`- ${s.message}`)
      return a
    }
    const r = a.retries
    this.log(`Retries: ${r.entries} (${usd(r.cost_usd)}, ${r.share_of_cost_pct}% of spend; ${r.detected.attempt} by attempt, ${r.detected.status_429} rate limited, ${r.detected.repeat} repeated prompts)`)
    if (a.token_waste.length > 0) {
      this.log('')
      this.log(color.bold('High token waste (input far above output)'))
      this.table(a.token_waste, [
        {header: 'Task', get: (w) => w.task || '(no task)'},
        {header: 'Entries', get: (w) => int(w.entries), align: 'right'},
        {header: 'In/out', get: (w) => `${w.input_output_ratio}x`, align: 'right'},
        {header: 'Cached', get: (w) => `${w.cache_hit_pct}%`, align: 'right'},
        {header: 'Cost', get: (w) => usd(w.cost_usd), align: 'right'},
      ])
    }
    this.log('')
    this.log(color.bold('Models'))
    this.table(a.models.slice(0, 10), [
      {header: 'Model', get: (m) => `${m.provider}/${m.model}`},
      {header: 'Entries', get: (m) => int(m.entries), align: 'right'},
      {header: 'Avg in', get: (m) => int(m.avg_tokens_in), align: 'right'},
      {header: 'Avg out', get: (m) => int(m.avg_tokens_out), align: 'right'},
      {header: 'Out/in', get: (m) => m.output_input_ratio, align: 'right'},
      {header: 'Cached', get: (m) => `${m.cache_hit_pct}%`, align: 'right'},
      {header: 'Cost', get: (m) => usd(m.cost_usd), align: 'right'},
    ])
    this.log('')
    this.log(`${color.bold('Weekly')} (trend: ${a.trend.direction}${a.trend.slope_usd_per_week === null ? '' : `, ${usd(a.trend.slope_usd_per_week)}/week`})`)
    this.table(a.weeks.slice(-8), [
      {header: 'Week', get: (w) => w.week},
      {header: 'From', get: (w) => w.starts},
      {header: 'Entries', get: (w) => int(w.entries), align: 'right'},
      {header: 'Cost', get: (w) => usd(w.cost_usd), align: 'right'},
      {header: 'Change', get: (w) => (w.change_pct === null ? '' : `${w.change_pct > 0 ? '+' : ''}${w.change_pct}%`), align: 'right'},
    ])
    this.log('')
    this.log(color.bold('Suggestions'))
    for (const s of a.suggestions) {
      const mark = s.severity === 'info' ? color.cyan('i') : s.severity === 'warn' ? color.yellow('!') : color.red('!!')
      this.log(`${mark} ${s.message}`)
    }
    return a
  }
}
