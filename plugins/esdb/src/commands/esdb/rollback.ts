import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {rollback, type RollbackResult} from '../../lib/rollback.js'
import {openStore} from '../../lib/store.js'

export default class EsdbRollback extends GovCommand<RollbackResult> {
  static override summary = 'Report the last N events and how they would be undone; --apply undoes them.'
  static override description = `Without --apply nothing is modified: the result lists the events that would be undone (ok,
steps_requested, records_before, note, events). With --apply each event is undone by appending a
compensating event (restoring the version the record had before it, or deleting a record it created) and
a rollback marker; history is never rewritten. Events already undone, and the compensating events
themselves, are skipped, so repeated rollbacks walk further back. Events folded into a compaction snapshot
cannot be undone.`

  static override examples = ['<%= config.bin %> esdb rollback', '<%= config.bin %> esdb rollback --steps 3 --json', '<%= config.bin %> esdb rollback --steps 3 --apply']
  static override flags = {
    ...projectFlags,
    steps: Flags.integer({summary: 'How many of the most recent events to undo.', default: 1, min: 1}),
    apply: Flags.boolean({summary: 'Append the compensating events (otherwise only report).', default: false}),
  }

  async run(): Promise<RollbackResult> {
    const {flags} = await this.parse(EsdbRollback)
    const store = openStore(this.project(flags))
    try {
      const result = await rollback(store, flags.steps, flags.apply)
      this.table(result.events, [
        {header: 'seq', get: (e) => e.seq, align: 'right'},
        {header: 'event', get: (e) => e.op},
        {header: 'record', get: (e) => e.record_id},
        {header: 'kind', get: (e) => e.kind},
        {header: 'undo', get: (e) => (e.undo === 'delete' ? 'delete' : `restore from ${e.restore_from === 'snapshot' ? 'snapshot' : `seq ${e.restore_from}`}`)},
      ])
      this.log(`${result.note} Records: ${result.records_before} -> ${result.records_after}.`)
      return result
    } finally {
      await store.close()
    }
  }
}
