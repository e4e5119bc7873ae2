import {color, defineOperation, renderTable} from 'govtool/core'
import {z} from 'zod/v3'

import {EsdbStatusSchema} from './schemas.js'

export const esdbStatusOp = defineOperation({
  id: 'esdb.status',
  summary: 'Show the event store: records per kind, WAL length, chain validity and backend.',
  description: `Reads .govtool/esdb/. When the WAL has not changed since the query index last folded it, the answer comes from the index without re-reading the WAL (the last entry and the acknowledged head are re-checked); otherwise the index is caught up (or rebuilt) from the WAL first, verifying every entry it folds.

A project without a store reports zero records and a valid chain. Use \`esdb replay\` to re-verify the whole chain.`,
  examples: ['<%= config.bin %> esdb status', '<%= config.bin %> esdb status --json'],
  project: true,
  effect: 'read',
  input: z.object({}),
  result: EsdbStatusSchema,
  async run(ctx, _input, io) {
    const {esdbStatus} = await import('../lib/status.js')
    const status = await esdbStatus(ctx.project())
    if (status.problem) io.warn(`${status.problem}. Run \`govtool esdb replay\` for the full check.`)
    if (status.torn_tail) io.warn('The WAL ends in a line cut short by a crash; it is set aside before the next append.')
    return status
  },
  render(status) {
    const chain = status.chain_valid ? color.green('valid') : color.red(`INVALID at seq ${status.first_bad_seq ?? '?'}`)
    const last = status.last_seq === null ? 'empty' : `last seq ${status.last_seq}${status.anchor_seq === null ? '' : `, compacted through seq ${status.anchor_seq}`}`
    const lines = [`ESDB (${status.backend}): ${status.record_count} records, WAL ${status.wal_length} entries (${last}), chain ${chain}`]
    if (status.record_count > 0) {
      lines.push(renderTable(Object.entries(status.by_kind).map(([kind, count]) => ({kind, count})), [
        {header: 'kind', get: (r) => r.kind},
        {header: 'records', get: (r) => r.count, align: 'right'},
      ]))
    }
    return lines.join('\n')
  },
})
