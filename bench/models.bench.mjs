// Local models, model intelligence, skills and tool-server stubs: whole-process medians of the commands
// users run most, the offline sync path, and the Ollama client's parsing of a 10,000-line pull stream.
import http from 'node:http'

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

export default async function bench({timeCli, timeFn, tempDir, benchEnv}) {
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
