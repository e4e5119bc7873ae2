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
