/**
 * Chat sessions: `.govtool/sessions/<id>/turns.jsonl`, one record per turn, appended under the kernel's lock
 * with a torn-line repair (a crash mid-append never corrupts earlier turns). The record keeps the older tool's
 * fields (role, utterance, profile, intent, reviewer_comment, parent_session, timestamp) and adds what replay
 * needs: the reply, the tool calls with their results, usage, provider and model.
 */
import {appendJsonl, ensureDir, readJsonl, validateId, type ProjectContext} from 'govtool/core'

import {timestamp} from './events.js'
import {messagesTokens, type ChatMessage, type Usage} from './types.js'

export interface TurnToolCall {
  name: string
  args: Record<string, unknown>
  ok: boolean
  /** the output the model saw, cut to 2,000 characters */
  output: string
}

export interface TurnRecord {
  role: 'user'
  utterance: string
  profile: string
  intent: string
  reviewer_comment: string | null
  parent_session: string | null
  timestamp: string
  decision: string
  work_item_id: string
  reply: string
  tool_calls: TurnToolCall[]
  usage: Usage
  provider: string
  model: string
  /** completed, not_accepted, failed, cancelled */
  status: string
}

export const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

export function sessionFile(ctx: ProjectContext, sessionId: string): string {
  validateId(sessionId, 'session id', SESSION_ID)
  return ctx.state('sessions', sessionId, 'turns.jsonl')
}

export async function readTurns(ctx: ProjectContext, sessionId: string): Promise<TurnRecord[]> {
  const file = sessionFile(ctx, sessionId)
  const {records} = await readJsonl<TurnRecord>(file, (v) => {
    const r = v as TurnRecord
    if (!r || typeof r !== 'object' || typeof r.utterance !== 'string') throw new Error('not a turn')
    return r
  })
  return records
}

export async function appendTurn(ctx: ProjectContext, sessionId: string, turn: Omit<TurnRecord, 'role' | 'timestamp'>): Promise<TurnRecord> {
  const file = sessionFile(ctx, sessionId)
  await ensureDir(ctx.state('sessions', sessionId))
  const record: TurnRecord = {role: 'user', timestamp: timestamp(), ...turn}
  await appendJsonl(file, [record])
  return record
}

/** The messages one past turn contributes to the context: the request, the tools it used, the reply. */
export function turnMessages(turn: TurnRecord): ChatMessage[] {
  const out: ChatMessage[] = [{role: 'user', content: turn.utterance}]
  if (turn.tool_calls.length) {
    const used = turn.tool_calls.map((c) => `- ${c.name}(${JSON.stringify(c.args).slice(0, 200)}): ${c.ok ? 'ok' : 'failed'}: ${c.output.slice(0, 300)}`).join('\n')
    out.push({role: 'assistant', content: `Tools used:\n${used}`})
  }
  if (turn.reply) out.push({role: 'assistant', content: turn.reply})
  else if (turn.status === 'not_accepted') out.push({role: 'assistant', content: `(governance did not accept this request: ${turn.decision})`})
  return out
}

export const COMPRESS_AT = 0.8
export const HARD_CEILING = 0.85

/**
 * The history that fits: the most recent turns whose messages keep the whole request under 80% of the
 * window (oldest dropped first, with a note saying how many). `fixed` is what is always sent (system prompt,
 * the new request); when that alone passes 85% the request is refused by the caller.
 */
export function fitHistory(turns: readonly TurnRecord[], fixed: readonly ChatMessage[], window: number): {messages: ChatMessage[]; dropped: number; fill: number} {
  const budget = Math.floor(window * COMPRESS_AT)
  let used = messagesTokens(fixed)
  const kept: ChatMessage[][] = []
  let i = turns.length - 1
  for (; i >= 0; i--) {
    const msgs = turnMessages(turns[i])
    const cost = messagesTokens(msgs)
    if (used + cost > budget) break
    used += cost
    kept.unshift(msgs)
  }
  const dropped = i + 1
  const messages = kept.flat()
  if (dropped > 0) {
    const note: ChatMessage = {role: 'system', content: `${dropped} earlier turn(s) of this session were left out to stay within the context window.`}
    messages.unshift(note)
    used += messagesTokens([note])
  }
  return {messages, dropped, fill: used / window}
}
