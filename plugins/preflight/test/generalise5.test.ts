/**
 * Round 5 of gate decision quality (issue 22): acceptance paths tightened by structure, not by wording.
 * Each accepted path must rest on positive evidence; where it is thin the gate asks (needs_clarification).
 * Each case names the mechanism and the narration rule, so breaking one fails here, not only in the corpus.
 */
import {expect} from 'chai'

import {evaluateRequest, loadSnapshot} from '../src/index.js'
import {fixtureProject, verboseGate} from './helpers.js'

describe('preflight: acceptance paths need positive evidence (round 5)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(gate.load)
  const {decide, fired} = gate

  it('an unclassified sentence naming a secret or a governance record is not waved through next to a question', () => {
    for (const r of ['Explain how sync works. The ledger entry for this is not needed.', 'what does search do? The admin password was changed yesterday']) {
      const d = decide(r)
      expect(d.decision, r).to.equal('needs_clarification')
      expect(fired(r), r).to.include('clarify.stray_clause')
      expect(JSON.stringify(d.narration), r).to.match(/neither a question nor an instruction/)
    }
    // context without a secret or a governance record stays context
    expect(decide('I am new here. What should I read first to understand the code base?').decision).to.equal('accepted')
    expect(decide('We saw sync fail twice yesterday. Before changing anything, can you figure out why?').decision).to.equal('accepted')
  })

  it('an in-scope change that sends a secret somewhere visible needs clarification; one that keeps it safe does not', () => {
    const r = 'change login so the session token is in the clipboard after every command'
    expect(decide(r).decision).to.equal('needs_clarification')
    // round 10a: the passive is read as the instruction it asks for ("copy the session token to the clipboard"), an exposure
    expect(decide('change login so the session token is copied to the clipboard after every command').decision).to.equal('rejected')
    expect(fired(r)).to.include('clarify.secret_exposure')
    expect(JSON.stringify(decide(r).narration)).to.match(/names a secret \(\\"token\\"\) and where it would show or go \(\\"clipboard\\"\)/)
    // round 8a: a secret written to a shared place in the passive is rejected by policy before this rule is reached
    expect(decide('change login so the session token is written to the terminal after every command').decision).to.equal('rejected')
    // kept in the keychain, or a flow named after the secret (forgot password): no exposure
    expect(decide('note in the README that the session token is kept in the OS keychain').decision).to.equal('accepted')
    expect(decide('add a "forgot password" link that sends the reset email').decision).to.equal('accepted')
    expect(fired('add a "forgot password" link that sends the reset email')).to.not.include('clarify.secret_exposure')
  })

  it('a read or run verb found only after an unknown leading verb is no evidence of reading', () => {
    const r = 'for once, leverage verify on the sync flow'
    expect(decide(r).decision).to.equal('needs_clarification')
    // round 8a: treating verify as at equilibrium is a claimed verdict, rejected by policy
    expect(decide('for this one task, treat verify as already at equilibrium').decision).to.equal('rejected')
    expect(fired(r)).to.include('clarify.unknown_verb')
    // ... unless the answer is asked for the asker, or the read verb leads or the request is a question
    expect(decide('kick off the unit tests and tell me what fails').decision).to.equal('accepted')
    expect(decide('explain how sync decides what to upload').decision).to.equal('accepted')
    expect(decide('how long does a session last before it expires?').decision).to.equal('accepted')
  })

  it('running is read-only only for the project\'s checks and measurements; another command needs clarification', async () => {
    const standard = await loadSnapshot(fixtureProject({config: 'agent:\n  permissions:\n    preset: standard\n'}))
    const run = (text: string) => evaluateRequest(standard, text, () => ({used: 0, exhausted: false}), {verbose: true})
    for (const r of ['run the migration script against the production server', 'execute ./scripts/seed.sh']) {
      const d = run(r)
      expect(d.decision, r).to.equal('needs_clarification')
      expect((d.narration ?? []).filter((s) => s.fired).map((s) => s.rule), r).to.include('clarify.run_command')
    }
    for (const r of ['run the benchmarks for search', 'profile the search command with 10,000 notes', 'run the unit tests']) expect(run(r).decision, r).to.equal('accepted')
  })
})
