// SPDX-License-Identifier: AGPL-3.0-only
/**
 * The dispatch panel (`--dag-id`): subscribes to the API server's event stream through the terminal server
 * (/serve/api/dispatch/events, an EventSource that resumes with Last-Event-ID), rebuilds the DAG from the
 * events, and draws it as SVG by the layout rule (shared/dag-layout.ts): edges first (behind), nodes coloured by
 * status, click for detail with Retry (FAILED/BLOCKED) and Abort (RUNNING); below, a Gantt timeline of the
 * nodes' run times, which shows the parallelism.
 */
import {layoutDag} from '../shared/dag-layout.js'
import {applyEvent, controlsFor, emptyRun, STATUS_COLOURS, type DispatchEventIn, type RunState} from '../shared/dispatch.js'
import {call, h} from './dom.js'

const SVG = 'http://www.w3.org/2000/svg'
const EVENT_TYPES = ['node_started', 'node_completed', 'node_failed', 'node_blocked', 'dag_done']

function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag)
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v))
  if (text !== undefined) el.textContent = text
  return el
}

export function drawDag(run: RunState, onClick: (id: string) => void, selected?: string): SVGSVGElement {
  const nodes = [...run.nodes.values()]
  const layout = layoutDag(nodes, {nodeWidth: 150, nodeHeight: 36, columnGap: 70, rowPitch: 56})
  const svg = s('svg', {id: 'dag-svg', width: layout.width, height: layout.height, viewBox: `0 0 ${layout.width} ${layout.height}`})
  const defs = s('defs', {})
  const marker = s('marker', {id: 'arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 8, markerHeight: 8, orient: 'auto-start-reverse'})
  marker.append(s('path', {d: 'M 0 0 L 10 5 L 0 10 z', fill: '#8a8f98'}))
  defs.append(marker)
  svg.append(defs)
  // edges first: drawn behind the nodes
  const edges = s('g', {class: 'edges'})
  for (const e of layout.edges) edges.append(s('path', {class: 'edge', d: e.d, fill: 'none', stroke: '#8a8f98', 'stroke-width': 1.5, 'marker-end': 'url(#arrow)', 'data-from': e.from, 'data-to': e.to}))
  svg.append(edges)
  const group = s('g', {class: 'nodes'})
  for (const p of layout.nodes) {
    const n = run.nodes.get(p.id)!
    const g = s('g', {class: 'node', 'data-id': n.id, 'data-status': n.status, transform: `translate(${p.x},${p.y})`, cursor: 'pointer'})
    g.append(s('rect', {width: 150, height: 36, rx: 6, fill: STATUS_COLOURS[n.status], stroke: selected === n.id ? '#fff' : 'none', 'stroke-width': 2}))
    g.append(s('text', {x: 8, y: 15, fill: '#111', 'font-size': 12, 'font-weight': 600}, n.id.length > 20 ? `${n.id.slice(0, 19)}…` : n.id))
    g.append(s('text', {x: 8, y: 29, fill: '#222', 'font-size': 10}, `${n.role || '?'} · ${n.status}`))
    g.addEventListener('click', () => onClick(n.id))
    group.append(g)
  }
  svg.append(group)
  return svg
}

export function drawGantt(run: RunState, width = 800): SVGSVGElement {
  const nodes = [...run.nodes.values()].filter((n) => n.started_ms !== null || n.ended_ms !== null)
  const start = run.first_ms ?? 0
  const end = Math.max(run.last_ms ?? start, start + 1)
  const row = 18
  const label = 140
  const svg = s('svg', {id: 'gantt-svg', width, height: nodes.length * row + 24})
  const scale = (t: number) => label + ((t - start) / (end - start)) * (width - label - 10)
  nodes.forEach((n, i) => {
    const from = n.started_ms ?? n.ended_ms ?? start
    const to = n.ended_ms ?? run.last_ms ?? from
    svg.append(s('text', {x: 0, y: i * row + 13, fill: '#dcdfe4', 'font-size': 11}, n.id))
    svg.append(s('rect', {class: 'gantt-bar', 'data-id': n.id, x: scale(from), y: i * row + 3, width: Math.max(3, scale(to) - scale(from)), height: row - 6, fill: STATUS_COLOURS[n.status]}))
  })
  svg.append(s('text', {x: label, y: nodes.length * row + 18, fill: '#8a8f98', 'font-size': 10}, `${((end - start) / 1000).toFixed(1)} s`))
  return svg
}

export interface DispatchPanel {
  open(dagId: string): void
  run(): RunState | undefined
}

export function mountDispatch(host: HTMLElement): DispatchPanel {
  const dagInput = h('input', {type: 'text', id: 'dispatch-dag-input', placeholder: 'dag id', size: 36})
  const title = h('span', {id: 'dispatch-dag'}, '')
  const status = h('span', {id: 'dispatch-status'}, 'no run')
  const graph = h('div', {id: 'dispatch-graph', class: 'dispatch-graph'})
  const detail = h('div', {id: 'dispatch-detail', class: 'dispatch-detail'})
  const gantt = h('div', {id: 'dispatch-gantt'})
  const runs = h('select', {id: 'dispatch-runs'}, h('option', {value: ''}, 'saved runs…'))
  runs.addEventListener('focus', () => void listRuns())
  runs.addEventListener('change', () => runs.value && open(runs.value))
  host.append(h('div', {class: 'page dispatch'}, h('div', {class: 'row'}, h('strong', {}, 'Dispatch'), title, status, dagInput, h('button', {class: 'action', id: 'dispatch-open', onclick: () => dagInput.value && open(dagInput.value.trim())}, 'Watch'), runs), graph, detail, h('h3', {}, 'Timeline'), gantt))

  /** The saved runs (GET /api/dispatch/list), newest first as the server orders them. */
  const listRuns = async () => {
    try {
      const {runs: list} = await call<{runs: {dag_id?: string}[]}>('GET', '/serve/api/dispatch/list')
      runs.replaceChildren(h('option', {value: ''}, 'saved runs…'), ...list.filter((r) => typeof r.dag_id === 'string').map((r) => h('option', {value: r.dag_id as string}, r.dag_id as string)))
    } catch {
      // no API server: the list stays empty
    }
  }

  let source: EventSource | undefined
  let state: RunState | undefined
  let selected: string | undefined
  let pending = false

  const redraw = () => {
    if (!state) return
    graph.replaceChildren(drawDag(state, select, selected))
    gantt.replaceChildren(drawGantt(state, Math.max(400, graph.clientWidth || 800)))
    status.textContent = state.done ? `done${state.equilibrium === null ? '' : state.equilibrium ? ' (equilibrium)' : ' (no equilibrium)'}` : 'running'
    status.dataset.done = String(state.done)
    if (selected) showDetail(selected)
  }
  const schedule = () => {
    if (pending) return
    pending = true
    requestAnimationFrame(() => {
      pending = false
      redraw()
    })
  }
  const showDetail = (id: string) => {
    const n = state?.nodes.get(id)
    if (!n || !state) return
    const controls = controlsFor(n.status)
    const dagId = state.dag_id
    const out = h('span', {id: 'dispatch-action-out'})
    detail.replaceChildren(
      h('div', {class: 'row'}, h('strong', {id: 'detail-id'}, n.id), h('span', {id: 'detail-status'}, n.status), h('span', {}, `role ${n.role || '?'}`), h('span', {}, `depends on ${n.depends_on.join(', ') || 'nothing'}`)),
      h('pre', {class: 'out', id: 'detail-payload'}, JSON.stringify(n.detail, null, 2)),
      h('div', {class: 'row'},
        controls.retry && h('button', {class: 'action', id: 'node-retry', onclick: async () => {
          try {
            const r = await call<{dag_id: string}>('POST', '/serve/api/dispatch/retry', {dag_id: dagId, node_id: n.id})
            out.textContent = `retry run ${r.dag_id}`
            open(r.dag_id)
          } catch (error) {
            out.textContent = `Error: ${(error as Error).message}`
          }
        }}, 'Retry'),
        controls.abort && h('button', {class: 'action', id: 'node-abort', onclick: async () => {
          try {
            const r = await call<{aborted: string[]}>('POST', '/serve/api/dispatch/abort', {dag_id: dagId, node_id: n.id})
            out.textContent = `abort requested: ${r.aborted.join(', ') || 'nothing running'}`
          } catch (error) {
            out.textContent = `Error: ${(error as Error).message}`
          }
        }}, 'Abort'),
        out),
    )
  }
  function select(id: string) {
    selected = id
    redraw()
  }
  function open(dagId: string) {
    source?.close()
    state = emptyRun(dagId)
    selected = undefined
    detail.replaceChildren()
    title.textContent = dagId
    // the status is the new run's from now on: until its first frame, not the last run's "done"
    status.textContent = 'connecting'
    status.dataset.done = 'false'
    dagInput.value = dagId
    const es = new EventSource(`/serve/api/dispatch/events?dag_id=${encodeURIComponent(dagId)}`)
    source = es
    for (const type of EVENT_TYPES) {
      es.addEventListener(type, (message) => {
        if (source !== es || !state) return
        applyEvent(state, JSON.parse((message as MessageEvent<string>).data) as DispatchEventIn)
        if (type === 'dag_done') es.close()
        schedule()
      })
    }
    schedule()
  }
  return {open, run: () => state}
}
