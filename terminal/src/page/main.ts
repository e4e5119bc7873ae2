// SPDX-License-Identifier: AGPL-3.0-only
/** The single-page app: tabs (Terminal with the agent pane, Dispatch, Settings) and the governance dot. */
import {mountAgent} from './agent.js'
import {drawDag, mountDispatch} from './dispatch.js'
import {applyEvent, emptyRun} from '../shared/dispatch.js'
import {call} from './dom.js'
import {mountSettings, watchHealth, type TerminalState} from './settings.js'
import {mountTerminal, type TerminalView} from './terminal.js'

declare global {
  interface Window {
    govtoolTerminal?: {view: TerminalView; ready: boolean; agent?: ReturnType<typeof mountAgent>; dispatch?: ReturnType<typeof mountDispatch>; renderDag?: (nodes: {id: string; depends_on: string[]}[]) => number}
  }
}

const settings = mountSettings(document.getElementById('view-settings') as HTMLElement)
let settingsOpened = false

function showView(name: string): void {
  if (name === 'settings' && !settingsOpened) {
    settingsOpened = true
    void settings.open('governance')
  }
  for (const b of document.querySelectorAll<HTMLButtonElement>('#tabs button')) b.classList.toggle('active', b.dataset.view === name)
  for (const v of document.querySelectorAll<HTMLElement>('.view')) v.classList.toggle('active', v.id === `view-${name}`)
}

const view = mountTerminal(document.getElementById('term') as HTMLElement)
let contextWindow = 8192
void call<TerminalState>('GET', '/api/terminal/state').then((s) => (contextWindow = s.num_ctx ?? contextWindow))
const agent = mountAgent(document.getElementById('agent') as HTMLElement, {contextWindow: () => contextWindow})
const dispatch = mountDispatch(document.getElementById('view-dispatch') as HTMLElement)
/** For bench/terminal.bench.mjs: builds a run from node_started events and draws it; returns milliseconds. */
const renderDag = (nodes: {id: string; depends_on: string[]}[]): number => {
  const started = performance.now()
  const run = emptyRun('bench')
  for (const n of nodes) applyEvent(run, {dag_id: 'bench', event_type: 'node_started', node_id: n.id, ts: Date.now(), payload: {role: 'coder', depends_on: n.depends_on}})
  const host = document.createElement('div')
  document.body.append(host)
  host.append(drawDag(run, () => {}))
  void host.getBoundingClientRect()
  host.remove()
  return performance.now() - started
}
window.govtoolTerminal = {view, ready: true, agent, dispatch, renderDag}
// --dag-id: the launch URL carries ?dag=<id>; the panel opens on it
const dag = new URLSearchParams(location.search).get('dag')
if (dag) {
  dispatch.open(dag)
  showView('dispatch')
}
for (const button of document.querySelectorAll<HTMLButtonElement>('#tabs button')) button.addEventListener('click', () => showView(button.dataset.view ?? 'terminal'))
watchHealth(document.getElementById('gov-dot') as HTMLElement)
