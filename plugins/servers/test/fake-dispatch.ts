/**
 * An in-memory dispatcher behind the API server's DispatchService interface, driven by the test: a run's
 * events are emitted with `emit`, so a test decides what is persisted before a client connects and what comes
 * live. Retry and abort behave as SPEC.md says: abort fails the node with 'Aborted: ...' at its next
 * checkpoint (here: at once), retry starts `<dag_id>-retry-<node_id>` and runs that node alone to completion.
 */
import {ReplayLog, type DispatchEvent, type DispatchService, type RunInput} from '../src/index.js'

interface FakeRun {
  dag_id: string
  task: string
  log: ReplayLog<DispatchEvent>
  nodes: Map<string, {role: string; depends_on: string[]; status: string}>
}

export class FakeDispatch implements DispatchService {
  readonly runs = new Map<string, FakeRun>()
  private counter = 0
  /** event streams being read now */
  readers = 0

  async run(input: RunInput): Promise<{dag_id: string}> {
    const dag_id = `dag-${++this.counter}`
    this.create(dag_id, input.task, [
      {id: 'plan', role: 'architect', depends_on: []},
      {id: 'code', role: 'coder', depends_on: ['plan']},
    ])
    return {dag_id}
  }

  create(dag_id: string, task: string, nodes: {id: string; role: string; depends_on: string[]}[]): FakeRun {
    const run: FakeRun = {dag_id, task, log: new ReplayLog(), nodes: new Map(nodes.map((n) => [n.id, {role: n.role, depends_on: n.depends_on, status: 'PENDING'}]))}
    this.runs.set(dag_id, run)
    return run
  }

  emit(dagId: string, event_type: string, node_id = '', payload: Record<string, unknown> = {}): DispatchEvent {
    const run = this.runs.get(dagId)!
    const node = run.nodes.get(node_id)
    if (node) node.status = {node_started: 'RUNNING', node_completed: 'COMPLETED', node_failed: 'FAILED', node_blocked: 'BLOCKED'}[event_type] ?? node.status
    const event: DispatchEvent = {seq: run.log.lastSeq + 1, dag_id: dagId, event_type, node_id, ts: new Date().toISOString(), payload}
    run.log.append(event)
    if (event_type === 'dag_done') run.log.close()
    return event
  }

  async progress(dagId: string) {
    const run = this.runs.get(dagId)
    return run && {done: run.log.closed, last_seq: run.log.lastSeq}
  }

  async *events(dagId: string, afterSeq: number, signal: AbortSignal): AsyncIterable<DispatchEvent> {
    const run = this.runs.get(dagId)
    if (!run) return
    this.readers++
    try {
      for await (const {value} of run.log.read(afterSeq, signal)) yield value
    } finally {
      this.readers--
    }
  }

  async status(dagId?: string) {
    const run = dagId === undefined ? [...this.runs.values()].at(-1) : this.runs.get(dagId)
    if (!run) return undefined
    return {dag_id: run.dag_id, task: run.task, done: run.log.closed, nodes: [...run.nodes].map(([id, n]) => ({id, ...n}))}
  }

  async list() {
    return [...this.runs.values()].map((r) => ({dag_id: r.dag_id, task: r.task, done: r.log.closed}))
  }

  async retry(dagId: string, nodeId: string) {
    const run = this.runs.get(dagId)
    if (!run) return undefined
    const node = run.nodes.get(nodeId)!
    const retryId = `${dagId}-retry-${nodeId}`
    this.create(retryId, run.task, [{id: nodeId, role: node.role, depends_on: []}])
    setImmediate(() => {
      this.emit(retryId, 'node_started', nodeId, {role: node.role, depends_on: []})
      this.emit(retryId, 'node_completed', nodeId, {esdb_record_id: `rec-${nodeId}`, summary: 'done on retry'})
      this.emit(retryId, 'dag_done', '', {equilibrium: true, completed: [nodeId], failed: []})
    })
    return {dag_id: retryId}
  }

  async abort(dagId: string, nodeId?: string) {
    const run = this.runs.get(dagId)
    if (!run) return undefined
    const aborted = [...run.nodes].filter(([id, n]) => n.status === 'RUNNING' && (!nodeId || id === nodeId)).map(([id]) => id)
    for (const id of aborted) this.emit(dagId, 'node_failed', id, {error: 'Aborted: by request'})
    return {status: `abort signalled (${aborted.join(', ')})`}
  }

  async close(): Promise<void> {}
}
