// SPDX-License-Identifier: AGPL-3.0-only
/**
 * Settings (SPEC.md "Terminal client behaviour"): Governance, ESDB, Skills, Eval, About, Agents > AI Providers.
 * Every govtool action goes to the governance server's operation routes through the same-origin proxy (/gov/...);
 * the terminal's own settings (update channel, num_ctx) go to /api/terminal/...
 */
import {call, h, op, table} from './dom.js'

export interface TerminalState {
  version: string
  dag_id: string | null
  governance: {endpoint: string; port: number; healthy: boolean; version: string | null; child: {state: string; restarts: number; last_exit: string | null; command: string | null; log: string[]} | null}
  vram: {gb: number | null; source: string}
  recommended_num_ctx: number | null
  num_ctx: number | null
  update_channel: 'Latest' | 'Stable'
  channel_file: string
  last_check: {at: string; status: string} | null
}

export type Health = 'green' | 'amber' | 'red'

export function healthOf(s: TerminalState): Health {
  if (s.governance.healthy) return 'green'
  const state = s.governance.child?.state
  return state === 'starting' || state === 'restarting' ? 'amber' : 'red'
}

/** The agent pane reports its context fill here (0..1). */
let contextFill = 0
export function setContextFill(fill: number): void {
  contextFill = fill
  const bar = document.getElementById('gov-context-fill')
  if (bar) bar.replaceWith(fillBar(fill, 'gov-context-fill'))
}

export function fillBar(fill: number, id: string): HTMLElement {
  const pct = Math.round(fill * 100)
  return h('div', {class: 'row', id}, h('div', {class: `bar ${fill >= 0.85 ? 'danger' : fill >= 0.8 ? 'warn' : ''}`}, h('div', {style: `width:${pct}%`})), h('span', {class: 'fill-pct'}, `${pct}%`))
}

const out = (id: string) => h('pre', {class: 'out', id})
const show = (id: string, value: unknown) => {
  const el = document.getElementById(id)
  if (el) el.textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
}
const guard = (id: string, work: () => Promise<unknown>) => async () => {
  show(id, '…')
  try {
    show(id, await work())
  } catch (error) {
    show(id, `Error: ${(error as Error).message}`)
  }
}

async function governancePage(page: HTMLElement): Promise<void> {
  const s = await call<TerminalState>('GET', '/api/terminal/state')
  const health = healthOf(s)
  const numCtx = h('input', {type: 'number', id: 'num-ctx', value: s.num_ctx ?? '', min: 512, step: 512, placeholder: 'e.g. 8192'})
  page.append(
    h('h2', {}, 'Governance'),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'Engine health'), h('span', {class: `dot ${health}`, id: 'gov-health-dot', 'data-health': health}), h('span', {}, s.governance.healthy ? 'running' : s.governance.child?.state === 'missing' ? 'govtool is not on PATH: the terminal runs without the governance gate' : (s.governance.child?.state ?? 'not managed'))),
    ...(!s.governance.healthy && s.governance.child && s.governance.child.state !== 'missing' ? [h('div', {class: 'row'}, h('span', {class: 'label'}, 'Last exit'), h('span', {id: 'gov-last-exit'}, `${s.governance.child.last_exit ?? 'none'}, ${s.governance.child.restarts} restarts${s.governance.child.log.length ? `: ${s.governance.child.log[s.governance.child.log.length - 1]}` : ''}`))] : []),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'Version'), h('span', {id: 'gov-version'}, s.governance.version ?? 'unknown')),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'Endpoint'), h('code', {id: 'gov-endpoint'}, s.governance.endpoint)),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'Update channel'), h('span', {class: 'pill', id: 'gov-channel'}, s.update_channel)),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'Context window fill'), fillBar(contextFill, 'gov-context-fill')),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'Detected VRAM'), h('span', {id: 'gov-vram'}, s.vram.gb === null ? `unknown (${s.vram.source})` : `${s.vram.gb} GB (${s.vram.source})`)),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'Recommended num_ctx'), h('span', {id: 'gov-recommended'}, s.recommended_num_ctx ?? 'unknown: no VRAM detected')),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'num_ctx'), numCtx, h('button', {class: 'action', id: 'num-ctx-save', onclick: guard('num-ctx-out', () => call('PUT', '/api/terminal/num-ctx', {num_ctx: Number(numCtx.value)}))}, 'Save'), h('span', {id: 'num-ctx-out'})),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'AEE phase'), h('span', {id: 'gov-phase'}, '…')),
  )
  try {
    const phase = await op<{phase: string; label: string; readiness_pct: number}>('phase.status')
    show('gov-phase', `${phase.label} (${phase.phase}), readiness ${phase.readiness_pct}%`)
  } catch (error) {
    show('gov-phase', `unavailable: ${(error as Error).message}`)
  }
}

