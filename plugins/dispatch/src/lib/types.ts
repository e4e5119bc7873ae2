/**
 * The dispatcher's vocabulary (SPEC.md "TaskNode", "Dispatch node states", "Dispatch events"; REFERENCE.md
 * "Dispatch records"): nodes, their states, the event envelope and the run summary.
 */

export const NODE_STATES = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'BLOCKED'] as const
export type NodeState = (typeof NODE_STATES)[number]
export const TERMINAL_STATES: ReadonlySet<NodeState> = new Set(['COMPLETED', 'FAILED', 'BLOCKED'])

export const ROLES = ['coder', 'reviewer', 'tester', 'architect', 'researcher', 'embedded-coder'] as const
export type WorkerRole = (typeof ROLES)[number]

export const EVENT_TYPES = ['node_started', 'node_completed', 'node_failed', 'node_blocked', 'dag_done'] as const
export type DispatchEventType = (typeof EVENT_TYPES)[number]

/** One node of a plan as the planner (or --plan FILE) gives it. */
export interface PlanNode {
  id: string
  title: string
  role: WorkerRole
  depends_on: string[]
}

/** What a node produced (REFERENCE.md's result). */
export interface NodeResult {
  node_id: string
  role: string
  status: NodeState
  summary: string
  files_changed: string[]
  esdb_record_id: string | null
  error: string | null
}

/** A node of a DAG with its run state (SPEC.md "TaskNode"). */
export interface TaskNode extends PlanNode {
  status: NodeState
  context_in: string[]
  context_out: string | null
  result: NodeResult | null
}

export interface NodeStartedPayload {
  role: string
  depends_on: string[]
}
export interface NodeCompletedPayload {
  esdb_record_id: string | null
  summary: string
  files_changed?: string[]
  /** requirement ids the node's preflight scoped (read back by the run's ledger entry, also after a resume) */
  requirement_ids?: string[]
}
export interface NodeFailedPayload {
  error: string
}
export interface NodeBlockedPayload {
  because_of: string
}

/** The run summary, also the payload of `dag_done`. */
export interface DispatchSummary {
  dag_id: string
  task: string
  completed: NodeResult[]
  failed: NodeResult[]
  blocked: string[]
  equilibrium: boolean
  /** completed / total, 3 decimals */
  confidence: number
  counts: {total: number; completed: number; failed: number; blocked: number}
  /** the run this one retries (`<dag_id>-retry-<node_id>` runs) */
  parent_dag_id?: string
}

export interface PayloadOf {
  node_started: NodeStartedPayload
  node_completed: NodeCompletedPayload
  node_failed: NodeFailedPayload
  node_blocked: NodeBlockedPayload
  dag_done: DispatchSummary
}

/**
 * One line of `.govtool/dispatch/<dag_id>/events.jsonl`: the spec's envelope plus `seq`, a per-DAG counter
 * from 1 that never repeats or skips (the SSE event id; a subscriber resumes after the last one it saw).
 */
export interface DispatchEvent<T extends DispatchEventType = DispatchEventType> {
  seq: number
  dag_id: string
  event_type: T
  /** empty for run-level events (dag_done) */
  node_id: string
  /** ISO 8601 UTC with milliseconds */
  ts: string
  payload: PayloadOf[T]
}

/** `.govtool/dispatch/<dag_id>/dag.json`: the DAG as built, written before its first event. */
export interface DagFile {
  dag_id: string
  task: string
  max_workers: number
  created: string
  nodes: PlanNode[]
  /** where the plan came from */
  planner: 'plan-file' | 'model' | 'fallback' | 'retry' | 'library'
  /** why the planner fell back to one node, if it did */
  planner_note?: string
  parent_dag_id?: string
  /** retry runs: the original node's context_in */
  context_in?: Record<string, string[]>
  endpoint?: string
  model?: string
  /** a --no-dag run: one flat agent conversation with run's tools */
  flat?: boolean
}
