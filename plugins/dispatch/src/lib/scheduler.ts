/**
 * The scheduler: a node starts when all its dependencies are COMPLETED and a worker slot is free (never more
 * than max_workers RUNNING); a FAILED node blocks every node depending on it, directly or transitively, while
 * independent nodes keep running (fail-forward); `dag_done` when every node is terminal. Work is handed to a
 * WorkerPool, an interface, so a distributed pool can run nodes on other machines. O(nodes + edges): indegree
 * counters, a ready queue and dependents lists, no scans.
 */
import type {EventLog} from './store.js'
import {TERMINAL_STATES, type DispatchSummary, type NodeResult, type TaskNode} from './types.js'

export interface NodeJob {
  dag_id: string
  node: TaskNode
  /** ESDB record ids of the node's dependencies (their context_out) */
  context_in: string[]
  /** aborted when the run is cancelled (the process stops); node aborts are checked by the executor */
  signal: AbortSignal
}

export interface NodeOutcome {
  ok: boolean
  summary?: string
  /** FAILED: the error text (`Aborted: ...`, `Governance preflight blocked: ...`, the model's error) */
  error?: string
  esdb_record_id?: string | null
  files_changed?: string[]
  requirement_ids?: string[]
}

/** Where nodes run. `size` is how many it can run at once (the scheduler never exceeds max_workers either). */
export interface WorkerPool {
  readonly size: number
  run(job: NodeJob): Promise<NodeOutcome>
  close?(): Promise<void>
}

/** The local pool: runs each node in this process with `execute`. */
export class LocalWorkerPool implements WorkerPool {
  constructor(
    readonly size: number,
    private readonly execute: (job: NodeJob) => Promise<NodeOutcome>,
  ) {}

  run(job: NodeJob): Promise<NodeOutcome> {
    return this.execute(job)
  }
}

export interface ScheduleOptions {
  dag_id: string
  task: string
  /** the nodes, in plan order; COMPLETED/FAILED/BLOCKED ones (a resumed run) are kept, RUNNING ones run again */
  nodes: TaskNode[]
  max_workers: number
  pool: WorkerPool
  log: EventLog
  signal?: AbortSignal
  parent_dag_id?: string
  /** context a node gets besides its dependencies' results (a retry run: the original node's) */
  context_in?: Record<string, string[]>
}

function resultOf(node: TaskNode, outcome: NodeOutcome): NodeResult {
  return {
    node_id: node.id,
    role: node.role,
    status: node.status,
    summary: outcome.summary ?? '',
    files_changed: outcome.files_changed ?? [],
    esdb_record_id: outcome.esdb_record_id ?? null,
    error: outcome.error ?? null,
  }
}

export function summarise(options: {dag_id: string; task: string; nodes: readonly TaskNode[]; parent_dag_id?: string}): DispatchSummary {
  const completed: NodeResult[] = []
  const failed: NodeResult[] = []
  const blocked: string[] = []
  for (const n of options.nodes) {
    const r = n.result ?? {node_id: n.id, role: n.role, status: n.status, summary: '', files_changed: [], esdb_record_id: n.context_out, error: null}
    if (n.status === 'COMPLETED') completed.push(r)
    else if (n.status === 'FAILED') failed.push(r)
    else if (n.status === 'BLOCKED') blocked.push(n.id)
  }
  const total = options.nodes.length
  return {
    dag_id: options.dag_id,
    task: options.task,
    completed,
    failed,
    blocked,
    equilibrium: total > 0 && completed.length === total,
    confidence: total === 0 ? 0 : Math.round((completed.length / total) * 1000) / 1000,
    counts: {total, completed: completed.length, failed: failed.length, blocked: blocked.length},
    ...(options.parent_dag_id ? {parent_dag_id: options.parent_dag_id} : {}),
  }
}

