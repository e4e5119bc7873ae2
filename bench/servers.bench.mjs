// The governance server, each party in its own process as in real use (bench/servers-child.mjs): added latency
// of the gated proxy over calling the fake upstream directly (p50/p99 at concurrency 1, 16 and 64, streamed and
// not, side by side in one run), next to a minimal node:http pass-through proxy (the cost of any extra hop);
// POST /preflight latency and requests/s next to GET /health on the same server; memory of the server process
// with 1,000 concurrent streams.
import {spawn} from 'node:child_process'
import {cpSync} from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import readline from 'node:readline'

const HERE = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname)
const NOTES = path.resolve(HERE, '..', 'plugins', 'preflight', 'test', 'fixtures', 'notes')
const REQUEST = 'fix the login timeout in REQ-AUTH-002'

/** Starts a child of servers-child.mjs; resolves once it printed its address. */
function child(...args) {
  const proc = spawn(process.execPath, [path.join(HERE, 'servers-child.mjs'), ...args], {stdio: ['pipe', 'pipe', 'inherit']})
  const lines = readline.createInterface({input: proc.stdout})
  const waiting = []
  lines.on('line', (line) => waiting.shift()?.(JSON.parse(line)))
  const next = () => new Promise((resolve) => waiting.push(resolve))
  const first = next()
  return first.then(({url}) => ({
    url,
    async ask(command) {
      const answer = next()
      proc.stdin.write(`${command}\n`)
      return answer
    },
    tell: (command) => proc.stdin.write(`${command}\n`),
    stop: () => new Promise((resolve) => (proc.once('exit', resolve), proc.stdin.end())),
  }))
}

const agentFor = () => new http.Agent({keepAlive: true, maxSockets: 2048})

function request(agent, url, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {method: body === undefined ? 'GET' : 'POST', agent, headers: {'content-type': 'application/json'}}, (res) => {
      res.on('data', () => {})
      res.on('end', () => (res.statusCode < 400 ? resolve() : reject(new Error(`${url}: HTTP ${res.statusCode}`))))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** `total` requests from `concurrency` loops over one keep-alive agent; per-request latencies in ms. */
async function load(agent, url, body, {concurrency, total}) {
  const times = []
  let left = total
  await Promise.all(
    Array.from({length: concurrency}, async () => {
      while (left-- > 0) {
        const t0 = performance.now()
        await request(agent, url, body)
        times.push(performance.now() - t0)
      }
    }),
  )
  return times
}

export default async function bench({tempDir, percentile}) {
  const rows = []
  const project = path.join(tempDir('govtool-bench-serve-'), 'notes')
  cpSync(NOTES, project, {recursive: true})
  const home = tempDir('govtool-bench-serve-home-')
  const upstream = await child('upstream')
  const bare = await child('bare', upstream.url)
  const gov = await child('governance', upstream.url, project, home)
  const agent = agentFor()
  try {
    for (const stream of [false, true]) {
      const body = JSON.stringify({model: 'm', stream, messages: [{role: 'user', content: REQUEST}]})
      const targets = {direct: `${upstream.url}/chat/completions`, bare: `${bare.url}/v1/chat/completions`, proxied: `${gov.url}/v1/chat/completions`}
      for (const url of Object.values(targets)) await load(agent, url, body, {concurrency: 16, total: 400})
      for (const concurrency of [1, 16, 64]) {
        const total = concurrency === 1 ? 600 : 1600
        const times = {direct: [], bare: [], proxied: []}
        // interleave the three in rounds so each sees the same machine load
        for (let round = 0; round < 4; round++) {
          for (const [name, url] of Object.entries(targets)) times[name].push(...(await load(agent, url, body, {concurrency, total: total / 4})))
        }
        const p = (name, q) => percentile(times[name], q)
        rows.push({
          name: `proxy added latency p50, ${stream ? 'streamed' : 'not streamed'}, concurrency ${concurrency} (${total} requests each)`,
          value: p('proxied', 50) - p('direct', 50),
          unit: 'ms',
          target: concurrency === 16 ? 'p50 < 0.3, p99 < 1 ms' : '',
          note: `p99 +${(p('proxied', 99) - p('direct', 99)).toFixed(3)} ms; a bare node:http hop adds p50 ${(p('bare', 50) - p('direct', 50)).toFixed(3)} ms, p99 ${(p('bare', 99) - p('direct', 99)).toFixed(3)} ms; direct p50 ${p('direct', 50).toFixed(3)} ms`,
        })
      }
    }
    const body = JSON.stringify({utterance: REQUEST})
    await load(agent, `${gov.url}/preflight`, body, {concurrency: 1, total: 500})
    const health = []
    const times = []
    for (let round = 0; round < 4; round++) {
      health.push(...(await load(agent, `${gov.url}/health`, undefined, {concurrency: 1, total: 500})))
      times.push(...(await load(agent, `${gov.url}/preflight`, body, {concurrency: 1, total: 500})))
    }
    const s = performance.now()
    await load(agent, `${gov.url}/preflight`, body, {concurrency: 16, total: 4000})
    const rps = 4000 / ((performance.now() - s) / 1000)
    rows.push({
      name: 'POST /preflight p50 over GET /health on the same server (2,000 sequential requests each)',
      value: percentile(times, 50) - percentile(health, 50),
      unit: 'ms',
      target: '< 0.3 ms',
      note: `/preflight p50 ${percentile(times, 50).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms round trip (/health p50 ${percentile(health, 50).toFixed(3)} ms); ${rps.toFixed(0)} req/s at concurrency 16`,
    })
  } finally {
    agent.destroy()
    await Promise.all([gov.stop(), bare.stop(), upstream.stop()])
  }

  // memory of the governance server process with 1,000 streams open at once
  const holding = await child('upstream', '--hold')
  const gov2 = await child('governance', holding.url, project, home)
  const streams = agentFor()
  try {
    const body = JSON.stringify({model: 'm', stream: true, messages: [{role: 'user', content: REQUEST}]})
    await load(streams, `${gov2.url}/v1/chat/completions`, JSON.stringify({model: 'm', messages: [{role: 'user', content: REQUEST}]}), {concurrency: 4, total: 100})
    const before = (await gov2.ask('rss')).rss
    const open = Array.from({length: 1000}, () => request(streams, `${gov2.url}/v1/chat/completions`, body))
    let heldAtOnce = 0
    for (let i = 0; i < 400 && heldAtOnce < 1000; i++) {
      await new Promise((r) => setTimeout(r, 25))
      heldAtOnce = (await holding.ask('rss')).held
    }
    const during = (await gov2.ask('rss')).rss
    const release = setInterval(() => holding.tell('release'), 10)
    await Promise.all(open)
    clearInterval(release)
    rows.push({name: 'memory of the server with 1,000 concurrent proxied streams (RSS growth)', value: (during - before) / 1024 / 1024, unit: 'MiB', note: `${heldAtOnce} streams held open upstream at once; ${((during - before) / 1000 / 1024).toFixed(1)} KiB per stream`})
  } finally {
    streams.destroy()
    await Promise.all([gov2.stop(), holding.stop()])
  }
  return rows
}
