import {Flags} from '@oclif/core'
import {GovCommand, InputError, projectFlags} from 'govtool'

import {ledgerSince, readLedger} from '../../lib/trace/ledger.js'
import type {LedgerEntry} from '../../lib/trace/ledger-format.js'
import {plainTable, problemText} from '../../lib/trace/present.js'
import type {ParseProblem} from '../../lib/trace/types.js'

export interface LedgerListResult {
  entries: LedgerEntry[]
  count: number
  problems: ParseProblem[]
}

export default class LedgerList extends GovCommand<LedgerListResult> {
  static override summary = 'List the entries of LEDGER.md.'
  static override description = `Oldest first. Entries moved to docs/ledger-archive.md by "govtool compress" are not listed.`

  static override examples = ['<%= config.bin %> ledger list', '<%= config.bin %> ledger list --since 2025-06-01 --json']

  static override flags = {
    ...projectFlags,
    since: Flags.string({summary: 'Only entries on or after this date (YYYY-MM-DD).', helpValue: 'YYYY-MM-DD'}),
  }

  async run(): Promise<LedgerListResult> {
    const {flags} = await this.parse(LedgerList)
    if (flags.since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(flags.since)) {
      throw new InputError(`--since must be a date as YYYY-MM-DD (got "${flags.since}").`, {hint: 'Example: --since 2025-06-01'})
    }
    const {entries: all, problems} = await readLedger(this.project(flags))
    const entries = ledgerSince(all, flags.since)
    if (!this.jsonEnabled()) {
      if (entries.length === 0) this.log('No ledger entries.')
      else {
        this.log(plainTable(['Timestamp', 'Type', 'Author', 'REQs', 'Description'], entries.map((e) => [e.timestamp, e.type, e.author, e.reqs.join(','), e.description])))
        this.log(`\n${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`)
      }
    }
    if (problems.length > 0) {
      process.stderr.write(problemText(problems))
      this.setExitCode(1)
    }
    return {entries, count: entries.length, problems}
  }
}
