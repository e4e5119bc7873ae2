import {projects} from './evaluate.mjs'
const preflight = await import('@govtool/plugin-preflight')
const {snapshots, cleanup} = await projects(preflight)
const state = process.env.STATE || 'impl'
for (const r of process.argv.slice(2)) {
  const d = preflight.evaluateRequest(snapshots[state], r, () => ({used: 0, exhausted: false}), {verbose: true})
  console.log('==', r, '->', d.decision, d.requirement_ids)
  for (const s of (d.narration ?? []).filter((s) => process.env.ALL || s.fired || s.rule === "intent.classify")) console.log('   ', JSON.stringify(s))
}
cleanup()
