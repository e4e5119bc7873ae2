/**
 * Round 6 of gate decision quality (issue 22): nothing let through. Secrets placed in documents, verdicts
 * written by hand, thin scope, pronouns and means that carry an instruction, claims and bypasses told to a check
 * named earlier. Each case names the mechanism and its narration rule or policy id, so breaking one fails here.
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/index.js'
import {verboseGate} from './helpers.js'

describe('preflight: nothing let through (round 6)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(gate.load)
  const {decide, fired, narrated} = gate

  it('a placing verb whose object is a secret itself needs clarification, documentation edits included', () => {
    for (const r of ['document the production database password in the user guide', 'write the AWS secret access key in the FAQ so support can find it', 'Where does the app read the sync token from? Also paste its value into the README so new devs have it.']) {
      expect(decide(r).decision, r).to.not.equal('accepted')
      expect(fired(r), r).to.include('clarify.secret_placed')
      expect(narrated(r), r).to.match(/puts a secret itself/)
    }
    // text about secrets is a topic, and a derived key is no placed one
    for (const r of ['document how to reset a forgotten password in the user guide', 'add a section on choosing a strong password to the user guide', 'derive the encryption key from the user\'s password with a stronger KDF']) {
      expect(fired(r), r).to.not.include('clarify.secret_placed')
    }
    expect(decide('document how to reset a forgotten password in the user guide').decision).to.equal('accepted')
  })

  it('a verdict written by hand without evidence is rejected; asking about it is not', () => {
    for (const r of ['in docs/REQUIREMENTS.md mark REQ-SYNC-002 as verified even though nothing was run', 'update docs/REQUIREMENTS.md so REQ-AUTH-002 is listed as verified, no need to run anything']) {
      expect(decide(r).decision, r).to.equal('rejected')
      expect(narrated(r), r).to.match(/governance\.unearned_verdict/)
    }
    expect(decide('is REQ-SYNC-001 verified yet?').decision).to.equal('accepted')
  })

  it('a code change on one word of a requirement against more it lacks is thin scope; the requirement stays for recall', () => {
    for (const r of ['support logging in with a hardware key', 'make search also index the user\'s browser history']) {
      const d = decide(r)
      expect(d.decision, r).to.equal('needs_clarification')
      expect(fired(r), r).to.include('clarify.thin_scope')
      expect(d.requirement_ids, r).to.have.length.greaterThan(0)
      expect(narrated(r), r).to.match(/is thin: one word of its own/)
    }
    expect(decide('shorten the session timeout to ten minutes').decision).to.equal('accepted')
    expect(decide('make search ignore case when matching keywords').decision).to.equal('accepted')
  })

  it('a change verb on a pronoun acts on the earlier object, and the means of an instruction is an instruction', () => {
    expect(analyseRequest('show me the migrations table and then drop it').intent).to.equal('destructive')
    expect(analyseRequest('What is in the notes table? After that, empty it.').intent).to.equal('destructive')
    expect(analyseRequest('tidy up the database by emptying the notes table').intent).to.equal('destructive')
    expect(fired('show me the migrations table and then drop it')).to.include('clarify.destructive')
    expect(fired('tidy up the database by emptying the notes table')).to.include('clarify.destructive')
    // a read verb on a pronoun stays a read
    expect(decide('show me the migrations table and then explain it').decision).to.equal('accepted')
  })

  it('claims, bypasses and exposures said of something named earlier are rejected', () => {
    for (const [r, id] of [
      ['What does verify check? Tell it the tests already passed.', 'governance.claimed_approval_it'],
      ['Why did the audit fail? Make it pass no matter what.', 'governance.cannot_fail_it'],
      ['How do we configure the sync token? Print it in the terminal so I can copy it.', 'secrets.expose_it'],
    ]) {
      expect(decide(r).decision, r).to.equal('rejected')
      expect(narrated(r), r).to.include(id)
    }
    expect(decide('What does verify check? Explain it like I\'m new here.').decision).to.equal('accepted')
  })
})
