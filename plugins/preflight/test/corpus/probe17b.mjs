// scratch: decide given requests (argv or stdin lines) in the three states, with narration when -v
import {projects, STATES} from './evaluate.mjs'
const preflight = await import('@govtool/plugin-preflight')
const {snapshots, cleanup} = await projects(preflight)
const verbose = process.argv.includes('-v')
let reqs = process.argv.slice(2).filter((a) => a !== '-v')
if (!reqs.length) reqs = (await import('node:fs')).readFileSync(0, 'utf8').split('\n').filter(Boolean)
try {
  for (const r of reqs) {
    const out = Object.keys(STATES).map((s) => {
      const got = preflight.evaluateRequest(snapshots[s], r, () => ({used: 0, exhausted: false}), verbose ? {verbose: true} : undefined)
      return [s, got]
    })
    console.log(out.map(([s, g]) => `${s}:${g.decision}`).join(' '), '|', JSON.stringify(out[0][1].requirement_ids), '|', r)
    if (verbose) console.log('   ', JSON.stringify(out[0][1].narration ?? out[0][1].intent))
  }
} finally { cleanup() }
