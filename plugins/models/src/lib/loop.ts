/**
 * One governed chat turn: preflight, then the agent loop (model -> tool calls checked against
 * agent.permissions and the profile -> tool results -> model ...), events on the block protocol, the turn
 * appended to the session. `chat` runs one; `run` runs one per REPL line.
 */
import {GovError, type ProjectContext} from 'govtool/core'

import {ModelClient} from './client.js'
import type {DecisionSource} from './decisions.js'
import {EventWriter, newBlockId, newSessionId} from './events.js'
import {scrub} from './http.js'
import type {Selection} from './select.js'
import {HARD_CEILING, appendTurn, fitHistory, readTurns, type TurnToolCall} from './session.js'
import {AGENT_TOOLS, READ_TOOLS, TOOL_SPECS, applyWrite, proposeWrite, runTool, type ToolOutcome} from './tools.js'
import {messagesTokens, type ChatMessage, type ToolCall, type ToolSpec, type Usage} from './types.js'

type PreflightDecision = Awaited<ReturnType<typeof import('@govtool/plugin-preflight').preflight>>

export const PROFILES = ['safe', 'standard', 'yolo'] as const
export type ChatProfile = (typeof PROFILES)[number]
export const MAX_ROUNDS = 8
const AGENT = 'govtool'

export interface TurnOptions {
  message: string
  profile: ChatProfile
  session_id?: string
  parent_session?: string
  comment?: string
  decisions: DecisionSource
  decision_timeout_ms: number
  selection: Selection
  events: EventWriter
  signal?: AbortSignal
  /** credits task (`chat`, `run`) */
  task?: string
  version?: string
  /** someone answers the profile's questions (adds `decisions` to ready's capabilities) */
  interactive?: boolean
  /** emit `ready` (once per process: run's REPL emits it for the first turn only) */
  ready?: boolean
  /** a preflight decision already made for this message (the dispatcher's nodes): the turn does not run its own */
  decision?: PreflightDecision
  /** instructions put before the standard system prompt (a dispatcher role's prompt and its context) */
  system?: string
  /** the agent tools offered, a subset of AGENT_TOOLS (default all); agent.permissions still applies */
  agent_tools?: readonly string[]
  /** more tools (the dispatcher's compiler tools), run without asking; agent.permissions does not list them */
  extra_tools?: readonly ExtraTool[]
}

/** A tool beyond AGENT_TOOLS: its spec for the model and how it runs. */
export interface ExtraTool {
  spec: ToolSpec
  run(args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolOutcome>
}

export interface TurnResult {
  session_id: string
  parent_session: string | null
  provider: string
  model: string
  profile: ChatProfile
  decision: string
  work_item_id: string
  instruction: string
  success: boolean
  reply: string
  rounds: number
  tool_calls: TurnToolCall[]
  usage: Usage
  reviewer_comment: string | null
  status: 'completed' | 'not_accepted' | 'failed' | 'cancelled'
  dropped_turns: number
  /** the exit code of the turn: preflight's (2, 3) when not accepted, else 0 */
  exit_code: number
}

/** Parses `Plan:` followed by numbered lines out of a reply. */
export function parsePlan(text: string): {steps: {id: string; label: string}[]; rest: string} | undefined {
  const m = text.match(/^\s*Plan:\s*\n((?:\s*\d+[.)]\s+.+\n?)+)/i)
  if (!m) return undefined
  const steps = [...m[1].matchAll(/^\s*(\d+)[.)]\s+(.+)$/gm)].map((s) => ({id: `step-${s[1]}`, label: s[2].trim()}))
  return {steps, rest: text.slice(m[0].length).trim()}
}

function systemPrompt(ctx: ProjectContext, decision: {work_item_id: string; requirement_ids: string[]; instruction: string}, tools: string[], profile: ChatProfile): string {
  return [
    `You are the coding agent of the project at ${ctx.root}, governed by govtool.`,
    `Work item ${decision.work_item_id}; requirements in scope: ${decision.requirement_ids.join(', ') || 'none'}.`,
    `Governance instruction: ${decision.instruction}`,
    `Tools you may call (profile ${profile}): ${tools.join(', ') || 'none'}. Paths are relative to the project root; nothing outside it is reachable.`,
    'Start with "Plan:" and numbered steps when the task needs more than one step. Keep answers short.',
  ].join('\n')
}

