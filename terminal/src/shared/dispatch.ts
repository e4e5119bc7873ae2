// SPDX-License-Identifier: AGPL-3.0-only
/**
 * The dispatch panel's model of a run, built only from the event stream (SPEC.md: the full graph is rebuilt
 * from `depends_on` in each `node_started`; there is no graph endpoint). A dependency not seen yet is a PENDING
 * node; node_blocked can name a node that never started, whose one known edge is then from its `because_of`.
 */
export type NodeStatus = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'BLOCKED'

/** SPEC.md: grey PENDING, blue RUNNING, green COMPLETED, red FAILED, amber BLOCKED. */
export const STATUS_COLOURS: Record<NodeStatus, string> = {PENDING: '#9aa0a6', RUNNING: '#4c8bf5', COMPLETED: '#34a853', FAILED: '#ea4335', BLOCKED: '#f9ab00'}

export interface DispatchEventIn {
  dag_id: string
  event_type: string
  node_id: string
  ts: string | number
  payload: Record<string, unknown>
  seq?: number
}

export interface RunNode {
  id: string
  role: string
  depends_on: string[]
  status: NodeStatus
  started_ms: number | null
  ended_ms: number | null
  detail: Record<string, unknown>
}

export interface RunState {
  dag_id: string
  nodes: Map<string, RunNode>
  done: boolean
  equilibrium: boolean | null
  first_ms: number | null
  last_ms: number | null
}

export const emptyRun = (dagId: string): RunState => ({dag_id: dagId, nodes: new Map(), done: false, equilibrium: null, first_ms: null, last_ms: null})

export function toMs(ts: string | number): number {
  if (typeof ts === 'number') return ts < 1e12 ? ts * 1000 : ts
  const parsed = Date.parse(ts)
  return Number.isNaN(parsed) ? Date.now() : parsed
}

const node = (state: RunState, id: string): RunNode => {
  let n = state.nodes.get(id)
  if (!n) {
    n = {id, role: '', depends_on: [], status: 'PENDING', started_ms: null, ended_ms: null, detail: {}}
    state.nodes.set(id, n)
  }
  return n
}

/** Applies one event (mutates and returns the state). */
export function applyEvent(state: RunState, event: DispatchEventIn): RunState {
  const at = toMs(event.ts)
  state.first_ms = state.first_ms === null ? at : Math.min(state.first_ms, at)
  state.last_ms = state.last_ms === null ? at : Math.max(state.last_ms, at)
  const p = event.payload ?? {}
  switch (event.event_type) {
    case 'node_started': {
      const n = node(state, event.node_id)
      n.role = String(p.role ?? n.role)
      n.depends_on = Array.isArray(p.depends_on) ? p.depends_on.map(String) : n.depends_on
      for (const dep of n.depends_on) node(state, dep)
      n.status = 'RUNNING'
      n.started_ms = at
      break
    }
    case 'node_completed':
      Object.assign(node(state, event.node_id), {status: 'COMPLETED', ended_ms: at})
      node(state, event.node_id).detail = {...node(state, event.node_id).detail, ...p}
      break
    case 'node_failed':
      Object.assign(node(state, event.node_id), {status: 'FAILED', ended_ms: at})
      node(state, event.node_id).detail = {...node(state, event.node_id).detail, ...p}
      break
    case 'node_blocked':
      Object.assign(node(state, event.node_id), {status: 'BLOCKED', ended_ms: at})
      node(state, event.node_id).detail = {...node(state, event.node_id).detail, ...p}
      if (typeof p.because_of === 'string') {
        node(state, p.because_of)
        // a node blocked before it started never told its depends_on: the cause is the one edge known
        const blocked = node(state, event.node_id)
        if (blocked.started_ms === null && blocked.depends_on.length === 0) blocked.depends_on = [p.because_of]
      }
      break
    case 'dag_done':
      state.done = true
      state.equilibrium = typeof p.equilibrium === 'boolean' ? p.equilibrium : null
      break
    default:
      break
  }
  return state
}

/** Which per-node controls apply: Retry on FAILED/BLOCKED, Abort on RUNNING. */
export function controlsFor(status: NodeStatus): {retry: boolean; abort: boolean} {
  return {retry: status === 'FAILED' || status === 'BLOCKED', abort: status === 'RUNNING'}
}
