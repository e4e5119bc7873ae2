/**
 * Claude Code's hooks answered by the gate (`govtool hook claude-code <event>`). Claude Code runs the hook
 * command with the event's JSON on stdin and reads the answer from the exit code and stdout:
 *
 * - exit 0 with JSON on stdout: the decision fields below; exit 0 with nothing: no objection;
 * - exit 2: a blocking error, stderr is the reason (govtool's answer to any internal failure: fail closed);
 * - any other exit code is a non-blocking error Claude Code ignores, which is why no failure may end so.
 *
 * UserPromptSubmit runs preflight on the prompt: a blocked or rejected request is blocked (`decision:
 * "block"` with the instruction as the reason); an accepted one reaches the model with the decision as
 * `additionalContext`; one that needs clarification reaches it with the question, and write tools stay closed
 * until a later prompt of the session is accepted. PreToolUse checks the tool against the permission profile
 * and the protected paths (for Bash, what the command line writes or removes and the governed tools it uses):
 * `permissionDecision: "deny"` or `"ask"` with the reason, else no objection (Claude Code's own permission
 * rules still apply). Stop verifies the session's changes (git: everything since the session's first prompt,
 * untracked files included) and reports the verdict to the user (`systemMessage`); it does not keep the
 * agent working.
 */
import path from 'node:path'

import {GovError, type ProjectContext} from 'govtool/core'

import {checkTool, presetGranting, type PermissionProfile} from '../permissions.js'
import {BUILTIN_PROTECTED_PATHS} from '../policy/config.js'
import {preflight} from '../preflight.js'
import {loadSnapshot} from '../snapshot.js'
import type {Decision} from '../types.js'
import {verify} from '../verify/verify.js'
import {protectedAdvice, protectedHit, protectedSet, type ProtectedSet} from './protected.js'
import {headCommit, readSession, sessionChanges, writeSession, type SessionState} from './session.js'
import {secretsInCommand, secretsInContent, secretsReason, shownPath, type CarriedSecret} from './secrets.js'
import {analyseShell} from './shell.js'

export const CLAUDE_CODE_EVENTS = ['UserPromptSubmit', 'PreToolUse', 'Stop'] as const
export type ClaudeCodeEvent = (typeof CLAUDE_CODE_EVENTS)[number]

export type HookDecision = 'allow' | 'ask' | 'deny' | 'block'

export interface HookCheck {
  kind: 'permission' | 'protected_path' | 'session' | 'secret'
  /** the tool or path checked */
  subject: string
  ok: boolean
  detail: string
}

export interface HookResult {
  client: string
  event: string
  /** allow: no objection; deny/ask: a tool call refused or put to the user; block: a prompt refused */
  decision: HookDecision
  reason: string
  /** the JSON the client reads on stdout; null when nothing is printed (no objection) */
  output: Record<string, unknown> | null
  checks: HookCheck[]
  preflight?: {decision: Decision; work_item_id: string; requirement_ids: string[]; intent: string; instruction: string}
  verify?: {equilibrium: boolean; confidence: number; retry_strategy: string; summary: string; files_changed: string[]}
}

/** Claude Code's tools, as the permission profile names them; an empty list needs no permission. */
const CLAUDE_TOOLS: Record<string, {tools: string[]; writes?: 'file_path' | 'notebook_path'; shell?: boolean}> = {
  Read: {tools: ['read_file']},
  NotebookRead: {tools: ['read_file']},
  LS: {tools: ['list_files']},
  Glob: {tools: ['list_files']},
  Grep: {tools: ['search_files']},
  Write: {tools: ['write_file'], writes: 'file_path'},
  Edit: {tools: ['write_file'], writes: 'file_path'},
  MultiEdit: {tools: ['write_file'], writes: 'file_path'},
  NotebookEdit: {tools: ['write_file'], writes: 'notebook_path'},
  Bash: {tools: ['run_shell'], shell: true},
  WebFetch: {tools: ['open_url']},
  WebSearch: {tools: ['open_url']},
  // Claude Code's own bookkeeping and sub-agents (whose tool calls come through this hook themselves)
  Task: {tools: []},
  Agent: {tools: []},
  TodoWrite: {tools: []},
  TodoRead: {tools: []},
  ExitPlanMode: {tools: []},
  AskUserQuestion: {tools: []},
  BashOutput: {tools: []},
  KillShell: {tools: []},
  KillBash: {tools: []},
  SlashCommand: {tools: []},
  Skill: {tools: []},
  ListMcpResourcesTool: {tools: []},
  ReadMcpResourceTool: {tools: []},
}

