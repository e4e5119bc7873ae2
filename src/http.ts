/**
 * `govtool/http`: the HTTP adapter of the operation layer and what every govtool server shares (koa).
 *
 * - `mountOperations(router, operations, options)`: one `POST` route per operation. The JSON body is the
 *   input, the response the result (plus `warnings`). Errors are the one envelope `{"error": {code, message,
 *   hint?, exit}}` with the HTTP status of the error code's row in error-codes.ts. A client that accepts
 *   `text/event-stream` gets `progress` and `warning` events, then one `result` or `error` event.
 * - `loopbackGuard()`: refuses any request whose Host is not a loopback name and any browser request whose
 *   Origin is not loopback (DNS rebinding, cross-site POSTs).
 * - `errorEnvelope()`: the last line of defence: anything thrown becomes a JSON error, never a stack trace.
 */
import type {IncomingMessage} from 'node:http'

import type Router from '@koa/router'
import type Koa from 'koa'
import getRawBody from 'raw-body'

import {GovError, type GovErrorJson} from './errors.js'
import {withWarnings, type AnyOperation, type OperationContext, type OperationIO} from './operation.js'
import {executeOperation} from './operation-run.js'
import {toGovError} from './render-error.js'

/** Request bodies larger than this are refused with 413 (operations take small JSON inputs). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024

export interface MountOptions {
  /** the context operations run in (the server's own project) */
  context: OperationContext
  /** the route path of an operation (default: `/` + the id with dots as slashes: `/esdb/status`) */
  pathFor?: (op: AnyOperation) => string
  bodyLimit?: number
}

/** The default route of an operation: `/preflight`, `/esdb/status`, `/credits/limits/set`. */
export function operationPath(op: AnyOperation): string {
  return `/${op.id.replaceAll('.', '/')}`
}

/** Sends a GovError as the JSON error envelope with its table status. */
export function sendError(ctx: Koa.Context, error: unknown): void {
  const gov = toGovError(error)
  ctx.status = gov.status
  ctx.type = 'application/json'
  ctx.body = {error: gov.toJSON()} satisfies {error: GovErrorJson}
}

/** Reads and parses a JSON request body under a size limit; every failure is a 4xx GovError. */
export async function readJsonBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const type = req.headers['content-type']
  if (type && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type) && !/^text\/plain\b/i.test(type)) {
    throw new GovError(`The body must be JSON (Content-Type: application/json), not ${type}.`, {code: 'E_UNSUPPORTED_MEDIA', hint: 'Send a JSON object with Content-Type: application/json.'})
  }
  let text: string
  try {
    text = await getRawBody(req, {limit, encoding: 'utf8', length: req.headers['content-length']})
  } catch (error) {
    const type = (error as {type?: string}).type
    if (type === 'entity.too.large') {
      throw new GovError(`The request body is larger than ${limit} bytes.`, {code: 'E_REQUEST_TOO_LARGE', hint: 'Send a smaller body.'})
    }
    throw new GovError(`The request body could not be read: ${(error as Error).message}.`, {code: 'E_BAD_JSON', hint: 'Send a complete JSON object.'})
  }
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new GovError(`The request body is not JSON: ${(error as Error).message}.`, {code: 'E_BAD_JSON', hint: 'Send a JSON object, for example {}.'})
  }
}

/** The keys of an operation's input object (every field, those the command line leaves out included). */
function inputShape(op: AnyOperation): Record<string, unknown> {
  let schema = op.input as unknown as {_def: {typeName?: string; schema?: unknown; innerType?: unknown; shape?: () => Record<string, unknown>}}
  while (schema._def.typeName === 'ZodEffects' || schema._def.typeName === 'ZodDefault' || schema._def.typeName === 'ZodOptional') {
    schema = (schema._def.schema ?? schema._def.innerType) as typeof schema
  }
  return schema._def.shape?.() ?? {}
}

function checkKnownFields(op: AnyOperation, body: unknown): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new GovError('The request body must be a JSON object.', {code: 'E_INPUT', hint: `Fields: ${Object.keys(inputShape(op)).join(', ') || '(none)'}.`})
  }
  const known = new Set(Object.keys(inputShape(op)))
  const unknown = Object.keys(body).filter((k) => !known.has(k))
  if (unknown.length > 0) {
    throw new GovError(`Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')}.`, {
      code: 'E_INPUT',
      hint: `Fields of ${op.id}: ${[...known].join(', ') || '(none)'}.`,
    })
  }
}

