/**
 * What every govtool server's koa app starts with, shared by governance-serve and serve: one access log line
 * per request (method, path, status, time and extra fields; never bodies, query strings, headers or keys),
 * routine client disconnects kept out of the log, and anything else koa reports after a response as one line,
 * never a stack.
 */
import {readFileSync} from 'node:fs'
import path from 'node:path'

import {cliRoot} from 'govtool/core'
import type Koa from 'koa'

/** The running govtool's version (GET /health), read once per call from the CLI's package.json. */
export function serverVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(cliRoot(), 'package.json'), 'utf8')) as {version: string}).version
  } catch {
    return 'unknown'
  }
}

/** An access log line per request; `extra` adds ` key=value` fields read from the finished response. */
export function accessLog(log: ((line: string) => void) | undefined, extra: (ctx: Koa.Context) => string = () => ''): Koa.Middleware {
  return async (ctx, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      const line = () => `${new Date().toISOString()} ${ctx.method} ${ctx.path} ${ctx.respond === false ? ctx.res.statusCode : ctx.status} ${(performance.now() - started).toFixed(1)}ms${extra(ctx)}`
      if (log) {
        // a streamed response (SSE) is logged when it ends, with the time it stayed open
        if (ctx.respond === false && !ctx.res.writableFinished && !ctx.res.destroyed) ctx.res.once('close', () => log(line()))
        else log(line())
      }
    }
  }
}

/**
 * koa prints errors it sees after a response to stderr with their stack; a client that went away mid-stream is
 * routine for a server that streams, and anything else belongs in the access log as one line.
 */
export function quietErrors(app: Koa, log: ((line: string) => void) | undefined): void {
  app.silent = true
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.message === 'aborted') return
    log?.(`${new Date().toISOString()} error ${error.code ?? 'E_UNEXPECTED'}: ${error.message.split('\n')[0]}`)
  })
}
