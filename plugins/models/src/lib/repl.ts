/**
 * The `run` REPL (node:readline): each line is a request that goes through preflight and, when accepted,
 * the agent loop. /why toggles showing work_item_id, requirement_ids and test_case_ids; /help; /history;
 * /exit. Ctrl-C cancels the turn in flight and keeps the REPL; Ctrl-C at an empty prompt twice (or Ctrl-D)
 * leaves. Questions of the profile (approve a tool, accept a diff) are answered y/n on the next line.
 */
import {createInterface} from 'node:readline'

import type {ProjectContext} from 'govtool/core'

import type {Decision, DecisionSource} from './decisions.js'
import {EventWriter} from './events.js'
import {scrub} from './http.js'
import {runChatTurn, type ChatProfile, type TurnResult} from './loop.js'
import {humanSink} from './human.js'
import type {Selection} from './select.js'

export const REPL_HELP = `Type a request; governance preflights it and only accepted requests reach the agent.
  /why      toggle showing the work item, requirements and tests behind each decision
  /history  the requests of this session
  /help     this text
  /exit     leave (also Ctrl-D). Ctrl-C cancels the request in flight.
`

export interface ReplOptions {
  profile: ChatProfile
  version: string
  input: NodeJS.ReadableStream
  output: NodeJS.WritableStream
}

export async function repl(ctx: ProjectContext, selection: Selection, options: ReplOptions): Promise<{turns: TurnResult[]; session_id: string | null}> {
  const out = options.output
  const rl = createInterface({input: options.input, output: out, terminal: Boolean((out as {isTTY?: boolean}).isTTY), historySize: 200, prompt: 'govtool> '})
  const queue: string[] = []
  let wake: (() => void) | undefined
  let closed = false
  let inFlight: AbortController | undefined
  let interrupts = 0
  rl.on('line', (line) => {
    interrupts = 0
    queue.push(line)
    wake?.()
  })
  rl.on('close', () => {
    closed = true
    wake?.()
  })
  rl.on('SIGINT', () => {
    if (inFlight) {
      inFlight.abort()
      out.write('\n(cancelled)\n')
      return
    }
    interrupts++
    if (interrupts >= 2) return rl.close()
    out.write('\n(Ctrl-C again or /exit to leave)\n')
    rl.prompt()
  })
  const nextLine = async (): Promise<string | undefined> => {
    while (queue.length === 0) {
      if (closed) return undefined
      await new Promise<void>((resolve) => {
        wake = () => {
          wake = undefined
          resolve()
        }
      })
    }
    return queue.shift()
  }
  const decisions: DecisionSource = {
    async next(kind): Promise<Decision> {
      out.write(kind === 'tool_decision' ? 'approve this tool? [y/N] ' : 'accept this diff? [y/N, or a comment to reject] ')
      const line = (await nextLine())?.trim() ?? ''
      if (/^y(es)?$/i.test(line)) return {approved: true}
      return {approved: false, ...(line && !/^no?$/i.test(line) ? {note: line} : {})}
    },
  }
  let why = false
  const turns: TurnResult[] = []
  const history: string[] = []
  let sessionId: string | undefined
  out.write(`govtool run: ${selection.backend.provider} (${selection.backend.model}), profile ${options.profile}. /help for commands.\n`)
  try {
    while (true) {
      rl.prompt()
      const raw = await nextLine()
      if (raw === undefined) break
      const line = raw.trim()
      if (!line) continue
      if (line === '/exit' || line === '/quit') break
      if (line === '/help') {
        out.write(REPL_HELP)
        continue
      }
      if (line === '/why') {
        why = !why
        out.write(`why: ${why ? 'on' : 'off'}\n`)
        continue
      }
      if (line === '/history') {
        out.write(history.length ? history.map((h, i) => `${i + 1}. ${h}`).join('\n') + '\n' : '(no requests yet)\n')
        continue
      }
      if (line.startsWith('/')) {
        out.write(`Unknown command ${line}. /help lists them.\n`)
        continue
      }
      history.push(line)
      inFlight = new AbortController()
      const events = new EventWriter(humanSink((t) => void out.write(t), () => why), (t) => scrub(t, selection.secrets))
      try {
        const turn = await runChatTurn(ctx, {message: line, profile: options.profile, session_id: sessionId, decisions, decision_timeout_ms: 120_000, selection, events, signal: inFlight.signal, task: 'run', version: options.version, ready: false})
        sessionId = turn.session_id
        turns.push(turn)
      } catch (error) {
        // the error event was shown; the REPL goes on (a cancelled turn included)
        void error
      } finally {
        inFlight = undefined
      }
    }
  } finally {
    rl.close()
  }
  return {turns, session_id: sessionId ?? null}
}
