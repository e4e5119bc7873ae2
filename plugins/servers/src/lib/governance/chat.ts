/**
 * The OpenAI chat-completions shapes the governance proxy reads and writes: the request (validated only as
 * far as the gate needs, everything else passed through), the latest user message, and the completions and
 * stream chunks it answers with itself (a gated reply, the stub reply when no upstream is configured).
 */
import {randomBytes} from 'node:crypto'

import {GovError} from 'govtool/core'
import {z} from 'zod/v3'

const TextPart = z.object({type: z.literal('text'), text: z.string()}).passthrough()
const Content = z.union([z.string(), z.array(z.union([TextPart, z.object({type: z.string()}).passthrough()])), z.null()])

export const ChatRequestSchema = z
  .object({
    model: z.string().max(256).optional(),
    messages: z
      .array(z.object({role: z.string().max(64), content: Content.optional()}).passthrough())
      .min(1, 'messages must hold at least one message')
      .max(10_000),
    stream: z.boolean().optional(),
    stream_options: z.object({include_usage: z.boolean().optional()}).passthrough().optional(),
  })
  .passthrough()

export type ChatRequest = z.infer<typeof ChatRequestSchema>

/** Parses a chat-completions body; a bad one is a 400 naming the field. */
export function parseChatRequest(body: unknown): ChatRequest {
  const parsed = ChatRequestSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new GovError(`Invalid chat request: ${issue.path.join('.') || 'body'}: ${issue.message}.`, {
      code: 'E_INPUT',
      hint: 'Send an OpenAI chat-completions body: {"model": "...", "messages": [{"role": "user", "content": "..."}]}.',
    })
  }
  return parsed.data
}

/** The text of the last `user` message (string content, or the text parts of an array), or undefined. */
export function lastUserText(request: ChatRequest): string | undefined {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const message = request.messages[i]
    if (message.role !== 'user') continue
    const {content} = message
    if (typeof content === 'string') return content
    if (Array.isArray(content)) {
      return content
        .filter((p): p is z.infer<typeof TextPart> => p.type === 'text' && typeof (p as {text?: unknown}).text === 'string')
        .map((p) => p.text)
        .join('\n')
    }
    return ''
  }
  return undefined
}

export interface GovernanceInfo {
  decision: string
  work_item_id: string
  intent: string
  requirement_ids: string[]
  instruction: string
  confidence_target: number
}

export const completionId = (): string => `chatcmpl-${randomBytes(12).toString('hex')}`

/** A whole (non-streamed) chat completion carrying one assistant message. */
export function completion(options: {model: string; content: string; finishReason: string; governance: GovernanceInfo}): Record<string, unknown> {
  return {
    id: completionId(),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: options.model,
    choices: [{index: 0, message: {role: 'assistant', content: options.content, refusal: null}, logprobs: null, finish_reason: options.finishReason}],
    usage: {prompt_tokens: 0, completion_tokens: 0, total_tokens: 0},
    governance: options.governance,
  }
}

/** The same reply as a stream: role chunk, content chunk, finish chunk, [DONE] (SSE frames). */
export function completionStream(options: {model: string; content: string; finishReason: string; governance: GovernanceInfo; includeUsage: boolean}): string {
  const id = completionId()
  const created = Math.floor(Date.now() / 1000)
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({id, object: 'chat.completion.chunk', created, model: options.model, choices: [{index: 0, delta, logprobs: null, finish_reason: finish}], ...extra})}\n\n`
  let out = chunk({role: 'assistant', content: ''}, null) + chunk({content: options.content}, null) + chunk({}, options.finishReason, {governance: options.governance})
  if (options.includeUsage) {
    out += `data: ${JSON.stringify({id, object: 'chat.completion.chunk', created, model: options.model, choices: [], usage: {prompt_tokens: 0, completion_tokens: 0, total_tokens: 0}})}\n\n`
  }
  return `${out}data: [DONE]\n\n`
}

/** The assistant text of a gated reply: the decision and what to do. */
export function gatedText(g: GovernanceInfo): string {
  const scope = g.requirement_ids.length > 0 ? ` Scope: ${g.requirement_ids.join(', ')}.` : ''
  return `Governance ${g.decision} (work item ${g.work_item_id}, intent ${g.intent}).${scope} ${g.instruction}`
}

/** The assistant text of the stub reply (accepted, no upstream configured). */
export function stubText(g: GovernanceInfo): string {
  return `Governance accepted this request (work item ${g.work_item_id}, intent ${g.intent}). No upstream model is configured (TERMINAL_AI_BASE_URL is unset), so this is govtool's stub reply. ${g.instruction}`
}

/** An OpenAI-shaped error body. */
export function openAiError(message: string, type: string, code: string | null = null): {error: {message: string; type: string; param: null; code: string | null}} {
  return {error: {message, type, param: null, code}}
}
