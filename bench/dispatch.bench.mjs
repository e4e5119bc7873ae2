// Dispatcher: a 10,000-node synthetic DAG (each node depends on up to three of the 50 nodes before it) with
// no-op workers, 8 at once. What it costs is the scheduler (indegree counters, ready queue, fail-forward
// bookkeeping) and the event log (seq, ISO timestamps, one locked fsync'd append per tick): per node and
// per event. Targets from the dispatch issue: under 0.2 ms per node, the whole DAG under 3 s.
import {readFileSync} from 'node:fs'
import path from 'node:path'

const NODES = 10_000
const RUNS = 3

function syntheticPlan(n) {
  let seed = 42
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31)
  return Array.from({length: n}, (_, i) => {
    const deps = new Set()
    for (let k = 0; k < 3 && i > 0; k++) if (random() < 0.8) deps.add(`n${Math.max(0, i - 1 - Math.floor(random() * 50))}`)
    return {id: `n${i}`, title: `node ${i}`, role: 'coder', depends_on: [...deps]}
  })
}

export default async function bench({tempDir, median}) {
  const dispatch = await import('../plugins/dispatch/dist/index.js')
  const {ProjectContext} = await import('../dist/index.js')
  const plan = syntheticPlan(NODES)
  const noop = {size: 8, run: async () => ({ok: true, summary: ''})}
  const times = []
  let events = 0
  for (let r = 0; r < RUNS; r++) {
    const ctx = new ProjectContext(tempDir('govtool-bench-dispatch-'))
    const t0 = performance.now()
    const summary = await dispatch.startDispatch(ctx, {task: 'synthetic', dag_id: `bench${r}`, plan, pool: noop, max_workers: 8}).done
    times.push(performance.now() - t0)
    if (summary.counts.completed !== NODES) throw new Error(`only ${summary.counts.completed} of ${NODES} nodes completed`)
    events = readFileSync(path.join(ctx.stateDir, 'dispatch', `bench${r}`, 'events.jsonl'), 'utf8').split('\n').filter(Boolean).length
  }
  const ms = median(times)
  return [
    {name: `whole DAG, ${NODES} nodes, no-op workers`, value: ms, unit: 'ms', target: '< 3000 ms', note: `${events} events`},
    {name: 'scheduler overhead per node', value: ms / NODES, unit: 'ms', target: '< 0.2 ms'},
    {name: 'events appended per second', value: events / (ms / 1000), unit: 'events/s'},
  ]
}
