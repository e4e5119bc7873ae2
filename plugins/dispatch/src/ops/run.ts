import {defineOperation} from 'govtool/core'
import {z} from 'zod/v3'

import {RunResultSchema, summaryText} from './schemas.js'

export const dispatchRunOp = defineOperation({
  id: 'dispatch.run',
  summary: 'Decompose a task into a DAG of worker nodes and run them in parallel with fail-forward.',
  description: `The planner asks the model for a JSON array of nodes (id, title, role, depends_on; at most 8) and takes the first balanced JSON array of the reply; --plan FILE gives the plan instead. Ids must be unique slugs, roles one of coder, reviewer, tester, architect, researcher, embedded-coder, and dependencies must exist; a dependency cycle is rejected before anything runs ("DAG validation error: cycle detected: a -> b -> a"). Without a model (the stub) or with a plan the model got wrong, the DAG is one node, task-main, role coder.

A node starts when all its dependencies are COMPLETED and one of --max-workers slots is free. Each node is preflighted first (not accepted: FAILED, "Governance preflight blocked: ..."), then runs the agent loop with its role's prompt and tools (the compiler and linter tools of the role, read_file, write_file, git_status, git_diff as agent.permissions allows), with the results of its dependencies (their ESDB records, context_in) in its prompt. A completed node writes a dispatch_result ESDB record (its context_out). A failed node blocks every node that depends on it, directly or transitively; the others keep running.

Events (node_started, node_completed, node_failed, node_blocked, dag_done) are appended to .govtool/dispatch/<dag_id>/events.jsonl with a per-run seq; --json streams them on stdout as JSON lines and prints the summary as the last line. A run whose nodes all completed appends a dispatch entry to LEDGER.md (when it exists). The exit code is 0 when every node completed (equilibrium), 1 otherwise.

--no-dag runs the task as one flat agent conversation with run's tools (no planner). --endpoint and --model choose an OpenAI-compatible endpoint and model for the planner and the workers. Abort a run from another terminal with govtool dispatch abort; resume one whose dispatcher died with govtool dispatch resume.`,
  examples: ['<%= config.bin %> dispatch run "explain what this project does" --max-workers 2', '<%= config.bin %> dispatch run "add a config parser" --plan plan.json --json'],
  project: true,
  effect: 'write',
  input: z.object({
    task: z.string().min(1).describe('what to do'),
    max_workers: z.number().int().min(1).max(64).default(4).describe('Most nodes running at once.'),
    plan: z.string().optional().describe('A JSON plan file: [{"id", "title", "role", "depends_on"}] (no planner call).'),
    dag_id: z.string().optional().describe('The run id (default: 12 random hex characters).'),
    no_dag: z.boolean().default(false).describe('One flat agent conversation over the whole task (no planner, no DAG).'),
    endpoint: z.string().url().optional().describe('An OpenAI-compatible endpoint (TERMINAL_AI_BASE_URL) for the planner and the workers.'),
    model: z.string().min(1).optional().describe('The model name to use.'),
  }),
  cli: {
    fields: {
      task: {arg: true, rest: true},
      max_workers: {helpValue: 'N'},
      plan: {file: true, helpValue: 'FILE'},
      dag_id: {helpValue: 'ID'},
      endpoint: {helpValue: 'URL'},
      model: {helpValue: 'MODEL'},
    },
    jsonLines: true,
  },
  result: RunResultSchema,
  async run(ctx, input, io) {
    const {startDispatch} = await import('../lib/run.js')
    const {follow, parsePlanText} = await import('../lib/run-op.js')
    const project = ctx.project()
    const handle = startDispatch(project, {
      task: input.task,
      max_workers: input.max_workers,
      plan: input.plan === undefined ? undefined : parsePlanText(input.plan),
      dag_id: input.dag_id,
      no_dag: input.no_dag,
      endpoint: input.endpoint,
      model: input.model,
      signal: io.signal,
    })
    const dag = await handle.built
    if (dag.planner_note && dag.planner === 'fallback' && !input.no_dag) io.warn(`The planner fell back to one node: ${dag.planner_note}.`)
    const {summary, events} = await follow(ctx, project, handle, io)
    return {...summary, planner: dag.planner, ...(dag.planner_note ? {planner_note: dag.planner_note} : {}), events}
  },
  exitCode: (result) => (result.equilibrium ? 0 : 1),
  render: (result) => summaryText(result),
})