export async function runChatTurn(ctx: ProjectContext, options: TurnOptions): Promise<TurnResult> {
  const {events, selection, profile} = options
  const sessionId = options.session_id ?? newSessionId()
  const parent = options.parent_session ?? null
  const secrets = selection.secrets
  const client = new ModelClient(selection, {project: ctx, task: options.task ?? 'chat', session_id: sessionId})
  const usage: Usage = {input_tokens: 0, output_tokens: 0, cached_tokens: 0}
  const toolLog: TurnToolCall[] = []
  const history = options.session_id ? await readTurns(ctx, sessionId) : []
  // the reviewer comment: --comment, else the comment of the last turn's rejected diff
  const reviewerComment = options.comment ?? history.at(-1)?.reviewer_comment ?? null
  let nextReviewerComment: string | null = options.comment ?? null

  const {loadPermissionProfile, checkTool, preflight} = await import('@govtool/plugin-preflight')
  const permissions = await loadPermissionProfile(ctx)
  const offered = options.agent_tools ? new Set(options.agent_tools) : undefined
  const allowedTools = AGENT_TOOLS.filter((t) => (!offered || offered.has(t)) && checkTool(permissions, t).allowed)
  const extra = new Map((options.extra_tools ?? []).map((t) => [t.spec.name, t]))

  if (options.ready !== false) {
    events.emit({
      type: 'ready',
      agent: AGENT,
      version: options.version ?? '0.0.0',
      project_dir: ctx.root,
      provider: client.provider,
      model: client.model,
      profile_id: profile,
      capabilities: ['tools', 'diff', 'plan', 'sessions', ...(options.interactive ? ['decisions'] : [])],
      session_id: sessionId,
    })
  }

  const decision = options.decision ?? (await preflight(ctx, options.message))
  events.emit({
    type: 'preflight',
    decision: decision.decision,
    instruction: decision.instruction,
    work_item_id: decision.work_item_id,
    intent: decision.intent,
    requirement_ids: decision.requirement_ids,
    test_case_ids: decision.test_case_ids,
  })
  const base = {session_id: sessionId, parent_session: parent, provider: client.provider, model: client.model, profile, decision: decision.decision, work_item_id: decision.work_item_id, instruction: decision.instruction}

  const finish = async (status: TurnResult['status'], reply: string, rounds: number, dropped: number, success: boolean, summary: string): Promise<TurnResult> => {
    await client.close()
    const cleanReply = scrub(reply, secrets)
    await appendTurn(ctx, sessionId, {
      utterance: scrub(options.message, secrets),
      profile,
      intent: decision.intent,
      reviewer_comment: nextReviewerComment,
      parent_session: parent,
      decision: decision.decision,
      work_item_id: decision.work_item_id,
      reply: cleanReply,
      tool_calls: toolLog,
      usage,
      provider: client.provider,
      model: client.model,
      status,
    })
    events.emit({
      type: 'task_complete',
      success,
      confidence: success ? decision.confidence_target : 0,
      summary: scrub(summary, secrets),
      profile,
      comments: nextReviewerComment ? [nextReviewerComment] : [],
      session_id: sessionId,
      parent_session: parent,
      provider: client.provider,
      model: client.model,
      usage,
    })
    events.emit({type: 'turn_done'})
    const {decisionExitCode} = await import('@govtool/plugin-preflight')
    return {...base, success, reply: cleanReply, rounds, tool_calls: toolLog, usage, reviewer_comment: nextReviewerComment, status, dropped_turns: dropped, exit_code: status === 'not_accepted' ? decisionExitCode(decision.decision) : 0}
  }

  if (decision.decision !== 'accepted') {
    const block = newBlockId()
    const text = `Governance ${decision.decision.replace('_', ' ')} (work item ${decision.work_item_id}): ${decision.instruction}`
    events.emit({type: 'block_start', block_id: block, kind: 'message', agent: AGENT, payload: {role: 'governance'}})
    events.emit({type: 'token', block_id: block, text})
    events.emit({type: 'block_complete', block_id: block, payload: {status: 'complete'}})
    return finish('not_accepted', '', 0, 0, false, text)
  }

  const standard = systemPrompt(ctx, decision, [...allowedTools, ...extra.keys()], profile)
  const system: ChatMessage = {role: 'system', content: options.system ? `${options.system}\n\n${standard}` : standard}
  const user: ChatMessage = {role: 'user', content: reviewerComment ? `${options.message}\n\nReviewer comment on the previous attempt: ${reviewerComment}` : options.message}
  const window = client.backend.contextWindow
  const fitted = fitHistory(history, [system, user], window)
  const messages: ChatMessage[] = [system, ...fitted.messages, user]
  if (fitted.dropped) events.emit({type: 'system', message: `${fitted.dropped} earlier turn(s) left out to keep the context under 80% of the ${window}-token window.`})
  const tools = [...allowedTools.map((t) => TOOL_SPECS[t]), ...[...extra.values()].map((t) => t.spec)]

  let reply = ''
  let rounds = 0
  try {
    for (; rounds < MAX_ROUNDS; rounds++) {
      if (messagesTokens(messages) > window * HARD_CEILING) {
        throw new GovError(`The request would fill more than 85% of the ${window}-token context window.`, {code: 'E_CONTEXT_FULL', hint: 'Start a new session, or ask for less at once.'})
      }
      const block = newBlockId()
      let opened = false
      const answer = await client.chat(
        {messages, tools},
        {
          signal: options.signal,
          onToken: (text) => {
            if (!opened) {
              events.emit({type: 'block_start', block_id: block, kind: 'message', agent: AGENT, payload: {role: 'assistant', round: rounds + 1}})
              opened = true
            }
            events.emit({type: 'token', block_id: block, text})
          },
        },
      )
      usage.input_tokens += answer.usage.input_tokens
      usage.output_tokens += answer.usage.output_tokens
      usage.cached_tokens += answer.usage.cached_tokens
      if (opened) events.emit({type: 'block_complete', block_id: block, payload: {status: 'complete', finish_reason: answer.finish_reason}})
      const plan = parsePlan(answer.text)
      let planBlock: string | undefined
      if (plan) {
        planBlock = newBlockId()
        events.emit({type: 'block_start', block_id: planBlock, kind: 'plan', agent: AGENT, payload: {steps: plan.steps}})
        for (const s of plan.steps) events.emit({type: 'plan_step', block_id: planBlock, step_id: s.id, status: 'pending', payload: {label: s.label}})
      }
      messages.push({role: 'assistant', content: answer.text, ...(answer.tool_calls.length ? {tool_calls: answer.tool_calls} : {})})
      if (answer.text.trim()) reply = plan?.rest || answer.text
      for (const call of answer.tool_calls) {
        const outcome = await handleTool(ctx, call, {...options, allowed: new Set(allowedTools), extra, permissions, checkTool}, (comment) => {
          nextReviewerComment ??= comment
        })
        toolLog.push({name: call.name, args: call.args, ok: outcome.ok, output: scrub(outcome.output, secrets).slice(0, 2000)})
        messages.push({role: 'tool', tool_call_id: call.id, name: call.name, content: outcome.output})
      }
      if (planBlock && plan) {
        for (const s of plan.steps) events.emit({type: 'plan_step', block_id: planBlock, step_id: s.id, status: 'complete', payload: {label: s.label}})
        events.emit({type: 'block_complete', block_id: planBlock, payload: {status: 'complete'}})
      }
      if (answer.tool_calls.length === 0) break
    }
  } catch (error) {
    const err = error instanceof GovError ? error : new GovError(String((error as Error)?.message ?? error), {code: 'E_MODEL_PROTOCOL'})
    const cancelled = err.code === 'E_MODEL_CANCELLED'
    events.emit({type: 'error', message: scrub(err.message, secrets), recoverable: cancelled, code: err.code})
    await finish(cancelled ? 'cancelled' : 'failed', reply, rounds, fitted.dropped, false, err.message)
    throw err
  }
  const failedTools = toolLog.filter((t) => !t.ok).length
  const summary = `${rounds + (rounds < MAX_ROUNDS ? 1 : 0)} model call(s), ${toolLog.length} tool call(s)${failedTools ? `, ${failedTools} denied or failed` : ''}.`
  return finish('completed', reply, rounds + 1, fitted.dropped, true, summary)
}

