/**
 * The hosted Anthropic provider through its official SDK (`@anthropic-ai/sdk`, an optional dependency loaded
 * only when ANTHROPIC_API_KEY is set or the provider is forced). `ANTHROPIC_BASE_URL` is passed as the SDK's
 * `baseURL` (how tests point it at a local fake). A streamed `messages.create` is read event by event:
 * message_start (input and cache usage), content_block_start (a tool_use block's id and name),
 * content_block_delta (text_delta tokens, input_json_delta argument pieces), message_delta (stop reason, output
 * usage). The SDK's own retries are off: the client retries, paced.
 */
import {GovError} from 'govtool/core'

import {parseArgs} from './openai.js'
import {sdkError} from './sdk-errors.js'
import type {Backend, CallOptions, ChatMessage, ChatRequest, ToolCall, Usage} from './types.js'

/** a current model the pinned SDK does not list as deprecated (it warns on stderr for those) */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-6'

/** The raw stream events this backend reads (a subset of the SDK's RawMessageStreamEvent). */
export interface AnthropicEvent {
  type: string
  index?: number
  message?: {model?: string; usage?: AnthropicUsage}
  content_block?: {type?: string; id?: string; name?: string; text?: string}
  delta?: {type?: string; text?: string; partial_json?: string; stop_reason?: string | null}
  usage?: AnthropicUsage
}

interface AnthropicUsage {
  input_tokens?: number | null
  output_tokens?: number | null
  cache_read_input_tokens?: number | null
  cache_creation_input_tokens?: number | null
}

type AnthropicCtor = new (options: {apiKey: string; baseURL?: string; maxRetries: number; timeout: number}) => {
  messages: {create(body: Record<string, unknown>, options: {signal?: AbortSignal}): Promise<AsyncIterable<AnthropicEvent>>}
}

/** The SDK when it is installed, else undefined (a variable specifier keeps bundlers from requiring it). */
export async function loadAnthropicSdk(): Promise<AnthropicCtor | undefined> {
  const name = '@anthropic-ai/sdk'
  try {
    return ((await import(name)) as {default: AnthropicCtor}).default
  } catch {
    return undefined
  }
}

type Block = Record<string, unknown>

/**
 * The client's messages in the Messages API's shape: system text goes to `system`; an assistant's tool calls
 * become tool_use blocks; tool answers become tool_result blocks of a user turn; consecutive turns of one role
 * are merged (the API wants user and assistant to alternate).
 */
export function anthropicMessages(messages: readonly ChatMessage[]): {system: string; messages: {role: 'user' | 'assistant'; content: Block[]}[]} {
  const system: string[] = []
  const out: {role: 'user' | 'assistant'; content: Block[]}[] = []
  const push = (role: 'user' | 'assistant', blocks: Block[]) => {
    if (blocks.length === 0) return
    const last = out.at(-1)
    if (last?.role === role) last.content.push(...blocks)
    else out.push({role, content: blocks})
  }
  for (const m of messages) {
    if (m.role === 'system') {
      if (m.content) system.push(m.content)
    } else if (m.role === 'tool') {
      push('user', [{type: 'tool_result', tool_use_id: m.tool_call_id ?? '', content: m.content || '(empty)'}])
    } else if (m.role === 'assistant') {
      const blocks: Block[] = m.content ? [{type: 'text', text: m.content}] : []
      for (const c of m.tool_calls ?? []) blocks.push({type: 'tool_use', id: c.id, name: c.name, input: c.args})
      push('assistant', blocks)
    } else {
      push('user', [{type: 'text', text: m.content || ' '}])
    }
  }
  return {system: system.join('\n\n'), messages: out}
}

const STOP: Readonly<Record<string, string>> = {end_turn: 'stop', stop_sequence: 'stop', tool_use: 'tool_calls', max_tokens: 'length'}

/** Joins the raw stream events of one message. */
export class AnthropicAccumulator {
  text = ''
  stop = ''
  started = false
  stopped = false
  private usage: Required<{[K in keyof AnthropicUsage]: number}> = {input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0}
  private readonly calls = new Map<number, {id: string; name: string; args: string}>()
  constructor(private readonly onToken?: (text: string) => void) {}

