// Agent hook round trips (issue 19): what a client pays per hook call.
// - through the CLI: `govtool hook claude-code PreToolUse` with the payload on stdin, the whole process (the fast
//   runner answers it: the hook op is in its bundle), next to `node -e 0` (the floor of any process a client
//   starts) and the same hook through oclif (GOVTOOL_NO_FAST_PATH=1);
// - through the governance server over HTTP: POST /hooks/claude-code/PreToolUse on a keep-alive connection (as
//   Claude Code's HTTP hooks), next to a bare HTTP round trip to a node:http server answering at once;
// medians over repeated runs, and the ratios.
import {spawn, spawnSync} from 'node:child_process'
import {cpSync, writeFileSync} from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import readline from 'node:readline'

const HERE = import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname)
const NOTES = path.resolve(HERE, '..', 'plugins', 'preflight', 'test', 'fixtures', 'notes')

function child(...args) {
  const proc = spawn(process.execPath, [path.join(HERE, 'servers-child.mjs'), ...args], {stdio: ['pipe', 'pipe', 'inherit']})
  const lines = readline.createInterface({input: proc.stdout})
  return new Promise((resolve) => lines.once('line', (line) => resolve({url: JSON.parse(line).url, stop: () => new Promise((done) => (proc.once('exit', done), proc.stdin.end()))})))
}

function post(agent, url, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {method: 'POST', agent, headers: {'content-type': 'application/json'}}, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (d) => (text += d))
      res.on('end', () => (res.statusCode < 400 ? resolve(text) : reject(new Error(`${url}: HTTP ${res.statusCode}`))))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Median ms of `runs` spawns (after one warm-up); `check` sees each result. */
function timeSpawn(cmd, args, {input, env, runs, check}) {
  const times = []
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now()
    const r = spawnSync(cmd, args, {input, env, encoding: 'utf8'})
    const ms = performance.now() - t0
    check?.(r)
    if (i > 0) times.push(ms)
  }
  return times
}

export default async function bench({tempDir, benchEnv, median, BIN}) {
  const rows = []
  const project = path.join(tempDir('govtool-bench-hooks-'), 'notes')
  cpSync(NOTES, project, {recursive: true})
  writeFileSync(path.join(project, 'docs', 'GOVTOOL.yml'), 'agent:\n  permissions:\n    preset: standard\n')
  const home = tempDir('govtool-bench-hooks-home-')
  const env = benchEnv(home)
  const payload = (command) => JSON.stringify({session_id: 'bench', transcript_path: '/tmp/bench.jsonl', cwd: project, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: {command}})
  const allowed = payload('npm test 2>&1 | tail -20')
  const denied = payload('echo "## forged" >> LEDGER.md')
  const args = [BIN, 'hook', 'claude-code', 'PreToolUse', '--project-dir', project]
  const expect = (want) => (r) => {
    if (r.status !== 0) throw new Error(`govtool hook exited ${r.status}: ${r.stderr}`)
    if ((r.stdout.includes('"deny"') ? 'deny' : 'allow') !== want) throw new Error(`govtool hook answered ${r.stdout || '(nothing)'}, expected ${want}`)
  }

  const RUNS = 15
  const nodeFloor = median(timeSpawn(process.execPath, ['-e', '0'], {runs: RUNS}))
  const cliAllow = median(timeSpawn(process.execPath, args, {input: allowed, env, runs: RUNS, check: expect('allow')}))
  const cliDeny = median(timeSpawn(process.execPath, args, {input: denied, env, runs: RUNS, check: expect('deny')}))
  const cliOclif = median(timeSpawn(process.execPath, args, {input: allowed, env: {...env, GOVTOOL_NO_FAST_PATH: '1'}, runs: 7, check: expect('allow')}))
  rows.push(
    {name: 'node -e 0 (process floor)', value: nodeFloor, unit: 'ms'},
    {name: 'CLI hook PreToolUse, no objection (fast runner)', value: cliAllow, unit: 'ms', note: `${(cliAllow / nodeFloor).toFixed(1)}x node -e 0`},
    {name: 'CLI hook PreToolUse, deny (fast runner)', value: cliDeny, unit: 'ms', note: `${(cliDeny / nodeFloor).toFixed(1)}x node -e 0`},
    {name: 'CLI hook PreToolUse through oclif (no fast path)', value: cliOclif, unit: 'ms', note: `${(cliOclif / cliAllow).toFixed(1)}x the fast runner`},
  )

  const bare = await child('upstream')
  const gov = await child('governance', bare.url, project, home)
  const agent = new http.Agent({keepAlive: true, maxSockets: 1})
  try {
    const hookUrl = `${gov.url}/hooks/claude-code/PreToolUse`
    const bareUrl = `${bare.url}/chat/completions`
    const N = 400
    const timeHttp = async (url, body, check) => {
      for (let i = 0; i < 50; i++) await post(agent, url, body)
      const times = []
      for (let i = 0; i < N; i++) {
        const t0 = performance.now()
        const text = await post(agent, url, body)
        times.push(performance.now() - t0)
        check?.(text)
      }
      return times
    }
    const bareMs = median(await timeHttp(bareUrl, '{"model":"m","messages":[]}'))
    const httpAllow = median(await timeHttp(hookUrl, allowed, (t) => { if (t !== '') throw new Error(`HTTP hook answered ${t}`) }))
    const httpDeny = median(await timeHttp(hookUrl, denied, (t) => { if (!t.includes('"deny"')) throw new Error(`HTTP hook answered ${t}`) }))
    rows.push(
      {name: 'bare HTTP round trip (node:http, keep-alive)', value: bareMs, unit: 'ms'},
      {name: 'HTTP hook PreToolUse, no objection (governance server)', value: httpAllow, unit: 'ms', note: `${(httpAllow / bareMs).toFixed(1)}x bare HTTP; the CLI hook is ${(cliAllow / httpAllow).toFixed(0)}x slower`},
      {name: 'HTTP hook PreToolUse, deny (governance server)', value: httpDeny, unit: 'ms', note: `${(httpDeny / bareMs).toFixed(1)}x bare HTTP; the CLI hook is ${(cliDeny / httpDeny).toFixed(0)}x slower`},
    )
  } finally {
    agent.destroy()
    await gov.stop()
    await bare.stop()
  }
  return rows
}
