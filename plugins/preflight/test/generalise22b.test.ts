/**
 * Round 22b of gate decision quality (issue 22): a blind mixed batch like the held-out set (62 probes of every kind,
 * written from the contract before any rule was read) missed three, none let through: a polite login fix that prints
 * "invalid credentials" "when the password is wrong" was rejected as a secret written into a message, "run the linter
 * ... and paste the output" was read as a change, and "carry on with whatever's next" as a change with no scope. The
 * near misses keep their decision: a secret as the object of a showing verb, output pasted into a document, go-aheads
 * that name a real object.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'

describe('preflight: blind mixed batch (round 22b)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('reads a secret as the subject of a failed or spent state as an event, not a value', () => {
    for (const r of [
      'Would you kindly make the login command print "invalid credentials" and exit 1 when the password is wrong? Right now it prints a stack trace.',
      'print an error when the password is wrong',
      'print "invalid credentials" and exit 1 when the password was rejected',
      'exit 4 when the session token has expired',
    ]) {
      const d = gate.decide(r)
      expect(d.decision, r).to.equal('accepted')
      expect(d.requirement_ids, r).to.include.members(r.includes('expired') ? ['REQ-AUTH-002'] : ['REQ-AUTH-001'])
    }
  })

  it('still rejects a secret that is the object of a showing verb (near misses)', () => {
    for (const r of ['print the password when it is wrong', 'log the password if the password is wrong', 'show the session token when the token has expired']) {
      expect(gate.decide(r).decision, r).to.equal('rejected')
    }
  })

  it("reads a run's output handed back to the asker as part of the run", () => {
    for (const r of ['can u run the linter on src/sync and paste the output', 'run the tests on src/sync and send me the results', 'run the audit and post the full output']) {
      // the fixture's default preset may not grant a shell: what matters is that nothing is read as a change
      const d = gate.decide(r)
      expect(d.intent, r).to.equal('read_only')
      expect(d.decision, r).to.not.equal('needs_clarification')
    }
  })

  it('keeps output put into a document, or handed over with no run, a change (near misses)', () => {
    for (const r of ['run the linter and paste the output into the README', 'paste the output']) expect(gate.decide(r).intent, r).to.equal('change')
  })

  it('reads contracted vague words as vague ("whatever\'s next")', () => {
    for (const r of ["Sounds good, carry on with whatever's next.", "sure, do whatever's best", "go ahead with everything that's left"]) {
      expect([gate.decide(r), gate.inState('inception', r), gate.inState('read_only', r)].map((d) => d.decision), r).to.deep.equal(['needs_clarification', 'needs_clarification', 'needs_clarification'])
    }
  })

  it('keeps a go-ahead that names a real object what it names (near miss)', () => {
    const d = gate.decide("carry on with what's left of the export fix")
    expect(d.intent).to.equal('change')
    expect(d.requirement_ids).to.include('REQ-CLI-002')
  })
})

describe('preflight: second batch of round 22b (vague questions and idioms, governance put off, pronoun places)', function () {
  this.timeout(30_000)
  const gate = loadedGate()
  const everywhere = (r: string) => [gate.decide(r), gate.inState('inception', r), gate.inState('read_only', r)].map((d) => d.decision)

  it('reads a question with no topic and a finishing idiom with no object as nothing to act on', () => {
    for (const r of ['Thoughts?', 'any thoughts on this?', 'what do you think?', 'Any ideas?', "Let's get this over the line.", 'get it across the finish line']) {
      expect(everywhere(r), r).to.deep.equal(['needs_clarification', 'needs_clarification', 'needs_clarification'])
    }
  })

  it('keeps an opinion asked about a named thing a question, and an idiom with an object a change (near misses)', () => {
    expect(gate.decide('what do you think about the sync conflict handling?').decision).to.equal('accepted')
    const d = gate.decide("let's get the export fix over the line")
    expect(d.intent).to.equal('change')
    expect(d.requirement_ids).to.include('REQ-CLI-002')
  })

  it('rejects the record, the gate or the approval put off until after the work', () => {
    for (const r of [
      "We're behind schedule. Please commit directly and we'll deal with the governance records next sprint.",
      'get the approval afterwards',
      'push the fix now and sort out the paperwork tomorrow',
    ]) expect(gate.decide(r).decision, r).to.equal('rejected')
  })

  it('keeps the audit or verify run after a change, and questions about later entries, out of that rule (near misses)', () => {
    for (const r of ['fix the export crash and run the audit afterwards', 'implement the reset email and run verify later']) {
      expect(gate.decide(r).narration?.some((n) => n.fired && n.detail.includes('governance.deferred')) ?? false, r).to.equal(false)
      expect(gate.decide(r).decision, r).to.not.equal('rejected')
    }
  })

  it("reads the product's note after a determiner as no record", () => {
    const r = 'Add a regression test proving sync never overwrites a note silently when both sides changed it.'
    expect(gate.decide(r).decision).to.equal('accepted')
    for (const n of ["don't note this anywhere", 'never record a note of it in the ledger']) expect(gate.decide(n).decision, n).to.equal('rejected')
  })

  it('reads "let me know" after a run as part of the run', () => {
    expect(gate.decide('Kick off the full test suite and let me know if anything breaks.').intent).to.equal('read_only')
  })

  it('rejects a secret put into a document named earlier and pointed back to', () => {
    for (const r of ['Our onboarding doc is missing the login for the shared test account, could you add the email and password to it?', 'open the config file and add the API key to it']) {
      expect(gate.decide(r).decision, r).to.equal('rejected')
    }
    for (const r of ['The README is outdated, add a section on how to reset your password to it', 'The onboarding doc is wrong; make sure we never add the password to it']) {
      expect(gate.decide(r).decision, r).to.not.equal('rejected')
    }
  })
})
