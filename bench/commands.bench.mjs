// The common commands through the fast runner at 20 and 5,000 requirements (preflight warm and right after an
// edit of REQUIREMENTS.md, req list, verify, checkpoint --json, audit, ledger add on a 1,000-entry ledger,
// --version), and the whole-process start-up of five commands against `node -e 0`, all in the same run.
// Medians of several runs; ratios against the node baseline of this run.
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

export default async function bench({timeCli, tempDir, benchEnv, median}) {
  const rows = []
  const baseline = timeNode(['-e', '0'])
  rows.push({name: 'node -e 0 (baseline of this run)', value: baseline, unit: 'ms'})
  const env = benchEnv(tempDir('govtool-bench-cmd-home-'))
  const run = (args, cwd) => spawnSync(process.execPath, [path.join(import.meta.dirname, '..', 'bin', 'run.js'), ...args], {cwd, env, encoding: 'utf8', input: args.includes('--stdin') ? readFileSync(path.join(cwd, 'change.json')) : undefined})
  const timed = (args, cwd, runs = 7) => {
    const times = []
    for (let i = 0; i <= runs; i++) {
      const t0 = performance.now()
      run(args, cwd)
      if (i > 0) times.push(performance.now() - t0)
    }
    return median(times)
  }

  for (const n of [20, 5000]) {
    const dir = tempDir(`govtool-bench-cmd-${n}-`)
    project(dir, n)
    // a 1,000-entry ledger, appended in process (1,000 processes would take minutes)
    const {appendLedgerEntries} = await import('@govtool/plugin-governance/trace')
    const ctx = new ProjectContext(dir)
    for (let b = 0; b < 10; b++) await appendLedgerEntries(ctx, Array.from({length: 100}, (_, i) => ({description: `Change ${b * 100 + i}`, type: 'task', author: 'bench', reqs: ['REQ-CORE-0001']})))
    const at = (name) => `${name} @ ${n} reqs`
    const utterance = ['preflight', 'fix', 'the', 'notes', 'feature', '3', 'output', '--json']
    run(utterance, dir)
    const warm = timed(utterance, dir)
    rows.push({name: at('preflight (warm)'), value: warm, unit: 'ms'})
    // right after an edit: one requirement's description changes before each run
    const reqFile = path.join(dir, 'docs', 'REQUIREMENTS.md')
    const edits = []
    for (let i = 0; i <= 5; i++) {
      const text = readFileSync(reqFile, 'utf8').replace(/(- \*\*Description:\*\* The notes service stores note 2 and returns it)( again)*/, `$1${' again'.repeat(i + 1)}`)
      writeFileSync(reqFile, text)
      const t0 = performance.now()
      run(utterance, dir)
      if (i > 0) edits.push(performance.now() - t0)
    }
    const edited = median(edits)
    rows.push({name: at('preflight right after an edit'), value: edited, unit: 'ms', target: n === 5000 ? '<= warm + 100 ms' : '', note: `+${(edited - warm).toFixed(0)} ms over warm`})
    rows.push({name: at('req list --json'), value: timed(['req', 'list', '--json'], dir), unit: 'ms'})
    rows.push({name: at('verify --stdin --json'), value: timed(['verify', '--stdin', '--json'], dir), unit: 'ms'})
    rows.push({name: at('checkpoint --json'), value: timed(['checkpoint', '--json'], dir), unit: 'ms'})
    rows.push({name: at('audit --json'), value: timed(['audit', '--json'], dir), unit: 'ms'})
    rows.push({name: at('ledger add (1,000-entry ledger)'), value: timed(['ledger', 'add', 'Bench entry', '--json'], dir), unit: 'ms'})
    rows.push({name: at('--version'), value: timed(['--version'], dir), unit: 'ms'})
    if (n === 20) {
      for (const args of [['--version'], ['channel', 'get', '--json'], ['req', 'list', '--json'], ['checkpoint', '--json'], ['audit', '--json']]) {
        const ms = timeCli(args, {cwd: dir, env, expectCodes: [0, 1]})
        rows.push({name: `start-up: govtool ${args.join(' ')} (20 reqs)`, value: ms, unit: 'ms', target: '<= node -e 0 + 60 ms', note: `+${(ms - baseline).toFixed(0)} ms, ${(ms / baseline).toFixed(2)}x node -e 0`})
      }
    }
  }
  return rows
}
