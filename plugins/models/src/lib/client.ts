/**
 * The model client every part uses (chat, run, the dispatcher, the servers): one backend, every call admitted
 * by the credits pacer under its provider/model profile and recorded in credits with its task, 429/5xx
 * retried with backoff honouring retry-after, cancellation and a deadline, keys scrubbed from errors.
 */
import type {Pacer} from '@govtool/plugin-credits'
import {GovError, isGovError, type ProjectContext} from 'govtool/core'

import {callError, isRetryable, scrub} from './http.js'
import type {Selection} from './select.js'
import {estimateTokens, messagesTokens, type Backend, type CallOptions, type ChatRequest, type ChatResponse, type Usage} from './types.js'

export interface ClientOptions {
  /** the project: credits are recorded in it and the pacer shares its window (none: no pacing, no records) */
  project?: ProjectContext
  /** what the calls are for, in credits (`chat`, `run`, `dispatch`) */
  task?: string
  session_id?: string
  /** a pacer to use instead of the project's */
  pacer?: Pacer
  /** ms before the first retry when the backend gives no retry-after (doubles each time; default 1000) */
  backoffMs?: number
  /** ms a retry-after may ask for at most (default 60 s) */
  maxDelayMs?: number
  random?: () => number
}

export interface CallRecord {
  usage: Usage
  estimated: boolean
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'))
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new Error('aborted'))
    }
    signal?.addEventListener('abort', onAbort, {once: true})
  })
}

/** The delay a 429/5xx asks for: retry-after-ms, retry-after (seconds or a date), else exponential backoff. */
export function retryDelay(headers: Headers, attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ms = headers.get('retry-after-ms')
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.min(maxMs, Number(ms))
  const after = headers.get('retry-after')?.trim()
  if (after) {
    if (/^\d+(\.\d+)?$/.test(after)) return Math.min(maxMs, Number(after) * 1000)
    const at = Date.parse(after)
    if (!Number.isNaN(at)) return Math.min(maxMs, Math.max(0, at - Date.now()))
  }
  const d = Math.min(maxMs, baseMs * 2 ** (attempt - 1))
  return d / 2 + random() * (d / 2)
}

export class ModelClient {
  readonly backend: Backend
  private pacer?: Pacer
  private pacerLoaded = false
  /** usage of every call this client made */
  readonly calls: CallRecord[] = []

  constructor(
    readonly selection: Selection,
    private readonly options: ClientOptions = {},
  ) {
    this.backend = selection.backend
    this.pacer = options.pacer
  }

  get provider(): string {
    return this.backend.provider
  }

  get model(): string {
    return this.backend.model
  }

  private async getPacer(): Promise<Pacer | undefined> {
    if (this.pacer || this.pacerLoaded || !this.options.project) return this.pacer
    this.pacerLoaded = true
    const {Pacer} = await import('@govtool/plugin-credits')
    this.pacer = await Pacer.forProject(this.options.project)
    return this.pacer
  }

  /** Settles the pacer's leases (call once when done). */
  async close(): Promise<void> {
    if (this.pacer && !this.options.pacer) await this.pacer.close()
  }

  async chat(request: ChatRequest, options: CallOptions = {}): Promise<ChatResponse> {
    const started = Date.now()
    const pacer = await this.getPacer()
    const provider = this.backend.provider
    const model = request.model ?? this.backend.model
    const random = this.options.random ?? Math.random
    const maxAttempts = this.selection.retries + 1
    const estimate = messagesTokens(request.messages) + (request.max_tokens ?? 1024)
    for (let attempt = 1; ; attempt++) {
      if (options.signal?.aborted) throw callError('cancel', provider, this.selection.timeoutMs)
      let ticket: Awaited<ReturnType<Pacer['acquire']>> | undefined
      try {
        ticket = await pacer?.acquire({provider, model, estimatedTokens: estimate, signal: options.signal})
      } catch (error) {
        if (options.signal?.aborted) throw callError('cancel', provider, this.selection.timeoutMs)
        throw error
      }
      let emitted = false
      try {
        const answer = await this.backend.chat(request, {
          ...options,
          attempt,
          onToken: (t) => {
            emitted = true
            options.onToken?.(t)
          },
        })
        if (options.signal?.aborted) throw callError('cancel', provider, this.selection.timeoutMs)
        let usage = answer.usage
        let estimated = false
        if (usage.input_tokens === 0 && usage.output_tokens === 0) {
          usage = {input_tokens: messagesTokens(request.messages), output_tokens: estimateTokens(answer.text + JSON.stringify(answer.tool_calls)), cached_tokens: 0}
          estimated = true
        }
        pacer?.onResponse({provider, model, status: 200})
        ticket?.release({tokensUsed: usage.input_tokens + usage.output_tokens})
        ticket = undefined
        const duration = Date.now() - started
        this.calls.push({usage, estimated})
        await this.record(usage, attempt, 200, duration)
        return {...answer, provider, usage, attempts: attempt, duration_ms: duration}
      } catch (error) {
        if (isRetryable(error)) {
          pacer?.onResponse({provider, model, status: error.status, headers: error.headers})
          ticket?.release({tokensUsed: 0})
          ticket = undefined
          if (attempt < maxAttempts && !emitted) {
            await sleep(retryDelay(error.headers, attempt, this.options.backoffMs ?? 1000, this.options.maxDelayMs ?? 60_000, random), options.signal).catch(() => {
              throw callError('cancel', provider, this.selection.timeoutMs)
            })
            continue
          }
          throw new GovError(`${provider} answered HTTP ${error.status} ${attempt} time(s)${error.body ? `: ${scrub(error.body, this.selection.secrets).slice(0, 200)}` : ''}.`, {
            code: 'E_MODEL_HTTP',
            hint: error.status === 429 ? 'The provider is rate limiting: lower the rate with govtool credits limits set, or wait.' : 'The backend failed; try again later.',
          })
        }
        // isGovError: a lazily imported backend (the SDK ones) may hold another copy of govtool/core
        if (isGovError(error)) {
          throw new GovError(scrub(error.message, this.selection.secrets), {code: error.code, hint: error.hint})
        }
        throw new GovError(`The call to ${provider} failed: ${scrub(String((error as Error)?.message ?? error), this.selection.secrets)}`, {code: 'E_MODEL_PROTOCOL'})
      } finally {
        ticket?.release({tokensUsed: 0})
      }
    }
  }

  private async record(usage: Usage, attempt: number, status: number, durationMs: number): Promise<void> {
    const project = this.options.project
    if (!project) return
    const {recordUsage} = await import('@govtool/plugin-credits')
    await recordUsage(project, {
      provider: this.backend.provider,
      model: this.backend.model,
      tokens_in: usage.input_tokens,
      tokens_out: usage.output_tokens,
      cached_tokens_in: usage.cached_tokens,
      task: this.options.task ?? 'chat',
      session_id: this.options.session_id,
      attempt,
      status,
      duration_seconds: Math.round(durationMs) / 1000,
      ...(this.backend.free ? {cost_usd: 0} : {}),
    })
  }
}
