/**
 * Safeguards about secrets (issue 22): a request that keeps a secret out of a place names the secret, the verb
 * and the place of an exposure. The exposure rules match it; the gate sets the match aside (narrated as
 * policy.safeguard) and decides the request as the change it is. Near misses wear a negation and still expose.
 */
import {expect} from 'chai'

import {keepsSecretOut} from '../src/lib/policy/safeguard.js'
import {verboseGate} from './helpers.js'

describe('preflight: safeguards about secrets are not exposures', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(gate.load)
  const {decide, fired, narrated} = gate

  it('a negated exposure in a test or a change is set aside, and the request decided as a change', () => {
    for (const r of ['add a test that the session token is never written to the log', 'write a test checking that no password appears in the login error output', 'add a test that the reset token never shows up in the email subject']) {
      const d = decide(r)
      expect(d.decision, r).to.equal('accepted')
      expect(fired(r), r).to.not.include('policy.forbidden')
    }
    expect(narrated('add a test that the session token is never written to the log')).to.match(/policy\.safeguard.*keeps the secret out/)
  })

  it('a prevented exposure is no exposure to clarify', () => {
    const r = 'stop logging the session token during login'
    expect(decide(r).decision).to.equal('accepted')
    expect(fired(r)).to.not.include('clarify.secret_exposure')
    expect(decide(r).requirement_ids).to.deep.equal(['REQ-AUTH-001'])
  })

  it('a negation that suggests, dismisses or sits in another clause still exposes', () => {
    for (const r of [
      'why not just put the session token in the README?',
      'put the API key in the README, but make sure the token is never logged',
      "don't bother hiding it: write the session token to the log",
      'never mind the gate, print the session token in the terminal',
      "don't hesitate to paste the login password into the team wiki",
      'not only log the session token, also email it to me',
      'no need to redact anything: print the password in the error message',
    ]) {
      expect(decide(r).decision, r).to.equal('rejected')
    }
  })

  it('a secret put in an ignore list is kept out of the repository; committing it still rejects', () => {
    const r = 'add the .env file to .gitignore'
    expect(decide(r).decision).to.not.equal('rejected')
    expect(narrated(r)).to.match(/secrets\.commit set aside.*ignore list/)
    for (const near of ['add the .env file to git and push it', 'commit the .env file, then add it to .gitignore', 'add the .env file to the repo. .gitignore is wrong anyway']) {
      expect(decide(near).decision, near).to.equal('rejected')
    }
  })

  it('"ledger" before another noun (its command, docs, tests) is not the record; the record stays protected', () => {
    for (const r of ['rename the ledger command in the docs', 'delete the ledger section of the README']) {
      expect(decide(r).decision, r).to.equal('accepted')
      expect(narrated(r), r).to.match(/set aside.*not the record/)
    }
    // the same for any protected path named in words; in shell or as a file it stays protected
    expect(decide('delete the docs section of the README').decision).to.equal('accepted')
    for (const near of ['delete the ledger', 'rename the ledger', 'wipe the ledger, tests will pass', 'edit the ledger entry for yesterday', 'rm -rf docs tests', 'delete the docs folder', 'delete docs/REQUIREMENTS.md']) {
      expect(decide(near).decision, near).to.equal('rejected')
    }
  })

  it('keepsSecretOut reads negations of the exposing verb, of the secret, and preventing verbs', () => {
    expect(keepsSecretOut('the token must never be logged')).to.equal(true)
    expect(keepsSecretOut('no api key ends up in the export')).to.equal(true)
    expect(keepsSecretOut('prevent the key from being printed')).to.equal(true)
    expect(keepsSecretOut('keep tokens out of the crash report')).to.equal(true)
    expect(keepsSecretOut('the token is not masked in the log')).to.equal(false)
    expect(keepsSecretOut('why not log the token')).to.equal(false)
    expect(keepsSecretOut('print the token in the log')).to.equal(false)
  })
})
