/**
 * Runs: start (plan, write dag.json, schedule in the background), resume after a crash (replay events.jsonl:
 * COMPLETED nodes kept, RUNNING ones run again), retry one FAILED or BLOCKED node as `<dag_id>-retry-<node_id>`,
 * abort (marker files, so any process can abort a run another one executes), status and list.
 */
import {randomBytes} from 'node:crypto'
import {existsSync, rmSync} from 'node:fs'
import path from 'node:path'

import type {Selection} from '@govtool/plugin-models'
import {GovError, InputError, NotFoundError, readJsonIfExists, writeJsonAtomic, type ProjectContext} from 'govtool/core'

import {clearAbortMarkers, writeAbortMarker} from './abort.js'
import {nodeExecutor, type NodeHooks} from './node.js'
import {fallbackPlan, parsePlannerReply, plannerMessages, validatePlan} from './plan.js'
import {LocalWorkerPool, schedule, summarise, type WorkerPool} from './scheduler.js'
import {DAG_FILE, EventLog, RUNNER_FILE, dagDir, isoMs, readDagFile, readEvents, runsHere, savedDagIds, validateDagId} from './store.js'
import {TERMINAL_STATES, type DagFile, type DispatchEvent, type DispatchSummary, type NodeState, type PlanNode, type TaskNode} from './types.js'

export const DEFAULT_MAX_WORKERS = 4
export const MAX_WORKERS_LIMIT = 64

export interface RunOptions {
  max_workers?: number
  /** the endpoint of an OpenAI-compatible API for the planner and the workers (TERMINAL_AI_BASE_URL) */
  endpoint?: string
  model?: string
  /** stops the run: running nodes fail 'Aborted: ...' at their next checkpoint, the rest are aborted too */
  signal?: AbortSignal
  /** where nodes run (default: the local pool running the agent loop in this process) */
  pool?: WorkerPool
  /** the model backend (default: selectBackend with endpoint and model) */
  selection?: Selection
  hooks?: NodeHooks
  env?: NodeJS.ProcessEnv
}

export interface StartOptions extends RunOptions {
  task: string
  /** an explicit plan (the parsed JSON array of --plan FILE): no planner call */
  plan?: unknown
  dag_id?: string
  /** flat: one agent conversation over the whole task with run's tools, no planner */
  no_dag?: boolean
}

export interface DispatchHandle {
  dag_id: string
  /** the DAG as built (planned, validated, dag.json written); rejects when it could not be built */
  built: Promise<DagFile>
  /** the run summary once dag_done is durable */
  done: Promise<DispatchSummary>
}

/** The runs executing in this process. */
const active = new Map<string, {controller: AbortController; done: Promise<DispatchSummary>}>()

function newDagId(): string {
  return randomBytes(6).toString('hex')
}

function workers(value: number | undefined): number {
  const n = value ?? DEFAULT_MAX_WORKERS
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS_LIMIT) {
    throw new InputError(`max_workers must be an integer from 1 to ${MAX_WORKERS_LIMIT}, not ${String(value)}.`, {code: 'E_INPUT', hint: `The default is ${DEFAULT_MAX_WORKERS}.`})
  }
  return n
}

async function selectionFor(ctx: ProjectContext, options: RunOptions): Promise<Selection> {
  if (options.selection) return options.selection
  const {loadModelsConfig, selectBackend} = await import('@govtool/plugin-models')
  const env = {...(options.env ?? process.env)}
  if (options.endpoint) env.TERMINAL_AI_BASE_URL = options.endpoint
  if (options.model) {
    env.TERMINAL_AI_MODEL = options.model
    env.GOVTOOL_OLLAMA_MODEL = options.model
  }
  return selectBackend({env, config: await loadModelsConfig(ctx), ...(options.endpoint ? {provider: 'openai-compatible'} : {})})
}

/** A selection made once per run, on first use. */
function lazySelection(ctx: ProjectContext, options: RunOptions): () => Promise<Selection> {
  let pending: Promise<Selection> | undefined
  return () => (pending ??= selectionFor(ctx, options))
}

