/**
 * The deterministic stub: no network, the same messages give the same answer. It answers with a plan, a
 * message and, when the request names an action one of the offered tools does, a tool call, so the whole
 * agent loop runs without a model. After a tool result it reports and stops.
 *
 * Requests it recognises: `read FILE`, `write FILE with TEXT` (also `create`), `run \`COMMAND\``,
 * `git status` / `status`, `diff`, `commit`, `open URL`.
 */
import type {Backend, CallOptions, ChatRequest, ToolCall} from './types.js'
import {estimateTokens, messagesTokens} from './types.js'

export const STUB_MODEL = 'govtool-stub-1'

function pick(text: string, offered: ReadonlySet<string>): ToolCall | undefined {
  const calls: [RegExp, string, (m: RegExpMatchArray) => Record<string, unknown>][] = [
    [/\b(?:write|create)\s+(?:the\s+)?(?:file\s+)?([\w./-]+\.\w+)(?:\s+(?:with|containing)\s+([\s\S]+))?/i, 'write_file', (m) => ({path: m[1], content: `${(m[2] ?? 'created by the govtool stub').trim()}\n`})],
    [/\bread\s+(?:the\s+)?(?:file\s+)?([\w./-]+)/i, 'read_file', (m) => ({path: m[1]})],
    [/\brun\s+`([^`]+)`/i, 'run_shell', (m) => ({command: m[1]})],
    [/\bcommit\b/i, 'git_commit', () => ({message: 'Change made by the govtool stub'})],
    [/\bopen\s+(https?:\/\/\S+)/i, 'open_url', (m) => ({url: m[1]})],
    [/\bdiff\b/i, 'git_diff', () => ({})],
    [/\bstatus\b/i, 'git_status', () => ({})],
  ]
  for (const [re, name, args] of calls) {
    const m = text.match(re)
    if (m && offered.has(name)) return {id: 'call_stub_1', name, args: args(m)}
  }
  return undefined
}

export function stubAnswer(request: ChatRequest): {text: string; tool_calls: ToolCall[]} {
  const last = request.messages.at(-1)
  if (last?.role === 'tool') {
    const first = last.content.split('\n').find((l) => l.trim()) ?? '(no output)'
    return {text: `Done: ${last.name ?? 'the tool'} answered. ${first.slice(0, 200)}`, tool_calls: []}
  }
  const user = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? ''
  const call = pick(user, new Set((request.tools ?? []).map((t) => t.name)))
  const steps = call ? ['Read the request and its governance scope', `Use ${call.name}`, 'Report the result'] : ['Read the request and its governance scope', 'Answer']
  const plan = `Plan:\n${steps.map((s, i) => `${i + 1}. ${s}`).join('\n')}`
  const message = call
    ? `I will use ${call.name} for this.`
    : `Stub reply (no model backend): I received ${JSON.stringify(user.slice(0, 120))}. Set OLLAMA_HOST or TERMINAL_AI_BASE_URL to talk to a real model.`
  return {text: `${plan}\n\n${message}`, tool_calls: call ? [call] : []}
}

export class StubBackend implements Backend {
  readonly provider = 'stub' as const
  readonly free = true
  readonly model = STUB_MODEL
  constructor(readonly contextWindow = 32_768) {}

  async chat(request: ChatRequest, options: CallOptions) {
    const {text, tool_calls} = stubAnswer(request)
    // streamed a word at a time, as a model would
    for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
      if (options.signal?.aborted) break
      options.onToken?.(piece)
    }
    return {
      model: this.model,
      text,
      tool_calls,
      usage: {input_tokens: messagesTokens(request.messages), output_tokens: estimateTokens(text), cached_tokens: 0},
      finish_reason: tool_calls.length ? 'tool_calls' : 'stop',
    }
  }
}
