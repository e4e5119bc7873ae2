/**
 * The dispatch HTTP/SSE surface (SPEC.md "Dispatch HTTP/SSE surface"), written against `DispatchService`, the
 * few calls it needs from the dispatcher, so the routes do not care where runs live (the dispatcher's event
 * store in `.govtool/dispatch/<dag_id>/events.jsonl`; an in-memory fake in tests).
 *
 *   POST /api/dispatch/run      {task, max_workers = 4, plan?} -> 202 {dag_id, events_url}: the DAG runs in the server
 *   GET  /api/dispatch/events   ?dag_id=  SSE: the persisted events after Last-Event-ID, then live
 *   GET  /api/dispatch/status   ?dag_id=  the run's per-node status (without dag_id: the most recent run, as `dispatch status`)
 *   GET  /api/dispatch/list               {runs: [...]}
 *   POST /api/dispatch/retry    {dag_id, node_id} -> 202 {dag_id (the retry run), retry_of: {dag_id, node_id}, events_url}
 *   POST /api/dispatch/abort    {dag_id, node_id?} -> 200 {ok, dag_id, node_id (null: the whole run), status}
 *
 * Events: `id:` is the event's `seq` in its DAG (1, 2, ...), `event:` its `event_type`, `data:` the event
 * envelope (`dag_id`, `event_type`, `node_id`, `ts`, `payload`, `seq`). A client reconnecting with
 * Last-Event-ID (or `?last_event_id=`) gets exactly the events after that seq: none missed, none twice. After
 * `dag_done` the server ends the stream; a reconnect past the last event of a finished run is answered 204, which
 * tells an EventSource to stop reconnecting. Heartbeat comments keep an idle stream alive.
 *
 * Runs belong to the server: a client that disconnects never stops one (only `abort` does).
 *
 * Fan-out: all the clients of one DAG share one subscription to the dispatcher's log (`DagFeeds`), and each
 * event is serialised to its SSE frame once, not once per client. A client reads the shared frames by index
 * (no per-client queue) and gets everything it is behind by in one write; a slow client only slows itself.
 */
import type Router from '@koa/router'
import {GovError, InputError} from 'govtool/core'
import {readJsonBody} from 'govtool/http'
import {z} from 'zod/v3'

import {ReplayLog} from '../replay.js'
import {formatSse, lastEventId, SseStream} from '../sse.js'
import type {StreamOptions} from './chat.js'
import {parseBody} from './body.js'

/** One dispatch event as the dispatcher persists it (SPEC.md "Dispatch events"), with its seq in the DAG. */
export interface DispatchEvent {
  seq: number
  dag_id: string
  event_type: string
  node_id: string
  ts: string
  payload: Record<string, unknown>
}

export interface RunInput {
  task: string
  max_workers: number
  /** an explicit plan: nodes `{id, title, role, depends_on}` (the dispatcher validates it); no planner call */
  plan?: unknown[]
}

/**
 * What the routes need from the dispatcher. Unknown dag ids are `undefined` (the routes answer 404), or a
 * thrown GovError with a 404 code.
 */
export interface DispatchService {
  /** starts a run in the background; resolves with its id as soon as it has one */
  run(input: RunInput): Promise<{dag_id: string}>
  /** whether the run is over, and the seq of its last event so far; undefined for an unknown dag */
  progress(dagId: string): Promise<{done: boolean; last_seq: number} | undefined>
  /** the events after `afterSeq`, then live ones, ending after the run's last event (or when `signal` aborts) */
  events(dagId: string, afterSeq: number, signal: AbortSignal): AsyncIterable<DispatchEvent>
  /** the per-node status of a run (the most recent one without an id) */
  status(dagId?: string): Promise<Record<string, unknown> | undefined>
  list(): Promise<Record<string, unknown>[]>
  /** starts the single-node retry run of a FAILED or BLOCKED node; undefined for an unknown dag */
  retry(dagId: string, nodeId: string): Promise<{dag_id: string} | undefined>
  /** sets the abort flag of one node (or of the whole run); undefined for an unknown dag */
  abort(dagId: string, nodeId?: string): Promise<{status: string} | undefined>
  /** waits for the runs in flight (bounded by the caller) */
  close(): Promise<void>
}

interface Feed {
  log: ReplayLog<string>
  readers: number
  upstream: AbortController
}

/**
 * One upstream subscription per DAG with readers, its events kept as SSE frames in memory while anyone reads
 * (the whole run: a late reader replays from memory). The feed goes when its last reader does.
 */
export class DagFeeds {
  private readonly feeds = new Map<string, Feed>()

  constructor(private readonly service: DispatchService) {}

  get size(): number {
    return this.feeds.size
  }