  private addUsage(u: AnthropicUsage | undefined): void {
    if (!u) return
    for (const k of Object.keys(this.usage) as (keyof AnthropicUsage)[]) if (typeof u[k] === 'number') this.usage[k] = u[k]
  }

  push(event: AnthropicEvent): void {
    switch (event.type) {
      case 'message_start':
        this.started = true
        this.addUsage(event.message?.usage)
        break
      case 'content_block_start':
        if (event.content_block?.type === 'tool_use') this.calls.set(event.index ?? 0, {id: event.content_block.id ?? '', name: event.content_block.name ?? '', args: ''})
        else if (event.content_block?.type === 'text' && event.content_block.text) this.token(event.content_block.text)
        break
      case 'content_block_delta':
        if (event.delta?.type === 'text_delta' && event.delta.text) this.token(event.delta.text)
        else if (event.delta?.type === 'input_json_delta') {
          const slot = this.calls.get(event.index ?? 0)
          if (slot) slot.args += event.delta.partial_json ?? ''
        }
        break
      case 'message_delta':
        if (event.delta?.stop_reason) this.stop = event.delta.stop_reason
        this.addUsage(event.usage)
        break
      case 'message_stop':
        this.stopped = true
        break
      default:
    }
  }

  private token(text: string): void {
    this.text += text
    this.onToken?.(text)
  }

  result(): {text: string; tool_calls: ToolCall[]; usage: Usage; finish_reason: string} {
    const toolCalls = [...this.calls.entries()].sort(([a], [b]) => a - b).map(([i, c]) => ({id: c.id || `toolu_${i}`, name: c.name, args: parseArgs(c.args)}))
    const u = this.usage
    return {
      text: this.text,
      tool_calls: toolCalls,
      // the API counts cached prompt tokens apart from input_tokens; the client's input includes them (cached is a subset)
      usage: {input_tokens: u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens, output_tokens: u.output_tokens, cached_tokens: u.cache_read_input_tokens},
      finish_reason: STOP[this.stop] ?? (this.stop || (toolCalls.length ? 'tool_calls' : 'stop')),
    }
  }
}

export class AnthropicSdkBackend implements Backend {
  readonly provider = 'anthropic' as const
  readonly free = false
  readonly label = 'the Anthropic API (@anthropic-ai/sdk)'
  constructor(
    private readonly Sdk: AnthropicCtor,
    private readonly apiKey: string,
    readonly model: string,
    readonly contextWindow: number,
    private readonly timeoutMs: number,
    private readonly baseURL?: string,
  ) {}

  async chat(request: ChatRequest, options: CallOptions) {
    const client = new this.Sdk({apiKey: this.apiKey, maxRetries: 0, timeout: this.timeoutMs, ...(this.baseURL ? {baseURL: this.baseURL} : {})})
    const model = request.model ?? this.model
    const {system, messages} = anthropicMessages(request.messages)
    const body: Record<string, unknown> = {model, max_tokens: request.max_tokens ?? 4096, messages, stream: true}
    if (system) body.system = system
    if (request.tools?.length) body.tools = request.tools.map((t) => ({name: t.name, description: t.description, input_schema: t.parameters}))
    if (request.temperature !== undefined) body.temperature = request.temperature
    const acc = new AnthropicAccumulator(options.onToken)
    const ctx = {label: this.label, apiKey: this.apiKey, timeoutMs: this.timeoutMs, signal: options.signal, keyVar: 'ANTHROPIC_API_KEY', baseVar: 'ANTHROPIC_BASE_URL'}
    try {
      const stream = await client.messages.create(body, {signal: options.signal})
      for await (const event of stream) acc.push(event)
    } catch (error) {
      throw sdkError(error, ctx)
    }
    // the SDK ends an aborted stream quietly
    if (options.signal?.aborted) throw sdkError(new Error('aborted'), ctx)
    if (!acc.started || !acc.stopped) throw new GovError(`The stream from ${this.label} broke off before message_stop.`, {code: 'E_MODEL_PROTOCOL', hint: 'The backend closed the connection before the answer was complete; try again.'})
    return {model, ...acc.result()}
  }
}
