import {defineOperation} from 'govtool/core'
import {z} from 'zod/v3'

import {AbortSchema, RunResultSchema, summaryText} from './schemas.js'

export const dispatchRetryOp = defineOperation({
  id: 'dispatch.retry',
  summary: 'Re-run one failed or blocked node of a dispatch run, alone, as <dag_id>-retry-<node_id>.',
  description: `The retry run is a one-node DAG rebuilt from the original node's title and role, with the context (ESDB records) its completed dependencies wrote. A completed node is never re-run; a pending or running one is refused too. The retry run has its own events.jsonl and shows in govtool dispatch list; its summary carries parent_dag_id. Exit 0 when the node completed, 1 otherwise. With --json the events stream on stdout as JSON lines and the summary is the last line.`,
  examples: ['<%= config.bin %> dispatch retry --dag-id 0123456789ab --node task-main'],
  project: true,
  effect: 'write',
  input: z.object({
    dag_id: z.string().describe('The original run.'),
    node: z.string().describe('The node to re-run.'),
    endpoint: z.string().url().optional().describe('An OpenAI-compatible endpoint for the worker.'),
    model: z.string().min(1).optional().describe('The model name to use.'),
  }),
  cli: {fields: {dag_id: {helpValue: 'ID'}, node: {helpValue: 'NODE_ID'}, endpoint: {helpValue: 'URL'}, model: {helpValue: 'MODEL'}}, jsonLines: true},
  result: RunResultSchema,
  async run(ctx, input, io) {
    const {retryNode} = await import('../lib/run.js')
    const {follow} = await import('../lib/run-op.js')
    const project = ctx.project()
    const handle = await retryNode(project, input.dag_id, input.node, {endpoint: input.endpoint, model: input.model, signal: io.signal})
    const {summary, events} = await follow(ctx, project, handle, io)
    return {...summary, planner: 'retry', events}
  },
  exitCode: (result) => (result.equilibrium ? 0 : 1),
  render: (result) => summaryText(result),
})

export const dispatchResumeOp = defineOperation({
  id: 'dispatch.resume',
  summary: 'Continue a dispatch run whose dispatcher died, from its events.jsonl.',
  description: `Replays the run's events: COMPLETED, FAILED and BLOCKED nodes are kept, nodes that were RUNNING when the dispatcher died run again, the rest run as their dependencies complete. Events are appended to the same file (seq continues), so a subscriber sees one run. Abort flags are cleared first. A run that is done, or whose dispatcher is still alive, is refused. Exit 0 when every node completed, 1 otherwise. With --json the events stream on stdout as JSON lines and the summary is the last line.`,
  examples: ['<%= config.bin %> dispatch resume --dag-id 0123456789ab'],
  project: true,
  effect: 'write',
  input: z.object({
    dag_id: z.string().describe('The run to continue.'),
    endpoint: z.string().url().optional().describe('An OpenAI-compatible endpoint for the workers (default: the one the run used).'),
    model: z.string().min(1).optional().describe('The model name to use (default: the one the run used).'),
  }),
  cli: {fields: {dag_id: {helpValue: 'ID'}, endpoint: {helpValue: 'URL'}, model: {helpValue: 'MODEL'}}, jsonLines: true},
  result: RunResultSchema,
  async run(ctx, input, io) {
    const {resumeDag} = await import('../lib/run.js')
    const {follow} = await import('../lib/run-op.js')
    const project = ctx.project()
    const handle = await resumeDag(project, input.dag_id, {endpoint: input.endpoint, model: input.model, signal: io.signal})
    const dag = await handle.built
    const {summary, events} = await follow(ctx, project, handle, io)
    return {...summary, planner: dag.planner, events}
  },
  exitCode: (result) => (result.equilibrium ? 0 : 1),
  render: (result) => summaryText(result),
})

export const dispatchAbortOp = defineOperation({
  id: 'dispatch.abort',
  summary: 'Abort a node of a dispatch run, or the whole run, from any process.',
  description: `Sets an abort flag (a marker file under .govtool/dispatch/<dag_id>/abort/) that the dispatcher checks before a node's preflight, after it, after acquiring a worker and every 0.5 seconds of a model call. The node then ends FAILED with an error starting "Aborted: " and its dependents are blocked. It is cooperative: a model reply is never cut mid-stream. Without --node every node not yet finished is aborted. A finished node or run is refused.`,
  examples: ['<%= config.bin %> dispatch abort --dag-id 0123456789ab --node task-main'],
  project: true,
  effect: 'write',
  input: z.object({
    dag_id: z.string().describe('The run.'),
    node: z.string().optional().describe('The node (default: the whole run).'),
  }),
  cli: {fields: {dag_id: {helpValue: 'ID'}, node: {helpValue: 'NODE_ID'}}},
  result: AbortSchema,
  async run(ctx, input) {
    const {abortDag, abortNode} = await import('../lib/run.js')
    return input.node === undefined ? abortDag(ctx.project(), input.dag_id) : abortNode(ctx.project(), input.dag_id, input.node)
  },
  render: (r) => `Abort signalled for ${r.node_id ? `node ${r.node_id} of ` : ''}${r.dag_id}: it stops at its next checkpoint.`,
})