/** govtool's own MCP tools (`integrate` registers the server as "govtool"): the governance layer itself. */
const OWN_MCP_TOOL = /^mcp__govtool__/

const CLIENT = 'claude-code'

function inputError(message: string, hint: string): GovError {
  return new GovError(message, {code: 'E_HOOK_INPUT', hint})
}

function asObject(payload: unknown, event: ClaudeCodeEvent): Record<string, unknown> {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw inputError(`The ${event} hook input is not a JSON object.`, 'Claude Code sends one JSON object on stdin; run this command only as a hook.')
  }
  const p = payload as Record<string, unknown>
  if (p.hook_event_name !== undefined && p.hook_event_name !== event) {
    throw inputError(`The hook input is for ${String(p.hook_event_name)}, but this hook answers ${event}.`, `Register \`govtool hook claude-code ${String(p.hook_event_name)}\` for that event (govtool integrate claude-code writes them).`)
  }
  return p
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** Answers one Claude Code hook event for the project. */
export async function claudeCodeHook(ctx: ProjectContext, event: ClaudeCodeEvent, payload: unknown): Promise<HookResult> {
  const p = asObject(payload, event)
  switch (event) {
    case 'UserPromptSubmit':
      return userPromptSubmit(ctx, p)
    case 'PreToolUse':
      return preToolUse(ctx, p)
    case 'Stop':
      return stop(ctx, p)
  }
}

export async function userPromptSubmit(ctx: ProjectContext, p: Record<string, unknown>, client = CLIENT): Promise<HookResult> {
  const prompt = str(p.prompt)
  if (prompt === undefined) throw inputError('The UserPromptSubmit hook input has no "prompt" string.', 'Claude Code sends {"prompt": "...", "session_id": "...", ...}.')
  const result = await preflight(ctx, prompt)
  const summary = {decision: result.decision, work_item_id: result.work_item_id, requirement_ids: result.requirement_ids, intent: result.intent, instruction: result.instruction}
  const base = {client, event: 'UserPromptSubmit', checks: [], preflight: summary}
  if (result.decision === 'blocked' || result.decision === 'rejected') {
    const reason = `govtool preflight ${result.decision} this request. ${result.instruction}`
    return {...base, decision: 'block', reason, output: {decision: 'block', reason}}
  }
  const sessionId = str(p.session_id)
  if (sessionId) {
    const previous = await readSession(ctx, client, sessionId)
    const state: SessionState = {
      session_id: sessionId,
      base: previous ? previous.base : ((await headCommit(ctx.root)) ?? null),
      decision: result.decision,
      work_item_id: result.work_item_id,
      requirement_ids: result.requirement_ids,
      intent: result.intent,
      instruction: result.instruction,
      updated_at: new Date().toISOString(),
    }
    await writeSession(ctx, client, state)
  }
  const scope = result.requirement_ids.length > 0 ? `; requirements ${result.requirement_ids.join(', ')}${result.test_case_ids.length > 0 ? `, tests ${result.test_case_ids.join(', ')}` : ''}` : ''
  const context =
    result.decision === 'accepted'
      ? `govtool preflight: accepted (work item ${result.work_item_id}, intent ${result.intent}${scope}). ${result.instruction}`
      : `govtool preflight: this request needs clarification before anything changes. Ask the user, and make no changes until a clarified request is accepted (file writes are refused until then). ${result.instruction}`
  return {
    ...base,
    decision: 'allow',
    reason: context,
    output: {hookSpecificOutput: {hookEventName: 'UserPromptSubmit', additionalContext: context}},
  }
}

