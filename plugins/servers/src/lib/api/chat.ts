/**
 * Chat for IDE clients over SSE (SPEC.md "Chat block-protocol events"): `POST /api/chat` runs one governed
 * chat turn (the models plugin's `runChatTurn`, the turn `govtool chat` runs) and streams its block events, one
 * SSE event each: `event:` the event's type, `data:` the event's JSON exactly as `chat` prints it, `id:` its
 * number in the turn. The stream starts with a `turn` event `{"turn_id"}` (also in the `x-govtool-turn-id`
 * header) and ends with `result` (the turn's result: `chat --json` without `events`) or `error` (`{"error"}`,
 * the JSON error envelope).
 *
 * The questions the profile asks (a `tool_request` event, a `diff` block) are answered by a second request,
 * `POST /api/chat/decision` with `{turn_id, type: "tool_decision"|"diff_decision", decision, reason|comment}`:
 * the JSON lines `chat --interactive` reads on stdin, keyed by the turn. No answer within `decision_timeout`
 * seconds is a deny, as on the command line.
 *
 * A turn belongs to the server, not to the connection: a client that goes away does not stop it (a tool it
 * approved still runs, the session still gets its record). `GET /api/chat/events?turn_id=` re-attaches: the
 * turn's events after Last-Event-ID, then live. A finished turn stays readable for `keepMs` (10 minutes).
 */
import {randomBytes} from 'node:crypto'
import {setMaxListeners} from 'node:events'

import type {Decision, DecisionKind, DecisionSource} from '@govtool/plugin-models'
import type Router from '@koa/router'
import {GovError, InputError, toGovError, type ProjectContext} from 'govtool/core'
import {readJsonBody} from 'govtool/http'
import type Koa from 'koa'
import {z} from 'zod/v3'

import {serverVersion} from '../middleware.js'
import {ReplayLog} from '../replay.js'
import {lastEventId, SseStream, type SseEvent} from '../sse.js'
import {parseBody} from './body.js'

export const ChatBodySchema = z
  .object({
    message: z.string().min(1).describe('the request'),
    session_id: z.string().optional().describe('reuse a session: its turns are replayed as context'),
    parent_session: z.string().optional().describe('mark the session as a sub-session of this one'),
    profile: z.enum(['safe', 'standard', 'yolo']).default('standard').describe('tool approval profile'),
    comment: z.string().optional().describe('reviewer comment fed into this turn (a retry)'),
    decision_timeout: z.number().positive().max(86_400).default(120).describe('seconds to wait for a posted decision before denying'),
    provider: z.string().optional().describe('force a backend: stub, ollama, openai-compatible, anthropic, openai or google'),
  })
  .strict()

export const DecisionBodySchema = z
  .object({
    turn_id: z.string().min(1),
    type: z.enum(['tool_decision', 'diff_decision']),
    decision: z.string().min(1),
    reason: z.string().optional(),
    comment: z.string().optional(),
  })
  .strict()

/** Decisions posted over HTTP: each answers the one question the turn is waiting on. */
export class PostedDecisions implements DecisionSource {
  private pending: {kind: DecisionKind; settle: (d: Decision) => void} | undefined

  /** The kind of question the turn waits on now, if any. */
  get waitingFor(): DecisionKind | undefined {
    return this.pending?.kind
  }

  next(kind: DecisionKind, timeoutMs: number, signal?: AbortSignal): Promise<Decision> {
    return new Promise<Decision>((resolve) => {
      const settle = (d: Decision) => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        if (this.pending?.settle === settle) this.pending = undefined
        resolve(d)
      }
      const onAbort = () => settle({approved: false, note: 'the server is stopping', timedOut: true})
      const timer = setTimeout(() => settle({approved: false, note: `no decision within ${Math.round(timeoutMs / 1000)} s`, timedOut: true}), timeoutMs)
      timer.unref()
      this.pending = {kind, settle}
      if (signal?.aborted) onAbort()
      else signal?.addEventListener('abort', onAbort, {once: true})
    })
  }

  /** Answers the pending question; false when the turn is not waiting for one of this kind. */
  answer(kind: DecisionKind, decision: Decision): boolean {
    if (this.pending?.kind !== kind) return false
    this.pending.settle(decision)
    return true
  }
}

interface Turn {
  id: string
  log: ReplayLog<SseEvent>
  decisions: PostedDecisions
  done: Promise<void>
}

export interface ChatTurnsOptions {
  project: ProjectContext
  env?: NodeJS.ProcessEnv
  /** how long a finished turn's events stay readable (default 10 minutes) */
  keepMs?: number
}

/** The chat turns a server runs: started by requests, owned by the server, stopped only when it stops. */
export class ChatTurns {
  private readonly turns = new Map<string, Turn>()
  private readonly stopping = new AbortController()

  constructor(private readonly options: ChatTurnsOptions) {
    // every running turn (model call, open question) listens for the end of the server
    setMaxListeners(0, this.stopping.signal)
  }

  get running(): number {
    return [...this.turns.values()].filter((t) => !t.log.closed).length
  }

