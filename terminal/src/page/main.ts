// SPDX-License-Identifier: AGPL-3.0-only
/** The single-page app: tabs (Terminal with the agent pane, Dispatch, Settings) and the governance dot. */
import {mountSettings, watchHealth} from './settings.js'
import {mountTerminal, type TerminalView} from './terminal.js'

declare global {
  interface Window {
    govtoolTerminal?: {view: TerminalView; ready: boolean}
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
window.govtoolTerminal = {view, ready: true}
for (const button of document.querySelectorAll<HTMLButtonElement>('#tabs button')) button.addEventListener('click', () => showView(button.dataset.view ?? 'terminal'))
watchHealth(document.getElementById('gov-dot') as HTMLElement)
