// SPDX-License-Identifier: AGPL-3.0-only
/**
 * Context fill of the agent pane (SPEC.md "Limits"): the share of the model's context window the next turn
 * would use. Before each turn: at 80% the conversation is compressed (a new session seeded with a summary of
 * the earlier turns); at 85% emergency compression keeps only a short summary; the request itself is cut so
 * the fill never reaches 100%.
 */
export const COMPRESS_AT = 0.8
export const EMERGENCY_AT = 0.85

export type Compression = 'none' | 'compress' | 'emergency'

/** Rough token count of a text (4 characters a token), for what the server has not counted yet. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4)

export function fill(usedTokens: number, contextWindow: number): number {
  if (!(contextWindow > 0)) return 0
  return Math.max(0, usedTokens) / contextWindow
}

/** What happens before the next turn, given the fill it would start at. */
export function compressionFor(nextFill: number): Compression {
  if (nextFill >= EMERGENCY_AT) return 'emergency'
  if (nextFill >= COMPRESS_AT) return 'compress'
  return 'none'
}

export interface TurnPlan {
  compression: Compression
  /** the message to send (cut when it alone would overflow the ceiling) */
  message: string
  /** start a new session (the compressed history goes in the message) */
  newSession: boolean
  /** fill the turn is expected to start at */
  expectedFill: number
}

/**
 * Plans the next turn. `history` is the tokens the session holds (the last turn's input plus its output),
 * `summaries` the one-line summaries of earlier turns, newest last.
 */
export function planTurn(options: {message: string; historyTokens: number; contextWindow: number; summaries: readonly string[]}): TurnPlan {
  const {contextWindow} = options
  const messageTokens = estimateTokens(options.message)
  const compression = compressionFor(fill(options.historyTokens + messageTokens, contextWindow))
  let prefix = ''
  if (compression === 'compress') prefix = `Summary of the conversation so far:\n${options.summaries.map((s) => `- ${s}`).join('\n')}\n\n`
  if (compression === 'emergency') prefix = options.summaries.length > 0 ? `Summary of the conversation so far:\n- ${options.summaries[options.summaries.length - 1]}\n\n` : ''
  // whatever the history, the request itself stays under the compression line (never near 100%)
  const budget = Math.floor(contextWindow * COMPRESS_AT) * 4
  let message = prefix + options.message
  if (message.length > budget) {
    prefix = prefix.slice(0, Math.floor(budget / 4))
    message = (prefix + options.message).slice(0, budget)
  }
  const history = compression === 'none' ? options.historyTokens : 0
  return {compression, message, newSession: compression !== 'none', expectedFill: fill(history + estimateTokens(message), contextWindow)}
}
