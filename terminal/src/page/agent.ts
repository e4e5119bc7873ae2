// SPDX-License-Identifier: AGPL-3.0-only
/**
 * The agent pane: one chat turn at a time, sent to the terminal server (POST /api/agent/chat), which has the API
 * server run it with the governance server as its model endpoint; the turn's block events arrive over SSE and
 * render as blocks: plan (with its steps), messages (streamed tokens), tool calls with Approve/Deny when the
 * profile asks, tool results, diffs with Accept/Reject and a comment. The footer shows the context fill; before
 * each turn the fill decides compression (80%) or emergency compression (85%), never 100% (shared/context.ts).
 */
import {planTurn, fill as fillOf} from '../shared/context.js'
import {SseParser} from '../shared/sse.js'
import {call, h} from './dom.js'
import {fillBar, setContextFill} from './settings.js'

type Ev = {type: string; block_id?: string; kind?: string; payload?: Record<string, unknown>; text?: string; name?: string; args?: unknown; ok?: boolean; output?: string; step_id?: string; status?: string; session_id?: string; summary?: string; usage?: {input_tokens: number; output_tokens: number}; decision?: string; instruction?: string; message?: string; turn_id?: string; error?: {message: string}}

export interface AgentPane {
  /** renders one event (also used to replay recorded turns) */
  render(event: Ev): void
  send(message: string): Promise<void>
}

