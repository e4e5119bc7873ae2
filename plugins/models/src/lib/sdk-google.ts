/**
 * The hosted Gemini provider through Google's official SDK (`@google/genai`, an optional dependency loaded only
 * when GEMINI_API_KEY or GOOGLE_API_KEY is set or the provider is forced). `GOOGLE_GEMINI_BASE_URL` is passed
 * as the SDK's `httpOptions.baseUrl` (how tests point it at a local fake). `models.generateContentStream`
 * (`:streamGenerateContent?alt=sse`) is read chunk by chunk: text parts are tokens, functionCall parts are tool
 * calls (whole, with their args object), usageMetadata gives prompt, candidates and cached-content tokens. The
 * SDK's retries stay off (no retryOptions) so the paced client retries; its errors carry no headers, so a
 * wrapping fetch keeps the last failed response's headers for retry-after.
 */
import {GovError} from 'govtool/core'

import {sdkError} from './sdk-errors.js'
import type {Backend, CallOptions, ChatMessage, ChatRequest, ToolCall, Usage} from './types.js'

export const DEFAULT_GOOGLE_MODEL = 'gemini-2.5-flash'

export interface GeminiPart {
  text?: string
  thought?: boolean
  thoughtSignature?: string
  functionCall?: {id?: string; name?: string; args?: Record<string, unknown>}
  functionResponse?: {id?: string; name?: string; response?: Record<string, unknown>}
}

export interface GeminiChunk {
  candidates?: {content?: {role?: string; parts?: GeminiPart[]}; finishReason?: string}[]
  usageMetadata?: {promptTokenCount?: number; candidatesTokenCount?: number; cachedContentTokenCount?: number; thoughtsTokenCount?: number}
  promptFeedback?: {blockReason?: string}
}

type GoogleCtor = new (options: {apiKey: string; httpOptions?: {baseUrl?: string; fetch?: typeof fetch}}) => {
  models: {generateContentStream(params: {model: string; contents: unknown[]; config?: Record<string, unknown>}): Promise<AsyncIterable<GeminiChunk>>}
}

/** The SDK when it is installed, else undefined (a variable specifier keeps bundlers from requiring it). */
export async function loadGoogleSdk(): Promise<GoogleCtor | undefined> {
  const name = '@google/genai'
  try {
    return ((await import(name)) as {GoogleGenAI: GoogleCtor}).GoogleGenAI
  } catch {
    return undefined
  }
}

/**
 * The client's messages as Gemini contents: system text goes to systemInstruction; assistant turns are `model`
 * turns with functionCall parts (with the thought signature the model gave, when this process saw it); tool
 * answers are functionResponse parts of a user turn; consecutive turns of one role are merged.
 */
export function geminiContents(messages: readonly ChatMessage[], signatures: ReadonlyMap<string, string> = new Map()): {system: string; contents: {role: 'user' | 'model'; parts: GeminiPart[]}[]} {
  const system: string[] = []
  const names = new Map<string, string>()
  const contents: {role: 'user' | 'model'; parts: GeminiPart[]}[] = []
  const push = (role: 'user' | 'model', parts: GeminiPart[]) => {
    if (parts.length === 0) return
    const last = contents.at(-1)
    if (last?.role === role) last.parts.push(...parts)
    else contents.push({role, parts})
  }
  for (const m of messages) {
    if (m.role === 'system') {
      if (m.content) system.push(m.content)
    } else if (m.role === 'assistant') {
      const parts: GeminiPart[] = m.content ? [{text: m.content}] : []
      for (const c of m.tool_calls ?? []) {
        names.set(c.id, c.name)
        const signature = signatures.get(c.id)
        parts.push({functionCall: {id: c.id, name: c.name, args: c.args}, ...(signature ? {thoughtSignature: signature} : {})})
      }
      push('model', parts)
    } else if (m.role === 'tool') {
      const id = m.tool_call_id ?? ''
      push('user', [{functionResponse: {id, name: m.name ?? names.get(id) ?? 'tool', response: {output: m.content}}}])
    } else {
      push('user', [{text: m.content || ' '}])
    }
  }
  return {system: system.join('\n\n'), contents}
}

const FINISH: Readonly<Record<string, string>> = {STOP: 'stop', MAX_TOKENS: 'length'}

