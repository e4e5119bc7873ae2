import {expect} from 'chai'
import {cpSync, rmSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {ProjectContext} from 'govtool'
import {makeTempDir} from 'govtool/testing'

import {analyseRequest, evaluateRequest, loadSnapshot} from '../src/index.js'

export const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'notes')

export interface FixtureOptions {
  /** scaffold.yml content; `null` removes the file */
  scaffold?: string | null
  /** docs/GOVTOOL.yml content */
  config?: string
  /** remove LEDGER.md */
  noLedger?: boolean
}

/** A fresh copy of the notes fixture project (15 requirements, 10 tests, LEDGER.md, phase implementation). */
export function fixtureProject(options: FixtureOptions = {}): ProjectContext {
  const dir = makeTempDir('govtool-preflight-')
  cpSync(FIXTURE, dir, {recursive: true})
  if (options.scaffold === null) rmSync(path.join(dir, 'scaffold.yml'))
  else if (options.scaffold !== undefined) writeFileSync(path.join(dir, 'scaffold.yml'), options.scaffold)
  if (options.config !== undefined) writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), options.config)
  if (options.noLedger) rmSync(path.join(dir, 'LEDGER.md'))
  return new ProjectContext(dir, {...process.env, GOVTOOL_HOME: path.join(dir, '.home')})
}

export const phaseScaffold = (phase: string) => `name: notes\ntype: node-typescript\naee_phase: ${phase}\n`

/** The standard preset, set explicitly (the default preset may change), as the corpus's project states have it. */
export const STANDARD_PRESET = 'agent:\n  permissions:\n    preset: standard\n'

/** The corpus's project states besides implementation: the inception phase and the read_only preset. */
export type GateState = 'inception' | 'read_only'

/**
 * The gate on the fixture project with --verbose narration, for the classifier's mechanism tests: call
 * `load` in a before hook, then `decide`, `fired` (the rules that fired), `narrated` (the narration as JSON) and the assertions below.
 */
export function verboseGate() {
  type Snapshot = import('../src/lib/snapshot.js').PreflightSnapshot
  let snapshot: Snapshot
  const states: Partial<Record<GateState, Snapshot>> = {}
  const decideOn = (s: Snapshot, text: string) => evaluateRequest(s, text, () => ({used: 0, exhausted: false}), {verbose: true})
  const decide = (text: string) => decideOn(snapshot, text)
  const narrated = (text: string) => JSON.stringify(decide(text).narration)
  return {
    /** the fixture in implementation; with `states`, also the corpus's other two project states (see inState) */
    async load(options: {states?: boolean} = {}) {
      snapshot = await loadSnapshot(fixtureProject())
      if (options.states) {
        states.inception = await loadSnapshot(fixtureProject({scaffold: phaseScaffold('inception'), config: STANDARD_PRESET}))
        states.read_only = await loadSnapshot(fixtureProject({config: 'agent:\n  permissions:\n    preset: read_only\n'}))
      }
    },
    decide,
    /** the decision, narrated, in one of the corpus's other project states (needs `load({states: true})`) */
    inState(state: GateState, text: string) {
      const s = states[state]
      if (!s) throw new Error(`verboseGate: call load({states: true}) before inState('${state}')`)
      return decideOn(s, text)
    },
    /** the intent the analysis gives a request */
    intentOf: (text: string) => analyseRequest(text).intent,
    fired: (text: string) => (decide(text).narration ?? []).filter((s) => s.fired).map((s) => s.rule),
    /** each request is rejected by rule `id` (as rejectedBy), in inception and under read_only too (needs `load({states: true})`) */
    rejectedEverywhere(id: string, requests: string[]) {
      this.rejectedBy(id, requests)
      for (const r of requests) {
        expect(this.inState('inception', r).decision, r).to.equal('rejected')
        expect(this.inState('read_only', r).decision, r).to.equal('rejected')
      }
    },
    /** each request reads (intent read_only) and is accepted in inception (needs `load({states: true})`, as the three below) */
    reads(requests: string[]) {
      for (const r of requests) {
        expect(analyseRequest(r).intent, r).to.equal('read_only')
        expect(this.inState('inception', r).decision, r).to.equal('accepted')
      }
    },
    /** each request is a change (intent), blocked under the read_only preset */
    changes(requests: string[]) {
      for (const r of requests) {
        expect(analyseRequest(r).intent, r).to.equal('change')
        expect(this.inState('read_only', r).decision, r).to.equal('blocked')
      }
    },
    /** each request is a change, blocked in inception and under the read_only preset */
    blockedWhereReadOnly(requests: string[]) {
      for (const r of requests) {
        this.changes([r])
        expect(this.inState('inception', r).decision, r).to.equal('blocked')
      }
    },
    /** no request is accepted, in implementation, in inception or under read_only */
    asks(requests: string[]) {
      for (const r of requests) {
        for (const d of [decide(r), this.inState('inception', r), this.inState('read_only', r)]) expect(d.decision, r).to.not.equal('accepted')
      }
    },
    narrated,
    /** each request is rejected, and the narration names the rule */
    rejectedBy(id: string, requests: string[]) {
      for (const r of requests) {
        expect(decide(r).decision, r).to.equal('rejected')
        expect(narrated(r), r).to.contain(id)
      }
    },
    /**
     * each request gets `decision` with exactly the ids given in scope (a string id or a list), and, when `says` is
     * given, a narration that contains or matches it
     */
    decides(decision: string, cases: ReadonlyArray<readonly [string, string | readonly string[]]>, says?: RegExp | string) {
      for (const [r, ids] of cases) {
        const d = decide(r)
        expect(d.decision, r).to.equal(decision)
        expect(d.requirement_ids, r).to.deep.equal(typeof ids === 'string' ? [ids] : ids)
        if (typeof says === 'string') expect(narrated(r), r).to.contain(says)
        else if (says) expect(narrated(r), r).to.match(says)
      }
    },
    /** each request is not rejected (the near misses) */
    notRejected(requests: string[]) {
      for (const r of requests) expect(decide(r).decision, r).to.not.equal('rejected')
    },
  }
}

/** verboseGate() on the fixture in all three states, loaded before the enclosing describe block's tests (call it there) */
export function loadedGate(): ReturnType<typeof verboseGate> {
  const gate = verboseGate()
  before(async () => {
    await gate.load({states: true})
  })
  return gate
}

/** Whether a rule's gate words (and its `also` words) let it run on `text`, as findForbidden checks them. */
export function gated(rule: {gate: readonly string[]; also?: readonly string[]}, text: string): boolean {
  return (rule.gate.length === 0 || rule.gate.some((w) => text.includes(w))) && (!rule.also || rule.also.length === 0 || rule.also.some((w) => text.includes(w)))
}
