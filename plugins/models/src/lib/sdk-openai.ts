/**
 * The hosted OpenAI provider through its official SDK (`openai`, an optional dependency loaded only when
 * OPENAI_API_KEY is set or the provider is forced). `OPENAI_BASE_URL` is honoured (the SDK reads it), which is
 * also how tests point it at a local fake. The SDK's own retries are off: the client retries, paced.
 */
import {GovError} from 'govtool/core'

import {RetryableStatus, callError, scrub} from './http.js'
import {ChunkAccumulator, wireMessage, type Chunk} from './openai.js'
import type {Backend, CallOptions, ChatRequest} from './types.js'

interface SdkError {
  status?: number
  headers?: Headers | Record<string, string>
  message?: string
  name?: string
  constructor: {name: string}
}

type OpenAICtor = new (options: {apiKey: string; baseURL?: string; maxRetries: number; timeout: number}) => {
  chat: {completions: {create(body: Record<string, unknown>, options: {signal?: AbortSignal}): Promise<AsyncIterable<Chunk>>}}
}

/** The SDK when it is installed, else undefined (a variable specifier keeps bundlers from requiring it). */
export async function loadOpenAISdk(): Promise<OpenAICtor | undefined> {
  const name = 'openai'
  try {
    return ((await import(name)) as {default: OpenAICtor}).default
  } catch {
    return undefined
  }
}

export class OpenAISdkBackend implements Backend {
  readonly provider = 'openai' as const
  readonly free = false
  readonly label = 'the OpenAI API (openai SDK)'
  constructor(
    private readonly Sdk: OpenAICtor,
    private readonly apiKey: string,
    readonly model: string,
    readonly contextWindow: number,
    private readonly timeoutMs: number,
    private readonly baseURL?: string,
  ) {}

  async chat(request: ChatRequest, options: CallOptions) {
    const client = new this.Sdk({apiKey: this.apiKey, maxRetries: 0, timeout: this.timeoutMs, ...(this.baseURL ? {baseURL: this.baseURL} : {})})
    const model = request.model ?? this.model
    const body: Record<string, unknown> = {model, messages: request.messages.map(wireMessage), stream: true, stream_options: {include_usage: true}}
    if (request.tools?.length) body.tools = request.tools.map((t) => ({type: 'function', function: {name: t.name, description: t.description, parameters: t.parameters}}))
    if (request.max_tokens !== undefined) body.max_tokens = request.max_tokens
    const acc = new ChunkAccumulator(options.onToken)
    try {
      const stream = await client.chat.completions.create(body, {signal: options.signal})
      for await (const chunk of stream) acc.push(chunk)
    } catch (error) {
      const e = error as SdkError
      const kind = e?.constructor?.name ?? ''
      if (options.signal?.aborted || kind === 'APIUserAbortError') throw callError('cancel', this.label, this.timeoutMs)
      if (kind === 'APIConnectionTimeoutError') throw callError('timeout', this.label, this.timeoutMs)
      if (typeof e?.status === 'number') {
        const headers = e.headers instanceof Headers ? e.headers : new Headers((e.headers as Record<string, string>) ?? {})
        if (e.status === 429 || e.status >= 500) throw new RetryableStatus(e.status, headers, scrub(String(e.message ?? ''), [this.apiKey]))
        throw new GovError(`${this.label} answered HTTP ${e.status}: ${scrub(String(e.message ?? ''), [this.apiKey])}.`, {code: 'E_MODEL_HTTP', hint: e.status === 401 ? 'Check OPENAI_API_KEY.' : undefined})
      }
      if (kind === 'APIConnectionError') throw new GovError(`${this.label} cannot be reached.`, {code: 'E_MODEL_UNREACHABLE', hint: 'Check the network or OPENAI_BASE_URL, or choose another --provider.'})
      throw new GovError(`The stream from ${this.label} broke off: ${scrub(String(e?.message ?? error), [this.apiKey])}.`, {code: 'E_MODEL_PROTOCOL'})
    }
    return {model, ...acc.result()}
  }
}
