/**
 * Any OpenAI-compatible endpoint: `POST {base}/chat/completions` with `stream: true` and
 * `stream_options.include_usage`, read as server-sent events (eventsource-parser). Tool-call deltas are
 * joined by index; the usage chunk (choices empty) gives input, output and cached tokens.
 */
import {GovError} from 'govtool/core'

import {postJson} from './http.js'
import type {Backend, CallOptions, ChatMessage, ChatRequest, ToolCall, Usage} from './types.js'

export interface OpenAIOptions {
  baseUrl: string
  apiKey?: string
  model: string
  contextWindow: number
  timeoutMs: number
}

export interface Chunk {
  choices?: {delta?: {content?: string | null; tool_calls?: {index?: number; id?: string; function?: {name?: string; arguments?: string}}[]}; finish_reason?: string | null}[]
  usage?: {prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: {cached_tokens?: number}} | null
  error?: {message?: string}
}

export function wireMessage(m: ChatMessage): Record<string, unknown> {
  if (m.role === 'tool') return {role: 'tool', tool_call_id: m.tool_call_id, content: m.content}
  if (m.role === 'assistant' && m.tool_calls?.length) {
    return {role: 'assistant', content: m.content || null, tool_calls: m.tool_calls.map((c) => ({id: c.id, type: 'function', function: {name: c.name, arguments: JSON.stringify(c.args)}}))}
  }
  return {role: m.role, content: m.content}
}

export function parseArgs(text: string): Record<string, unknown> {
  if (!text.trim()) return {}
  try {
    const value = JSON.parse(text) as unknown
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {value}
  } catch {
    return {_raw: text}
  }
}

export class OpenAICompatibleBackend implements Backend {
  readonly provider = 'openai-compatible' as const
  readonly model: string
  readonly contextWindow: number
  readonly free: boolean
  readonly label: string
  constructor(private readonly options: OpenAIOptions) {
    this.model = options.model
    this.contextWindow = options.contextWindow
    const host = new URL(options.baseUrl).hostname
    this.free = host === '127.0.0.1' || host === 'localhost' || host === '::1' || host === '[::1]'
    this.label = `the OpenAI-compatible endpoint ${new URL(options.baseUrl).origin}`
  }

  async chat(request: ChatRequest, options: CallOptions) {
    const {createParser} = await import('eventsource-parser')
    const base = this.options.baseUrl.replace(/\/+$/, '')
    const model = request.model ?? this.model
    const body: Record<string, unknown> = {model, messages: request.messages.map(wireMessage), stream: true, stream_options: {include_usage: true}}
    if (request.tools?.length) body.tools = request.tools.map((t) => ({type: 'function', function: {name: t.name, description: t.description, parameters: t.parameters}}))
    if (request.temperature !== undefined) body.temperature = request.temperature
    if (request.max_tokens !== undefined) body.max_tokens = request.max_tokens
    const call = await postJson(`${base}/chat/completions`, body, {
      label: this.label,
      headers: this.options.apiKey ? {authorization: `Bearer ${this.options.apiKey}`, accept: 'text/event-stream'} : {accept: 'text/event-stream'},
      signal: options.signal,
      timeoutMs: this.options.timeoutMs,
      secrets: [this.options.apiKey],
    })
    const acc = new ChunkAccumulator(options.onToken)
    let finished = false
    let protocolError: GovError | undefined
    const parser = createParser({
      onEvent: (event) => {
        if (event.data === '[DONE]') {
          finished = true
          return
        }
        let chunk: Chunk
        try {
          chunk = JSON.parse(event.data) as Chunk
        } catch {
          protocolError ??= new GovError(`${this.label} sent an event that is not JSON.`, {code: 'E_MODEL_PROTOCOL'})
          return
        }
        if (chunk.error) {
          protocolError ??= new GovError(`${this.label} reported an error: ${String(chunk.error.message ?? 'unknown')}.`, {code: 'E_MODEL_HTTP'})
          return
        }
        acc.push(chunk)
      },
    })
    const decoder = new TextDecoder()
    try {
      const reader = call.response.body!.getReader()
      while (true) {
        const {done, value} = await reader.read()
        if (done) break
        parser.feed(decoder.decode(value, {stream: true}))
        if (protocolError) break
      }
    } catch (error) {
      throw call.fail(error)
    }
    call.done()
    if (protocolError) throw protocolError
    if (!finished && !acc.finish) throw call.fail(new Error('the stream ended before [DONE]'))
    return {model, ...acc.result()}
  }
}

/** Joins the chunks of a streamed chat completion (the wire format and the openai SDK's chunks alike). */
export class ChunkAccumulator {
  text = ''
  finish = ''
  usage: Usage | undefined
  private readonly calls = new Map<number, {id: string; name: string; args: string}>()
  constructor(private readonly onToken?: (text: string) => void) {}

  push(chunk: Chunk): void {
    if (chunk.usage) {
      this.usage = {input_tokens: chunk.usage.prompt_tokens ?? 0, output_tokens: chunk.usage.completion_tokens ?? 0, cached_tokens: chunk.usage.prompt_tokens_details?.cached_tokens ?? 0}
    }
    for (const choice of chunk.choices ?? []) {
      const delta = choice.delta
      if (delta?.content) {
        this.text += delta.content
        this.onToken?.(delta.content)
      }
      for (const tc of delta?.tool_calls ?? []) {
        const index = tc.index ?? 0
        const slot = this.calls.get(index) ?? {id: '', name: '', args: ''}
        if (tc.id) slot.id = tc.id
        if (tc.function?.name) slot.name += tc.function.name
        if (tc.function?.arguments) slot.args += tc.function.arguments
        this.calls.set(index, slot)
      }
      if (choice.finish_reason) this.finish = choice.finish_reason
    }
  }

  result(): {text: string; tool_calls: ToolCall[]; usage: Usage; finish_reason: string} {
    const toolCalls: ToolCall[] = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([i, c]) => ({id: c.id || `call_${i}`, name: c.name, args: parseArgs(c.args)}))
    return {
      text: this.text,
      tool_calls: toolCalls,
      usage: this.usage ?? {input_tokens: 0, output_tokens: 0, cached_tokens: 0},
      finish_reason: this.finish || (toolCalls.length ? 'tool_calls' : 'stop'),
    }
  }
}
