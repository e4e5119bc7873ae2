/**
 * The API server (`govtool serve`, SPEC.md "API server", "Dispatch HTTP/SSE surface", "Other HTTP call"): a koa
 * app on loopback for the terminal client and IDE extensions.
 *
 *   GET  /health                      {status, version, server: "serve"}; the one route without the token
 *   POST /api/chat                    one chat turn, its block events over SSE (chat.ts)
 *   POST /api/chat/decision           a tool or diff decision for a running turn
 *   GET  /api/chat/events?turn_id=    re-attach to a turn's events (Last-Event-ID)
 *   GET  /api/model-intel/sync        `model-intel sync`, one at a time however many ask (joined, never queued)
 *   /api/dispatch/*                   the dispatcher (dispatch.ts)
 *   POST /<operation path>            the settings pages' operations (phase, checkpoint, esdb, skills, credits,
 *                                     channel, model-intel scores), the generated routes governance-serve uses
 *
 * The middleware is governance-serve's: access log, JSON error envelope (unknown paths 404 JSON), the loopback
 * Host/Origin guard; then the access token (token.ts). A browser page on a loopback origin gets CORS headers
 * and its preflight (OPTIONS, which carries no credentials) an answer, so a webview client can send the token.
 */
import {setMaxListeners} from 'node:events'

import Router from '@koa/router'
import {executeOperation, projectContext, type AnyOperation, type OperationContext, type ProjectContext} from 'govtool/core'
import {errorEnvelope, loopbackGuard, mountOperations} from 'govtool/http'
import Koa from 'koa'

import {accessLog, quietErrors, serverVersion} from '../middleware.js'
import {ChatTurns, mountChat} from './chat.js'
import {mountDispatch, type DispatchService} from './dispatch.js'
import {requireToken} from './token.js'

/** The operations the terminal's settings pages call, by id (SPEC.md "Terminal client behaviour"). */
export const SETTINGS_OPERATIONS = [
  'phase',
  'phase.show',
  'phase.status',
  'phase.list',
  'phase.next',
  'phase.set',
  'checkpoint',
  'esdb.status',
  'esdb.export',
  'esdb.import',
  'esdb.backup',
  'esdb.rollback',
  'esdb.compact',
  'skills.list',
  'skills.activate',
  'skills.deactivate',
  'credits.summary',
  'channel.get',
  'channel.set',
  'channel.clear',
  'model-intel.scores',
  'model-intel.recommendations',
] as const

export interface ApiAppOptions {
  project: ProjectContext
  token: string
  /** the operations mounted as POST routes (SETTINGS_OPERATIONS, loaded by start.ts) */
  operations: readonly AnyOperation[]
  /** `model-intel sync` (GET /api/model-intel/sync) */
  modelIntelSync?: AnyOperation
  /** the dispatcher; without it /api/dispatch/* are 404 */
  dispatch?: DispatchService
  env?: NodeJS.ProcessEnv
  /** SSE heartbeat interval (default 15 s) */
  heartbeatMs?: number
  log?: (line: string) => void
}

export interface ApiApp {
  app: Koa
  chat: ChatTurns
  /** ends every open event stream (the runs and turns they report on go on) */
  endStreams(): void
}

/** Joins concurrent calls: one run at a time, every caller gets its result. */
function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined
  return () => (inFlight ??= run().finally(() => (inFlight = undefined)))
}

export function createApiApp(options: ApiAppOptions): ApiApp {
  const app = new Koa()
  app.proxy = false
  const router = new Router()
  const running = serverVersion()
  const chat = new ChatTurns({project: options.project, env: options.env})
  const context: OperationContext = projectContext(options.project, 'http')
  const streams = new AbortController()
  // every open stream listens for the end of the server
  setMaxListeners(0, streams.signal)
  const streamOptions = {heartbeatMs: options.heartbeatMs, until: streams.signal}

  app.use(accessLog(options.log))
  quietErrors(app, options.log)
  app.use(errorEnvelope())
  app.use(loopbackGuard())
  app.use(async (ctx, next) => {
    const origin = ctx.get('origin')
    // the guard let only loopback origins through
    if (origin) {
      ctx.set('Access-Control-Allow-Origin', origin)
      ctx.set('Vary', 'Origin')
      ctx.set('Access-Control-Expose-Headers', 'x-govtool-turn-id')
      if (ctx.method === 'OPTIONS') {
        ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, Last-Event-ID, Accept')
        ctx.set('Access-Control-Max-Age', '600')
        ctx.status = 204
        return
      }
    }
    await next()
  })
  app.use(requireToken(options.token, (ctx) => ctx.path === '/health' && (ctx.method === 'GET' || ctx.method === 'HEAD')))

  router.get('/health', (ctx) => {
    ctx.body = {status: 'ok', version: running, server: 'serve'}
  })

  mountChat(router, chat, streamOptions)

  const sync = options.modelIntelSync
  if (sync) {
    // the sync is network I/O (fetch) and a small cache write: it never holds the event loop, and a second
    // caller joins the sync in flight instead of starting another
    const once = singleFlight(() => executeOperation(sync, context, {}, {signal: new AbortController().signal, progress() {}, warn() {}, json: true, interactive: false}))
    router.get('/api/model-intel/sync', async (ctx) => {
      ctx.body = await once()
    })
  }

  if (options.dispatch) mountDispatch(router, options.dispatch, streamOptions)
  mountOperations(router, options.operations, {context})

  app.use(router.routes())
  app.use(router.allowedMethods())
  return {app, chat, endStreams: () => streams.abort()}
}
