// Credits and rate limits: pacer admission overhead in-process, and whole-process `credits summary` /
// `credits record` on a project with 100,000 entries.
import {spawnSync} from 'node:child_process'
import {mkdirSync, rmSync, writeFileSync} from 'node:fs'
import path from 'node:path'

const ENTRIES = 100_000
const PACER_REQUESTS = 20_000

/** 100,000 entries over three months, four models, fifty tasks, written as `credits record` would. */
function writeEntries(dir, renderCreditsFile) {
  const models = [['openai', 'gpt-4o'], ['openai', 'gpt-4o-mini'], ['anthropic', 'claude-sonnet-4-5'], ['google', 'gemini-2.5-pro']]
  const start = Date.UTC(2025, 3, 1)
  const step = Math.floor((91 * 86_400_000) / ENTRIES)
  const entries = Array.from({length: ENTRIES}, (_, i) => {
    const [provider, model] = models[i % 4]
    return {
      id: `c-${i.toString(16).padStart(12, '0')}`,
      timestamp: new Date(start + i * step).toISOString(),
      provider,
      model,
      task: `task-${i % 50}`,
      tokens_in: 1000 + (i % 5000),
      cached_tokens_in: i % 3 ? 0 : 500,
      tokens_out: 200 + (i % 900),
      cost_usd: Math.round((0.001 + (i % 100) / 10_000) * 1e6) / 1e6,
    }
  })
  mkdirSync(path.join(dir, '.govtool'), {recursive: true})
  writeFileSync(path.join(dir, '.govtool', 'credits.json'), renderCreditsFile(entries))
}

export default async function bench({timeCli, tempDir, benchEnv, median, percentile, BIN}) {
  const credits = await import('../plugins/credits/dist/index.js')
  const {ProjectContext} = await import('../dist/index.js')
  const rows = []

  // 1. pacer admission: acquire + release per request, shared window file, limits far away
  {
    const dir = tempDir()
    const ctx = new ProjectContext(dir)
    await credits.saveProfile(ctx, credits.validateProfileInput({provider: 'openai', model: 'gpt-4o', rpm: 1_000_000_000, tpm: 1_000_000_000_000, target: 1, concurrency: 64}))
    const pacer = await credits.Pacer.forProject(ctx, {builtins: []})
    const req = {provider: 'openai', model: 'gpt-4o', estimatedTokens: 1200}
    for (let i = 0; i < 2000; i++) (await pacer.acquire(req)).release({tokensUsed: 1000})
    const times = []
    for (let i = 0; i < PACER_REQUESTS; i++) {
      const t0 = performance.now()
      const ticket = await pacer.acquire(req)
      ticket.release({tokensUsed: 1000})
      times.push(performance.now() - t0)
    }
    await pacer.close()
    const syncs = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(path.join(dir, '.govtool', 'ratelimit-window.json'), 'utf8')))
    const settled = syncs.keys['openai/gpt-4o']?.charges.reduce((n, c) => n + c.requests, 0)
    const note = `${PACER_REQUESTS} sequential acquire+release, file-shared window; ${settled} requests settled in the window file`
    rows.push({name: 'pacer admission p50 (in-process)', value: percentile(times, 50), unit: 'ms', target: '< 0.2 ms', note})
    rows.push({name: 'pacer admission p99 (in-process)', value: percentile(times, 99), unit: 'ms', target: '< 0.2 ms'})
  }

  // 2. summary and record, whole process, 100,000 entries
  const dir = tempDir()
  writeEntries(dir, credits.renderCreditsFile)
  const env = benchEnv(tempDir())
  const args = ['credits', 'summary', '--month', '2025-05', '--project-dir', dir]
  // timeCli's warm-up run builds the summary cache (.govtool/credits-rollup.json); the timed runs use it
  rows.push({name: `credits summary, ${ENTRIES.toLocaleString('en-US')} entries (whole process)`, value: timeCli(args, {env, runs: 9}), unit: 'ms', target: '< 500 ms'})
  rows.push({name: 'baseline: govtool channel get (start-up, same conditions)', value: timeCli(['channel', 'get'], {env, runs: 9}), unit: 'ms', note: 'the summary above minus this is the cost of the command itself'})
  {
    const ctx = new ProjectContext(dir)
    const inproc = []
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now()
      await credits.creditsSummary(ctx, {month: '2025-05'})
      inproc.push(performance.now() - t0)
    }
    rows.push({name: 'creditsSummary() on 100,000 entries (in-process, cache)', value: median(inproc), unit: 'ms'})
  }

  const cold = []
  for (let i = 0; i < 5; i++) {
    rmSync(path.join(dir, '.govtool', 'credits-rollup.json'), {force: true})
    const t0 = performance.now()
    const r = spawnSync(process.execPath, [BIN, ...args], {env, encoding: 'utf8'})
    cold.push(performance.now() - t0)
    if (r.status !== 0) throw new Error(`credits summary exited ${r.status}: ${r.stderr}`)
  }
  rows.push({name: 'credits summary, 100,000 entries, no cache (whole process)', value: median(cold), unit: 'ms', note: 'full read of credits.json, then the cache is saved'})

  rows.push({
    name: 'credits record into 100,000 entries (whole process)',
    value: timeCli(['credits', 'record', '--provider', 'openai', '--model', 'gpt-4o', '--tokens-in', '1200', '--tokens-out', '300', '--task', 'bench', '--project-dir', dir], {env, runs: 7}),
    unit: 'ms',
    note: 'O(1) in-place append under the lock',
  })

  const ctx = new ProjectContext(dir)
  const prices = await credits.loadPriceTable(ctx)
  const per = []
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now()
    await credits.recordUsage(ctx, {provider: 'openai', model: 'gpt-4o', tokens_in: 1200, tokens_out: 300, task: 'bench'}, {prices})
    per.push(performance.now() - t0)
  }
  rows.push({name: 'recordUsage() into 100,000 entries (in-process)', value: median(per), unit: 'ms', note: `p99 ${percentile(per, 99).toFixed(2)} ms; locked + fsync'd`})
  return rows
}