/** The planner: the model's plan, else one node (no model, no usable plan); a cycle is an error. */
async function planWithModel(ctx: ProjectContext, task: string, selection: () => Promise<Selection>): Promise<{nodes: PlanNode[]; planner: DagFile['planner']; note?: string}> {
  let sel: Selection
  try {
    sel = await selection()
  } catch (error) {
    return {nodes: fallbackPlan(task), planner: 'fallback', note: `no model: ${(error as Error).message}`}
  }
  if (sel.backend.provider === 'stub') return {nodes: fallbackPlan(task), planner: 'fallback', note: 'no model backend (the stub cannot plan)'}
  const {ModelClient} = await import('@govtool/plugin-models')
  const client = new ModelClient(sel, {project: ctx, task: 'dispatch-plan'})
  try {
    const answer = await client.chat({messages: plannerMessages(task), temperature: 0})
    const parsed = parsePlannerReply(answer.text)
    if ('nodes' in parsed) return {nodes: parsed.nodes, planner: 'model'}
    if (parsed.cycle) throw new InputError(parsed.error, {code: 'E_DAG_CYCLE', hint: 'The planner proposed a cyclic plan; nothing was run. Pass an explicit plan with --plan FILE.'})
    return {nodes: fallbackPlan(task), planner: 'fallback', note: `unusable plan: ${parsed.error}`}
  } catch (error) {
    if ((error as GovError).code === 'E_DAG_CYCLE') throw error
    return {nodes: fallbackPlan(task), planner: 'fallback', note: `the planner failed: ${(error as Error).message}`}
  } finally {
    await client.close()
  }
}

/**
 * Starts a run and returns at once (the run continues in the background): the dag id, `built` (the DAG
 * planned and saved) and `done` (the summary). Bad input (a dag id, an explicit plan with a cycle, an id in
 * use) throws here, before anything is written.
 */
export function startDispatch(ctx: ProjectContext, options: StartOptions): DispatchHandle {
  if (typeof options.task !== 'string' || !options.task.trim()) throw new InputError('The task is empty.', {code: 'E_INPUT', hint: 'Say what to do: govtool dispatch run "add a parser for the config file".'})
  const dagId = options.dag_id === undefined ? newDagId() : validateDagId(options.dag_id)
  const maxWorkers = workers(options.max_workers)
  if (existsSync(path.join(dagDir(ctx, dagId), DAG_FILE)) || active.has(dagId)) {
    throw new GovError(`A dispatch run ${dagId} already exists.`, {code: 'E_DISPATCH_STATE', hint: `Resume it (govtool dispatch resume --dag-id ${dagId}) or choose another --dag-id.`})
  }
  const explicit = options.plan === undefined ? undefined : validatePlan(options.plan)
  const selection = lazySelection(ctx, options)
  const controller = new AbortController()
  const onAbort = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', onAbort, {once: true})
  const task = options.task.trim()
  const built = (async (): Promise<DagFile> => {
    const planned = explicit
      ? {nodes: explicit, planner: options.pool && !options.selection ? ('library' as const) : ('plan-file' as const)}
      : options.no_dag
        ? {nodes: fallbackPlan(task), planner: 'fallback' as const, note: 'no-dag: one flat agent conversation'}
        : await planWithModel(ctx, task, selection)
    const dag: DagFile = {
      dag_id: dagId,
      task,
      max_workers: maxWorkers,
      created: isoMs(),
      nodes: planned.nodes,
      planner: planned.planner,
      ...('note' in planned && planned.note ? {planner_note: planned.note} : {}),
      ...(options.endpoint ? {endpoint: options.endpoint} : {}),
      ...(options.model ? {model: options.model} : {}),
      ...(options.no_dag ? {flat: true} : {}),
    }
    await writeJsonAtomic(path.join(dagDir(ctx, dagId), DAG_FILE), dag)
    return dag
  })()
  const done = built.then((dag) => runDag(ctx, dag, [], {...options, selection: undefined}, selection, controller))
  return register(dagId, controller, built, done, () => options.signal?.removeEventListener('abort', onAbort))
}