export interface Finding {
  decision: 'deny' | 'ask'
  reason: string
}

function permissionFinding(profile: PermissionProfile, tool: string, label: string, checks: HookCheck[]): Finding | undefined {
  const check = checkTool(profile, tool)
  checks.push({kind: 'permission', subject: check.canonical, ok: check.allowed, detail: check.reason})
  if (check.allowed) return undefined
  const via = label === check.canonical ? '' : ` (${label} uses ${check.canonical})`
  return {
    decision: 'deny',
    reason: `Blocked by govtool: the agent permission profile does not allow this${via}. ${check.reason} The ${presetGranting(tool)} preset grants it; the profile is agent.permissions in docs/GOVTOOL.yml, and only the user changes it.`,
  }
}

function pathFinding(set: ProtectedSet, target: string, cwd: string | null, removal: boolean, via: string, checks: HookCheck[], decision: 'deny' | 'ask' = 'deny'): Finding | undefined {
  const hit = protectedHit(set, target, cwd, removal)
  if (!hit) return undefined
  checks.push({kind: 'protected_path', subject: target, ok: false, detail: `${hit} (${via})`})
  const verb = decision === 'deny' ? (removal ? 'removes' : 'writes') : 'names'
  return {
    decision,
    reason:
      decision === 'deny'
        ? `Blocked by govtool: this ${verb} ${hit}, a protected path (${via} ${target}). ${protectedAdvice(hit)}`
        : `govtool: ${via} is given ${hit}, a protected path; it may change it. Allow only if it leaves ${hit} unchanged. ${protectedAdvice(hit)}`,
  }
}

/** The new text a file tool writes: Write's content, Edit's new_string, MultiEdit's edits, NotebookEdit's new_source. */
function writtenSecrets(toolName: string, input: Record<string, unknown>, file: string): CarriedSecret[] {
  const texts: string[] = []
  for (const key of ['content', 'new_string', 'new_source']) {
    const v = str(input[key])
    if (v !== undefined) texts.push(v)
  }
  if (Array.isArray(input.edits)) for (const e of input.edits) if (e && typeof e === 'object' && typeof (e as {new_string?: unknown}).new_string === 'string') texts.push((e as {new_string: string}).new_string)
  return texts.flatMap((t) => secretsInContent(t, file))
}

/** A secret carried by a tool call: always a refusal. */
export function secretFinding(found: readonly CarriedSecret[], action: string, checks: HookCheck[]): Finding | undefined {
  for (const s of found) checks.push({kind: 'secret', subject: s.where, ok: false, detail: `line ${s.line}: ${s.kind}`})
  if (found.length === 0) return undefined
  return {decision: 'deny', reason: secretsReason(found, action)}
}

