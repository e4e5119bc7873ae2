// The API server (govtool serve) in its own process (bench/serve-child.mjs), over the real dispatcher:
// - SSE fan-out: 100 clients subscribed to one run while it writes 10,000 events through the dispatcher's event
//   log (50 events every 5 ms, each carrying its emit time): delivery latency from emit to a client's parser
//   (p50/p99 over all 1,000,000 deliveries; it includes the log's one fsync'd append per tick), the time until
//   every client has the run's last event, and the server's RSS after it;
// - 50 concurrent runs: 50 POST /api/dispatch/run at once (the stub model: planner fallback, one node running
//   the governed agent loop each), POST latency p50/p99, and the time until all 50 dag_done arrive over SSE.
import {spawn} from 'node:child_process'
import {cpSync} from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import readline from 'node:readline'

const HERE = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname)
const NOTES = path.resolve(HERE, '..', 'plugins', 'preflight', 'test', 'fixtures', 'notes')
const CLIENTS = Number(process.env.SERVE_BENCH_CLIENTS ?? 100)
const EVENTS = Number(process.env.SERVE_BENCH_EVENTS ?? 10_000)
const RUNS = 50

function child(project, home) {
  const proc = spawn(process.execPath, [path.join(HERE, 'serve-child.mjs'), project, home], {stdio: ['pipe', 'pipe', 'inherit']})
  const lines = readline.createInterface({input: proc.stdout})
  const waiting = []
  lines.on('line', (line) => waiting.shift()?.(JSON.parse(line)))
  const next = () => new Promise((resolve) => waiting.push(resolve))
  return next().then(({url, token}) => ({
    url,
    token,
    ask(command) {
      const answer = next()
      proc.stdin.write(`${command}\n`)
      return answer
    },
    stop: () => new Promise((resolve) => (proc.once('exit', resolve), proc.stdin.end())),
  }))
}

const wall = () => performance.timeOrigin + performance.now()

/** One SSE subscriber: resolves when the server ends the stream, with the number of events and their latencies. */
function subscribe(agent, server, dagId, onEvent, onOpen) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.url}/api/dispatch/events?dag_id=${dagId}`, {agent, headers: {authorization: `Bearer ${server.token}`}}, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events: HTTP ${res.statusCode}`))
      onOpen?.()
      let buffer = ''
      let count = 0
      let lastId = 0
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        const blocks = (buffer + chunk).split('\n\n')
        buffer = blocks.pop()
        for (const block of blocks) {
          // a block is `id: N\nevent: TYPE\ndata: JSON` (comments and the retry hint have no id); the client side
          // shares two cores with the server, so it reads the id and the emit time without parsing the JSON
          if (!block.startsWith('id: ')) continue
          const id = Number(block.slice(4, block.indexOf('\n')))
          if (id !== lastId + 1) return reject(new Error(`event ${id} after ${lastId}`))
          lastId = id
          count++
          onEvent(block)
        }
      })
      res.on('end', () => resolve(count))
    })
    req.on('error', reject)
  })
}

function post(agent, server, route, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${route}`, {method: 'POST', agent, headers: {authorization: `Bearer ${server.token}`, 'content-type': 'application/json'}}, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (d) => (text += d))
      res.on('end', () => (res.statusCode < 400 ? resolve(JSON.parse(text)) : reject(new Error(`${route}: HTTP ${res.statusCode} ${text}`))))
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

export default async function bench({tempDir, percentile}) {
  const rows = []
  const project = path.join(tempDir('govtool-bench-serve-'), 'notes')
  cpSync(NOTES, project, {recursive: true})
  const server = await child(project, tempDir('govtool-bench-serve-home-'))
  const agent = new http.Agent({keepAlive: true, maxSockets: 1024})
  try {
    // fan-out: one client first (the floor: the dispatcher's log and one HTTP hop), then CLIENTS
    const fanOut = async (dagId, clients) => {
      const latencies = new Float64Array(clients * EVENTS)
      let n = 0
      let opened = 0
      let allOpen
      const open = new Promise((resolve) => (allOpen = resolve))
      // the run exists before its first event: every subscriber is attached to the empty log, so every event is live
      await server.ask(`create ${dagId}`)
      const cpuBefore = {server: (await server.ask('rss')).cpu_ms, client: process.cpuUsage()}
      const subscribers = Array.from({length: clients}, () => subscribe(agent, server, dagId, (block) => (latencies[n++] = wall() - Number(/"t":([\d.]+)/.exec(block)[1])), () => ++opened === clients && allOpen()))
      await open
      const started = wall()
      const emitting = server.ask(`emit ${dagId} ${EVENTS} 50 5`)
      const counts = await Promise.all(subscribers)
      const allDone = wall() - started
      await emitting
      if (counts.some((c) => c !== EVENTS)) throw new Error(`a subscriber missed events: ${counts.filter((c) => c !== EVENTS).slice(0, 3).join(', ')}`)
      const after = await server.ask('rss')
      const clientCpu = process.cpuUsage(cpuBefore.client)
      return {delivered: Array.from(latencies.subarray(0, n)), allDone, rss: after.rss, cpu: {server: after.cpu_ms - cpuBefore.server, clients: (clientCpu.user + clientCpu.system) / 1000}}
    }
    const one = await fanOut('fanout-1', 1)
    const many = await fanOut('fanout', CLIENTS)
    const floor = `1 client: p50 ${percentile(one.delivered, 50).toFixed(1)} ms, p99 ${percentile(one.delivered, 99).toFixed(1)} ms`
    rows.push(
      {name: `SSE delivery p50, ${CLIENTS} clients x ${EVENTS} events`, value: percentile(many.delivered, 50), unit: 'ms', note: `emit -> client parser, through the fsync per tick; ${floor}`},
      {name: `SSE delivery p99, ${CLIENTS} clients x ${EVENTS} events`, value: percentile(many.delivered, 99), unit: 'ms'},
      {name: `SSE fan-out: all ${CLIENTS} clients have the last event`, value: many.allDone, unit: 'ms', note: `events written over ~${((EVENTS / 50) * 5) / 1000} s (1 client: ${one.allDone.toFixed(0)} ms); CPU: server ${many.cpu.server.toFixed(0)} ms, the ${CLIENTS} clients ${many.cpu.clients.toFixed(0)} ms`},
      {name: 'server RSS after fan-out', value: many.rss / 1024 / 1024, unit: 'MiB'},
    )

    // 50 concurrent runs
    const t0 = wall()
    const postTimes = []
    const ids = await Promise.all(
      Array.from({length: RUNS}, async (_, i) => {
        const s = wall()
        const {dag_id} = await post(agent, server, '/api/dispatch/run', {task: `read the notes, run ${i}`})
        postTimes.push(wall() - s)
        return dag_id
      }),
    )
    const runTimes = await Promise.all(
      ids.map(async (id) => {
        let done = 0
        await subscribe(agent, server, id, (block) => block.includes('\nevent: dag_done\n') && (done = wall()))
        if (!done) throw new Error(`run ${id} ended without dag_done`)
        return done - t0
      }),
    )
    rows.push(
      {name: `POST /api/dispatch/run p50, ${RUNS} at once`, value: percentile(postTimes, 50), unit: 'ms'},
      {name: `POST /api/dispatch/run p99, ${RUNS} at once`, value: percentile(postTimes, 99), unit: 'ms'},
      {name: `${RUNS} concurrent runs: all dag_done (stub model)`, value: Math.max(...runTimes), unit: 'ms', note: `median run ${percentile(runTimes, 50).toFixed(0)} ms`},
    )
  } finally {
    agent.destroy()
    await server.stop()
  }
  return rows
}