async function esdbPage(page: HTMLElement): Promise<void> {
  const steps = h('input', {type: 'number', id: 'esdb-steps', value: 1, min: 1})
  const source = h('input', {type: 'text', id: 'esdb-source', value: '.govtool/esdb_export.json', size: 40})
  const apply = h('input', {type: 'checkbox', id: 'esdb-apply'})
  const refresh = async () => {
    const s = await op<{record_count: number; chain_valid: boolean}>('esdb.status')
    show('esdb-count', String(s.record_count))
    show('esdb-chain', s.chain_valid ? 'valid' : 'BROKEN')
    return s
  }
  const action = (id: string, label: string, work: () => Promise<unknown>) =>
    h('button', {class: 'action', id: `esdb-${id}`, onclick: guard('esdb-out', async () => {
      const result = await work()
      await refresh()
      return result
    })}, label)
  page.append(
    h('h2', {}, 'ESDB'),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'Records'), h('span', {id: 'esdb-count'}, '…')),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'Chain'), h('span', {id: 'esdb-chain'}, '…')),
    h('div', {class: 'row'}, action('refresh', 'Refresh', () => op('esdb.status')), action('export', 'Export JSON', () => op('esdb.export')), action('backup', 'Backup', () => op('esdb.backup')), action('compact', 'Compact', () => op('esdb.compact'))),
    h('div', {class: 'row'}, action('import', 'Import', () => op('esdb.import', {source: source.value, apply: apply.checked})), source),
    h('div', {class: 'row'}, action('rollback', 'Rollback', () => op('esdb.rollback', {steps: Number(steps.value), apply: apply.checked})), h('span', {}, 'steps'), steps),
    h('div', {class: 'row'}, h('label', {}, apply, ' apply (Import appends, Rollback appends compensating events; otherwise they only report)')),
    out('esdb-out'),
  )
  await refresh().catch((error: Error) => show('esdb-out', `Error: ${error.message}`))
}

async function skillsPage(page: HTMLElement): Promise<void> {
  page.append(h('h2', {}, 'Skills'))
  const {skills} = await op<{skills: {id: string; name: string | null; description: string | null; active: boolean; source: string}[]}>('skills.list')
  page.append(skills.length === 0 ? h('p', {id: 'skills-empty'}, 'No skills installed in this project (govtool skill install <slug>).') : table(['Skill', 'Active', 'Source', 'Description'], skills.map((s) => [s.name ?? s.id, s.active ? 'yes' : 'no', s.source, s.description ?? '']), 'skills-table'))
}

async function evalPage(page: HTMLElement): Promise<void> {
  const data = await call<{file: string; runs: {task: string; condition: string; rep: number; tokens: number; cost_usd: number; passed: boolean; quality: number; rework_turns: number}[]; cost_of_pass: {task: string; condition: string; runs: number; pass_rate: number; mean_cost_usd: number; cost_of_pass_usd: number | null}[]}>('GET', '/api/terminal/eval')
  page.append(h('h2', {}, 'Eval'), h('p', {}, `Run history from ${data.file}`))
  page.append(table(['task', 'condition', 'rep', 'tokens', 'cost_usd', 'passed', 'quality', 'rework_turns'], data.runs.map((r) => [r.task, r.condition, r.rep, r.tokens, r.cost_usd.toFixed(4), r.passed ? 'yes' : 'no', r.quality, r.rework_turns]), 'eval-runs'))
  page.append(h('h3', {}, 'Cost of pass'), table(['task', 'condition', 'runs', 'pass rate', 'mean cost', 'cost-of-pass'], data.cost_of_pass.map((c) => [c.task, c.condition, c.runs, `${Math.round(c.pass_rate * 100)}%`, `$${c.mean_cost_usd.toFixed(4)}`, c.cost_of_pass_usd === null ? '∞ (no pass)' : `$${c.cost_of_pass_usd.toFixed(4)}`]), 'eval-cost-of-pass'))
}