interface ToolContext extends TurnOptions {
  allowed: ReadonlySet<string>
  extra: ReadonlyMap<string, ExtraTool>
  permissions: Awaited<ReturnType<typeof import('@govtool/plugin-preflight').loadPermissionProfile>>
  checkTool: typeof import('@govtool/plugin-preflight').checkTool
}

/** One tool call: permission check, the profile's question, the diff review for writes, the run. */
async function handleTool(ctx: ProjectContext, call: ToolCall, t: ToolContext, onReject: (comment: string) => void): Promise<ToolOutcome> {
  const {events} = t
  const callBlock = newBlockId()
  events.emit({type: 'block_start', block_id: callBlock, kind: 'tool_call', agent: AGENT, payload: {name: call.name, args: call.args}})
  events.emit({type: 'tool_call', block_id: callBlock, name: call.name, args: call.args})
  const outcome = await decideAndRun(ctx, call, t, callBlock, onReject)
  events.emit({type: 'block_complete', block_id: callBlock, payload: {status: outcome.ok ? 'complete' : 'reject'}})
  const resultBlock = newBlockId()
  events.emit({type: 'block_start', block_id: resultBlock, kind: 'tool_result', agent: AGENT, payload: {name: call.name}})
  events.emit({type: 'tool_result', block_id: resultBlock, name: call.name, ok: outcome.ok, output: outcome.output})
  events.emit({type: 'block_complete', block_id: resultBlock, payload: {status: 'complete'}})
  return outcome
}

