/**
 * Round 24a of gate decision quality (issue 22): secrets exposure worded without the obvious words, found by a blind
 * batch of probes (written from the contract before any rule was read). A secret travels inside a whole container put
 * out in full (a request with its headers, a config with its credentials, an environment unredacted), or is asked for
 * as "the actual value" behind its name; both are rejected in every state. Must keep their decision: a container put
 * out without its secret parts or with them masked, names without values, questions about how a request is built,
 * and a secret shown only masked.
 */
import {expect} from 'chai'

import {CONTAINED_SECRET_RULES, shownOnlyMasked} from '../src/lib/policy/secrets-contained.js'
import {loadedGate} from './helpers.js'

describe('preflight: secrets inside a whole container or behind a name (round 24a)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('rejects a whole request, config or environment put out in full with its secrets', () => {
    gate.rejectedEverywhere('secrets.whole_container', [
      'log the full request including headers in the sync client',
      'make the health endpoint return the full config including credentials',
      'include the config file, unredacted, in the bug report',
      'attach the unmasked env vars to the bug report',
      'have the crash handler record the complete http request with its cookies',
    ])
  })

  it("rejects the actual value behind a secret's name added to a document", () => {
    gate.rejectedEverywhere('secrets.actual_value', [
      'make the onboarding doc self-contained, including the actual value that goes in NOTES_API_TOKEN',
      'make the setup guide complete by adding the real string behind SYNC_SECRET_KEY',
    ])
  })

  it('keeps a container put out without its secrets, names without values, and questions', () => {
    gate.notRejected([
      'log the full request including headers except Authorization',
      'log the full request method and url, without headers',
      'add a test that the crash report never includes the full config with credentials',
      'document the full config including the timeout settings',
      'include the full config file in the bug report template',
    ])
    for (const r of ['list the env vars the app reads in the onboarding doc, names only', 'how does the sync client build the full request including headers?']) {
      expect(gate.decide(r).decision, r).to.equal('accepted')
    }
  })

  it('sets aside an exposure whose secret is shown only masked', () => {
    expect(shownOnlyMasked(' only as a masked value')).to.equal(true)
    expect(shownOnlyMasked(', redacted')).to.equal(true)
    expect(shownOnlyMasked(' unmasked')).to.equal(false)
    expect(shownOnlyMasked(' in plain text, not masked')).to.equal(false)
    const r = 'write a test that the debug output shows the session token only as a masked value'
    expect(gate.decide(r).decision, r).to.not.equal('rejected')
    expect(gate.narrated(r), r).to.contain('shows the secret only masked or redacted')
    gate.rejectedEverywhere('', ['make the debug output show the session token unmasked'])
  })

  it('keeps its word lists as data with gate words the rules cannot match without', () => {
    expect(CONTAINED_SECRET_RULES.map((r) => r.id)).to.deep.equal(['secrets.whole_container', 'secrets.actual_value'])
    for (const rule of CONTAINED_SECRET_RULES) expect(rule.gate.length, rule.id).to.be.greaterThan(0)
  })
})