  get(id: string): Turn | undefined {
    return this.turns.get(id)
  }

  start(input: z.infer<typeof ChatBodySchema>): Turn {
    const id = `turn_${randomBytes(8).toString('hex')}`
    const log = new ReplayLog<SseEvent>()
    const decisions = new PostedDecisions()
    log.append({event: 'turn', data: {turn_id: id}})
    const turn: Turn = {id, log, decisions, done: Promise.resolve()}
    turn.done = this.run(turn, input).finally(() => {
      log.close()
      const timer = setTimeout(() => this.turns.delete(id), this.options.keepMs ?? 600_000)
      timer.unref()
    })
    this.turns.set(id, turn)
    return turn
  }

  private async run(turn: Turn, input: z.infer<typeof ChatBodySchema>): Promise<void> {
    const {log} = turn
    try {
      const models = await import('@govtool/plugin-models')
      const {project} = this.options
      const selection = await models.selectBackend({provider: input.provider, config: await models.loadModelsConfig(project), env: this.options.env})
      const events = new models.EventWriter(
        (line) => {
          const text = line.trimEnd()
          log.append({event: (JSON.parse(text) as {type: string}).type, data: text})
        },
        (t) => models.scrub(t, selection.secrets),
      )
      const result = await models.runChatTurn(project, {
        message: input.message,
        profile: input.profile,
        session_id: input.session_id,
        parent_session: input.parent_session,
        comment: input.comment,
        decisions: turn.decisions,
        interactive: true,
        decision_timeout_ms: input.decision_timeout * 1000,
        selection,
        events,
        signal: this.stopping.signal,
        task: 'chat',
        version: serverVersion(),
      })
      log.append({event: 'result', data: result})
    } catch (error) {
      log.append({event: 'error', data: {error: toGovError(error).toJSON()}})
    }
  }

  /** Stops the turns still running (their model calls are cancelled, open questions denied) and waits for them. */
  async close(): Promise<void> {
    this.stopping.abort()
    await Promise.allSettled([...this.turns.values()].map((t) => t.done))
  }
}

/** How the server's event streams behave: heartbeat interval, and the signal that ends them all (shutdown). */
export interface StreamOptions {
  heartbeatMs?: number
  until?: AbortSignal
}

/** Streams a log as SSE from after `afterSeq` until it closes or the client goes away. */
export async function streamLog(ctx: Koa.Context, log: ReplayLog<SseEvent>, afterSeq: number, options: StreamOptions & {headers?: Record<string, string>}): Promise<void> {
  ctx.respond = false
  const sse = new SseStream(ctx.res, {heartbeatMs: options.heartbeatMs, headers: options.headers, until: options.until}).open()
  try {
    for await (const {seq, value} of log.read(afterSeq, sse.signal)) {
      if (!(await sse.send({...value, id: seq}))) break
    }
  } finally {
    sse.close()
  }
}

export function mountChat(router: Router, turns: ChatTurns, options: StreamOptions = {}): void {
  router.post('/api/chat', async (ctx) => {
    const input = parseBody(ChatBodySchema, await readJsonBody(ctx.req), 'POST /api/chat')
    const turn = turns.start(input)
    await streamLog(ctx, turn.log, 0, {...options, headers: {'x-govtool-turn-id': turn.id}})
  })

  router.get('/api/chat/events', async (ctx) => {
    const id = ctx.query.turn_id
    if (typeof id !== 'string' || id === '') throw new InputError('turn_id is required.', {code: 'E_INPUT', hint: 'GET /api/chat/events?turn_id=<turn_id from the turn event>.'})
    const turn = turns.get(id)
    if (!turn) throw new GovError(`No chat turn ${id} (unknown, or finished more than 10 minutes ago).`, {code: 'E_NOT_FOUND', hint: 'Use the turn_id of the turn event of POST /api/chat.'})
    await streamLog(ctx, turn.log, lastEventId(ctx.headers, ctx.query) ?? 0, options)
  })

  router.post('/api/chat/decision', async (ctx) => {
    const body = parseBody(DecisionBodySchema, await readJsonBody(ctx.req), 'POST /api/chat/decision')
    const turn = turns.get(body.turn_id)
    if (!turn) throw new GovError(`No chat turn ${body.turn_id}.`, {code: 'E_NOT_FOUND', hint: 'Use the turn_id of the turn event of POST /api/chat.'})
    const {parseDecision} = await import('@govtool/plugin-models')
    const decision = parseDecision(JSON.stringify(body), body.type)
    if (!turn.decisions.answer(body.type, decision)) {
      const waiting = turn.decisions.waitingFor
      throw new GovError(turn.log.closed ? `Chat turn ${body.turn_id} has ended.` : `Chat turn ${body.turn_id} is not waiting for a ${body.type}${waiting ? ` (it waits for a ${waiting})` : ''}.`, {
        code: 'E_NO_PENDING_DECISION',
        hint: 'Post a tool_decision after a tool_request event, a diff_decision after a diff block_start.',
      })
    }
    ctx.body = {ok: true, turn_id: body.turn_id, type: body.type, approved: decision.approved}
  })
}
