/**
 * What an official SDK threw, as the client's errors: a 429/5xx becomes a RetryableStatus (the paced client
 * retries it, honouring retry-after; every SDK's own retries are off), a cancel or deadline the client's
 * E_MODEL_CANCELLED / E_MODEL_TIMEOUT, a refused connection E_MODEL_UNREACHABLE naming the provider, anything
 * else a protocol error. The key is scrubbed from every message.
 */
import {GovError} from 'govtool/core'

import {RetryableStatus, callError, scrub} from './http.js'

export interface SdkErrorContext {
  /** `the Anthropic API (@anthropic-ai/sdk)` */
  label: string
  apiKey: string
  timeoutMs: number
  signal?: AbortSignal
  /** the variables to check, for hints: `ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL` */
  keyVar: string
  baseVar: string
  /** headers of the last failed response when the SDK's error does not carry them (@google/genai) */
  headers?: Headers
  /** true when our own deadline fired (SDKs that only see an aborted signal) */
  timedOut?: boolean
}

interface SdkError {
  status?: unknown
  headers?: Headers | Record<string, string>
  message?: unknown
  name?: unknown
  cause?: {code?: unknown}
  constructor?: {name?: string}
}

export function sdkError(error: unknown, ctx: SdkErrorContext): GovError | RetryableStatus {
  const e = (error ?? {}) as SdkError
  const kind = e.constructor?.name ?? ''
  const message = scrub(String(e.message ?? error), [ctx.apiKey])
  if (ctx.timedOut || kind === 'APIConnectionTimeoutError') return callError('timeout', ctx.label, ctx.timeoutMs)
  if (ctx.signal?.aborted || kind === 'APIUserAbortError' || e.name === 'AbortError') return callError('cancel', ctx.label, ctx.timeoutMs)
  if (typeof e.status === 'number') {
    const headers = e.headers instanceof Headers ? e.headers : e.headers ? new Headers(e.headers) : (ctx.headers ?? new Headers())
    if (e.status === 429 || e.status >= 500) return new RetryableStatus(e.status, headers, message.slice(0, 300))
    return new GovError(`${ctx.label} answered HTTP ${e.status}: ${message.slice(0, 300)}.`, {
      code: 'E_MODEL_HTTP',
      hint: e.status === 401 || e.status === 403 ? `Check ${ctx.keyVar}.` : e.status === 404 ? 'Check the model name.' : undefined,
    })
  }
  const code = typeof e.cause?.code === 'string' ? e.cause.code : ''
  if (kind === 'APIConnectionError' || code.startsWith('ECONN') || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || (kind === 'TypeError' && /fetch failed/.test(message))) {
    return new GovError(`${ctx.label} cannot be reached${code ? ` (${code})` : ''}.`, {code: 'E_MODEL_UNREACHABLE', hint: `Check the network or ${ctx.baseVar}, or choose another --provider.`})
  }
  return new GovError(`The stream from ${ctx.label} broke off: ${message.slice(0, 300)}.`, {code: 'E_MODEL_PROTOCOL', hint: 'The backend closed the connection before the answer was complete; try again.'})
}
