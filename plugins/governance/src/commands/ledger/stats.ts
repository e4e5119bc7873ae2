import {GovCommand, projectFlags} from 'govtool'

import {ledgerStats, type LedgerStats} from '../../lib/trace/ledger.js'

export default class LedgerStatsCommand extends GovCommand<LedgerStats> {
  static override summary = 'Summarise LEDGER.md: entries by type and author, requirements touched, chain validity.'
  static override examples = ['<%= config.bin %> ledger stats', '<%= config.bin %> ledger stats --json']
  static override flags = {...projectFlags}

  async run(): Promise<LedgerStats> {
    const {flags} = await this.parse(LedgerStatsCommand)
    const stats = await ledgerStats(this.project(flags))
    const list = (m: Record<string, number>) => Object.entries(m).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'
    this.log(`Entries:       ${stats.entries} (${stats.lines} lines)`)
    this.log(`By type:       ${list(stats.by_type)}`)
    this.log(`By author:     ${list(stats.by_author)}`)
    this.log(`REQs touched:  ${stats.reqs_touched}`)
    this.log(`Span:          ${stats.first ?? '-'} .. ${stats.last ?? '-'}`)
    this.log(`Chain:         ${stats.chain_valid ? 'valid' : 'BROKEN (run govtool audit)'}`)
    return stats
  }
}
