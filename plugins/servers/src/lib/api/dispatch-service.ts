/**
 * The API server's DispatchService over @govtool/plugin-dispatch: runs start in this process (the server owns
 * them: a client that disconnects stops nothing), events come from the dispatcher's per-DAG log
 * (`.govtool/dispatch/<dag_id>/events.jsonl`, `seq` from 1) through its `subscribe`, which also follows a run
 * another process executes (`govtool dispatch run` in a terminal).
 *
 * `POST /api/dispatch/run` answers as soon as the run has an id, before the planner has built the DAG; the
 * service remembers the runs it started, so an events request that comes at once waits for the first event
 * instead of getting 404. A run whose DAG could not be built (a cyclic plan) ends its event streams at once, and
 * its status answers the build error.
 */
import type {DispatchHandle, WorkerPool} from '@govtool/plugin-dispatch'
import type {ProjectContext} from 'govtool/core'

import type {DispatchEvent, DispatchService, RunInput} from './dispatch.js'

export interface DispatchServiceOptions {
  env?: NodeJS.ProcessEnv
  /** where nodes run (default: the dispatcher's local pool, the agent loop in this process); one per run */
  pool?: () => WorkerPool
  /** how long close() waits for runs in flight (default 10 s); the rest stay resumable (`dispatch resume`) */
  closeGraceMs?: number
}

interface Started {
  handle: DispatchHandle
  /** set when the DAG could not be built */
  buildError?: unknown
  built: boolean
}

export async function dispatchService(project: ProjectContext, options: DispatchServiceOptions = {}): Promise<DispatchService> {
  const d = await import('@govtool/plugin-dispatch')
  const started = new Map<string, Started>()

  const track = (handle: DispatchHandle): {dag_id: string} => {
    const entry: Started = {handle, built: false}
    started.set(handle.dag_id, entry)
    handle.built.then(
      () => (entry.built = true),
      (error: unknown) => (entry.buildError = error),
    )
    // the outcome is in the event log; nobody awaits it here
    handle.done.catch(() => {})
    return {dag_id: handle.dag_id}
  }
  const runOptions = () => ({env: options.env, ...(options.pool ? {pool: options.pool()} : {})})
  /** a run this server started whose dag.json is not written yet */
  const unbuilt = (dagId: string) => {
    const entry = started.get(dagId)
    return entry && !entry.built ? entry : undefined
  }
  const known = async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await fn()
    } catch (error) {
      if ((error as {code?: string}).code === 'E_DISPATCH_NOT_FOUND') return undefined
      throw error
    }
  }

  return {
    async run(input: RunInput) {
      return track(d.startDispatch(project, {task: input.task, max_workers: input.max_workers, ...(input.plan ? {plan: input.plan} : {}), ...runOptions()}))
    },

    async progress(dagId) {
      d.validateDagId(dagId, true)
      const entry = unbuilt(dagId)
      if (entry) return {done: entry.buildError !== undefined, last_seq: 0}
      const status = await known(() => d.dagStatus(project, dagId))
      return status && {done: status.state === 'done', last_seq: status.last_seq}
    },

    async *events(dagId, afterSeq, signal): AsyncGenerator<DispatchEvent> {
      const entry = unbuilt(dagId)
      const controller = new AbortController()
      const stop = () => controller.abort()
      signal.addEventListener('abort', stop, {once: true})
      // a run whose DAG could not be built will never write an event
      entry?.handle.built.catch(stop)
      try {
        for await (const event of d.subscribe(project, dagId, {afterSeq, signal: controller.signal})) yield event as unknown as DispatchEvent
      } finally {
        signal.removeEventListener('abort', stop)
      }
    },

    async status(dagId) {
      if (dagId === undefined) return known(async () => (await d.dagStatus(project)) as unknown as Record<string, unknown>)
      const entry = unbuilt(dagId)
      if (entry?.buildError !== undefined) throw entry.buildError
      if (entry) return {dag_id: dagId, state: 'planning', nodes: {}, node_list: [], last_seq: 0}
      return known(async () => (await d.dagStatus(project, dagId)) as unknown as Record<string, unknown>)
    },

    async list() {
      return (await d.listDags(project)).runs as unknown as Record<string, unknown>[]
    },

    async retry(dagId, nodeId) {
      return track(await d.retryNode(project, dagId, nodeId, runOptions()))
    },

    async abort(dagId, nodeId) {
      const result = nodeId === undefined ? await d.abortDag(project, dagId) : await d.abortNode(project, dagId, nodeId)
      return {status: result.status}
    },

    async close() {
      const running = [...started.values()].map((s) => s.handle.done.catch(() => {}))
      await Promise.race([Promise.allSettled(running), new Promise((resolve) => setTimeout(resolve, options.closeGraceMs ?? 10_000).unref())])
    },
  }
}
