// Local models, model intelligence, skills and tool-server stubs: whole-process medians of the commands
// users run most, the offline sync path, and the Ollama client's parsing of a 10,000-line pull stream.
// Chat: the stub `chat` turn as a whole process against `node -e 0`, and what the model client plus the
// block-protocol event pipeline add per token and to the first token over reading the same SSE stream directly.
import {spawnSync} from 'node:child_process'
import http from 'node:http'
import {Writable} from 'node:stream'

import {createParser} from 'eventsource-parser'

import {EventWriter, ModelClient, OpenAICompatibleBackend, newBlockId} from '../plugins/models/dist/index.js'

import {NdjsonDecoder, OllamaClient, PullTracker} from '../plugins/ollama/dist/index.js'
import {parseLeaderboardRow, scoreLeaderboard} from '../plugins/model-intel/dist/index.js'

const LINES = 10_000

/** 10,000 progress lines of a two-layer pull, as the daemon streams them, ending in success. */
function pullStream() {
  const lines = [JSON.stringify({status: 'pulling manifest'})]
  const layers = [
    {digest: 'sha256:' + 'a'.repeat(64), total: 4_000_000_000},
    {digest: 'sha256:' + 'b'.repeat(64), total: 12_000},
  ]
  const progress = LINES - 5
  for (const [n, {digest, total}] of layers.entries()) {
    const per = n === 0 ? Math.ceil(progress / 2) : Math.floor(progress / 2)
    for (let i = 1; i <= per; i++) lines.push(JSON.stringify({status: `pulling ${digest.slice(7, 19)}`, digest, total, completed: Math.round((total * i) / per)}))
  }
  lines.push(JSON.stringify({status: 'verifying sha256 digest'}), JSON.stringify({status: 'writing manifest'}), JSON.stringify({status: 'removing any unused layers'}), JSON.stringify({status: 'success'}))
  return lines.join('\n') + '\n'
}

