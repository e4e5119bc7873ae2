/**
 * The local model daemon's native chat API: `POST /api/chat` with `stream: true`, answered as NDJSON lines
 * `{message: {content, tool_calls}, done, prompt_eval_count, eval_count}`. Tool calls come whole (arguments
 * already an object) in the line that carries them.
 */
import {readNdjson} from '@govtool/plugin-ollama'
import {GovError} from 'govtool/core'

import {postJson} from './http.js'
import type {Backend, CallOptions, ChatMessage, ChatRequest, ToolCall} from './types.js'

/** A local 7B coder model: what `chat` asks the daemon for when no model is configured. */
export const DEFAULT_OLLAMA_MODEL = 'qwen2.5-coder:7b'

interface Line {
  message?: {content?: string; tool_calls?: {id?: string; function?: {name?: string; arguments?: unknown}}[]}
  done?: boolean
  done_reason?: string
  prompt_eval_count?: number
  eval_count?: number
  error?: string
}

function wireMessage(m: ChatMessage): Record<string, unknown> {
  if (m.role === 'assistant' && m.tool_calls?.length) return {role: 'assistant', content: m.content, tool_calls: m.tool_calls.map((c) => ({function: {name: c.name, arguments: c.args}}))}
  if (m.role === 'tool') return {role: 'tool', content: m.content, ...(m.name ? {tool_name: m.name} : {})}
  return {role: m.role, content: m.content}
}

export class OllamaBackend implements Backend {
  readonly provider = 'ollama' as const
  readonly free = true
  readonly label: string
  constructor(
    readonly baseUrl: string,
    readonly model: string,
    readonly contextWindow: number,
    private readonly timeoutMs: number,
  ) {
    this.label = `the local model daemon at ${baseUrl}`
  }

  async chat(request: ChatRequest, options: CallOptions) {
    const model = request.model ?? this.model
    const body: Record<string, unknown> = {model, messages: request.messages.map(wireMessage), stream: true, options: {num_ctx: this.contextWindow}}
    if (request.tools?.length) body.tools = request.tools.map((t) => ({type: 'function', function: {name: t.name, description: t.description, parameters: t.parameters}}))
    if (request.temperature !== undefined) (body.options as Record<string, unknown>).temperature = request.temperature
    const call = await postJson(`${this.baseUrl.replace(/\/+$/, '')}/api/chat`, body, {label: this.label, signal: options.signal, timeoutMs: this.timeoutMs})
    let text = ''
    const toolCalls: ToolCall[] = []
    let last: Line | undefined
    try {
      for await (const raw of readNdjson<Line>(call.response.body!)) {
        const line = raw && typeof raw === 'object' ? raw : {}
        if (line.error) throw new GovError(`${this.label} reported an error: ${line.error}.`, {code: 'E_MODEL_HTTP', hint: `Pull the model first: govtool ollama pull ${model}`})
        const content = line.message?.content
        if (content) {
          text += content
          options.onToken?.(content)
        }
        for (const tc of line.message?.tool_calls ?? []) {
          const args = tc.function?.arguments
          toolCalls.push({
            id: tc.id ?? `call_${toolCalls.length}`,
            name: tc.function?.name ?? '',
            args: args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : typeof args === 'string' ? {_raw: args} : {},
          })
        }
        if (line.done) last = line
      }
    } catch (error) {
      throw call.fail(error)
    }
    call.done()
    if (!last) throw call.fail(new Error('the stream ended before the done line'))
    return {
      model,
      text,
      tool_calls: toolCalls,
      usage: {input_tokens: last.prompt_eval_count ?? 0, output_tokens: last.eval_count ?? 0, cached_tokens: 0},
      finish_reason: toolCalls.length ? 'tool_calls' : (last.done_reason ?? 'stop'),
    }
  }
}
