// The governance server: added latency of the gated proxy over calling the upstream directly (p50/p99, at
// concurrency 1, 16 and 64, streamed and not, measured side by side in one run against a fake upstream on
// loopback), POST /preflight latency and requests/s, and memory with 1,000 concurrent streams.
import {cpSync} from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import {ProjectContext} from '../dist/core.js'
import {isolatedEnv} from '../dist/testing.js'
import {startGovernanceServer} from '../plugins/servers/dist/index.js'

const NOTES = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..', 'plugins', 'preflight', 'test', 'fixtures', 'notes')
const REQUEST = 'fix the login timeout in REQ-AUTH-002'
const COMPLETION = JSON.stringify({id: 'chatcmpl-b', object: 'chat.completion', created: 1, model: 'm', choices: [{index: 0, message: {role: 'assistant', content: 'ok'}, finish_reason: 'stop'}], usage: {prompt_tokens: 10, completion_tokens: 2, total_tokens: 12}})
const chunk = (content) => `data: ${JSON.stringify({id: 'chatcmpl-b', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{index: 0, delta: {content}, finish_reason: null}]})}\n\n`
const STREAM = `${chunk('o')}${chunk('k')}data: ${JSON.stringify({id: 'chatcmpl-b', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: {prompt_tokens: 10, completion_tokens: 2, total_tokens: 12}})}\n\ndata: [DONE]\n\n`

/** A minimal OpenAI-compatible upstream: a fixed completion, or a fixed 3-chunk stream (held open on demand). */
function fakeUpstream({holdStreams = false} = {}) {
  const held = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      if (!body.includes('"stream":true')) return void res.writeHead(200, {'content-type': 'application/json'}).end(COMPLETION)
      res.writeHead(200, {'content-type': 'text/event-stream'})
      if (holdStreams) {
        res.write(chunk('o'))
        held.push(res)
      } else res.end(STREAM)
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({server, held, url: `http://127.0.0.1:${server.address().port}/v1`})))
}

const agentFor = () => new http.Agent({keepAlive: true, maxSockets: 1024})

function post(agent, url, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {method: 'POST', agent, headers: {'content-type': 'application/json', 'content-length': Buffer.byteLength(body)}}, (res) => {
      res.on('data', () => {})
      res.on('end', resolve)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** `total` requests from `concurrency` loops; per-request latencies in ms. */
async function load(url, body, {concurrency, total}) {
  const agent = agentFor()
  const times = []
  let left = total
  await Promise.all(
    Array.from({length: concurrency}, async () => {
      while (left-- > 0) {
        const t0 = performance.now()
        await post(agent, url, body)
        times.push(performance.now() - t0)
      }
    }),
  )
  agent.destroy()
  return times
}

export default async function bench({tempDir, percentile}) {
  const rows = []
  const project = path.join(tempDir('govtool-bench-serve-'), 'notes')
  cpSync(NOTES, project, {recursive: true})
  const ctx = new ProjectContext(project, isolatedEnv(tempDir('govtool-bench-serve-home-')))
  const upstream = await fakeUpstream()
  const gov = await startGovernanceServer({project: ctx, port: 0, upstream: {baseUrl: new URL(`${upstream.url}/`), provider: 'openai-compatible', model: 'm', timeoutMs: 30_000}, pace: false})
  try {
    for (const stream of [false, true]) {
      const body = JSON.stringify({model: 'm', stream, messages: [{role: 'user', content: REQUEST}]})
      await load(`${gov.url}/v1/chat/completions`, body, {concurrency: 4, total: 200})
      for (const concurrency of [1, 16, 64]) {
        const total = concurrency === 1 ? 400 : 800
        // interleave direct and proxied rounds so both see the same machine load
        const direct = []
        const proxied = []
        for (let round = 0; round < 4; round++) {
          direct.push(...(await load(`${upstream.url}/chat/completions`, body, {concurrency, total: total / 4})))
          proxied.push(...(await load(`${gov.url}/v1/chat/completions`, body, {concurrency, total: total / 4})))
        }
        const p50 = percentile(proxied, 50) - percentile(direct, 50)
        const p99 = percentile(proxied, 99) - percentile(direct, 99)
        rows.push({
          name: `proxy added latency p50, ${stream ? 'streamed' : 'not streamed'}, concurrency ${concurrency} (${total} requests)`,
          value: p50,
          unit: 'ms',
          target: concurrency === 16 ? 'p50 < 0.3, p99 < 1 ms' : '',
          note: `p99 +${p99.toFixed(3)} ms; direct p50 ${percentile(direct, 50).toFixed(3)} ms, proxied p50 ${percentile(proxied, 50).toFixed(3)} ms`,
        })
      }
    }
    const body = JSON.stringify({utterance: REQUEST})
    await load(`${gov.url}/preflight`, body, {concurrency: 1, total: 500})
    const t0 = performance.now()
    const times = await load(`${gov.url}/preflight`, body, {concurrency: 1, total: 2000})
    const seconds = (performance.now() - t0) / 1000
    const rps = (await (async () => {
      const s = performance.now()
      await load(`${gov.url}/preflight`, body, {concurrency: 16, total: 2000})
      return 2000 / ((performance.now() - s) / 1000)
    })())
    rows.push({name: 'POST /preflight p50 (2,000 sequential requests, keep-alive)', value: percentile(times, 50), unit: 'ms', target: '< 0.3 ms', note: `p99 ${percentile(times, 99).toFixed(3)} ms; ${(2000 / seconds).toFixed(0)} req/s sequential, ${rps.toFixed(0)} req/s at concurrency 16`})
  } finally {
    await gov.close()
    upstream.server.close()
  }

  // memory with 1,000 streams open at once
  const holding = await fakeUpstream({holdStreams: true})
  const gov2 = await startGovernanceServer({project: ctx, port: 0, upstream: {baseUrl: new URL(`${holding.url}/`), provider: 'openai-compatible', model: 'm', timeoutMs: 30_000}, pace: false})
  try {
    globalThis.gc?.()
    const before = process.memoryUsage().rss
    const agent = agentFor()
    const body = JSON.stringify({model: 'm', stream: true, messages: [{role: 'user', content: REQUEST}]})
    const open = Array.from({length: 1000}, () => post(agent, `${gov2.url}/v1/chat/completions`, body))
    for (let i = 0; i < 200 && holding.held.length < 1000; i++) await new Promise((r) => setTimeout(r, 25))
    const during = process.memoryUsage().rss
    const heldAtOnce = holding.held.length
    // release every stream, including any that reach the upstream after this point
    const release = setInterval(() => {
      for (const res of holding.held.splice(0)) res.end(`${chunk('k')}data: [DONE]\n\n`)
    }, 10)
    await Promise.all(open)
    clearInterval(release)
    agent.destroy()
    rows.push({name: 'memory with 1,000 concurrent proxied streams (RSS growth, server and clients in one process)', value: (during - before) / 1024 / 1024, unit: 'MiB', note: `${heldAtOnce} streams held open upstream at once`})
  } finally {
    await gov2.close()
    holding.server.closeAllConnections()
    holding.server.close()
  }
  return rows
}