/** Runs the DAG to the end and emits its events; resolves with the summary once `dag_done` is durable. */
export function schedule(options: ScheduleOptions): Promise<DispatchSummary> {
  const {nodes, log, pool} = options
  const limit = Math.max(1, Math.min(options.max_workers, pool.size > 0 ? pool.size : options.max_workers))
  const count = nodes.length
  const index = new Map<string, number>()
  for (let i = 0; i < count; i++) index.set(nodes[i].id, i)
  const dependents: number[][] = nodes.map(() => [])
  const waiting = new Int32Array(count)
  for (let i = 0; i < count; i++) {
    for (const d of nodes[i].depends_on) {
      const j = index.get(d)
      if (j === undefined) continue
      dependents[j].push(i)
      if (nodes[j].status !== 'COMPLETED') waiting[i]++
    }
  }
  const controller = new AbortController()
  const onAbort = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', onAbort, {once: true})

  let terminal = 0
  let running = 0
  const ready: number[] = []
  let head = 0

  const block = (from: number, cause: string) => {
    const stack = [from]
    while (stack.length > 0) {
      for (const k of dependents[stack.pop()!]) {
        const n = nodes[k]
        if (n.status !== 'PENDING') continue
        n.status = 'BLOCKED'
        n.result = {node_id: n.id, role: n.role, status: 'BLOCKED', summary: '', files_changed: [], esdb_record_id: null, error: `Blocked: ${cause} failed`}
        terminal++
        log.emit('node_blocked', n.id, {because_of: cause})
        stack.push(k)
      }
    }
  }

  // a resumed run: terminal nodes stay; RUNNING ones run again; what a failure left PENDING is blocked now
  for (let i = 0; i < count; i++) {
    const n = nodes[i]
    if (n.status === 'RUNNING') n.status = 'PENDING'
    if (TERMINAL_STATES.has(n.status)) terminal++
  }
  for (let i = 0; i < count; i++) if (nodes[i].status === 'FAILED' || nodes[i].status === 'BLOCKED') block(i, nodes[i].status === 'FAILED' ? nodes[i].id : blockCause(nodes[i], nodes[i].id))
  for (let i = 0; i < count; i++) if (nodes[i].status === 'PENDING' && waiting[i] === 0) ready.push(i)

  return new Promise<DispatchSummary>((resolve, reject) => {
    let finished = false
    const finish = () => {
      if (finished) return
      finished = true
      options.signal?.removeEventListener('abort', onAbort)
      const summary = summarise({dag_id: options.dag_id, task: options.task, nodes, parent_dag_id: options.parent_dag_id})
      log.emit('dag_done', '', summary)
      log.flush().then(() => resolve(summary), reject)
    }
    const done = (i: number, outcome: NodeOutcome) => {
      const n = nodes[i]
      running--
      terminal++
      if (outcome.ok) {
        n.status = 'COMPLETED'
        n.context_out = outcome.esdb_record_id ?? null
        n.result = resultOf(n, outcome)
        log.emit('node_completed', n.id, {esdb_record_id: n.context_out, summary: outcome.summary ?? '', ...(outcome.files_changed?.length ? {files_changed: outcome.files_changed} : {}), ...(outcome.requirement_ids?.length ? {requirement_ids: outcome.requirement_ids} : {})})
        for (const k of dependents[i]) if (--waiting[k] === 0 && nodes[k].status === 'PENDING') ready.push(k)
      } else {
        n.status = 'FAILED'
        const error = outcome.error || 'the node failed'
        n.result = resultOf(n, {...outcome, error})
        log.emit('node_failed', n.id, {error})
        block(i, n.id)
      }
      pump()
    }
    const pump = () => {
      while (running < limit && head < ready.length) {
        const i = ready[head++]
        const n = nodes[i]
        if (n.status !== 'PENDING') continue
        n.status = 'RUNNING'
        const fromDeps = n.depends_on.map((d) => nodes[index.get(d)!].context_out).filter((c): c is string => Boolean(c))
        const preset = options.context_in?.[n.id]
        n.context_in = preset ? [...new Set([...preset, ...fromDeps])] : fromDeps
        running++
        log.emit('node_started', n.id, {role: n.role, depends_on: n.depends_on})
        let outcome: Promise<NodeOutcome>
        try {
          outcome = pool.run({dag_id: options.dag_id, node: n, context_in: n.context_in, signal: controller.signal})
        } catch (error) {
          outcome = Promise.reject(error)
        }
        outcome.then(
          (o) => guarded(() => done(i, o)),
          (error: unknown) => guarded(() => done(i, {ok: false, error: String((error as Error)?.message ?? error)})),
        )
      }
      if (head > 4096 && head * 2 > ready.length) {
        ready.splice(0, head)
        head = 0
      }
      if (terminal === count && running === 0) finish()
    }
    // the event log refuses further events once an append failed (a full disk): the run ends with that error
    const guarded = (step: () => void) => {
      if (finished) return
      try {
        step()
      } catch (error) {
        finished = true
        options.signal?.removeEventListener('abort', onAbort)
        controller.abort()
        reject(error)
      }
    }
    guarded(pump)
  })
}

function blockCause(node: TaskNode, fallback: string): string {
  const m = node.result?.error?.match(/^Blocked: (\S+) failed$/)
  return m ? m[1] : fallback
}
