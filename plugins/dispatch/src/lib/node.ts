/**
 * One node on the local worker pool: preflight of its task (not accepted: FAILED, 'Governance preflight
 * blocked: ...'), then the agent loop of models with the role's system prompt and tools, its dependencies'
 * results (context_in) in the prompt, every model call through the pacer and credits (ModelClient). Abort is
 * checked before preflight, after preflight, after acquiring the worker, and every 0.5 s of the model call.
 * A completed node writes a dispatch_result ESDB record (dag_id and node_id in evidence and data), its
 * context_out.
 */
import type {Selection} from '@govtool/plugin-models'
import type {ProjectContext} from 'govtool/core'

import {ABORT_POLL_MS, abortReason, type Checkpoint} from './abort.js'
import {ROLE_SPECS, rolePrompt} from './roles.js'
import type {NodeJob, NodeOutcome} from './scheduler.js'
import {compilerTools} from './tools.js'

export interface NodeHooks {
  /** called at each checkpoint right before the abort flag is checked (tests set flags here) */
  checkpoint?(nodeId: string, at: Checkpoint): void | Promise<void>
}

export interface ExecutorOptions {
  selection: () => Promise<Selection>
  hooks?: NodeHooks
  /** no-dag runs: the whole agent tool set (as `run`), not the role's */
  flat?: boolean
}

export function dispatchRecordId(dagId: string, nodeId: string): string {
  return `dispatch-${dagId}-${nodeId}`
}

const SUMMARY_MAX = 500

async function contextText(ctx: ProjectContext, ids: readonly string[]): Promise<string> {
  if (ids.length === 0) return ''
  const {openStore} = await import('@govtool/plugin-esdb')
  const store = openStore(ctx)
  const parts: string[] = []
  try {
    for (const id of ids) {
      const record = await store.get(id)
      const data = (record?.data ?? {}) as {node_id?: string; title?: string; summary?: string; reply?: string}
      parts.push(`- ${id}${data.node_id ? ` (node ${data.node_id}: ${data.title ?? ''})` : ''}: ${(data.reply || data.summary || record?.label || '(no record)').slice(0, 4000)}`)
    }
  } finally {
    await store.close()
  }
  return `Results of the nodes this one depends on (context_in):\n${parts.join('\n')}`
}

export function nodeExecutor(ctx: ProjectContext, options: ExecutorOptions): (job: NodeJob) => Promise<NodeOutcome> {
  return async (job) => {
    const {node, dag_id: dagId} = job
    const check = async (at: Checkpoint): Promise<NodeOutcome | undefined> => {
      await options.hooks?.checkpoint?.(node.id, at)
      const reason = abortReason(ctx, dagId, node.id) ?? (job.signal.aborted ? 'the dispatcher was stopped' : undefined)
      return reason === undefined ? undefined : {ok: false, error: `Aborted: ${reason} (${at})`}
    }
    let stop = await check('before preflight')
    if (stop) return stop
    const {preflight} = await import('@govtool/plugin-preflight')
    const decision = await preflight(ctx, node.title, {record: false})
    if (decision.decision !== 'accepted') {
      return {ok: false, error: `Governance preflight blocked: ${decision.decision} (work item ${decision.work_item_id}): ${decision.instruction}`}
    }
    stop = await check('after preflight')
    if (stop) return stop
    const selection = await options.selection()
    stop = await check('after worker acquire')
    if (stop) return stop

    const {EventWriter, NO_DECISIONS, runChatTurn} = await import('@govtool/plugin-models')
    const spec = ROLE_SPECS[node.role]
    const context = await contextText(ctx, job.context_in)
    const controller = new AbortController()
    let aborted: string | undefined
    const onStop = () => controller.abort()
    job.signal.addEventListener('abort', onStop, {once: true})
    const poll = async () => {
      await options.hooks?.checkpoint?.(node.id, 'during model call')
      const reason = abortReason(ctx, dagId, node.id)
      if (reason !== undefined && !aborted) {
        aborted = reason
        controller.abort()
      }
    }
    const timer = setInterval(() => void poll().catch(() => {}), ABORT_POLL_MS)
    try {
      const turn = await runChatTurn(ctx, {
        message: node.title,
        profile: 'yolo',
        decisions: NO_DECISIONS,
        decision_timeout_ms: 0,
        selection,
        events: new EventWriter(),
        signal: controller.signal,
        task: 'dispatch',
        parent_session: dagId,
        ready: false,
        decision,
        system: [rolePrompt(node.role, dagId, node.id), context].filter(Boolean).join('\n\n'),
        ...(options.flat ? {} : {agent_tools: spec.agent_tools, extra_tools: compilerTools(ctx, spec.compiler_tools)}),
      })
      if (aborted) return {ok: false, error: `Aborted: ${aborted} (during model call)`}
      if (turn.status !== 'completed') return {ok: false, error: `The agent loop ended ${turn.status}: ${turn.reply || turn.instruction}`}
      const files = [...new Set(turn.tool_calls.filter((c) => c.name === 'write_file' && c.ok && typeof c.args.path === 'string').map((c) => String(c.args.path)))]
      const summary = (turn.reply || 'done').trim().slice(0, SUMMARY_MAX)
      const id = dispatchRecordId(dagId, node.id)
      const {appendRecords} = await import('@govtool/plugin-esdb')
      await appendRecords(ctx, [
        {
          id,
          kind: 'dispatch_result',
          status: 'completed',
          label: node.title.slice(0, 2000),
          confidence: decision.confidence_target,
          evidence: [{kind: 'dispatch', dag_id: dagId, node_id: node.id}, ...job.context_in.map((record_id) => ({kind: 'context_in', record_id}))],
          data: {
            dag_id: dagId,
            node_id: node.id,
            role: node.role,
            title: node.title,
            summary,
            reply: turn.reply.slice(0, 20_000),
            files_changed: files,
            context_in: job.context_in,
            work_item_id: decision.work_item_id,
            requirement_ids: decision.requirement_ids,
            session_id: turn.session_id,
            provider: turn.provider,
            model: turn.model,
            usage: turn.usage,
            tools: turn.tool_calls.map((c) => ({name: c.name, ok: c.ok})),
          },
        },
      ])
      return {ok: true, summary, esdb_record_id: id, files_changed: files, requirement_ids: decision.requirement_ids}
    } catch (error) {
      if (aborted) return {ok: false, error: `Aborted: ${aborted} (during model call)`}
      if (job.signal.aborted) return {ok: false, error: 'Aborted: the dispatcher was stopped (during model call)'}
      return {ok: false, error: String((error as Error)?.message ?? error)}
    } finally {
      clearInterval(timer)
      job.signal.removeEventListener('abort', onStop)
    }
  }
}