function startDaemon(body) {
  const server = http.createServer((req, res) => {
    res.writeHead(200, {'content-type': 'application/x-ndjson'})
    // 1 KB writes: most lines arrive split across chunks
    for (let i = 0; i < body.length; i += 1024) res.write(body.slice(i, i + 1024))
    res.end()
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

function leaderboard(n) {
  const rows = []
  for (let i = 0; i < n; i++) rows.push({fullname: `lab${i % 13}/model-${i}`, IFEval: 40 + (i % 50), BBH: 20 + (i % 40), 'MATH Lvl 5': i % 45, GPQA: i % 20, MUSR: i % 25, 'MMLU-PRO': 15 + (i % 40)})
  return rows
}

const TOKENS = 2000

/** An OpenAI-compatible server streaming TOKENS one-word chunks as fast as it can, then usage and [DONE]. */
function startSse() {
  const frames = []
  for (let i = 0; i < TOKENS; i++) frames.push(`data: ${JSON.stringify({choices: [{index: 0, delta: {content: `w${i} `}, finish_reason: null}]})}\n\n`)
  frames.push(`data: ${JSON.stringify({choices: [{index: 0, delta: {}, finish_reason: 'stop'}]})}\n\n`)
  frames.push(`data: ${JSON.stringify({choices: [], usage: {prompt_tokens: 10, completion_tokens: TOKENS}})}\n\ndata: [DONE]\n\n`)
  const server = http.createServer(async (req, res) => {
    for await (const _ of req);
    res.writeHead(200, {'content-type': 'text/event-stream'})
    for (let i = 0; i < frames.length; i += 50) res.write(frames.slice(i, i + 50).join(''))
    res.end()
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** Reads the stream with fetch + eventsource-parser only: the floor any client pays. */
async function direct(url) {
  const t0 = performance.now()
  let first
  let n = 0
  const parser = createParser({
    onEvent: (e) => {
      if (e.data === '[DONE]') return
      const c = JSON.parse(e.data)
      if (c.choices?.[0]?.delta?.content) {
        first ??= performance.now() - t0
        n++
      }
    },
  })
  const res = await fetch(`${url}/chat/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({model: 'm', messages: [], stream: true})})
  const decoder = new TextDecoder()
  for await (const chunk of res.body) parser.feed(decoder.decode(chunk, {stream: true}))
  if (n !== TOKENS) throw new Error(`direct read ${n} tokens`)
  return {first, total: performance.now() - t0}
}

/** The model client with every token emitted as a block-protocol `token` event, JSON lines to a sink. */
async function pipeline(url) {
  const sink = new Writable({write: (_c, _e, cb) => cb()})
  const events = new EventWriter((line) => sink.write(line))
  const backend = new OpenAICompatibleBackend({baseUrl: url, model: 'm', contextWindow: 16000, timeoutMs: 30000})
  const client = new ModelClient({backend, reason: 'forced', timeoutMs: 30000, retries: 0, secrets: ['sk-bench-0123456789abcdef']})
  const block = newBlockId()
  const t0 = performance.now()
  let first
  let n = 0
  await client.chat({messages: [{role: 'user', content: 'go'}]}, {onToken: (text) => {
    first ??= performance.now() - t0
    n++
    events.emit({type: 'token', block_id: block, text})
  }})
  if (n !== TOKENS) throw new Error(`pipeline saw ${n} tokens`)
  return {first, total: performance.now() - t0}
}

async function chatRows({tempDir, benchEnv, timeCli}) {
  const server = await startSse()
  const url = `http://127.0.0.1:${server.address().port}/v1`
  const a = []
  const b = []
  await direct(url)
  await pipeline(url)
  // interleaved in the same run, so both see the same machine load
  for (let i = 0; i < 15; i++) {
    a.push(await direct(url))
    b.push(await pipeline(url))
  }
  server.close()
  const med = (xs) => {
    const s = [...xs].sort((x, y) => x - y)
    return s[Math.floor(s.length / 2)]
  }
  const perToken = ((med(b.map((r) => r.total)) - med(a.map((r) => r.total))) / TOKENS) * 1000
  const firstAdded = med(b.map((r) => r.first)) - med(a.map((r) => r.first))

  const home = tempDir()
  const project = tempDir()
  spawnSync('git', ['init', '-q'], {cwd: project})
  const env = {...benchEnv(home), OLLAMA_HOST: 'http://127.0.0.1:9'}
  const chat = timeCli(['chat', 'what does this project do?'], {env, cwd: project, runs: 7})
  const nodeTimes = []
  for (let i = 0; i < 8; i++) {
    const t0 = performance.now()
    spawnSync(process.execPath, ['-e', '0'])
    if (i > 0) nodeTimes.push(performance.now() - t0)
  }
  return [
    {name: 'govtool chat, stub backend, one turn (whole process)', value: chat, unit: 'ms', note: `node -e 0: ${med(nodeTimes).toFixed(0)} ms`},
    {name: `chat pipeline: added latency per token (${TOKENS}-token SSE, client + events vs direct read)`, value: perToken, unit: 'µs', target: '< 20 µs'},
    {name: 'chat pipeline: added latency to the first token', value: firstAdded, unit: 'ms', target: '< 5 ms', note: `direct first token ${med(a.map((r) => r.first)).toFixed(1)} ms`},
  ]
}

export default async function bench(lib) {
  return [...(await otherRows(lib)), ...(await chatRows(lib))]
}

async function otherRows({timeCli, timeFn, tempDir, benchEnv}) {
  const body = pullStream()
  const bytes = new TextEncoder().encode(body)
  const parseMs = await timeFn(() => {
    const decoder = new NdjsonDecoder()
    const tracker = new PullTracker()
    for (let i = 0; i < bytes.length; i += 4096) for (const e of decoder.push(bytes.subarray(i, i + 4096))) tracker.update(e)
    for (const e of decoder.end()) tracker.update(e)
    if (!tracker.succeeded || tracker.events !== LINES) throw new Error(`parsed ${tracker.events} events`)
  }, 9)

  const server = await startDaemon(body)
  const client = new OllamaClient({baseUrl: `http://127.0.0.1:${server.address().port}`})
  let events = 0
  const pullMs = await timeFn(async () => {
    events = 0
    await client.pull('bench:latest', {onProgress: () => events++})
  }, 9)
  server.close()
  if (events !== LINES) throw new Error(`client saw ${events} progress lines`)

  const rows = leaderboard(1000)
  const scoreMs = await timeFn(() => scoreLeaderboard(rows.map((r) => parseLeaderboardRow(r))), 9)

  const closed = http.createServer()
  await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const deadPort = closed.address().port
  await new Promise((resolve) => closed.close(resolve))
  const home = tempDir()
  const project = tempDir()
  const env = {...benchEnv(home), GOVTOOL_HUB_URL: `http://127.0.0.1:${deadPort}`}
  const cli = (args, runs = 7) => timeCli(args, {env, cwd: project, runs})
  return [
    {name: `ollama pull stream: decode + track ${LINES} lines (in-process)`, value: parseMs, unit: 'ms', target: '< 50 ms'},
    {name: `ollama client pull of ${LINES} lines over loopback HTTP`, value: pullMs, unit: 'ms', target: '< 200 ms'},
    {name: 'model-intel: bucket scores of 1000 leaderboard rows (in-process)', value: scoreMs, unit: 'ms'},
    {name: 'govtool skill list (whole process)', value: cli(['skill', 'list']), unit: 'ms'},
    {name: 'govtool mcp generate (whole process)', value: cli(['mcp', 'generate', 'read open GitHub issues']), unit: 'ms'},
    {name: 'govtool model-intel recommendations (whole process)', value: cli(['model-intel', 'recommendations', '--json']), unit: 'ms'},
    {name: 'govtool model-intel sync offline (whole process)', value: cli(['model-intel', 'sync', '--json'], 5), unit: 'ms', note: 'hub at a closed port'},
  ]
}
