/**
 * Round 9b of gate decision quality (issue 22): requirement recall. In-scope changes worded without the
 * requirement's words: a requirement's kind (a measure next to a quantity of its kind), the instruction's verb
 * yielding to what it acts on, a causative "have" with a verb the lexicon lacks, two words standing together in a
 * requirement's description; and the near misses each mechanism must leave asking, blocked or rejected. Each case
 * names its mechanism's narration, so breaking one fails here.
 */
import {expect} from 'chai'

import {verboseGate} from './helpers.js'

describe('preflight: requirement recall (round 9b)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(gate.load)
  const {decide, fired, narrated} = gate

  it('a measure next to a short time is the start-up budget', () => {
    for (const r of ['the app must start in under half a second', 'opening the app should take under a second', 'the CLI has to be ready in less than 300 milliseconds after launch']) {
      const d = decide(r)
      expect(d.decision, r).to.equal('accepted')
      expect(d.requirement_ids, r).to.deep.equal(['REQ-PERF-001'])
    }
    expect(narrated('the app must start in under half a second')).to.contain('kind start-up time: start + half a second')
    // a time with no start-up measure is no start-up budget; a start with no time is not either
    expect(decide('make the export finish in under a second').requirement_ids).to.deep.equal(['REQ-CLI-002'])
    expect(decide('the app must start').requirement_ids).to.not.include('REQ-PERF-001')
    // the kind opens no acceptance for what the means brings in
    expect(decide('the app must start in under half a second by sending every launch to Mixpanel').decision).to.equal('needs_clarification')
  })

  it('session words with a limit of time are the session timeout, read on the whole sentence', () => {
    for (const r of ['log people out after an hour without input', 'sessions should last 30 minutes', 'when someone walks away for half an hour, end their session']) {
      const d = decide(r)
      expect(d.decision, r).to.equal('accepted')
      expect(d.requirement_ids, r).to.include('REQ-AUTH-002')
    }
    expect(narrated('log people out after an hour without input')).to.contain('kind session timeout: log people out + an hour')
    // a link's expiry is the reset link's, not the session's
    expect(decide('the reset link should expire after 15 minutes').requirement_ids).to.deep.equal(['REQ-AUTH-003'])
  })

  it("a match resting only on the instruction's verb yields to the requirement of what it acts on", () => {
    const r = 'reset the inactivity timer on every command'
    const d = decide(r)
    expect(d.decision).to.equal('accepted')
    expect(d.requirement_ids).to.deep.equal(['REQ-AUTH-002'])
    expect(narrated(r)).to.contain("REQ-AUTH-003 yields: only the verb (reset) is its word; what it acts on (inact) is REQ-AUTH-002's")
    // the matches on other words stay; only those resting on the verb yield
    const both = decide('reset the inactivity timer on every command, not only on sync').requirement_ids
    expect(both).to.include('REQ-AUTH-002')
    expect(both).to.not.include('REQ-AUTH-003')
    // nothing of the project's besides the verb: no scope, as before
    expect(fired('reset the calendar reminders every hour')).to.include('clarify.no_scope')
    // the password is the reset's own word: no yielding
    expect(decide('reset the password with a link that expires after 15 minutes').requirement_ids).to.include('REQ-AUTH-003')
  })

  it('a causative "have" with a verb the lexicon lacks is a change, and a question or a removal stays what it is', () => {
    const r = 'have the syncer wait a few seconds between attempts'
    expect(decide(r).intent).to.equal('change')
    expect(narrated(r)).to.contain('-> change (wish: have ... wait)')
    expect(decide('have the tests run?').intent).to.equal('read_only')
    const removal = 'have the syncer delete every note on the server'
    expect(decide(removal).intent).to.equal('destructive')
    expect(decide(removal).decision).to.not.equal('accepted')
  })

  it("two specific words standing together in a requirement's description count as its title", () => {
    gate.decides('accepted', [
      ['show a clearer message when the keychain refuses to store the session token', 'REQ-AUTH-001'],
      ['queued edits should survive a restart of the app', 'REQ-SYNC-002'],
    ])
    expect(narrated('queued edits should survive a restart of the app')).to.contain('REQ-SYNC-002: queu + edit stand together in its description, counted as its title')
    // a real match is still needed for what is new, and secrets stay the policy's
    expect(decide('queued edits should be uploaded to a Slack channel').decision).to.equal('needs_clarification')
    expect(decide('send the session token to our analytics service').decision).to.equal('rejected')
    expect(decide('store the session token in a plain text file next to the notes').decision).to.equal('rejected')
  })
})
