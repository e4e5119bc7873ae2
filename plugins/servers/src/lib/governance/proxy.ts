/**
 * `POST /v1/chat/completions` of the governance server: preflight the latest user message, answer a decision
 * other than accepted with a well-formed completion (or stream) that carries the decision, forward an
 * accepted request to the upstream (or answer the stub when none is configured), then record usage in credits
 * and verify what the reply proposes. See SPEC.md "Request flow of the governance proxy".
 */
import type {IncomingMessage} from 'node:http'
import {pipeline} from 'node:stream/promises'

import {GovError, type ProjectContext} from 'govtool/core'
import {readJsonBody} from 'govtool/http'
import {createParser} from 'eventsource-parser'
import type Koa from 'koa'

import {carriedSecretError, proposedDiff, secretsInRequest} from './carried-secrets.js'
import {completion, completionStream, gatedText, lastUserText, openAiError, parseChatRequest, stubText, type ChatRequest, type GovernanceInfo} from './chat.js'
import type {Gate} from './gate.js'
import {readBody, upstreamRequest, UpstreamTimeout, type UpstreamConfig} from './upstream.js'

/** Chat bodies can carry long conversations; larger ones are refused with 413. */
export const CHAT_BODY_LIMIT = 8 * 1024 * 1024

export interface ProxyDeps {
  ctx: ProjectContext
  gate: Gate
  upstream?: UpstreamConfig
  /** admits a call by the pacer and returns its release; undefined when pacing is off */
  admit?: (provider: string, model: string, estimatedTokens: number, signal: AbortSignal) => Promise<(info: {status: number; headers: IncomingMessage['headers']; tokensUsed?: number}) => void>
  /** called after a reply with its usage (credits) */
  onUsage?: (usage: {provider: string; model: string; tokens_in: number; tokens_out: number; cached_tokens_in: number; task: string}) => void
  /** called after an accepted reply whose text proposes a change (a diff), to verify it */
  onProposal?: (proposal: {work_item_id: string; diff: string}) => void
}

interface Usage {
  prompt_tokens?: number
  completion_tokens?: number
  prompt_tokens_details?: {cached_tokens?: number}
}

function governanceInfo(result: Awaited<ReturnType<Gate['decide']>>['result']): GovernanceInfo {
  return {
    decision: result.decision,
    work_item_id: result.work_item_id,
    intent: result.intent,
    requirement_ids: result.requirement_ids,
    instruction: result.instruction,
    confidence_target: result.confidence_target,
  }
}

function setGovernanceHeaders(ctx: Koa.Context, g: GovernanceInfo, gated: boolean): void {
  ctx.set('x-govtool-decision', g.decision)
  ctx.set('x-govtool-work-item', g.work_item_id)
  ctx.set('x-govtool-intent', g.intent)
  if (gated) ctx.set('x-kairos-governance', 'gated')
}

function estimateTokens(request: ChatRequest): number {
  let chars = 0
  for (const m of request.messages) chars += typeof m.content === 'string' ? m.content.length : JSON.stringify(m.content ?? '').length
  const max = Number((request as {max_tokens?: unknown}).max_tokens ?? (request as {max_completion_tokens?: unknown}).max_completion_tokens ?? 1024)
  return Math.ceil(chars / 4) + (Number.isFinite(max) ? max : 1024)
}