function register(dagId: string, controller: AbortController, built: Promise<DagFile>, done: Promise<DispatchSummary>, cleanup: () => void): DispatchHandle {
  const tracked = done.finally(() => {
    cleanup()
    active.delete(dagId)
    runsHere.delete(dagId)
  })
  active.set(dagId, {controller, done: tracked})
  runsHere.add(dagId)
  // callers may await only one of them: the other's rejection is not an unhandled one
  built.catch(() => {})
  tracked.catch(() => {})
  return {dag_id: dagId, built, done: tracked}
}

/** Nodes as the events left them (a resumed run, status, retry). */
export function replay(dag: DagFile, events: readonly DispatchEvent[]): {nodes: TaskNode[]; done?: DispatchSummary; lastSeq: number} {
  const nodes: TaskNode[] = dag.nodes.map((n) => ({...n, status: 'PENDING', context_in: dag.context_in?.[n.id] ?? [], context_out: null, result: null}))
  const byId = new Map(nodes.map((n) => [n.id, n]))
  let done: DispatchSummary | undefined
  let lastSeq = 0
  for (const e of events) {
    lastSeq = Math.max(lastSeq, e.seq)
    if (e.event_type === 'dag_done') {
      done = e.payload as DispatchSummary
      continue
    }
    const n = byId.get(e.node_id)
    if (!n) continue
    const result = (status: NodeState, extra: Partial<TaskNode['result'] & object>) => ({node_id: n.id, role: n.role, status, summary: '', files_changed: [], esdb_record_id: null, error: null, ...extra})
    switch (e.event_type) {
      case 'node_started':
        n.status = 'RUNNING'
        break
      case 'node_completed': {
        const p = e.payload as DispatchEvent<'node_completed'>['payload']
        n.status = 'COMPLETED'
        n.context_out = p.esdb_record_id
        n.result = result('COMPLETED', {summary: p.summary, esdb_record_id: p.esdb_record_id, files_changed: p.files_changed ?? []})
        break
      }
      case 'node_failed':
        n.status = 'FAILED'
        n.result = result('FAILED', {error: (e.payload as DispatchEvent<'node_failed'>['payload']).error})
        break
      case 'node_blocked':
        n.status = 'BLOCKED'
        n.result = result('BLOCKED', {error: `Blocked: ${(e.payload as DispatchEvent<'node_blocked'>['payload']).because_of} failed`})
        break
    }
  }
  // context_in of started nodes: what their dependencies wrote
  for (const n of nodes) {
    if (n.status === 'PENDING') continue
    const fromDeps = n.depends_on.map((d) => byId.get(d)?.context_out).filter((c): c is string => Boolean(c))
    n.context_in = [...new Set([...n.context_in, ...fromDeps])]
  }
  return {nodes, done, lastSeq}
}

async function runDag(ctx: ProjectContext, dag: DagFile & {flat?: boolean}, events: readonly DispatchEvent[], options: RunOptions, selection: () => Promise<Selection>, controller: AbortController): Promise<DispatchSummary> {
  const dir = dagDir(ctx, dag.dag_id)
  const runnerFile = path.join(dir, RUNNER_FILE)
  await writeJsonAtomic(runnerFile, {pid: process.pid, started: isoMs()})
  const {nodes, lastSeq} = replay(dag, events)
  const log = new EventLog(ctx, dag.dag_id, lastSeq)
  const pool: WorkerPool = options.pool ?? new LocalWorkerPool(dag.max_workers, nodeExecutor(ctx, {selection, hooks: options.hooks, flat: Boolean(dag.flat)}))
  try {
    const summary = await schedule({dag_id: dag.dag_id, task: dag.task, nodes, max_workers: dag.max_workers, pool, log, signal: controller.signal, parent_dag_id: dag.parent_dag_id, context_in: dag.context_in})
    if (summary.equilibrium && existsSync(ctx.file('ledger'))) {
      const {appendLedgerEntry} = await import('@govtool/plugin-governance/trace')
      // from the whole log, so nodes completed before a crash and a resume count too
      const completed = (await readEvents(ctx, dag.dag_id)).filter((e) => e.event_type === 'node_completed')
      const reqs = [...new Set(completed.flatMap((e) => (e.payload as DispatchEvent<'node_completed'>['payload']).requirement_ids ?? []))].sort()
      await appendLedgerEntry(ctx, {
        description: `Dispatch ${dag.dag_id}: ${dag.task}`.slice(0, 300),
        type: 'dispatch',
        status: 'completed',
        reqs,
        fields: {'DAG id': dag.dag_id, Nodes: `${summary.counts.completed} completed`},
      })
    }
    return summary
  } finally {
    await pool.close?.()
    rmSync(runnerFile, {force: true})
  }
}

