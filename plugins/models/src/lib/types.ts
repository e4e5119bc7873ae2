/**
 * The model client's vocabulary, the same for every backend: messages in, a stream of tokens and normalised
 * tool calls out, usage on every call.
 */

export type Role = 'system' | 'user' | 'assistant' | 'tool'

/** A tool call the model asked for, normalised across backends (arguments parsed to an object). */
export interface ToolCall {
  id: string
  name: string
  args: Record<string, unknown>
}

export interface ChatMessage {
  role: Role
  content: string
  /** assistant messages: the tool calls it made */
  tool_calls?: ToolCall[]
  /** tool messages: the call this answers */
  tool_call_id?: string
  name?: string
}

/** A tool the model may call (JSON Schema parameters, as every backend takes them). */
export interface ToolSpec {
  name: string
  description: string
  parameters: Record<string, unknown>
}

export interface Usage {
  input_tokens: number
  output_tokens: number
  cached_tokens: number
}

export interface ChatRequest {
  messages: ChatMessage[]
  tools?: ToolSpec[]
  /** overrides the backend's model */
  model?: string
  temperature?: number
  max_tokens?: number
}

export interface ChatResponse {
  provider: string
  model: string
  text: string
  tool_calls: ToolCall[]
  usage: Usage
  /** stop, tool_calls, length, ... as the backend said */
  finish_reason: string
  /** HTTP attempts it took (1 without retries) */
  attempts: number
  duration_ms: number
}

export interface CallOptions {
  signal?: AbortSignal
  /** each piece of text as it streams */
  onToken?: (text: string) => void
}

export const PROVIDERS = ['stub', 'ollama', 'openai-compatible', 'anthropic', 'openai', 'google'] as const
export type ProviderId = (typeof PROVIDERS)[number]

/** One backend: a model endpoint speaking one protocol. */
export interface Backend {
  readonly provider: ProviderId
  readonly model: string
  /** the context window in tokens (what the context budget is computed from) */
  readonly contextWindow: number
  /** free local models cost nothing; hosted ones are priced by the credits price table */
  readonly free: boolean
  chat(request: ChatRequest, options: CallOptions & {attempt: number}): Promise<Omit<ChatResponse, 'attempts' | 'duration_ms' | 'provider'>>
}

export const ZERO_USAGE: Usage = {input_tokens: 0, output_tokens: 0, cached_tokens: 0}

/** A rough token count (4 characters a token), for budgets and pacing estimates. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4)
}

export function messagesTokens(messages: readonly ChatMessage[]): number {
  let n = 0
  for (const m of messages) n += 4 + estimateTokens(m.content) + (m.tool_calls ? estimateTokens(JSON.stringify(m.tool_calls)) : 0)
  return n
}
