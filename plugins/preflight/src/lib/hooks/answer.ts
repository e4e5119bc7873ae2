/**
 * One entry for every agent hook govtool answers, whatever carries it: `govtool hook <client> <event>` (a
 * process per hook, the payload on stdin) and the governance server's `POST /hooks/<client>/<event>` (no
 * process). Both decide with the same code and fail closed the way the client understands: the CLI exits 2,
 * the server answers 200 with the client's blocking JSON (Claude Code treats a non-2xx answer, a refused
 * connection and a timeout of an HTTP hook as a non-blocking error, so an error status would let the action
 * through).
 */
import {GovError, isGovError, toGovError, type ProjectContext} from 'govtool/core'

import {CLAUDE_CODE_EVENTS, type ClaudeCodeEvent, type HookResult} from './claude-code.js'
import {CURSOR_EVENTS, type CursorEvent} from './cursor.js'

export const HOOK_EVENTS = {'claude-code': CLAUDE_CODE_EVENTS, cursor: CURSOR_EVENTS} as const
export type HookClient = keyof typeof HOOK_EVENTS

export function isHookEvent(client: HookClient, event: string): boolean {
  return (HOOK_EVENTS[client] as readonly string[]).includes(event)
}

/** Parses the hook JSON and decides; every failure is a GovError. */
export async function answerHook(ctx: ProjectContext, client: HookClient, event: string, text: string): Promise<HookResult> {
  if (!isHookEvent(client, event)) {
    throw new GovError(`${client} has no ${event} hook that govtool answers.`, {code: 'E_HOOK_INPUT', hint: `${client} events: ${HOOK_EVENTS[client].join(', ')}.`})
  }
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch (error) {
    throw new GovError(`The ${event} hook input is not JSON: ${(error as Error).message}.`, {code: 'E_HOOK_INPUT', hint: `The client sends one JSON object; ${text.trim() === '' ? 'nothing came' : 'check what was sent'}.`})
  }
  if (client === 'cursor') {
    const {cursorHook} = await import('./cursor.js')
    return cursorHook(ctx, event as CursorEvent, payload)
  }
  const {claudeCodeHook} = await import('./claude-code.js')
  return claudeCodeHook(ctx, event as ClaudeCodeEvent, payload)
}

/** Any failure to decide as the fail-closed E_HOOK_FAILED (exit 2), its reason naming what went wrong. */
export function hookFailure(event: string, error: unknown): GovError {
  if (isGovError(error) && error.exit === 2) return error
  const gov = toGovError(error)
  return new GovError(`govtool could not check this ${event}, so it is blocked: ${gov.message}`, {
    code: 'E_HOOK_FAILED',
    hint: gov.hint ?? 'Run the hook command by hand with the same input to see the problem; `govtool doctor` checks the project.',
    cause: error,
  })
}

/** The client's blocking answer for an event, as JSON (what the HTTP hook answers when it cannot decide). */
export function blockingOutput(client: HookClient, event: string, reason: string): Record<string, unknown> {
  if (client === 'cursor') return event === 'beforeSubmitPrompt' ? {continue: false, user_message: reason} : {permission: 'deny', user_message: reason, agent_message: reason}
  if (event === 'PreToolUse') return {hookSpecificOutput: {hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason}}
  // UserPromptSubmit: the prompt is blocked; Stop: like exit 2, the agent is kept from stopping and told why
  return {decision: 'block', reason}
}