export async function preToolUse(ctx: ProjectContext, p: Record<string, unknown>, client = CLIENT): Promise<HookResult> {
  const toolName = str(p.tool_name)
  if (!toolName) throw inputError('The PreToolUse hook input has no "tool_name".', 'Claude Code sends {"tool_name": "Bash", "tool_input": {...}, ...}.')
  const toolInput = p.tool_input === undefined ? {} : p.tool_input
  if (toolInput === null || typeof toolInput !== 'object' || Array.isArray(toolInput)) throw inputError('The PreToolUse hook input\'s "tool_input" is not an object.', 'Claude Code sends the tool\'s arguments as an object.')
  const input = toolInput as Record<string, unknown>
  const cwdGiven = str(p.cwd)
  const cwd = cwdGiven && path.isAbsolute(cwdGiven) ? cwdGiven : ctx.root

  const snapshot = await loadSnapshot(ctx)
  const profile = snapshot.policy.permissions
  const set = protectedSet(ctx.root, [...BUILTIN_PROTECTED_PATHS, ...snapshot.policy.preflight.protected_paths])
  const checks: HookCheck[] = []
  const findings: Finding[] = []
  const add = (f: Finding | undefined) => void (f && findings.push(f))
  let changes = false

  const known = CLAUDE_TOOLS[toolName]
  if (OWN_MCP_TOOL.test(toolName)) {
    checks.push({kind: 'permission', subject: toolName, ok: true, detail: "govtool's own governance tool"})
  } else if (!known) {
    // another MCP server's tool, or a tool this version does not know: the profile decides by its name
    add(permissionFinding(profile, toolName, toolName, checks))
    changes = true
  } else {
    for (const tool of known.tools) add(permissionFinding(profile, tool, toolName, checks))
    if (known.writes) {
      const file = str(input[known.writes])
      if (file === undefined) throw inputError(`The ${toolName} tool input has no "${known.writes}".`, `Claude Code sends ${toolName} calls with "${known.writes}".`)
      changes = true
      add(pathFinding(set, file, cwd, false, toolName, checks))
      add(secretFinding(writtenSecrets(toolName, input, shownPath(ctx.root, cwd, file)), `this ${toolName}`, checks))
    }
    if (known.shell) {
      const command = str(input.command) ?? ''
      add(secretFinding(secretsInCommand(command), 'this command', checks))
      const shell = analyseShell(command, cwd)
      for (const tool of shell.tools) add(permissionFinding(profile, tool, `the command`, checks))
      for (const t of shell.targets) add(pathFinding(set, t.path, t.cwd, t.removal, t.via, checks))
      for (const m of shell.mentions) add(pathFinding(set, m.path, m.cwd, false, m.program, checks, 'ask'))
      changes = shell.targets.length > 0 || shell.tools.some((t) => t !== 'open_url')
    }
  }

  if (changes) {
    const session = await readSession(ctx, client, str(p.session_id))
    if (session && session.decision === 'needs_clarification') {
      checks.push({kind: 'session', subject: session.work_item_id, ok: false, detail: 'the latest prompt needs clarification'})
      add({decision: 'deny', reason: `Blocked by govtool: the latest request of this session needs clarification before anything changes. Ask the user first. ${session.instruction}`})
    } else {
      checks.push({kind: 'session', subject: session?.work_item_id ?? '-', ok: true, detail: session ? `latest prompt ${session.decision}` : 'no prompt checked in this session'})
    }
  }

  const denied = findings.filter((f) => f.decision === 'deny')
  const asked = findings.filter((f) => f.decision === 'ask')
  const base = {client, event: 'PreToolUse', checks}
  if (denied.length > 0 || asked.length > 0) {
    const decision = denied.length > 0 ? 'deny' : 'ask'
    const reason = [...new Set((denied.length > 0 ? denied : asked).map((f) => f.reason))].join(' ')
    return {...base, decision, reason, output: {hookSpecificOutput: {hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason}}}
  }
  return {...base, decision: 'allow', reason: 'No objection: the permission profile allows it and it writes no protected path.', output: null}
}

async function stop(ctx: ProjectContext, p: Record<string, unknown>): Promise<HookResult> {
  const session = await readSession(ctx, CLIENT, str(p.session_id))
  const base = {client: CLIENT, event: 'Stop', decision: 'allow' as const, checks: []}
  const changes = await sessionChanges(ctx.root, session?.base)
  if (!changes) {
    const reason = 'govtool verify: the project is not a git repository, so the session\'s changes are unknown.'
    return {...base, reason, output: {systemMessage: reason}}
  }
  if (changes.files.length === 0 && changes.diff.trim() === '') {
    const reason = 'govtool verify: no changes in this session.'
    return {...base, reason, output: {systemMessage: reason}}
  }
  const workItem = session && session.decision === 'accepted' ? session.work_item_id : undefined
  const result = await verify(
    ctx,
    {diff: changes.diff, files_changed: changes.files, logs: '', summary: str(p.last_assistant_message) ?? '', ...(workItem ? {work_item_id: workItem} : {})},
    {record: false},
  )
  const reason = `govtool verify${workItem ? ` (${workItem})` : ''}: ${result.summary}`
  return {
    ...base,
    reason,
    output: {systemMessage: reason},
    verify: {equilibrium: result.equilibrium, confidence: result.confidence, retry_strategy: result.retry_strategy, summary: result.summary, files_changed: result.files_changed},
  }
}