async function decideAndRun(ctx: ProjectContext, call: ToolCall, t: ToolContext, block: string, onReject: (comment: string) => void): Promise<ToolOutcome> {
  const {events} = t
  const extraTool = t.extra.get(call.name)
  if (extraTool) {
    try {
      return await extraTool.run(call.args, t.signal)
    } catch (error) {
      return {ok: false, output: `${call.name} failed: ${(error as Error).message}`}
    }
  }
  if (!(AGENT_TOOLS as readonly string[]).includes(call.name) || (t.agent_tools && !t.agent_tools.includes(call.name))) return {ok: false, output: `denied: ${call.name} is not a tool of this agent`}
  const check = t.checkTool(t.permissions, call.name)
  if (!check.allowed) return {ok: false, output: `denied by agent.permissions (preset ${t.permissions.preset}): ${call.name}`}
  const asks = t.profile === 'safe' || (t.profile === 'standard' && !READ_TOOLS.has(call.name) && call.name !== 'write_file')
  if (asks) {
    events.emit({type: 'tool_request', block_id: block, name: call.name, args: call.args})
    const d = await t.decisions.next('tool_decision', t.decision_timeout_ms, t.signal)
    if (!d.approved) return {ok: false, output: `denied by the user${d.note ? `: ${d.note}` : ''}`}
  }
  if (call.name !== 'write_file') return runTool(ctx, call.name, call.args, t.signal)
  const proposal = await proposeWrite(ctx.root, call.args)
  if ('error' in proposal) return {ok: false, output: proposal.error}
  const diffBlock = newBlockId()
  events.emit({type: 'block_start', block_id: diffBlock, kind: 'diff', agent: AGENT, payload: {path: proposal.rel, body: proposal.diff}})
  let accepted = true
  let note: string | undefined
  let timedOut = false
  if (t.profile !== 'yolo') {
    const d = await t.decisions.next('diff_decision', t.decision_timeout_ms, t.signal)
    accepted = d.approved
    note = d.note
    timedOut = Boolean(d.timedOut)
  }
  events.emit({type: 'block_complete', block_id: diffBlock, payload: {status: accepted ? 'accept' : timedOut ? 'timeout' : 'reject', ...(note ? {comment: note} : {})}})
  if (!accepted) {
    if (note && !timedOut) onReject(note)
    return {ok: false, output: `the diff for ${proposal.rel} was rejected${note ? `: ${note}` : ''}`}
  }
  return applyWrite(proposal)
}
