import {z} from 'zod/v3'

const state = z.enum(['pending', 'running', 'completed', 'failed', 'blocked'])

export const NodeResultSchema = z.object({
  node_id: z.string(),
  role: z.string(),
  status: z.enum(['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'BLOCKED']),
  summary: z.string(),
  files_changed: z.array(z.string()),
  esdb_record_id: z.string().nullable(),
  error: z.string().nullable(),
})

export const SummarySchema = z.object({
  dag_id: z.string(),
  task: z.string(),
  completed: z.array(NodeResultSchema),
  failed: z.array(NodeResultSchema),
  blocked: z.array(z.string()),
  equilibrium: z.boolean(),
  confidence: z.number(),
  counts: z.object({total: z.number().int(), completed: z.number().int(), failed: z.number().int(), blocked: z.number().int()}),
  parent_dag_id: z.string().optional(),
})

export const RunResultSchema = SummarySchema.extend({
  planner: z.string().describe('plan-file, model, fallback (one node) or retry'),
  planner_note: z.string().optional(),
  events: z.number().int().describe('events the run appended to events.jsonl'),
})

export const StatusSchema = z.object({
  dag_id: z.string(),
  task: z.string(),
  created: z.string(),
  state: z.enum(['running', 'done', 'interrupted']),
  max_workers: z.number().int(),
  planner: z.string(),
  parent_dag_id: z.string().nullable(),
  nodes: z.record(state),
  node_list: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      role: z.string(),
      depends_on: z.array(z.string()),
      status: state,
      context_in: z.array(z.string()),
      context_out: z.string().nullable(),
      error: z.string().nullable(),
      summary: z.string().nullable(),
    }),
  ),
  counts: z.object({total: z.number().int(), pending: z.number().int(), running: z.number().int(), completed: z.number().int(), failed: z.number().int(), blocked: z.number().int()}),
  completed: z.number().int(),
  failed: z.number().int(),
  equilibrium: z.boolean().nullable(),
  last_seq: z.number().int(),
})

export const ListSchema = z.object({
  runs: z.array(
    z.object({
      dag_id: z.string(),
      task: z.string(),
      created: z.string(),
      state: z.enum(['running', 'done', 'interrupted']),
      completed: z.number().int(),
      failed: z.number().int(),
      blocked: z.number().int(),
      total: z.number().int(),
    }),
  ),
  count: z.number().int(),
})

export const AbortSchema = z.object({ok: z.boolean(), dag_id: z.string(), node_id: z.string(), status: z.string()})

/** The human form of a run summary (run, retry, resume). */
export function summaryText(s: z.infer<typeof SummarySchema> & {planner_note?: string}): string {
  const lines = [`Dispatch ${s.dag_id}: ${s.counts.completed}/${s.counts.total} completed, ${s.counts.failed} failed, ${s.counts.blocked} blocked; equilibrium ${s.equilibrium}.`]
  if (s.planner_note) lines.push(`Planner: ${s.planner_note}`)
  for (const f of s.failed) lines.push(`  failed ${f.node_id}: ${f.error ?? ''}`)
  if (s.blocked.length > 0) lines.push(`  blocked: ${s.blocked.join(', ')}`)
  if (!s.equilibrium && s.counts.total > s.counts.completed) lines.push(`Retry a node: govtool dispatch retry --dag-id ${s.dag_id} --node NODE_ID`)
  return lines.join('\n')
}
