import {GovCommand, projectFlags} from 'govtool'

import {compact, type CompactResult} from '../../lib/compact.js'
import {openStore} from '../../lib/store.js'

export default class EsdbCompact extends GovCommand<CompactResult> {
  static override summary = 'Fold the WAL into a snapshot, keeping a chain anchor so replay still spans it.'
  static override description = `Verifies the whole chain first (a broken chain is never compacted), writes the folded records as
.govtool/esdb/snapshot-<seq>.sqlite, and replaces the WAL with one compact entry chained to the last folded
hash and carrying the snapshot's sha256. Records are unchanged; the individual events before the anchor
leave the WAL (and can no longer be rolled back).`

  static override examples = ['<%= config.bin %> esdb compact', '<%= config.bin %> esdb compact --json']
  static override flags = {...projectFlags}

  async run(): Promise<CompactResult> {
    const {flags} = await this.parse(EsdbCompact)
    const store = openStore(this.project(flags))
    try {
      const result = await compact(store)
      this.log(result.note)
      if (result.snapshot) this.log(`WAL: ${result.entries_before} entries (${result.bytes_before} bytes) -> ${result.entries_after} (${result.bytes_after} bytes); ${result.records} records.`)
      return result
    } finally {
      await store.close()
    }
  }
}
