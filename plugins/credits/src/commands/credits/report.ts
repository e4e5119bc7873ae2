import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {usd} from '../../lib/format.js'
import {creditsReport, type ReportResult} from '../../lib/report.js'

export default class CreditsReportCommand extends GovCommand<ReportResult> {
  static override summary = 'Write a Markdown spend report with tables and a per-day chart.'
  static override description = `Totals, the budget, spend by provider, model and task, and a per-day spend chart (a Unicode bar chart in a text block, readable in a terminal and in any Markdown viewer). Without --output the report goes to stdout.`

  static override examples = ['<%= config.bin %> credits report --output docs/credits-2025-06.md --month 2025-06', '<%= config.bin %> credits report --all > report.md']

  static override flags = {
    ...projectFlags,
    output: Flags.string({char: 'o', summary: 'File to write (relative to the current directory).', helpValue: 'PATH'}),
    month: Flags.string({summary: 'Month to report (YYYY-MM, UTC; default the current month).', helpValue: 'YYYY-MM', exclusive: ['all']}),
    all: Flags.boolean({summary: 'Report every month.', default: false}),
  }

  async run(): Promise<ReportResult> {
    const {flags} = await this.parse(CreditsReportCommand)
    const ctx = this.project(flags)
    const result = await creditsReport(ctx, {month: flags.month, all: flags.all, output: flags.output})
    if (!this.jsonEnabled()) {
      if (result.output === null) process.stdout.write(result.markdown ?? '')
      else this.log(`Wrote ${result.output} (${result.period}: ${result.entries} entries, ${usd(result.cost_usd)}).`)
    }
    return result
  }
}
