import {color, GovCommand, projectFlags} from 'govtool'

import {esdbStatus, type EsdbStatus} from '../../lib/status.js'

export default class EsdbStatusCommand extends GovCommand<EsdbStatus> {
  static override summary = 'Show the event store: records per kind, WAL length, chain validity and backend.'
  static override description = `Reads .govtool/esdb/. When the WAL has not changed since the query index last folded it, the answer comes
from the index without re-reading the WAL (the last entry and the acknowledged head are re-checked);
otherwise the index is caught up (or rebuilt) from the WAL first, verifying every entry it folds.
A project without a store reports zero records and a valid chain. Use \`esdb replay\` to re-verify the
whole chain.`

  static override examples = ['<%= config.bin %> esdb status', '<%= config.bin %> esdb status --json']
  static override flags = {...projectFlags}

  async run(): Promise<EsdbStatus> {
    const {flags} = await this.parse(EsdbStatusCommand)
    const status = await esdbStatus(this.project(flags))
    if (!this.jsonEnabled()) {
      const chain = status.chain_valid ? color.green('valid') : color.red(`INVALID at seq ${status.first_bad_seq ?? '?'}`)
      const last = status.last_seq === null ? 'empty' : `last seq ${status.last_seq}${status.anchor_seq === null ? '' : `, compacted through seq ${status.anchor_seq}`}`
      this.log(`ESDB (${status.backend}): ${status.record_count} records, WAL ${status.wal_length} entries (${last}), chain ${chain}`)
      if (status.record_count > 0) this.table(Object.entries(status.by_kind).map(([kind, count]) => ({kind, count})), [
        {header: 'kind', get: (r) => r.kind},
        {header: 'records', get: (r) => r.count, align: 'right'},
      ])
      if (status.problem) this.warnUser(`${status.problem}. Run \`govtool esdb replay\` for the full check.`)
      if (status.torn_tail) this.warnUser('The WAL ends in a line cut short by a crash; it is set aside before the next append.')
    }
    return status
  }
}
