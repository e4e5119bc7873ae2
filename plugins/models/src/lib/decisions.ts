/**
 * Stdin decisions of `chat --interactive`: one JSON line each, `{"type":"tool_decision","decision":"approve"|
 * "deny","reason":...}` or `{"type":"diff_decision","decision":"accept"|"reject","comment":...}`. No decision
 * before the timeout is a deny. A line that is not such a decision is an error (E_BAD_DECISION): the turn
 * ends with exit 2 and the session keeps a valid record of it.
 */
import {createInterface} from 'node:readline'

import {InputError} from 'govtool/core'

export type DecisionKind = 'tool_decision' | 'diff_decision'
export interface Decision {
  approved: boolean
  /** reason (deny) or comment (reject) */
  note?: string
  timedOut?: boolean
}

export interface DecisionSource {
  next(kind: DecisionKind, timeoutMs: number, signal?: AbortSignal): Promise<Decision>
}

export function parseDecision(line: string, kind: DecisionKind): Decision {
  let value: {type?: unknown; decision?: unknown; reason?: unknown; comment?: unknown}
  try {
    value = JSON.parse(line) as typeof value
  } catch {
    throw new InputError(`A stdin decision is not JSON: ${JSON.stringify(line.slice(0, 80))}.`, {code: 'E_BAD_DECISION', hint: 'Send one JSON object a line, e.g. {"type":"tool_decision","decision":"approve"}.'})
  }
  const allowed = kind === 'tool_decision' ? ['approve', 'deny'] : ['accept', 'reject']
  if (!value || typeof value !== 'object' || value.type !== kind || typeof value.decision !== 'string' || !allowed.includes(value.decision)) {
    throw new InputError(`Expected a ${kind} with decision ${allowed.join(' or ')}, got ${JSON.stringify(line.slice(0, 80))}.`, {
      code: 'E_BAD_DECISION',
      hint: kind === 'tool_decision' ? 'Send {"type":"tool_decision","decision":"approve"} or {"type":"tool_decision","decision":"deny","reason":"..."}.' : 'Send {"type":"diff_decision","decision":"accept"} or {"type":"diff_decision","decision":"reject","comment":"..."}.',
    })
  }
  const note = typeof value.reason === 'string' ? value.reason : typeof value.comment === 'string' ? value.comment : undefined
  return {approved: value.decision === allowed[0], ...(note ? {note} : {})}
}

/** Decisions read from a stream of lines (stdin). Blank lines are skipped. */
export class StreamDecisions implements DecisionSource {
  private readonly lines: string[] = []
  private waiter?: () => void
  private ended = false
  private readonly rl: ReturnType<typeof createInterface>

  constructor(input: NodeJS.ReadableStream) {
    const rl = createInterface({input, crlfDelay: Infinity, terminal: false})
    this.rl = rl
    rl.on('line', (line) => {
      if (!line.trim()) return
      this.lines.push(line)
      this.waiter?.()
    })
    rl.on('close', () => {
      this.ended = true
      this.waiter?.()
    })
  }

  /** Stops reading (the input stays open for its owner). */
  close(): void {
    this.rl.close()
  }

  async next(kind: DecisionKind, timeoutMs: number, signal?: AbortSignal): Promise<Decision> {
    const deadline = Date.now() + timeoutMs
    while (this.lines.length === 0) {
      if (this.ended) return {approved: false, note: 'stdin closed before a decision', timedOut: true}
      const left = deadline - Date.now()
      if (left <= 0 || signal?.aborted) return {approved: false, note: `no decision within ${Math.round(timeoutMs / 1000)} s`, timedOut: true}
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        const done = () => {
          clearTimeout(timer)
          this.waiter = undefined
          signal?.removeEventListener('abort', done)
          resolve()
        }
        this.waiter = done
        signal?.addEventListener('abort', done, {once: true})
      })
    }
    return parseDecision(this.lines.shift()!, kind)
  }
}

/** No one to ask (not --interactive, or over HTTP): every question is a deny. */
export const NO_DECISIONS: DecisionSource = {
  async next() {
    return {approved: false, note: 'no decision source (run chat with --interactive to approve tools)'}
  },
}

/** Fixed answers, for library callers and tests. */
export function scriptedDecisions(answers: Decision[]): DecisionSource {
  return {
    async next() {
      return answers.shift() ?? {approved: false, note: 'no more scripted decisions', timedOut: true}
    },
  }
}