  /** Frames after `afterSeq`, in batches of what is available, until the run's last event or `signal`. */
  async *read(dagId: string, afterSeq: number, signal: AbortSignal): AsyncGenerator<string> {
    let feed = this.feeds.get(dagId)
    if (!feed) {
      const created: Feed = {log: new ReplayLog<string>(), readers: 0, upstream: new AbortController()}
      this.feeds.set(dagId, created)
      void this.pump(dagId, created)
      feed = created
    }
    feed.readers++
    try {
      for await (const {values} of feed.log.readBatches(afterSeq, signal)) yield values.join('')
    } finally {
      if (--feed.readers === 0) {
        feed.upstream.abort()
        if (this.feeds.get(dagId) === feed) this.feeds.delete(dagId)
      }
    }
  }

  private async pump(dagId: string, feed: Feed): Promise<void> {
    try {
      for await (const event of this.service.events(dagId, 0, feed.upstream.signal)) {
        // the dispatcher's seq runs 1, 2, 3 ... with no gap: it is the frame's index in the feed
        if (event.seq !== feed.log.lastSeq + 1) continue
        feed.log.append(formatSse({id: event.seq, event: event.event_type, data: event}))
      }
    } catch {
      // a log that cannot be read ends the streams; the status route reports the problem
    } finally {
      feed.log.close()
      if (this.feeds.get(dagId) === feed) this.feeds.delete(dagId)
    }
  }
}

export const RunBodySchema = z
  .object({
    task: z.string().trim().min(1),
    max_workers: z.number().int().min(1).max(64).default(4),
    plan: z.array(z.unknown()).min(1).optional(),
  })
  .strict()
export const RetryBodySchema = z.object({dag_id: z.string().min(1), node_id: z.string().min(1)}).strict()
export const AbortBodySchema = z.object({dag_id: z.string().min(1), node_id: z.string().min(1).optional()}).strict()

const eventsUrl = (dagId: string) => `/api/dispatch/events?dag_id=${encodeURIComponent(dagId)}`

function unknownDag(dagId: string): GovError {
  return new GovError(`No dispatch run ${dagId}.`, {code: 'E_DISPATCH_NOT_FOUND', hint: 'GET /api/dispatch/list names the saved runs.'})
}

function dagIdParam(query: Record<string, unknown>, route: string): string {
  const id = query.dag_id
  if (typeof id !== 'string' || id.trim() === '') throw new InputError(`${route} needs ?dag_id=.`, {code: 'E_INPUT', hint: `GET ${route}?dag_id=<dag_id>; GET /api/dispatch/list names the runs.`})
  return id.trim()
}

export function mountDispatch(router: Router, service: DispatchService, options: StreamOptions = {}): void {
  const feeds = new DagFeeds(service)
  router.post('/api/dispatch/run', async (ctx) => {
    const input = parseBody(RunBodySchema, await readJsonBody(ctx.req), 'POST /api/dispatch/run')
    const {dag_id} = await service.run(input)
    ctx.status = 202
    ctx.body = {dag_id, events_url: eventsUrl(dag_id)}
  })

  router.get('/api/dispatch/events', async (ctx) => {
    const dagId = dagIdParam(ctx.query, '/api/dispatch/events')
    const progress = await service.progress(dagId)
    if (!progress) throw unknownDag(dagId)
    const after = lastEventId(ctx.headers, ctx.query) ?? 0
    if (progress.done && after >= progress.last_seq) {
      // nothing more will come: 204 stops an EventSource from reconnecting forever
      ctx.status = 204
      return
    }
    ctx.respond = false
    const sse = new SseStream(ctx.res, {heartbeatMs: options.heartbeatMs, until: options.until, retryMs: 1000}).open()
    try {
      for await (const frames of feeds.read(dagId, after, sse.signal)) {
        if (!(await sse.sendRaw(frames))) break
      }
    } finally {
      sse.close()
    }
  })

  router.get('/api/dispatch/status', async (ctx) => {
    const dagId = ctx.query.dag_id === undefined ? undefined : dagIdParam(ctx.query, '/api/dispatch/status')
    const status = await service.status(dagId)
    if (!status) throw dagId === undefined ? new GovError('No dispatch run yet.', {code: 'E_DISPATCH_NOT_FOUND', hint: 'Start one with POST /api/dispatch/run.'}) : unknownDag(dagId)
    ctx.body = status
  })

  router.get('/api/dispatch/list', async (ctx) => {
    ctx.body = {runs: await service.list()}
  })

  router.post('/api/dispatch/retry', async (ctx) => {
    const input = parseBody(RetryBodySchema, await readJsonBody(ctx.req), 'POST /api/dispatch/retry')
    const started = await service.retry(input.dag_id, input.node_id)
    if (!started) throw unknownDag(input.dag_id)
    ctx.status = 202
    ctx.body = {dag_id: started.dag_id, retry_of: {dag_id: input.dag_id, node_id: input.node_id}, events_url: eventsUrl(started.dag_id)}
  })

  router.post('/api/dispatch/abort', async (ctx) => {
    const input = parseBody(AbortBodySchema, await readJsonBody(ctx.req), 'POST /api/dispatch/abort')
    const done = await service.abort(input.dag_id, input.node_id)
    if (!done) throw unknownDag(input.dag_id)
    ctx.body = {ok: true, dag_id: input.dag_id, node_id: input.node_id ?? null, status: done.status}
  })
}