function wantsEventStream(ctx: Koa.Context): boolean {
  return /\btext\/event-stream\b/.test(ctx.get('accept'))
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/** Mounts one POST route per operation on the router. */
export function mountOperations(router: Router, operations: readonly AnyOperation[], options: MountOptions): void {
  const pathFor = options.pathFor ?? operationPath
  // an operation that runs a server until stopped is a command, never a route
  for (const op of operations.filter((o) => o.effect !== 'serve')) {
    const route = pathFor(op)
    router.post(route, async (ctx) => {
      const controller = new AbortController()
      const onClose = (): void => {
        if (!ctx.res.writableFinished) controller.abort()
      }
      ctx.res.once('close', onClose)
      const warnings: string[] = []
      let body: unknown
      try {
        body = await readJsonBody(ctx.req, options.bodyLimit)
        checkKnownFields(op, body)
      } catch (error) {
        sendError(ctx, error)
        return
      }
      if (wantsEventStream(ctx)) {
        ctx.status = 200
        ctx.type = 'text/event-stream'
        ctx.set('Cache-Control', 'no-cache')
        ctx.respond = false
        const res = ctx.res
        res.writeHead(200, {'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive'})
        const io: OperationIO = {
          signal: controller.signal,
          progress: (event) => void res.write(sse('progress', event)),
          warn(message) {
            warnings.push(message)
            res.write(sse('warning', {message}))
          },
          json: true,
          interactive: false,
        }
        try {
          const result = await executeOperation(op, options.context, body, io)
          res.end(sse('result', withWarnings(result, warnings)))
        } catch (error) {
          const gov = toGovError(error)
          res.end(sse('error', {status: gov.status, error: gov.toJSON()}))
        }
        return
      }
      const io: OperationIO = {
        signal: controller.signal,
        progress() {},
        warn: (message) => void warnings.push(message),
        json: true,
        interactive: false,
      }
      try {
        const result = await executeOperation(op, options.context, body, io)
        ctx.status = 200
        ctx.type = 'application/json'
        ctx.body = JSON.stringify(withWarnings(result, warnings))
      } catch (error) {
        sendError(ctx, error)
      } finally {
        ctx.res.off('close', onClose)
      }
    })
    router.all(route, (ctx) => {
      ctx.set('Allow', 'POST')
      sendError(ctx, new GovError(`${ctx.method} ${route} is not supported.`, {code: 'E_METHOD', hint: 'Operations are called with POST and a JSON body.'}))
    })
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]'])

/** True for a Host header or URL host naming this machine's loopback (`127.0.0.0/8`, `::1`, `localhost`). */
export function isLoopbackHost(host: string): boolean {
  let name = host.trim().toLowerCase()
  if (name.startsWith('[')) name = name.slice(0, name.indexOf(']') + 1)
  else if (name.split(':').length === 2) name = name.split(':')[0]
  if (LOOPBACK_HOSTS.has(name) || name.endsWith('.localhost')) return true
  return /^127\.(?:\d{1,3}\.){2}\d{1,3}$/.test(name) && name.split('.').every((n) => Number(n) <= 255)
}

/**
 * Refuses requests whose Host header is not loopback (a DNS-rebinding page talks to us under its own
 * name) and browser requests whose Origin is not loopback (a cross-site POST from any web page).
 */
export function loopbackGuard(): Koa.Middleware {
  return async (ctx, next) => {
    const host = ctx.get('host')
    if (!host || !isLoopbackHost(host)) {
      sendError(ctx, new GovError(`Refused: Host '${host}' is not a loopback name.`, {code: 'E_FORBIDDEN_HOST', hint: 'Call the server as 127.0.0.1, [::1] or localhost.'}))
      return
    }
    const origin = ctx.get('origin')
    if (origin && origin !== 'null') {
      let ok = false
      try {
        ok = isLoopbackHost(new URL(origin).host)
      } catch {
        ok = false
      }
      if (!ok) {
        sendError(ctx, new GovError(`Refused: Origin '${origin}' is not a loopback origin.`, {code: 'E_FORBIDDEN_ORIGIN', hint: 'Only pages served from this machine may call the server.'}))
        return
      }
    } else if (origin === 'null') {
      sendError(ctx, new GovError("Refused: Origin 'null' (a sandboxed or file page).", {code: 'E_FORBIDDEN_ORIGIN', hint: 'Only pages served from this machine may call the server.'}))
      return
    }
    await next()
  }
}

/** Turns anything thrown below into the JSON error envelope, and unknown paths into a 404 JSON error. */
export function errorEnvelope(): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next()
      if (ctx.status === 404 && ctx.body === undefined && ctx.respond !== false) {
        sendError(ctx, new GovError(`No route ${ctx.method} ${ctx.path}.`, {code: 'E_NOT_FOUND', hint: 'See the server documentation for its routes.'}))
      } else if (ctx.status === 405 && ctx.body === undefined && ctx.respond !== false) {
        const allow = ctx.response.get('allow')
        sendError(ctx, new GovError(`${ctx.method} ${ctx.path} is not supported.`, {code: 'E_METHOD', hint: allow ? `This route takes ${allow}.` : 'See the server documentation for its routes.'}))
        if (allow) ctx.set('allow', allow)
      }
    } catch (error) {
      sendError(ctx, error)
    }
  }
}
