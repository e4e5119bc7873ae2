// Preflight and verify: whole-process medians on a generated project with 5,000 requirements, and the
// in-process decision time (p50, p99) over 10,000 utterances (the path the servers and the dispatcher use).
import {mkdirSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {ProjectContext} from '../dist/index.js'
import {preflight} from '../plugins/preflight/dist/index.js'

const REQUIREMENTS = 5000
const UTTERANCES = 10_000

/** Deterministic PRNG (mulberry32), so every run benches the same project and requests. */
function rng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SYLLABLES = ['ka', 'lo', 'mi', 'sen', 'tor', 'vel', 'qua', 'rin', 'dex', 'pol', 'zu', 'bar', 'nim', 'fe', 'gra', 'hol', 'jet', 'cor', 'wan', 'yel']
const COMMON = ['user', 'data', 'request', 'report', 'file', 'record', 'service', 'error', 'cache', 'config', 'session', 'event', 'queue', 'index', 'schema', 'token', 'limit', 'export', 'import', 'sync']

export function generate(dir) {
  const random = rng(42)
  const pick = (list) => list[Math.floor(random() * list.length)]
  const vocab = Array.from({length: 3000}, () => pick(SYLLABLES) + pick(SYLLABLES) + pick(SYLLABLES))
  const components = Array.from({length: 40}, (_, i) => `comp${i}`)
  const word = () => (random() < 0.3 ? pick(COMMON) : pick(vocab))
  const titles = []
  const req = ['# Requirements', '']
  const tests = ['# Tests', '']
  for (let i = 1; i <= REQUIREMENTS; i++) {
    const id = `REQ-${String(i).padStart(4, '0')}`
    const title = Array.from({length: 3 + Math.floor(random() * 3)}, word).join(' ')
    titles.push(title)
    const description = `The system shall ${Array.from({length: 15 + Math.floor(random() * 10)}, word).join(' ')} within ${1 + Math.floor(random() * 500)} ms.`
    const status = random() < 0.05 ? 'draft' : random() < 0.03 ? 'frozen' : 'implemented'
    req.push(`## ${id}. ${title}`, `- **ID:** ${id}`, `- **Description:** ${description}`, `- **Status:** ${status}`, `- **Priority:** P${1 + Math.floor(random() * 3)}`, `- **Component:** ${pick(components)}`, '')
    if (random() < 0.9) tests.push(`### TEST-${String(i).padStart(4, '0')} ${title}`, `- **Covers**: ${id}`, '')
  }
  mkdirSync(path.join(dir, 'docs'), {recursive: true})
  writeFileSync(path.join(dir, 'docs', 'REQUIREMENTS.md'), req.join('\n'))
  writeFileSync(path.join(dir, 'docs', 'TESTS.md'), tests.join('\n'))
  writeFileSync(path.join(dir, 'LEDGER.md'), '# Change Ledger\n')
  writeFileSync(path.join(dir, 'scaffold.yml'), 'name: bench\ntype: generic\naee_phase: implementation\n')
  const templates = [
    (t) => `fix the ${t}`,
    (t) => `explain how the ${t} works`,
    (t) => `please refactor ${t} and add tests`,
    (t) => `why does ${t} fail?`,
    (t) => `delete the ${t} table`,
    (t) => `update REQ-${String(1 + Math.floor(random() * REQUIREMENTS)).padStart(4, '0')} for ${t}`,
    () => 'release v2.3.0',
    () => 'print the api key',
    () => 'make it better',
    (t) => `could you speed up ${t} when the cache is cold`,
  ]
  const utterances = Array.from({length: UTTERANCES}, () => {
    const words = pick(titles).split(' ')
    const start = Math.floor(random() * Math.max(1, words.length - 1))
    return pick(templates)(words.slice(start, start + 2).join(' '))
  })
  return {utterances}
}

export default async function bench({timeCli, tempDir, percentile, threadCpuClock, gcPauses}) {
  const dir = tempDir('govtool-bench-preflight-')
  const {utterances} = generate(dir)
  const diff = path.join(dir, 'change.diff')
  writeFileSync(diff, 'diff --git a/src/a.ts b/src/a.ts\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1,2 @@\n-old\n+new // REQ-0001\n+more\n')
  const junit = path.join(dir, 'junit.xml')
  writeFileSync(junit, `<testsuites><testsuite name="s">${Array.from({length: 200}, (_, i) => `<testcase classname="c" name="TEST-${String(i + 1).padStart(4, '0')}"/>`).join('')}</testsuite></testsuites>`)

  const ctx = new ProjectContext(dir)
  // first decision: parses 5,000 requirements and builds the index (and warms the governance parse cache)
  const t0 = performance.now()
  await preflight(ctx, 'fix the sync queue', {record: false})
  const coldMs = performance.now() - t0
  // steady state, as the servers and the dispatcher run it: a first pass compiles the hot paths (JIT) before the
  // timed pass; without it the slowest 1% are mostly first-time compilation, not decisions
  for (const u of utterances.slice(0, 2000)) await preflight(ctx, u, {record: false})
  // Each decision is timed three ways (issue 22's p99 <= 2 ms, read on the second): wall (on a shared machine it
  // includes time the OS ran other processes), the decision thread's own CPU plus every GC pause that began inside
  // the decision at its full wall duration (an upper bound: the pause's main-thread CPU counts twice; no decision
  // is dropped and no GC is moved out of the timed part), and the whole process's CPU (V8's background compiler
  // and GC helper threads too, which run beside the decision).
  const clock = threadCpuClock()
  const gc = gcPauses()
  const times = []
  const spans = []
  const own = []
  const cpu = []
  const counts = {}
  for (const u of utterances) {
    const m = clock?.()
    const c = process.cpuUsage()
    const s = performance.now()
    const r = await preflight(ctx, u, {record: false})
    const e = performance.now()
    const used = process.cpuUsage(c)
    if (clock) own.push(clock() - m)
    times.push(e - s)
    spans.push([s, e])
    cpu.push((used.user + used.system) / 1000)
    counts[r.decision] = (counts[r.decision] ?? 0) + 1
  }
  await gc.flush()
  const paused = spans.map(([s, e]) => gc.pausedWithin(s, e))
  const decisionCost = own.map((ms, k) => ms + paused[k])
  const withPause = paused.filter((ms) => ms > 0).length
  const load = os.loadavg()[0].toFixed(1)
  const mix = Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')

  const args = ['--project-dir', dir, '--json']
  const accepted = utterances.find((u) => u.startsWith('fix the')) ?? 'fix the sync queue'
  return [
    {name: `preflight whole process (${REQUIREMENTS} requirements, accepted, ledger write)`, value: timeCli(['preflight', accepted, ...args], {expectCodes: [0, 2, 3]}), unit: 'ms', target: '< 250 ms'},
    {name: 'preflight whole process (rejected, no writes)', value: timeCli(['preflight', 'print the api key', ...args], {expectCodes: [3]}), unit: 'ms', target: '< 250 ms'},
    {name: `verify whole process (diff + JUnit, ${REQUIREMENTS} requirements)`, value: timeCli(['verify', '--diff', diff, '--tests', junit, ...args], {expectCodes: [0, 2, 3]}), unit: 'ms', target: '< 250 ms'},
    {name: 'preflight in-process, first decision (governance parse of 5,000 requirements + index)', value: coldMs, unit: 'ms'},
    {name: `preflight in-process decision p50 (${UTTERANCES} utterances)`, value: percentile(times, 50), unit: 'ms', note: mix},
    {name: `preflight in-process decision p99, decision thread's CPU + GC pauses (${UTTERANCES} utterances)`, value: clock ? percentile(decisionCost, 99) : NaN, unit: 'ms', target: '< 2 ms', note: clock ? `p50 ${percentile(decisionCost, 50).toFixed(3)}; a GC pause in ${withPause} of ${UTTERANCES} decisions, ${paused.reduce((a, b) => a + b, 0).toFixed(0)} ms in all` : 'no per-thread CPU clock on this platform'},
    {name: `preflight in-process decision p99, wall (same run)`, value: percentile(times, 99), unit: 'ms', note: `includes time the OS ran other processes (load average ${load} on ${os.availableParallelism()} cores)`},
    {name: 'preflight in-process decision p99, whole process CPU (same run)', value: percentile(cpu, 99), unit: 'ms', note: "includes V8's background compiler and GC threads"},
  ]
}
