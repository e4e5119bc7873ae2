/**
 * HTTP for the backends: one POST with a deadline and cancellation, errors that say which backend failed and
 * never carry a key. A 429 or 5xx answered before the body is a `RetryableStatus` the client retries.
 */
import {redactSecrets} from '@govtool/plugin-preflight'
import {GovError} from 'govtool/core'

/** A 429/5xx response: the client backs off (honouring retry-after) and tries again. */
export class RetryableStatus extends Error {
  readonly retryable = true
  constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly body: string,
  ) {
    super(`HTTP ${status}`)
  }
}

/** A RetryableStatus, also from another copy of this module (a bundle chunk, a second loader). */
export function isRetryable(error: unknown): error is RetryableStatus {
  return error instanceof RetryableStatus || (error instanceof Error && (error as {retryable?: unknown}).retryable === true && typeof (error as {status?: unknown}).status === 'number')
}

/** Secrets out of a text that may reach an error, an event or a file: known key values, then key shapes. */
export function scrub(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[REDACTED]')
  return redactSecrets(out)
}

export interface PostOptions {
  /** a name for errors: `ollama at http://127.0.0.1:11434` */
  label: string
  headers?: Record<string, string>
  signal?: AbortSignal
  /** ms for the whole call, stream included */
  timeoutMs: number
  secrets?: readonly (string | undefined)[]
}

/** A live call: the response and a signal that aborts on cancel or on the deadline, plus which one it was. */
export interface LiveCall {
  response: Response
  signal: AbortSignal
  /** turns an error thrown while reading the body into the right GovError */
  fail(error: unknown): GovError
  done(): void
}

export function callError(kind: 'cancel' | 'timeout', label: string, timeoutMs: number): GovError {
  return kind === 'cancel'
    ? new GovError(`The call to ${label} was cancelled.`, {code: 'E_MODEL_CANCELLED'})
    : new GovError(`${label} did not answer within ${Math.round(timeoutMs / 1000)} s.`, {code: 'E_MODEL_TIMEOUT', hint: 'Raise models.timeout_seconds in docs/GOVTOOL.yml, or use a smaller model.'})
}

export async function postJson(url: string, body: unknown, options: PostOptions): Promise<LiveCall> {
  const controller = new AbortController()
  let why: 'cancel' | 'timeout' | undefined
  const onAbort = () => {
    why ??= 'cancel'
    controller.abort()
  }
  if (options.signal?.aborted) throw callError('cancel', options.label, options.timeoutMs)
  options.signal?.addEventListener('abort', onAbort, {once: true})
  const timer = setTimeout(() => {
    why ??= 'timeout'
    controller.abort()
  }, options.timeoutMs)
  const done = () => {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
  }
  const fail = (error: unknown): GovError => {
    done()
    if (why) return callError(why, options.label, options.timeoutMs)
    if (error instanceof GovError) return error
    const detail = scrub(String((error as {cause?: {code?: string}})?.cause?.code ?? (error as Error)?.message ?? error), options.secrets)
    return new GovError(`The stream from ${options.label} broke off: ${detail}.`, {code: 'E_MODEL_PROTOCOL', hint: 'The backend closed the connection before the answer was complete; try again.'})
  }
  let response: Response
  try {
    response = await fetch(url, {method: 'POST', headers: {'content-type': 'application/json', ...options.headers}, body: JSON.stringify(body), signal: controller.signal})
  } catch (error) {
    done()
    if (why) throw callError(why, options.label, options.timeoutMs)
    const code = String((error as {cause?: {code?: string}})?.cause?.code ?? '')
    throw new GovError(`${options.label} cannot be reached${code ? ` (${code})` : ''}.`, {
      code: 'E_MODEL_UNREACHABLE',
      hint: 'Start the backend, fix its address, or choose another with --provider (stub needs no network).',
    })
  }
  if (response.status === 429 || response.status >= 500) {
    const text = await response.text().catch(() => '')
    done()
    throw new RetryableStatus(response.status, response.headers, scrub(text.slice(0, 300), options.secrets))
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '')
    done()
    throw new GovError(`${options.label} answered HTTP ${response.status}: ${scrub(text.slice(0, 300), options.secrets).trim() || response.statusText}.`, {
      code: 'E_MODEL_HTTP',
      hint: response.status === 401 || response.status === 403 ? 'Check the API key variable of this backend (TERMINAL_AI_API_KEY).' : response.status === 404 ? 'Check the model name and the base URL.' : undefined,
    })
  }
  if (!response.body) {
    done()
    throw new GovError(`${options.label} answered without a body.`, {code: 'E_MODEL_PROTOCOL'})
  }
  return {response, signal: controller.signal, fail, done}
}