export function mountAgent(host: HTMLElement, options: {contextWindow: () => number}): AgentPane {
  const log = h('div', {id: 'agent-log', class: 'agent-log'})
  const input = h('textarea', {id: 'agent-input', rows: 3, placeholder: 'Ask the agent (goes through the governance gate)'})
  const profile = h('select', {id: 'agent-profile'}, h('option', {value: 'safe'}, 'safe: ask for every tool'), h('option', {value: 'standard'}, 'standard'))
  const sendButton = h('button', {class: 'action', id: 'agent-send'}, 'Send')
  const footer = h('div', {class: 'agent-footer', id: 'agent-footer'}, fillBar(0, 'agent-fill'), h('span', {id: 'agent-compression'}, ''))
  host.append(h('div', {class: 'agent-head'}, h('strong', {}, 'Agent'), profile), log, h('div', {class: 'agent-input'}, input, sendButton), footer)

  let turnId: string | undefined
  let sessionId: string | undefined
  let historyTokens = 0
  const summaries: string[] = []
  const blocks = new Map<string, HTMLElement>()

  const setFill = (value: number) => {
    document.getElementById('agent-fill')?.replaceWith(fillBar(value, 'agent-fill'))
    setContextFill(value)
  }
  const decide = async (type: 'tool_decision' | 'diff_decision', decision: string, note?: string) => {
    await call('POST', '/serve/api/chat/decision', {turn_id: turnId, type, decision, ...(note ? (type === 'tool_decision' ? {reason: note} : {comment: note}) : {})})
  }
  const block = (id: string | undefined): HTMLElement => {
    const existing = id ? blocks.get(id) : undefined
    if (existing) return existing
    const el = h('div', {class: 'block'})
    if (id) blocks.set(id, el)
    log.append(el)
    return el
  }

  const render = (e: Ev) => {
    switch (e.type) {
      case 'turn':
        turnId = e.turn_id
        break
      case 'ready':
        sessionId = e.session_id
        break
      case 'preflight':
        log.append(h('div', {class: `block preflight ${e.decision}`}, `Governance: ${e.decision}${e.decision === 'accepted' ? '' : ` — ${e.instruction}`}`))
        break
      case 'block_start': {
        const el = block(e.block_id)
        el.className = `block ${e.kind}`
        el.dataset.kind = e.kind
        const p = e.payload ?? {}
        if (e.kind === 'plan') el.append(h('div', {class: 'block-head'}, 'Plan'), h('ol', {class: 'plan-steps'}))
        else if (e.kind === 'message') el.append(h('div', {class: 'block-head'}, String(p.role ?? 'assistant')), h('div', {class: 'text'}))
        else if (e.kind === 'tool_call') el.append(h('div', {class: 'block-head'}, `Tool call: ${String(p.name)}`), h('pre', {class: 'args'}, JSON.stringify(p.args ?? {}, null, 1)))
        else if (e.kind === 'tool_result') el.append(h('div', {class: 'block-head'}, `Result: ${String(p.name)}`), h('pre', {class: 'output'}))
        else if (e.kind === 'diff') {
          const comment = h('input', {type: 'text', class: 'diff-comment', placeholder: 'comment (sent with Reject, or as a note)'})
          const buttons = h('div', {class: 'row decision'},
            h('button', {class: 'action diff-accept', onclick: () => void decide('diff_decision', 'accept', comment.value || undefined).then(() => buttons.replaceWith(h('span', {class: 'decided'}, 'accepted')))}, 'Accept'),
            h('button', {class: 'action diff-reject', onclick: () => void decide('diff_decision', 'reject', comment.value || undefined).then(() => buttons.replaceWith(h('span', {class: 'decided'}, 'rejected')))}, 'Reject'),
            comment)
          el.append(h('div', {class: 'block-head'}, `Diff: ${String(p.path)}`), h('pre', {class: 'diff'}, String(p.body ?? '')), buttons)
        } else el.append(h('div', {class: 'block-head'}, String(e.kind)), h('pre', {class: 'output'}, JSON.stringify(p)))
        break
      }
      case 'token':
        block(e.block_id).querySelector('.text')?.append(e.text ?? '')
        break
      case 'plan_step': {
        const list = block(e.block_id).querySelector('.plan-steps')
        let item = list?.querySelector<HTMLElement>(`[data-step="${CSS.escape(e.step_id ?? '')}"]`)
        if (list && !item) {
          item = h('li', {'data-step': e.step_id ?? ''})
          list.append(item)
        }
        if (item) item.textContent = `${String(e.payload?.label ?? e.step_id)} (${e.status})`
        break
      }
      case 'tool_request': {
        const el = block(e.block_id)
        const buttons = h('div', {class: 'row decision'},
          h('button', {class: 'action tool-approve', onclick: () => void decide('tool_decision', 'approve').then(() => buttons.replaceWith(h('span', {class: 'decided'}, 'approved')))}, 'Approve'),
          h('button', {class: 'action tool-deny', onclick: () => void decide('tool_decision', 'deny', 'denied in the terminal').then(() => buttons.replaceWith(h('span', {class: 'decided'}, 'denied')))}, 'Deny'))
        el.append(h('div', {class: 'ask'}, `${e.name} wants to run`), buttons)
        break
      }
      case 'tool_result': {
        const out = block(e.block_id).querySelector('.output')
        if (out) out.textContent = `${e.ok ? 'ok' : 'failed'}: ${e.output ?? ''}`
        break
      }
      case 'block_complete': {
        const el = block(e.block_id)
        el.classList.add('complete')
        const status = e.payload?.status
        if (typeof status === 'string') el.append(h('div', {class: 'status'}, status))
        break
      }
      case 'task_complete':
        if (e.summary) summaries.push(e.summary.slice(0, 400))
        historyTokens = (e.usage?.input_tokens ?? 0) + (e.usage?.output_tokens ?? 0)
        setFill(fillOf(historyTokens, options.contextWindow()))
        log.append(h('div', {class: 'block done'}, `Done: ${e.summary ?? ''}`))
        break
      case 'error':
        log.append(h('div', {class: 'block error'}, `Error: ${e.error?.message ?? e.message ?? 'unknown'}`))
        break
      default:
        break
    }
    log.scrollTop = log.scrollHeight
  }

  const send = async (text: string) => {
    if (!text.trim()) return
    const plan = planTurn({message: text, historyTokens, contextWindow: options.contextWindow(), summaries})
    const note = document.getElementById('agent-compression')
    if (note) note.textContent = plan.compression === 'none' ? '' : plan.compression === 'compress' ? 'context compressed (80%)' : 'emergency compression (85%)'
    if (plan.newSession) {
      sessionId = undefined
      historyTokens = 0
      setFill(plan.expectedFill)
    }
    log.append(h('div', {class: 'block user'}, text))
    sendButton.disabled = true
    try {
      const res = await fetch('/api/agent/chat', {method: 'POST', headers: {'content-type': 'application/json', accept: 'text/event-stream'}, body: JSON.stringify({message: plan.message, profile: profile.value, ...(sessionId ? {session_id: sessionId} : {})})})
      if (!res.ok || !res.body) {
        render({type: 'error', message: `${res.status}: ${await res.text()}`})
        return
      }
      const parser = new SseParser()
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
      while (true) {
        const {value, done} = await reader.read()
        if (done) break
        for (const m of parser.push(value)) {
          let data: Ev
          try {
            data = JSON.parse(m.data) as Ev
          } catch {
            continue
          }
          if (m.event === 'turn') render({type: 'turn', turn_id: (data as {turn_id?: string}).turn_id})
          else if (m.event === 'result') host.dataset.turns = String(Number(host.dataset.turns ?? 0) + 1)
          else if (m.event === 'error') render({type: 'error', error: (data as {error?: {message: string}}).error})
          else render(data)
        }
      }
    } finally {
      sendButton.disabled = false
    }
  }
  sendButton.addEventListener('click', () => {
    const text = input.value
    input.value = ''
    void send(text)
  })
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) sendButton.click()
  })
  return {render, send}
}