export function chatCompletionsHandler(deps: ProxyDeps): Koa.Middleware {
  return async (ctx) => {
    const started = performance.now()
    let request: ChatRequest
    try {
      request = parseChatRequest(await readJsonBody(ctx.req, CHAT_BODY_LIMIT))
    } catch (error) {
      sendOpenAiError(ctx, error)
      return
    }
    // what the request would carry to the model goes through the one secrets scanner first
    const carried = secretsInRequest(request)
    if (carried.length > 0) {
      ctx.set('x-govtool-decision', 'blocked')
      sendOpenAiError(ctx, carriedSecretError(carried))
      return
    }
    const utterance = lastUserText(request)
    if (utterance === undefined || utterance.trim() === '') {
      sendOpenAiError(ctx, new GovError('The request has no user message with text to check.', {code: 'E_INPUT', hint: 'Put the request in a message with role "user".'}))
      return
    }
    const {result, cached} = await deps.gate.decide(utterance)
    const g = governanceInfo(result)
    const governanceMs = performance.now() - started
    const timing = (upstreamMs?: number) => `governance;dur=${governanceMs.toFixed(2)}${cached ? ';desc="cached"' : ''}${upstreamMs === undefined ? '' : `, upstream;dur=${upstreamMs.toFixed(2)}`}`
    const model = request.model ?? deps.upstream?.model ?? 'govtool-gate'
    const includeUsage = request.stream_options?.include_usage === true

    if (result.decision !== 'accepted' || !deps.upstream) {
      const gated = result.decision !== 'accepted'
      const content = gated ? gatedText(g) : stubText(g)
      const finishReason = gated ? 'governance_stop' : 'stop'
      setGovernanceHeaders(ctx, g, gated)
      ctx.set('server-timing', timing())
      ctx.status = 200
      if (request.stream) {
        ctx.type = 'text/event-stream'
        ctx.set('cache-control', 'no-cache')
        ctx.body = completionStream({model, content, finishReason, governance: g, includeUsage})
      } else {
        ctx.body = completion({model, content, finishReason, governance: g})
      }
      return
    }

    const upstream = deps.upstream
    const controller = new AbortController()
    const onClose = () => {
      if (!ctx.res.writableFinished) controller.abort()
    }
    ctx.res.once('close', onClose)
    const body = Buffer.from(
      JSON.stringify({
        ...request,
        model,
        ...(request.stream ? {stream_options: {...request.stream_options, include_usage: true}} : {}),
      }),
    )
    const release = await deps.admit?.(upstream.provider, model, estimateTokens(request), controller.signal).catch((error: unknown) => {
      if (controller.signal.aborted) return undefined
      throw error
    })
    const sentAt = performance.now()
    let res: IncomingMessage
    try {
      res = await upstreamRequest(upstream, {method: 'POST', path: 'chat/completions', body, signal: controller.signal})
    } catch (error) {
      release?.({status: 0, headers: {}})
      ctx.res.off('close', onClose)
      if (controller.signal.aborted) return
      const timeout = error instanceof UpstreamTimeout
      ctx.status = timeout ? 504 : 502
      ctx.body = openAiError(timeout ? `Upstream timeout: ${error.message}.` : `Upstream unreachable: ${(error as Error).message}.`, timeout ? 'upstream_timeout' : 'upstream_error')
      return
    }
    const upstreamMs = performance.now() - sentAt
    setGovernanceHeaders(ctx, g, false)
    ctx.set('server-timing', timing(upstreamMs))
    const status = res.statusCode ?? 502
    if (status === 429 || status >= 500 || status >= 400) {
      const text = await readBody(res).catch(() => Buffer.alloc(0))
      release?.({status, headers: res.headers})
      ctx.res.off('close', onClose)
      if (status === 429) {
        ctx.status = 429
        for (const h of ['retry-after', 'retry-after-ms', 'x-ratelimit-reset-requests', 'x-ratelimit-reset-tokens']) if (res.headers[h]) ctx.set(h, String(res.headers[h]))
        ctx.type = 'application/json'
        ctx.body = text.length > 0 ? text : JSON.stringify(openAiError('Rate limited by the upstream.', 'rate_limit_exceeded'))
      } else if (status >= 500) {
        ctx.status = 502
        ctx.body = openAiError(`Upstream error: HTTP ${status}.`, 'upstream_error', String(status))
      } else {
        // the upstream refused the request itself (bad model, bad key): pass its answer through
        ctx.status = status
        ctx.type = 'application/json'
        ctx.body = text
      }
      return
    }

    const task = g.work_item_id
    const report = (usage: Usage | undefined, text: string, tokensUsed?: number) => {
      release?.({status, headers: res.headers, tokensUsed})
      if (usage) {
        deps.onUsage?.({
          provider: upstream.provider,
          model,
          tokens_in: usage.prompt_tokens ?? 0,
          tokens_out: usage.completion_tokens ?? 0,
          cached_tokens_in: usage.prompt_tokens_details?.cached_tokens ?? 0,
          task,
        })
      }
      const diff = proposedDiff(text)
      if (diff) deps.onProposal?.({work_item_id: task, diff})
    }

    if (!request.stream) {
      let text: Buffer
      try {
        text = await readBody(res)
      } catch (error) {
        release?.({status: 0, headers: res.headers})
        ctx.res.off('close', onClose)
        if (controller.signal.aborted) return
        ctx.status = 502
        ctx.body = openAiError(`Upstream response cut short: ${(error as Error).message}.`, 'upstream_error')
        return
      }
      ctx.res.off('close', onClose)
      let parsed: {usage?: Usage; choices?: Array<{message?: {content?: unknown}}>} | undefined
      try {
        parsed = JSON.parse(text.toString('utf8')) as typeof parsed
      } catch {
        parsed = undefined
      }
      if (!parsed) {
        release?.({status: 0, headers: res.headers})
        ctx.status = 502
        ctx.body = openAiError('The upstream answered something that is not JSON.', 'upstream_error')
        return
      }
      ctx.status = 200
      ctx.type = 'application/json'
      ctx.body = {...parsed, governance: g}
      const content = parsed.choices?.[0]?.message?.content
      report(parsed.usage, typeof content === 'string' ? content : '', (parsed.usage?.prompt_tokens ?? 0) + (parsed.usage?.completion_tokens ?? 0))
      return
    }

    // streaming: pass the bytes through as they come (backpressure by pipeline), and read usage and the text
    // on the side
    ctx.respond = false
    ctx.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-govtool-decision': g.decision,
      'x-govtool-work-item': g.work_item_id,
      'x-govtool-intent': g.intent,
      'server-timing': timing(upstreamMs),
    })
    let usage: Usage | undefined
    let text = ''
    const parser = createParser({
      onEvent(event) {
        if (event.data === '[DONE]') return
        try {
          const chunk = JSON.parse(event.data) as {usage?: Usage; choices?: Array<{delta?: {content?: unknown}}>}
          if (chunk.usage) usage = chunk.usage
          const piece = chunk.choices?.[0]?.delta?.content
          if (typeof piece === 'string' && text.length < 1_000_000) text += piece
        } catch {
          // a frame that is not JSON is passed through and not read
        }
      },
    })
    const decoder = new TextDecoder()
    res.on('data', (chunk: Buffer) => parser.feed(decoder.decode(chunk, {stream: true})))
    try {
      await pipeline(res, ctx.res)
      report(usage, text, usage ? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0) : undefined)
    } catch {
      // the client went away (the upstream is aborted with it) or the upstream stream broke off: end the
      // client's stream; an OpenAI client sees the stream end without [DONE]
      release?.({status: 0, headers: res.headers})
      if (!ctx.res.writableEnded) ctx.res.end()
      res.destroy()
    } finally {
      ctx.res.off('close', onClose)
    }
  }
}

/** A proxy error in the OpenAI shape (clients of /v1 read `error.message`), with the code's HTTP status. */
function sendOpenAiError(ctx: Koa.Context, error: unknown): void {
  const gov = error instanceof GovError ? error : new GovError((error as Error).message ?? String(error), {code: 'E_INPUT'})
  ctx.status = gov.status
  ctx.body = openAiError(gov.hint ? `${gov.message} ${gov.hint}` : gov.message, gov.status === 413 ? 'request_too_large' : 'invalid_request_error', gov.code)
}
