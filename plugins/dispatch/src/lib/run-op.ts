/** The operations' glue: a run in this process with its events streamed (JSON lines or one line each). */
import {InputError, color, terminalSafe, type OperationContext, type OperationIO, type ProjectContext} from 'govtool/core'

import {subscribe} from './store.js'
import type {DispatchHandle} from './run.js'
import type {DispatchEvent, DispatchSummary} from './types.js'

/** One event for a person: time, type, node and the payload's gist. */
export function eventLine(e: DispatchEvent): string {
  const time = e.ts.slice(11, 23)
  const p = e.payload as unknown as Record<string, unknown>
  switch (e.event_type) {
    case 'node_started':
      return `${time} ${color.cyan('started')}   ${e.node_id} (${String(p.role)}${(p.depends_on as string[]).length ? `, after ${(p.depends_on as string[]).join(', ')}` : ''})`
    case 'node_completed':
      return `${time} ${color.green('completed')} ${e.node_id}: ${terminalSafe(String(p.summary ?? '')).split('\n')[0].slice(0, 160)}`
    case 'node_failed':
      return `${time} ${color.red('failed')}    ${e.node_id}: ${terminalSafe(String(p.error ?? '')).split('\n')[0].slice(0, 200)}`
    case 'node_blocked':
      return `${time} ${color.yellow('blocked')}   ${e.node_id} (because ${String(p.because_of)} failed)`
    case 'dag_done': {
      const s = e.payload as DispatchSummary
      return `${time} done: ${s.counts.completed} completed, ${s.counts.failed} failed, ${s.counts.blocked} blocked; equilibrium ${s.equilibrium}`
    }
  }
}

/**
 * Waits for a run started in this process, streaming its events to stdout as they are persisted: JSON lines
 * with --json on the command line, one line each for a person otherwise, nothing over HTTP (the result has
 * the summary; the API server has the SSE stream).
 */
export async function follow(octx: OperationContext, ctx: ProjectContext, handle: DispatchHandle, io: OperationIO): Promise<{summary: DispatchSummary; events: number}> {
  const out = octx.transport === 'cli' ? io.stdout : undefined
  const controller = new AbortController()
  let events = 0
  const streaming = (async () => {
    for await (const e of subscribe(ctx, handle.dag_id, {signal: controller.signal, pollMs: 1000})) {
      events++
      if (!out) continue
      out.write(io.json ? `${JSON.stringify(e)}\n` : `${eventLine(e)}\n`)
    }
  })()
  try {
    const summary = await handle.done
    // the subscription ends at dag_done, which is durable once done resolves
    await streaming
    return {summary, events}
  } finally {
    controller.abort()
    await streaming.catch(() => {})
  }
}

/** The --plan text (a file's contents on the command line, the JSON itself over HTTP) as a value. */
export function parsePlanText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new InputError(`DAG validation error: the plan is not JSON: ${(error as Error).message}`, {code: 'E_DAG_PLAN', hint: 'A plan is a JSON array of {"id", "title", "role", "depends_on"}.'})
  }
}
