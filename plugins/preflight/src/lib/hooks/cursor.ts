/**
 * Cursor's agent hooks answered by the gate (`govtool hook cursor <event>`), following Cursor's hooks
 * documentation (https://cursor.com/docs/agent/hooks): Cursor runs the command from `.cursor/hooks.json`
 * with the event's JSON on stdin (common fields: hook_event_name, conversation_id, generation_id,
 * workspace_roots) and reads one JSON object from stdout:
 *
 * - beforeSubmitPrompt ({prompt}): `{"continue": false, "user_message": ...}` stops the prompt, `{"continue": true}` lets it go;
 * - beforeShellExecution ({command, cwd}), beforeMCPExecution ({tool_name, tool_input, url|command}):
 *   `{"permission": "allow"|"deny"|"ask", "user_message": ..., "agent_message": ...}`;
 * - beforeReadFile ({file_path, content}): `{"permission": "allow"|"deny"}`.
 *
 * Exit code 2 blocks the action like a deny; any other failure lets it through unless the hook is marked
 * `"failClosed": true`, which `govtool integrate cursor` writes, so a govtool that crashes, hangs past the
 * timeout or cannot start blocks too.
 *
 * The decisions are the Claude Code hooks' own (claude-code.ts): preflight on the prompt, the permission
 * profile, protected paths and carried secrets on a shell command or MCP call. Cursor cannot add context to a
 * prompt, so a request that needs clarification is stopped with the question shown to the user (the model
 * would never learn it must ask first). Cursor has no hook before a file edit, so a protected path written by
 * an edit is caught only at commit (the git hooks) and by verify; a read file's content carrying a secret is
 * denied before it reaches the model.
 */
import path from 'node:path'

import {GovError, type ProjectContext} from 'govtool/core'

import {checkTool} from '../permissions.js'
import {loadSnapshot} from '../snapshot.js'
import {preToolUse, userPromptSubmit, type HookCheck, type HookResult} from './claude-code.js'
import {secretsInCommand, secretsInContent, secretsReason, shownPath} from './secrets.js'

export const CURSOR_EVENTS = ['beforeSubmitPrompt', 'beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'] as const
export type CursorEvent = (typeof CURSOR_EVENTS)[number]

const CLIENT = 'cursor'

function inputError(message: string, hint: string): GovError {
  return new GovError(message, {code: 'E_HOOK_INPUT', hint})
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

function asObject(payload: unknown, event: CursorEvent): Record<string, unknown> {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw inputError(`The ${event} hook input is not a JSON object.`, 'Cursor sends one JSON object on stdin; run this command only as a hook.')
  }
  const p = payload as Record<string, unknown>
  if (p.hook_event_name !== undefined && p.hook_event_name !== event) {
    throw inputError(`The hook input is for ${String(p.hook_event_name)}, but this hook answers ${event}.`, `Register \`govtool hook cursor ${String(p.hook_event_name)}\` for that event (govtool integrate cursor writes them).`)
  }
  return p
}

/** Cursor's answer for a permission event. */
function permission(decision: 'allow' | 'deny' | 'ask', reason: string, withMessages = true): Record<string, unknown> {
  if (decision === 'allow') return {permission: 'allow'}
  return withMessages ? {permission: decision, user_message: reason, agent_message: reason} : {permission: decision}
}