async function aboutPage(page: HTMLElement): Promise<void> {
  const s = await call<TerminalState>('GET', '/api/terminal/state')
  const select = h('select', {id: 'about-channel'}, ...(['Latest', 'Stable'] as const).map((c) => h('option', {value: c, selected: c === s.update_channel}, c)))
  select.addEventListener('change', guard('about-status', async () => {
    const r = await call<{update_channel: string}>('PUT', '/api/terminal/update-channel', {channel: select.value})
    return `Update channel: ${r.update_channel} (saved)`
  }))
  page.append(
    h('h2', {}, 'About'),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'govtool-terminal'), h('span', {}, `${s.version} (AGPL-3.0-only)`)),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'Update channel'), select, h('button', {class: 'action', id: 'about-check', onclick: guard('about-status', async () => ((await call<{at: string; status: string}>('POST', '/api/terminal/check-update')).status))}, 'Check Now')),
    h('div', {class: 'row'}, h('span', {class: 'label'}, 'Status'), h('span', {id: 'about-status'}, s.last_check ? s.last_check.status : `Update channel: ${s.update_channel}`)),
  )
}

async function providersPage(page: HTMLElement): Promise<void> {
  page.append(h('h2', {}, 'Agents › AI Providers'), h('div', {class: 'row'}, h('button', {class: 'action', id: 'providers-sync', onclick: guard('providers-out', async () => {
    const result = await call('GET', '/api/model-intel/sync')
    await renderScores()
    return result
  })}, 'Sync Scores')), h('div', {id: 'providers-table'}), out('providers-out'))
  const renderScores = async () => {
    const {scores} = await op<{scores: {model_name: string; provider?: string; reasoning_score: number; conversational_score: number; longform_score: number; source: string}[]}>('model-intel.scores')
    document.getElementById('providers-table')?.replaceChildren(table(['Model', 'Provider', 'R', 'C', 'L', 'Source'], scores.map((s) => [s.model_name, s.provider ?? '', s.reasoning_score, s.conversational_score, s.longform_score, s.source]), 'providers-scores'))
  }
  await renderScores()
}

const PAGES: Record<string, [string, (page: HTMLElement) => Promise<void>]> = {
  governance: ['Governance', governancePage],
  esdb: ['ESDB', esdbPage],
  skills: ['Skills', skillsPage],
  eval: ['Eval', evalPage],
  about: ['About', aboutPage],
  providers: ['Agents › AI Providers', providersPage],
}

export function mountSettings(host: HTMLElement): {open(name: string): Promise<void>} {
  const nav = h('div', {class: 'subnav'})
  const page = h('div', {class: 'page', id: 'settings-page'})
  host.append(nav, page)
  const open = async (name: string) => {
    for (const b of nav.querySelectorAll('button')) b.classList.toggle('active', b.dataset.page === name)
    page.replaceChildren()
    page.dataset.page = name
    page.dataset.ready = 'false'
    try {
      await PAGES[name][1](page)
    } catch (error) {
      page.append(h('p', {class: 'error'}, `Could not load ${PAGES[name][0]}: ${(error as Error).message}`))
    }
    page.dataset.ready = 'true'
  }
  for (const [name, [label]] of Object.entries(PAGES)) nav.append(h('button', {'data-page': name, id: `settings-${name}`, onclick: () => void open(name)}, label))
  return {open}
}

/** The header dot: polls the terminal state every 3 s. */
export function watchHealth(dot: HTMLElement): void {
  const poll = async () => {
    try {
      const s = await call<TerminalState>('GET', '/api/terminal/state')
      dot.className = `dot ${healthOf(s)}`
      dot.title = `governance: ${s.governance.healthy ? 'healthy' : (s.governance.child?.state ?? 'down')}`
    } catch {
      dot.className = 'dot red'
    }
  }
  void poll()
  setInterval(() => void poll(), 3000)
}
