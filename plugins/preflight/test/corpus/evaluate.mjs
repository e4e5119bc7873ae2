// The labelled request corpus (requests.tsv) and its scoring, shared by the corpus test and `npm run bench`.
//
// Each line is `kind <TAB> requirements <TAB> request`. The kind is what a careful reviewer reads the request
// as, judged from the contract (SPEC.md and the preflight issue), never from the rules; the decision it must
// get in each project state follows from the contract's decision table (EXPECTED below). The split into a
// development and a test part is fixed by a hash of the request text, so it never changes when lines are
// added: tune on `dev`, only ever measure `test`. A `#@test-share N` line sets the share of the lines after it
// that go to the test part to N in 10 (3 before any such line), so a later batch can be split half and half
// without moving a single earlier line.
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

const HERE = path.dirname(fileURLToPath(import.meta.url))
const FIXTURE = path.join(HERE, '..', 'fixtures', 'notes')

/** The project states every request is decided in. */
export const STATES = {
  // implementation phase, the standard permission preset (set explicitly: the default preset may change)
  impl: {phase: 'implementation', config: 'agent:\n  permissions:\n    preset: standard\n'},
  // inception: reads and documentation only
  inception: {phase: 'inception', config: 'agent:\n  permissions:\n    preset: standard\n'},
  // implementation under the read_only preset
  readonly: {phase: 'implementation', config: 'agent:\n  permissions:\n    preset: read_only\n'},
}

const A = 'accepted'
const N = 'needs_clarification'
const B = 'blocked'
const R = 'rejected'

/** The contract's decision for each kind of request in each state. */
export const EXPECTED = {
  Q: {impl: A, inception: A, readonly: A}, // questions, explanations, read-only review
  RUN: {impl: A, inception: A, readonly: B}, // running checks: read-only, but the read_only preset grants no shell
  C: {impl: A, inception: B, readonly: B}, // a code change within a requirement
  D: {impl: A, inception: A, readonly: B}, // a documentation change within a requirement
  T: {impl: A, inception: B, readonly: B}, // a test change within a requirement
  F: {impl: B, inception: B, readonly: B}, // a change to a frozen or deprecated requirement
  U: {impl: N, inception: B, readonly: B}, // a code change no requirement covers
  V: {impl: N, inception: N, readonly: N}, // nothing actionable
  X: {impl: N, inception: B, readonly: B}, // destructive
  R: {impl: B, inception: B, readonly: B}, // a release (from the verification phase on)
  S: {impl: R, inception: R, readonly: R}, // exposing or committing secrets
  G: {impl: R, inception: R, readonly: R}, // bypassing or tampering with governance
  P: {impl: R, inception: R, readonly: R}, // destroying a protected path
}

/** FNV-1a of the text: `share` in 10 requests (3 unless `#@test-share` said otherwise) are in the test split. */
function split(text, share = 3) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h % 10 < share ? 'test' : 'dev'
}

export function loadCorpus() {
  const lines = readFileSync(path.join(HERE, 'requests.tsv'), 'utf8').split('\n')
  const cases = []
  let share = 3
  lines.forEach((line, i) => {
    const directive = /^#@test-share (\d)\s*$/.exec(line)
    if (directive) share = Number(directive[1])
    if (!line.trim() || line.startsWith('#')) return
    const [kind, reqs, ...rest] = line.split('\t')
    const request = rest.join('\t').trim()
    if (!EXPECTED[kind] || request === undefined) throw new Error(`requests.tsv:${i + 1}: bad line`)
    cases.push({line: i + 1, kind, reqs: reqs === '-' ? [] : reqs.split(','), request, share, split: split(request, share)})
  })
  return cases
}

/** A copy of the notes fixture in each state; `cleanup()` removes them. */
export async function projects(preflight) {
  const {ProjectContext} = await import('govtool/core')
  const root = mkdtempSync(path.join(os.tmpdir(), 'govtool-corpus-'))
  const out = {}
  for (const [name, state] of Object.entries(STATES)) {
    const dir = path.join(root, name)
    cpSync(FIXTURE, dir, {recursive: true})
    writeFileSync(path.join(dir, 'scaffold.yml'), `name: notes\ntype: node-typescript\naee_phase: ${state.phase}\n`)
    writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), state.config)
    const ctx = new ProjectContext(dir, {...process.env, GOVTOOL_HOME: path.join(root, '.home')})
    out[name] = await preflight.loadSnapshot(ctx)
  }
  return {snapshots: out, cleanup: () => rmSync(root, {recursive: true, force: true})}
}

const DECISIONS = [A, N, B, R]

/**
 * Scores the corpus (or one split of it) in every state: agreement, precision and recall per decision,
 * requirement recall, and how many requests were let through (accepted where the contract says they may not be).
 */
export async function score({only} = {}) {
  const preflight = await import('@govtool/plugin-preflight')
  const {snapshots, cleanup} = await projects(preflight)
  const cases = loadCorpus().filter((c) => !only || c.split === only)
  const tally = {total: 0, agree: 0, letThrough: 0, mustNotPass: 0, reqWanted: 0, reqFound: 0}
  const per = Object.fromEntries(DECISIONS.map((d) => [d, {tp: 0, predicted: 0, expected: 0}]))
  const misses = []
  try {
    for (const c of cases) {
      for (const [state, snapshot] of Object.entries(snapshots)) {
        const want = EXPECTED[c.kind][state]
        const got = preflight.evaluateRequest(snapshot, c.request, () => ({used: 0, exhausted: false}))
        tally.total++
        per[want].expected++
        per[got.decision].predicted++
        if (got.decision === want) {
          tally.agree++
          per[want].tp++
        } else misses.push({line: c.line, state, kind: c.kind, want, got: got.decision, request: c.request})
        if (want !== A) {
          tally.mustNotPass++
          if (got.decision === A) tally.letThrough++
        }
        if (state === 'impl') {
          for (const id of c.reqs) {
            tally.reqWanted++
            if (got.requirement_ids.includes(id)) tally.reqFound++
          }
        }
      }
    }
  } finally {
    cleanup()
  }
  const ratio = (a, b) => (b === 0 ? 1 : a / b)
  return {
    cases: cases.length,
    decisions: tally.total,
    agreement: ratio(tally.agree, tally.total),
    let_through: ratio(tally.letThrough, tally.mustNotPass),
    let_through_count: tally.letThrough,
    requirement_recall: ratio(tally.reqFound, tally.reqWanted),
    per_decision: Object.fromEntries(DECISIONS.map((d) => [d, {precision: ratio(per[d].tp, per[d].predicted), recall: ratio(per[d].tp, per[d].expected)}])),
    misses,
  }
}

// `node evaluate.mjs [dev|test]`: prints the scores and the misses (use on dev only while tuning).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await score({only: process.argv[2]})
  for (const m of result.misses) console.log(`${String(m.line).padStart(4)} ${m.state.padEnd(9)} ${m.kind.padEnd(3)} want ${m.want.padEnd(19)} got ${m.got.padEnd(19)} ${m.request}`)
  const {misses: _misses, ...summary} = result
  console.log(JSON.stringify(summary, null, 2))
}
