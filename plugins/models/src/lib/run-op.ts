/** The operations' glue: chat's one turn and run's task and REPL, over the library. */
import {readFileSync} from 'node:fs'
import path from 'node:path'

import {InputError, type OperationContext, type OperationIO} from 'govtool/core'

import {NO_DECISIONS, StreamDecisions, type DecisionSource} from './decisions.js'
import {EventWriter, type ChatEvent} from './events.js'
import {humanSink} from './human.js'
import {scrub} from './http.js'
import {runChatTurn, type ChatProfile, type TurnResult} from './loop.js'
import {loadModelsConfig, selectBackend, type Selection} from './select.js'

export interface ChatInput {
  message: string
  session_id?: string
  parent_session?: string
  profile: ChatProfile
  comment?: string
  json_events: boolean
  interactive: boolean
  decision_timeout: number
  provider?: string
}

function version(root: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {version?: string}).version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}

export async function chatTurn(octx: OperationContext, input: ChatInput, io: OperationIO): Promise<TurnResult & {events: ChatEvent[]}> {
  const ctx = octx.project()
  const selection = await selectBackend({provider: input.provider, config: await loadModelsConfig(ctx)})
  const out = !io.json && input.json_events && io.stdout ? io.stdout : undefined
  const events = new EventWriter(out ? (line) => void out.write(line) : undefined, (t) => scrub(t, selection.secrets))
  const decisions: DecisionSource = input.interactive && octx.transport === 'cli' ? new StreamDecisions(process.stdin) : NO_DECISIONS
  try {
    const result = await runChatTurn(ctx, {
      message: input.message,
      profile: input.profile,
      session_id: input.session_id,
      parent_session: input.parent_session,
      comment: input.comment,
      decisions,
      interactive: decisions !== NO_DECISIONS,
      decision_timeout_ms: input.decision_timeout * 1000,
      selection,
      events,
      signal: io.signal,
      task: 'chat',
      version: version(octx.cliRoot),
    })
    return {...result, events: events.events}
  } finally {
    if (decisions instanceof StreamDecisions) {
      decisions.close()
      process.stdin.pause()
    }
  }
}

export interface RunInput {
  task?: string
  provider?: string
  profile: ChatProfile
  interactive: boolean
}

export async function runOperation(octx: OperationContext, input: RunInput, io: OperationIO): Promise<{turns: Omit<TurnResult, never>[]; session_id: string | null}> {
  const ctx = octx.project()
  const selection: Selection = await selectBackend({provider: input.provider, config: await loadModelsConfig(ctx)})
  const write = (text: string) => void (io.json ? undefined : io.stdout?.write(text))
  if (input.task !== undefined) {
    const events = new EventWriter(humanSink(write, () => true), (t) => scrub(t, selection.secrets))
    const turn = await runChatTurn(ctx, {message: input.task, profile: input.profile, decisions: NO_DECISIONS, decision_timeout_ms: 0, selection, events, signal: io.signal, task: 'run', version: version(octx.cliRoot)})
    return {turns: [turn], session_id: turn.session_id}
  }
  if (octx.transport !== 'cli' || io.json) {
    throw new InputError('run without --task is an interactive REPL: it needs a terminal, not JSON or HTTP.', {
      code: 'E_USAGE',
      hint: 'Give the task (--task "..." on the command line, {"task": "..."} over HTTP), or run govtool run in a terminal.',
    })
  }
  const {repl} = await import('./repl.js')
  return repl(ctx, selection, {profile: input.profile, version: version(octx.cliRoot), input: process.stdin, output: io.stdout ?? process.stdout})
}
