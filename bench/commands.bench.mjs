// The common commands through the fast runner at 20 and 5,000 requirements (preflight warm and right after an
// edit of REQUIREMENTS.md, req list, verify, checkpoint --json, audit, validate, req gaps, req orphans, req trace,
// export, phase show, phase set (phase next's path, to the current phase: no write), ledger add on a 1,000-entry
// ledger), and the whole-process start-up of five commands against `node -e 0`, all in the
// same run; every row with its ratio to the `node -e 0` of this run. Medians of BENCH_RUNS runs (default 7) after
// a warm-up. GOVTOOL_BENCH_COMPARE=<checkout>/bin/run.js runs another build alternately with this one, each on its
// own copy of the projects, and notes its median on every row (a before/after comparison under the same load).
import {spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {ProjectContext} from '../dist/core.js'
import {timeNode} from './lib.mjs'

/** A healthy governed project of `n` requirements (each covered by a test), in the style `req add` writes. */
function project(dir, n) {
  mkdirSync(path.join(dir, 'docs', 'governance'), {recursive: true})
  mkdirSync(path.join(dir, '.github', 'workflows'), {recursive: true})
  const req = ['# Requirements', '']
  const tests = ['# Tests', '']
  for (let i = 1; i <= n; i++) {
    const id = `REQ-CORE-${String(i).padStart(4, '0')}`
    req.push(`### ${id}: Notes feature ${i} keeps the \`--json\` output stable`, '- **Status:** implemented', '- **Priority:** P2', `- **Description:** The notes service stores note ${i} and returns it within ${i % 500} ms.`, '')
    tests.push(`### TEST-CORE-${String(i).padStart(4, '0')}: Checks feature ${i}`, `- **Covers:** ${id}`, `- **Description:** Checks note ${i}.`, '')
  }
  writeFileSync(path.join(dir, 'docs', 'REQUIREMENTS.md'), req.join('\n'))
  writeFileSync(path.join(dir, 'docs', 'TESTS.md'), tests.join('\n'))
  writeFileSync(path.join(dir, 'scaffold.yml'), 'name: bench\ntype: generic\ndescription: bench\nvcs_platform: github\naee_phase: implementation\n')
  writeFileSync(path.join(dir, 'AGENTS.md'), '# AGENTS.md\n\nRead `docs/REQUIREMENTS.md` and `docs/governance/workflow.md`.\n')
  writeFileSync(path.join(dir, 'docs', 'governance', 'workflow.md'), '# Workflow\n\nSmall steps.\n')
  writeFileSync(path.join(dir, 'docs', 'architecture.md'), '# Architecture\n\n- core: serves REQ-CORE-0001\n')
  writeFileSync(path.join(dir, '.github', 'workflows', 'ci.yml'), 'name: CI\non: [push]\njobs:\n  gov:\n    runs-on: ubuntu-latest\n    steps:\n      - run: govtool audit\n')
  writeFileSync(path.join(dir, 'LEDGER.md'), '# Change Ledger\n')
  writeFileSync(path.join(dir, 'change.json'), JSON.stringify({files_changed: ['src/notes.ts'], test_results: {passed: 12, failed: 0}}))
}

export default async function bench({tempDir, benchEnv, median}) {
  const rows = []
  const RUNS = Number(process.env.BENCH_RUNS ?? 7)
  const bin = path.join(import.meta.dirname, '..', 'bin', 'run.js')
  // another build to compare with, run alternately with this one on its own copy of each project
  const other = process.env.GOVTOOL_BENCH_COMPARE
  const bins = other ? [bin, other] : [bin]
  const baseline = timeNode(['-e', '0'], RUNS)
  rows.push({name: 'node -e 0 (baseline of this run)', value: baseline, unit: 'ms', note: other ? `compared with ${other}` : ''})
  const ratio = (ms) => `${(ms / baseline).toFixed(2)}x node -e 0`
  const row = (name, [ms, before], extra = {}) =>
    rows.push({name, value: ms, unit: 'ms', ...extra, note: [extra.note, ratio(ms), before === undefined ? '' : `before: ${before.toFixed(0)} ms, ${ratio(before)}`].filter(Boolean).join(', ')})
  const env = benchEnv(tempDir('govtool-bench-cmd-home-'))
  // each build its own V8 code cache: two builds in one cache directory replace each other's entries (the same file
  // names under another key), so every run of both would be a miss
  const envs = bins.map((_, b) => ({...env, GOVTOOL_CACHE_DIR: tempDir(`govtool-bench-cmd-cache-${b}-`)}))
  const run = (b, args, cwd) => spawnSync(process.execPath, [bins[b], ...args], {cwd, env: envs[b], encoding: 'utf8', input: args.includes('--stdin') ? readFileSync(path.join(cwd, 'change.json')) : undefined})
  /** medians per build of `args` run in each build's copy of the project (`before` runs ahead of each run) */
  const timed = (args, dirs, before = () => {}, node = undefined) => {
    const times = bins.map(() => [])
    for (let i = 0; i <= RUNS; i++) {
      // `node -e 0` in the same loop (start-up rows): the baseline under the load of these very runs
      if (node) {
        const t0 = performance.now()
        spawnSync(process.execPath, ['-e', '0'], {env})
        if (i > 0) node.push(performance.now() - t0)
      }
      for (const b of bins.keys()) {
        before(dirs[b], i)
        const t0 = performance.now()
        run(b, args, dirs[b])
        if (i > 0) times[b].push(performance.now() - t0)
      }
    }
    return times.map((t) => median(t))
  }

  for (const n of [20, 5000]) {
    const dirs = []
    for (const b of bins.keys()) {
      const dir = tempDir(`govtool-bench-cmd-${n}-${b}-`)
      project(dir, n)
      // a 1,000-entry ledger, appended in process (1,000 processes would take minutes)
      const {appendLedgerEntries} = await import('@govtool/plugin-governance/trace')
      const ctx = new ProjectContext(dir)
      for (let k = 0; k < 10; k++) await appendLedgerEntries(ctx, Array.from({length: 100}, (_, i) => ({description: `Change ${k * 100 + i}`, type: 'task', author: 'bench', reqs: ['REQ-CORE-0001']})))
      dirs.push(dir)
    }
    const at = (name) => `${name} @ ${n} reqs`
    const utterance = ['preflight', 'fix', 'the', 'notes', 'feature', '3', 'output', '--json']
    for (const b of bins.keys()) run(b, utterance, dirs[b])
    const warm = timed(utterance, dirs)
    row(at('preflight (warm)'), warm)
    // right after an edit: one requirement's description changes before each run
    const edit = (dir, i) => {
      const reqFile = path.join(dir, 'docs', 'REQUIREMENTS.md')
      writeFileSync(reqFile, readFileSync(reqFile, 'utf8').replace(/(- \*\*Description:\*\* The notes service stores note 2 and returns it)( again)*/, `$1${' again'.repeat(i + 1)}`))
    }
    const edited = timed(utterance, dirs, edit)
    row(at('preflight right after an edit'), edited, {target: n === 5000 ? '<= warm + 100 ms' : '', note: `+${(edited[0] - warm[0]).toFixed(0)} ms over warm${other ? ` (before: +${(edited[1] - warm[1]).toFixed(0)})` : ''}`})
    row(at('req list --json'), timed(['req', 'list', '--json'], dirs))
    row(at('verify --stdin --json'), timed(['verify', '--stdin', '--json'], dirs))
    row(at('checkpoint --json'), timed(['checkpoint', '--json'], dirs))
    row(at('audit --json'), timed(['audit', '--json'], dirs))
    row(at('validate --json'), timed(['validate', '--json'], dirs))
    row(at('req gaps --json'), timed(['req', 'gaps', '--json'], dirs))
    row(at('req orphans --json'), timed(['req', 'orphans', '--json'], dirs))
    row(at('req trace --json'), timed(['req', 'trace', '--json'], dirs))
    row(at('export'), timed(['export'], dirs))
    row(at('phase show --json'), timed(['phase', 'show', '--json'], dirs))
    // phase next's path (changePhase) without a write: the target is the current phase, so only the checklists run
    row(at('phase set implementation --json'), timed(['phase', 'set', 'implementation', '--json'], dirs))
    row(at('ledger add (1,000-entry ledger)'), timed(['ledger', 'add', 'Bench entry', '--json'], dirs))
    if (n === 20) {
      for (const args of [['--version'], ['channel', 'get', '--json'], ['req', 'list', '--json'], ['checkpoint', '--json'], ['audit', '--json']]) {
        const node = []
        const ms = timed(args, dirs, () => {}, node)
        const own = median(node)
        row(`start-up: govtool ${args.join(' ')} (20 reqs)`, ms, {target: '<= node -e 0 + 60 ms', note: `+${(ms[0] - own).toFixed(0)} ms over the node -e 0 of these runs (${own.toFixed(0)} ms)${other ? `, before: +${(ms[1] - own).toFixed(0)}` : ''}`})
      }
    }
  }
  return rows
}
