import {Flags} from '@oclif/core'
import {GovCommand, InputError, projectFlags} from 'govtool'

import {budgetStatus, loadBudget, saveBudget, type Budget, type BudgetStatus, type LoadedBudget} from '../../lib/budget.js'
import {monthKey} from '../../lib/entries.js'
import {pct, usd} from '../../lib/format.js'
import {creditsSummary} from '../../lib/summary.js'

export interface BudgetResult extends LoadedBudget {
  changed: boolean
  /** the current month against the budget */
  status: BudgetStatus
}

export default class CreditsBudget extends GovCommand<BudgetResult> {
  static override summary = 'View or set the monthly cap, the alert threshold and the watermark levels.'
  static override description = `Without flags, prints the budget in effect and where each value comes from. With flags, saves them in .govtool/credits-budget.json, which wins over credits.budget in docs/GOVTOOL.yml (a team default) and the built-in defaults (no cap, alert at 80%, watermarks at 50, 75, 90 and 100% of the cap). --cap 0 removes the cap.`

  static override examples = ['<%= config.bin %> credits budget', '<%= config.bin %> credits budget --cap 200 --alert-pct 80', '<%= config.bin %> credits budget --watermarks 25,50,75,100']

  static override flags = {
    ...projectFlags,
    cap: Flags.string({summary: 'Monthly cap in USD (0 = no cap).', helpValue: 'USD'}),
    'alert-pct': Flags.string({summary: 'Alert when the month reaches this percentage of the cap.', helpValue: 'PCT'}),
    watermarks: Flags.string({summary: 'Comma-separated watermark levels, percent of the cap (e.g. 50,75,90,100).', helpValue: 'LIST'}),
  }

  async run(): Promise<BudgetResult> {
    const {flags} = await this.parse(CreditsBudget)
    const ctx = this.project(flags)
    const patch: Partial<Budget> = {}
    const num = (flag: string, value: string, min: number, max: number) => {
      const n = Number(value)
      if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
        throw new InputError(`--${flag} must be a number from ${min} to ${max} (got ${JSON.stringify(value)}).`, {hint: 'See govtool credits budget --help.'})
      }
      return n
    }
    if (flags.cap !== undefined) patch.monthly_cap_usd = num('cap', flags.cap, 0, 1e9)
    if (flags['alert-pct'] !== undefined) patch.alert_threshold_pct = num('alert-pct', flags['alert-pct'], 1, 1000)
    if (flags.watermarks !== undefined) patch.watermark_pcts = [...new Set(flags.watermarks.split(',').map((w) => num('watermarks', w, 1, 1000)))].sort((a, b) => a - b)
    const changed = Object.keys(patch).length > 0
    const loaded = changed ? await saveBudget(ctx, patch) : await loadBudget(ctx)
    const month = monthKey(new Date())
    const summary = await creditsSummary(ctx, {month})
    const status = budgetStatus(loaded.budget, summary.budget.spent_usd, month)
    if (!this.jsonEnabled()) {
      const b = loaded.budget
      const src = (f: keyof Budget) => `(${loaded.sources[f]})`
      if (changed) this.log(`Saved ${loaded.file ?? '.govtool/credits-budget.json'}.`)
      this.log(`Monthly cap:     ${b.monthly_cap_usd > 0 ? usd(b.monthly_cap_usd) : 'none'} ${src('monthly_cap_usd')}`)
      this.log(`Alert threshold: ${b.alert_threshold_pct}% ${src('alert_threshold_pct')}`)
      this.log(`Watermarks:      ${b.watermark_pcts.map((w) => `${w}%`).join(', ') || 'none'} ${src('watermark_pcts')}`)
      if (b.alert_watermarks_usd.length) this.log(`USD watermarks:  ${b.alert_watermarks_usd.map((w) => usd(w)).join(', ')} ${src('alert_watermarks_usd')}`)
      this.log(`${month}: ${usd(status.spent_usd)} spent${status.cap_usd === null ? '' : ` (${pct(status.used_pct)} of the cap)`}`)
      for (const a of status.alerts) this.log(`! ${a}`)
    }
    return {...loaded, changed, status}
  }
}
