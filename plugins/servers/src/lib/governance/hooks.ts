/**
 * `POST /hooks/<client>/<event>` of the governance server: the agent hooks answered over HTTP (Claude Code's
 * "http" hooks POST the event's JSON and read the answer as they read a command hook's stdout), so no process
 * starts per hook. The decision code is the CLI hook's own (`govtool hook <client> <event>`, answerHook).
 *
 * Claude Code treats a non-2xx answer, a refused connection and a timeout as a non-blocking error, which lets
 * the action through; so every failure to decide that reaches this handler (bad JSON, a config that does not
 * validate, git failing) is answered 200 with the client's blocking JSON and the reason. What it cannot cover
 * is a server that is not running: `integrate claude-code --http-hooks` says so, and command hooks stay the
 * default. No objection is 200 with an empty body, as a command hook that prints nothing.
 */
import type {IncomingMessage} from 'node:http'

import {GovError, type ProjectContext} from 'govtool/core'
import type Koa from 'koa'

/** Hook inputs are small JSON objects; a larger body is refused (413) as the CLI refuses a larger stdin. */
export const HOOK_BODY_LIMIT = 10 * 1024 * 1024

type PreflightLib = typeof import('@govtool/plugin-preflight')

async function readText(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new GovError(`The hook input is larger than ${limit} bytes.`, {code: 'E_REQUEST_TOO_LARGE', hint: 'Hook inputs are small JSON objects.'})
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export function agentHookHandler(project: ProjectContext): Koa.Middleware {
  let lib: Promise<PreflightLib> | undefined
  return async (ctx) => {
    const {client, event} = (ctx as unknown as {params: {client: string; event: string}}).params
    const preflight = await (lib ??= import('@govtool/plugin-preflight'))
    if (!Object.hasOwn(preflight.HOOK_EVENTS, client)) {
      throw new GovError(`No hooks of '${client}' are answered here.`, {code: 'E_NOT_FOUND', hint: `POST /hooks/<client>/<event> with client one of: ${Object.keys(preflight.HOOK_EVENTS).join(', ')}.`})
    }
    const hookClient = client as keyof PreflightLib['HOOK_EVENTS']
    let text: string
    try {
      text = await readText(ctx.req, HOOK_BODY_LIMIT)
    } catch (error) {
      if (error instanceof GovError) throw error
      return // the client went away mid-body
    }
    try {
      const result = await preflight.answerHook(project, hookClient, event, text)
      ctx.set('x-govtool-decision', result.decision)
      ctx.status = 200
      if (result.output) ctx.body = result.output
      else {
        ctx.type = 'application/json'
        ctx.body = ''
      }
    } catch (error) {
      // fail closed: an answer Claude Code reads as a block, never an error status it would ignore
      const failure = preflight.hookFailure(event, error)
      const reason = failure.hint ? `${failure.message} ${failure.hint}` : failure.message
      ctx.set('x-govtool-decision', 'block')
      ctx.set('x-govtool-error', failure.code)
      ctx.status = 200
      ctx.body = preflight.blockingOutput(hookClient, event, reason)
    }
  }
}
