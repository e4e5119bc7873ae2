import {defineOperation, renderTable} from 'govtool/core'
import {z} from 'zod/v3'

import {ListSchema, StatusSchema} from './schemas.js'

export const dispatchStatusOp = defineOperation({
  id: 'dispatch.status',
  summary: 'Show the per-node status of a dispatch run (the most recent one without --dag-id).',
  description: `Replays .govtool/dispatch/<dag_id>/events.jsonl: each node is pending, running, completed, failed or blocked, with its error, its context_in and context_out ESDB record ids. The run's state is running (its dispatcher is alive), done (dag_done was written) or interrupted (its dispatcher died: govtool dispatch resume continues it).`,
  examples: ['<%= config.bin %> dispatch status', '<%= config.bin %> dispatch status --dag-id 0123456789ab --json'],
  project: true,
  effect: 'read',
  input: z.object({dag_id: z.string().optional().describe('The run (default: the most recent).')}),
  cli: {fields: {dag_id: {helpValue: 'ID'}}},
  result: StatusSchema,
  async run(ctx, input) {
    const {dagStatus} = await import('../lib/run.js')
    return dagStatus(ctx.project(), input.dag_id)
  },
  render(s) {
    const head = `Dispatch ${s.dag_id} (${s.state}): ${s.counts.completed}/${s.counts.total} completed, ${s.counts.failed} failed, ${s.counts.blocked} blocked, ${s.counts.running} running, ${s.counts.pending} pending.`
    const table = renderTable(s.node_list, [
      {header: 'node', get: (n) => n.id},
      {header: 'role', get: (n) => n.role},
      {header: 'status', get: (n) => n.status},
      {header: 'depends on', get: (n) => n.depends_on.join(', ')},
      {header: 'error', get: (n) => n.error ?? ''},
    ])
    return `${head}\n${table}`
  },
})

export const dispatchListOp = defineOperation({
  id: 'dispatch.list',
  summary: 'List the saved dispatch runs with their completed and failed counts.',
  description: `Every run under .govtool/dispatch/, oldest first, retry runs (<dag_id>-retry-<node_id>) included, with its state (running, done, interrupted) and node counts.`,
  examples: ['<%= config.bin %> dispatch list', '<%= config.bin %> dispatch list --json'],
  project: true,
  effect: 'read',
  input: z.object({}),
  result: ListSchema,
  async run(ctx) {
    const {listDags} = await import('../lib/run.js')
    return listDags(ctx.project())
  },
  render(list) {
    if (list.count === 0) return 'No dispatch runs yet. Start one with govtool dispatch run "TASK".'
    return renderTable(list.runs, [
      {header: 'dag id', get: (r) => r.dag_id},
      {header: 'state', get: (r) => r.state},
      {header: 'completed', get: (r) => r.completed, align: 'right'},
      {header: 'failed', get: (r) => r.failed, align: 'right'},
      {header: 'blocked', get: (r) => r.blocked, align: 'right'},
      {header: 'nodes', get: (r) => r.total, align: 'right'},
      {header: 'task', get: (r) => r.task},
    ])
  },
})