/** Whether the process that runs a DAG is alive (this one, or the pid in runner.json). */
async function runnerAlive(ctx: ProjectContext, dagId: string): Promise<boolean> {
  if (active.has(dagId)) return true
  const runner = await readJsonIfExists<{pid?: number}>(path.join(dagDir(ctx, dagId), RUNNER_FILE)).catch(() => undefined)
  if (!runner?.pid || runner.pid === process.pid) return false
  try {
    process.kill(runner.pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Continues a run whose dispatcher died (kill -9): replays events.jsonl, keeps COMPLETED, FAILED and BLOCKED
 * nodes, runs again the ones that were RUNNING, and appends to the same log (seq continues).
 */
export async function resumeDag(ctx: ProjectContext, dagId: string, options: RunOptions = {}): Promise<DispatchHandle> {
  validateDagId(dagId, true)
  const dag = await readDagFile(ctx, dagId)
  const events = await readEvents(ctx, dagId)
  const {done} = replay(dag, events)
  if (done) throw new GovError(`Dispatch run ${dagId} is already done.`, {code: 'E_DISPATCH_STATE', hint: 'Retry a failed or blocked node instead: govtool dispatch retry --dag-id ID --node NODE_ID.'})
  if (await runnerAlive(ctx, dagId)) throw new GovError(`Dispatch run ${dagId} is still running.`, {code: 'E_DISPATCH_STATE', hint: 'Follow it with govtool dispatch status, or abort it with govtool dispatch abort.'})
  clearAbortMarkers(ctx, dagId)
  const selection = lazySelection(ctx, {...options, endpoint: options.endpoint ?? dag.endpoint, model: options.model ?? dag.model})
  const controller = new AbortController()
  const onAbort = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', onAbort, {once: true})
  const built = Promise.resolve(dag)
  const run = runDag(ctx, dag, events, options, selection, controller)
  return register(dagId, controller, built, run, () => options.signal?.removeEventListener('abort', onAbort))
}

/** The id of a node's retry run. */
export function retryDagId(dagId: string, nodeId: string): string {
  return `${dagId}-retry-${nodeId}`
}

/**
 * Re-runs one FAILED or BLOCKED node alone as `<dag_id>-retry-<node_id>`, rebuilt from the original node's
 * role and title, with the context its completed dependencies wrote. COMPLETED nodes are never re-run.
 */
export async function retryNode(ctx: ProjectContext, dagId: string, nodeId: string, options: RunOptions = {}): Promise<DispatchHandle> {
  validateDagId(dagId, true)
  const dag = await readDagFile(ctx, dagId)
  const {nodes} = replay(dag, await readEvents(ctx, dagId))
  const node = nodes.find((n) => n.id === nodeId)
  if (!node) throw new NotFoundError(`Dispatch run ${dagId} has no node ${JSON.stringify(nodeId)}.`, {code: 'E_DISPATCH_NOT_FOUND', hint: `Its nodes: ${nodes.map((n) => n.id).join(', ')}.`})
  if (node.status !== 'FAILED' && node.status !== 'BLOCKED') {
    throw new GovError(`Node ${nodeId} of ${dagId} is ${node.status.toLowerCase()}: only a failed or blocked node is retried${node.status === 'COMPLETED' ? ' (a completed node is never re-run)' : ''}.`, {
      code: 'E_DISPATCH_STATE',
      hint: 'See the node states with govtool dispatch status --dag-id ID.',
    })
  }
  const retryId = retryDagId(dagId, nodeId)
  validateDagId(retryId, true)
  if (existsSync(path.join(dagDir(ctx, retryId), DAG_FILE)) || active.has(retryId)) {
    throw new GovError(`The retry run ${retryId} exists already.`, {code: 'E_DISPATCH_STATE', hint: `Retry its node instead: govtool dispatch retry --dag-id ${retryId} --node ${nodeId}.`})
  }
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const contextIn = [...new Set([...node.context_in, ...node.depends_on.map((d) => byId.get(d)?.context_out).filter((c): c is string => Boolean(c))])]
  const retry: DagFile = {
    dag_id: retryId,
    task: dag.task,
    max_workers: 1,
    created: isoMs(),
    nodes: [{id: node.id, title: node.title, role: node.role, depends_on: []}],
    planner: 'retry',
    parent_dag_id: dagId,
    context_in: {[node.id]: contextIn},
    ...(options.endpoint ?? dag.endpoint ? {endpoint: options.endpoint ?? dag.endpoint} : {}),
    ...(options.model ?? dag.model ? {model: options.model ?? dag.model} : {}),
  }
  await writeJsonAtomic(path.join(dagDir(ctx, retryId), DAG_FILE), retry)
  const selection = lazySelection(ctx, {...options, endpoint: retry.endpoint, model: retry.model})
  const controller = new AbortController()
  const onAbort = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', onAbort, {once: true})
  const run = runDag(ctx, retry, [], options, selection, controller)
  return register(retryId, controller, Promise.resolve(retry), run, () => options.signal?.removeEventListener('abort', onAbort))
}

export interface AbortResult {
  ok: boolean
  dag_id: string
  node_id: string
  status: string
}

/** Sets the abort flag of one node (any process: the runner sees it at the node's next checkpoint). */
export async function abortNode(ctx: ProjectContext, dagId: string, nodeId: string): Promise<AbortResult> {
  validateDagId(dagId, true)
  const dag = await readDagFile(ctx, dagId)
  const {nodes, done} = replay(dag, await readEvents(ctx, dagId))
  const node = nodes.find((n) => n.id === nodeId)
  if (!node) throw new NotFoundError(`Dispatch run ${dagId} has no node ${JSON.stringify(nodeId)}.`, {code: 'E_DISPATCH_NOT_FOUND', hint: `Its nodes: ${nodes.map((n) => n.id).join(', ')}.`})
  if (done || TERMINAL_STATES.has(node.status)) {
    throw new GovError(`Node ${nodeId} of ${dagId} is ${node.status.toLowerCase()}${done ? ' and the run is done' : ''}: nothing to abort.`, {code: 'E_DISPATCH_STATE', hint: 'Only a pending or running node can be aborted.'})
  }
  await writeAbortMarker(ctx, dagId, nodeId)
  return {ok: true, dag_id: dagId, node_id: nodeId, status: 'abort signalled'}
}

/** Sets the abort flag of the whole run: every node not yet terminal fails 'Aborted: ...' (or is blocked). */
export async function abortDag(ctx: ProjectContext, dagId: string): Promise<AbortResult> {
  validateDagId(dagId, true)
  const dag = await readDagFile(ctx, dagId)
  const {done} = replay(dag, await readEvents(ctx, dagId))
  if (done) throw new GovError(`Dispatch run ${dagId} is already done: nothing to abort.`, {code: 'E_DISPATCH_STATE', hint: 'Only a run that has not finished can be aborted.'})
  await writeAbortMarker(ctx, dagId, undefined, 'the run was aborted')
  return {ok: true, dag_id: dagId, node_id: '', status: 'abort signalled'}
}

export type RunState = 'running' | 'done' | 'interrupted'

export interface NodeStatus {
  id: string
  title: string
  role: string
  depends_on: string[]
  status: Lowercase<NodeState>
  context_in: string[]
  context_out: string | null
  error: string | null
  summary: string | null
}

export interface DagStatus {
  dag_id: string
  task: string
  created: string
  /** running (a live dispatcher), done (dag_done written), interrupted (its dispatcher died: resume it) */
  state: RunState
  max_workers: number
  planner: string
  parent_dag_id: string | null
  /** node id -> status, as the HTTP surface answers it */
  nodes: Record<string, Lowercase<NodeState>>
  node_list: NodeStatus[]
  counts: {total: number; pending: number; running: number; completed: number; failed: number; blocked: number}
  completed: number
  failed: number
  equilibrium: boolean | null
  last_seq: number
}

/** The current per-node status of a run (the most recent run without an id). */
export async function dagStatus(ctx: ProjectContext, dagId?: string): Promise<DagStatus> {
  const id = dagId ?? savedDagIds(ctx).at(-1)
  if (id === undefined) throw new NotFoundError('No dispatch run in this project yet.', {code: 'E_DISPATCH_NOT_FOUND', hint: 'Start one with govtool dispatch run "TASK".'})
  validateDagId(id, true)
  const dag = await readDagFile(ctx, id)
  const {nodes, done, lastSeq} = replay(dag, await readEvents(ctx, id))
  const counts = {total: nodes.length, pending: 0, running: 0, completed: 0, failed: 0, blocked: 0}
  for (const n of nodes) counts[n.status.toLowerCase() as Lowercase<NodeState>]++
  const state: RunState = done ? 'done' : (await runnerAlive(ctx, id)) ? 'running' : 'interrupted'
  return {
    dag_id: id,
    task: dag.task,
    created: dag.created,
    state,
    max_workers: dag.max_workers,
    planner: dag.planner,
    parent_dag_id: dag.parent_dag_id ?? null,
    nodes: Object.fromEntries(nodes.map((n) => [n.id, n.status.toLowerCase() as Lowercase<NodeState>])),
    node_list: nodes.map((n) => ({
      id: n.id,
      title: n.title,
      role: n.role,
      depends_on: n.depends_on,
      status: n.status.toLowerCase() as Lowercase<NodeState>,
      context_in: n.context_in,
      context_out: n.context_out,
      error: n.result?.error ?? null,
      summary: n.result?.summary || null,
    })),
    counts,
    completed: counts.completed,
    failed: counts.failed,
    equilibrium: done ? done.equilibrium : null,
    last_seq: lastSeq,
  }
}

export interface DagListEntry {
  dag_id: string
  task: string
  created: string
  state: RunState
  completed: number
  failed: number
  blocked: number
  total: number
}

/** The saved runs, oldest first, with their completed and failed counts. */
export async function listDags(ctx: ProjectContext): Promise<{runs: DagListEntry[]; count: number}> {
  const runs: DagListEntry[] = []
  for (const id of savedDagIds(ctx)) {
    const s = await dagStatus(ctx, id)
    runs.push({dag_id: id, task: s.task, created: s.created, state: s.state, completed: s.counts.completed, failed: s.counts.failed, blocked: s.counts.blocked, total: s.counts.total})
  }
  return {runs, count: runs.length}
}

/** The summary of a finished run (from its dag_done event), for callers that did not run it. */
export async function runSummary(ctx: ProjectContext, dagId: string): Promise<DispatchSummary | undefined> {
  const dag = await readDagFile(ctx, dagId)
  const {nodes, done} = replay(dag, await readEvents(ctx, dagId))
  return done ?? (nodes.every((n) => TERMINAL_STATES.has(n.status)) ? summarise({dag_id: dagId, task: dag.task, nodes}) : undefined)
}

/** The run of this process with that id, if any (the API server uses it to wait for a run). */
export function activeRun(dagId: string): Promise<DispatchSummary> | undefined {
  return active.get(dagId)?.done
}
