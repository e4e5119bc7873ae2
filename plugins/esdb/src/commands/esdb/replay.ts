import {color, GovCommand, projectFlags} from 'govtool'

import {esdbPaths} from '../../lib/paths.js'
import {verifyChain, type VerifyReport} from '../../lib/verify.js'

export default class EsdbReplay extends GovCommand<VerifyReport> {
  static override summary = 'Verify the whole WAL hash chain; exit 1 naming the first bad seq.'
  static override description = `Re-reads every WAL entry and checks its hash (sha256 of its canonical form), that seq runs contiguously
from genesis (or from the compaction anchor, whose snapshot must match the sha256 chained in the WAL),
that each prev_hash is the previous entry's hash, and that the WAL reaches the last acknowledged batch.
Modified, deleted, reordered or truncated entries fail with the first bad seq. A line cut short by a
crash (never acknowledged) is reported but is not a failure. Read-only.`

  static override examples = ['<%= config.bin %> esdb replay', '<%= config.bin %> esdb replay --json']
  static override flags = {...projectFlags}

  async run(): Promise<VerifyReport> {
    const {flags} = await this.parse(EsdbReplay)
    const report = await verifyChain(esdbPaths(this.project(flags)))
    if (!report.ok) this.setExitCode(1)
    if (!this.jsonEnabled()) {
      const rate = report.ms > 0 ? Math.round((report.entries / report.ms) * 1000) : 0
      const range = report.entries === 0 ? 'no entries' : `${report.entries} entries, seq ${report.first_seq}-${report.last_seq}`
      const anchor = report.anchor ? `, continuing from the compaction anchor at seq ${report.anchor.seq}` : ''
      if (report.ok) {
        this.log(`${color.green('Chain valid')}: ${range}${anchor} (${report.ms.toFixed(0)} ms${report.entries >= 1000 ? `, ${rate} entries/s` : ''}).`)
      } else {
        this.log(`${color.red('Chain broken')}${report.first_bad_seq === null ? '' : ` at seq ${report.first_bad_seq}`}: ${report.problem}`)
        this.log(`Verified before it: ${range}${anchor}.`)
      }
      if (report.torn_tail) this.warnUser('The WAL ends in a line cut short by a crash (never acknowledged); it is set aside before the next append.')
    }
    return report
  }
}