/** Joins the chunks of one generateContentStream. */
export class GeminiAccumulator {
  text = ''
  finish = ''
  blocked = ''
  readonly signatures = new Map<string, string>()
  private usage: Usage = {input_tokens: 0, output_tokens: 0, cached_tokens: 0}
  private readonly calls: ToolCall[] = []
  constructor(
    private readonly onToken?: (text: string) => void,
    private readonly callId: (i: number) => string = (i) => `call_${i}`,
  ) {}

  push(chunk: GeminiChunk): void {
    if (chunk.usageMetadata) {
      const u = chunk.usageMetadata
      // promptTokenCount includes the cached content; thinking tokens are billed as output
      this.usage = {input_tokens: u.promptTokenCount ?? 0, output_tokens: (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0), cached_tokens: u.cachedContentTokenCount ?? 0}
    }
    if (chunk.promptFeedback?.blockReason) this.blocked = chunk.promptFeedback.blockReason
    const candidate = chunk.candidates?.[0]
    for (const part of candidate?.content?.parts ?? []) {
      if (part.functionCall) {
        const id = part.functionCall.id || this.callId(this.calls.length)
        this.calls.push({id, name: part.functionCall.name ?? '', args: part.functionCall.args ?? {}})
        if (part.thoughtSignature) this.signatures.set(id, part.thoughtSignature)
      } else if (typeof part.text === 'string' && part.text && !part.thought) {
        this.text += part.text
        this.onToken?.(part.text)
      }
    }
    if (candidate?.finishReason) this.finish = candidate.finishReason
  }

  result(): {text: string; tool_calls: ToolCall[]; usage: Usage; finish_reason: string} {
    const finish = this.calls.length ? 'tool_calls' : (FINISH[this.finish] ?? (this.finish.toLowerCase() || 'stop'))
    return {text: this.text, tool_calls: [...this.calls], usage: this.usage, finish_reason: finish}
  }
}

export class GoogleSdkBackend implements Backend {
  readonly provider = 'google' as const
  readonly free = false
  readonly label = 'the Gemini API (@google/genai)'
  /** thought signatures of the function calls this backend saw, by call id (Gemini wants them back) */
  private readonly signatures = new Map<string, string>()
  private calls = 0
  constructor(
    private readonly Sdk: GoogleCtor,
    private readonly apiKey: string,
    readonly model: string,
    readonly contextWindow: number,
    private readonly timeoutMs: number,
    private readonly baseUrl?: string,
  ) {}

  async chat(request: ChatRequest, options: CallOptions) {
    let failedHeaders: Headers | undefined
    const trackingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      if (!response.ok) failedHeaders = response.headers
      return response
    }
    const client = new this.Sdk({apiKey: this.apiKey, httpOptions: {...(this.baseUrl ? {baseUrl: this.baseUrl} : {}), fetch: trackingFetch}})
    const model = request.model ?? this.model
    const {system, contents} = geminiContents(request.messages, this.signatures)
    const controller = new AbortController()
    let timedOut = false
    const onAbort = () => controller.abort()
    options.signal?.addEventListener('abort', onAbort, {once: true})
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, this.timeoutMs)
    const config: Record<string, unknown> = {abortSignal: controller.signal}
    if (system) config.systemInstruction = system
    if (request.tools?.length) config.tools = [{functionDeclarations: request.tools.map((t) => ({name: t.name, description: t.description, parametersJsonSchema: t.parameters}))}]
    if (request.max_tokens !== undefined) config.maxOutputTokens = request.max_tokens
    if (request.temperature !== undefined) config.temperature = request.temperature
    const round = ++this.calls
    const acc = new GeminiAccumulator(options.onToken, (i) => `call_${round}_${i}`)
    try {
      const stream = await client.models.generateContentStream({model, contents, config})
      for await (const chunk of stream) acc.push(chunk)
    } catch (error) {
      throw sdkError(error, {label: this.label, apiKey: this.apiKey, timeoutMs: this.timeoutMs, signal: options.signal, keyVar: 'GEMINI_API_KEY', baseVar: 'GOOGLE_GEMINI_BASE_URL', headers: failedHeaders, timedOut})
    } finally {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
    }
    if (acc.blocked && !acc.text && !acc.result().tool_calls.length) throw new GovError(`${this.label} refused the prompt (${acc.blocked}).`, {code: 'E_MODEL_HTTP'})
    if (!acc.finish) throw new GovError(`The stream from ${this.label} broke off before a finishReason.`, {code: 'E_MODEL_PROTOCOL', hint: 'The backend closed the connection before the answer was complete; try again.'})
    for (const [id, s] of acc.signatures) this.signatures.set(id, s)
    return {model, ...acc.result()}
  }
}
