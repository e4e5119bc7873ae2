/**
 * A new thing the request names with a relative clause saying what it does ("a script that sends the weekly
 * newsletter email"): the clause's verb is an action of the new thing, not a word of the requirement that happens
 * to use it (the reset email's "send"), so the change is not scoped to that requirement on it (scope-weigh.ts,
 * withRelativeVerbs).
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'

describe('preflight: the verb of a relative clause about a new thing', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('does not scope a new thing to a requirement on what it does', () => {
    for (const request of [
      'write a small script that sends the weekly newsletter email to our marketing list',
      'add a cron job which sends a monthly digest email to every customer',
      'build a bot that uploads screenshots of the dashboard to the design channel',
    ]) {
      const d = gate.decide(request)
      expect(d.decision, request).to.equal('needs_clarification')
    }
  })

  it('keeps the requirement when the thing is the project own, or its words stand on their own', () => {
    gate.decides('accepted', [
      ['fix the sync that uploads changed notes twice', 'REQ-SYNC-001'],
      ['write a script that sends the password reset link again when the first email bounces', 'REQ-AUTH-003'],
    ])
  })
})