/** Answers one Cursor hook event for the project. */
export async function cursorHook(ctx: ProjectContext, event: CursorEvent, payload: unknown): Promise<HookResult> {
  const p = asObject(payload, event)
  const sessionId = str(p.conversation_id)
  switch (event) {
    case 'beforeSubmitPrompt': {
      const prompt = str(p.prompt)
      if (prompt === undefined) throw inputError('The beforeSubmitPrompt hook input has no "prompt" string.', 'Cursor sends {"prompt": "...", "conversation_id": "...", ...}.')
      const r = await userPromptSubmit(ctx, {prompt, session_id: sessionId}, CLIENT)
      const clarify = r.preflight?.decision === 'needs_clarification'
      if (r.decision === 'block' || clarify) {
        const reason = clarify ? `govtool preflight: this request needs clarification before anything changes. ${r.preflight?.instruction ?? ''}`.trim() : r.reason
        return {...r, event, decision: 'block', reason, output: {continue: false, user_message: reason}}
      }
      return {...r, event, output: {continue: true}}
    }
    case 'beforeShellExecution': {
      const command = str(p.command)
      if (command === undefined) throw inputError('The beforeShellExecution hook input has no "command" string.', 'Cursor sends {"command": "...", "cwd": "...", ...}.')
      const r = await preToolUse(ctx, {tool_name: 'Bash', tool_input: {command}, cwd: str(p.cwd), session_id: sessionId}, CLIENT)
      return {...r, event, output: permission(r.decision === 'block' ? 'deny' : r.decision, r.reason)}
    }
    case 'beforeMCPExecution': {
      const tool = str(p.tool_name)
      if (!tool) throw inputError('The beforeMCPExecution hook input has no "tool_name".', 'Cursor sends {"tool_name": "...", "tool_input": ..., ...}.')
      // govtool's own server (registered by integrate) is the governance layer itself
      const own = /\bgovtool\b.*\bmcp\b.*\bserve\b/.test(str(p.command) ?? '')
      const input = p.tool_input
      const text = typeof input === 'string' ? input : JSON.stringify(input ?? {})
      const checks: HookCheck[] = []
      const carried = secretsInCommand(text, `the ${tool} arguments`)
      for (const s of carried) checks.push({kind: 'secret', subject: s.where, ok: false, detail: `line ${s.line}: ${s.kind}`})
      if (carried.length > 0) {
        const reason = secretsReason(carried, `this ${tool} call`)
        return {client: CLIENT, event, decision: 'deny', reason, checks, output: permission('deny', reason)}
      }
      if (own) {
        checks.push({kind: 'permission', subject: tool, ok: true, detail: "govtool's own governance tool"})
        return {client: CLIENT, event, decision: 'allow', reason: "govtool's own governance tool.", checks, output: permission('allow', '')}
      }
      const r = await preToolUse(ctx, {tool_name: tool, tool_input: typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}, session_id: sessionId}, CLIENT)
      return {...r, event, checks: [...checks, ...r.checks], output: permission(r.decision === 'block' ? 'deny' : r.decision, r.reason)}
    }
    case 'beforeReadFile': {
      const file = str(p.file_path)
      if (file === undefined) throw inputError('The beforeReadFile hook input has no "file_path".', 'Cursor sends {"file_path": "...", "content": "...", ...}.')
      const roots = Array.isArray(p.workspace_roots) ? p.workspace_roots.filter((r): r is string => typeof r === 'string' && path.isAbsolute(r)) : []
      const shown = shownPath(ctx.root, roots[0] ?? ctx.root, file)
      const snapshot = await loadSnapshot(ctx)
      const check = checkTool(snapshot.policy.permissions, 'read_file')
      const checks: HookCheck[] = [{kind: 'permission', subject: check.canonical, ok: check.allowed, detail: check.reason}]
      if (!check.allowed) {
        const reason = `Blocked by govtool: the agent permission profile does not allow reading files. ${check.reason}`
        return {client: CLIENT, event, decision: 'deny', reason, checks, output: permission('deny', reason, false)}
      }
      const carried = secretsInContent(str(p.content) ?? '', shown)
      for (const s of carried) checks.push({kind: 'secret', subject: s.where, ok: false, detail: `line ${s.line}: ${s.kind}`})
      if (carried.length > 0) {
        const reason = secretsReason(carried, `reading ${shown}`)
        return {client: CLIENT, event, decision: 'deny', reason, checks, output: permission('deny', reason, false)}
      }
      return {client: CLIENT, event, decision: 'allow', reason: 'No objection: the permission profile allows reading and the file carries no secret.', checks, output: permission('allow', '')}
    }
  }
}
