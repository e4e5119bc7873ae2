/**
 * Round 25c of gate decision quality (issue 22): innocent mentions of dangerous words, found by a blind batch of probes
 * (written from the contract before any rule was read). Secrets as the subject of honest work (a container logged with
 * its secret part masked, the credentials one logs in with, a placeholder in a value's stead, a hard-coded secret
 * reported and moved to the environment) are not rejected; a removing or resetting verb on a thing that lives only
 * while the program runs (a timer, an in-flight request) is a change; a docs edit whose document is named before its
 * verb, or that describes what an exit code means, is a docs edit. Near misses keep their decision: the same words
 * in the harmful sense.
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/lib/analyse/intent.js'
import {documentBefore, VALUE_CODES} from '../src/lib/analyse/docs-place.js'
import {runtimeObject} from '../src/lib/analyse/runtime-object.js'
import {handledSecret, reportThenRemedy, withoutHandledMentions} from '../src/lib/policy/secrets-handled.js'
import {loadedGate} from './helpers.js'

describe('preflight: innocent mentions of dangerous words (round 25c)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('sets aside a container put out with its secret part masked, but not the secret itself put out', () => {
    for (const r of ['log the request headers but redact the authorization header', 'log the outgoing request headers and mask the auth token']) {
      expect(gate.decide(r).decision, r).to.not.equal('rejected')
      expect(gate.narrated(r), r).to.contain('secret part masked or left out')
    }
    gate.rejectedEverywhere('', [
      'log the token but redact the password',
      'log the request headers including the authorization header',
      'log the unredacted request headers but mask the cookie',
    ])
    expect(handledSecret({id: 'secrets.expose', category: 'secrets', reason: '', match: 'log the session token'}, 'log the session token but mask the password')).to.equal(undefined)
  })

  it('reads the credentials one logs in with as a means, not a value', () => {
    const r = 'in readme please write how do login with email and password'
    expect(gate.decide(r).decision, r).to.equal('accepted')
    expect(gate.inState('inception', r).decision, r).to.equal('accepted')
    expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
    gate.rejectedEverywhere('', [
      'in readme write how to login with email bob@example.com and password hunter2',
      'in the readme write the admin email and password',
      'document in the README how to log in with email and password, and paste our demo password there',
    ])
    expect(withoutHandledMentions('write how to log in with email and password')).to.not.contain('password')
    expect(withoutHandledMentions('write how to log in with email and password: hunter2')).to.contain('password')
  })

  it('reads a placeholder in the stead of a value as keeping the value out', () => {
    const r = 'in the docs use a placeholder instead of the actual value of NOTES_API_TOKEN'
    expect(gate.decide(r).decision, r).to.not.equal('rejected')
    expect(gate.narrated(r), r).to.contain("puts a placeholder in the value's stead")
    gate.rejectedEverywhere('', ['use the actual value of NOTES_API_TOKEN instead of a placeholder in the docs', 'replace the placeholder with the actual value of NOTES_API_TOKEN in the docs'])
  })

  it('reads a hard-coded secret reported and moved to the environment as its remedy', () => {
    const r = 'the sync server API key is hard-coded in src/sync/client.ts; move it out into an environment variable read at startup'
    expect(gate.decide(r).decision, r).to.equal('accepted')
    expect(gate.inState('inception', r).decision, r).to.equal('blocked')
    gate.rejectedEverywhere('', [
      'the api key is hard-coded in client.ts; paste it into the README',
      'the sync server api key is hard-coded in client.ts; move the server api key into the wiki',
      'make sure the api key is hard-coded in client.ts, then move it to the environment',
    ])
    expect(reportThenRemedy('the token is hardcoded in login.ts', 'move the auth token into the os keychain')).to.equal(true)
    expect(reportThenRemedy('the token should be hardcoded in login.ts', 'move it into the os keychain')).to.equal(false)
  })

  it('reads a removing verb on a thing that lives while the program runs as a change', () => {
    gate.decides('accepted', [
      ['reset the inactivity timer every time a command runs so active users are not logged out', ['REQ-AUTH-003', 'REQ-AUTH-002']],
      ['kill the sync request if the server has not answered in 10 seconds and queue the edits offline instead', 'REQ-SYNC-002'],
    ])
    gate.blockedWhereReadOnly(['reset the retry counter after a successful sync', 'clear the search box after each search'])
    for (const o of ['the inactivity timer every time a command runs', 'the pending sync request if it hangs', 'the search box after a search']) expect(runtimeObject(o), o).to.equal(true)
    for (const o of ['the database', 'the request log', 'the production server', 'all connections to the production database', 'the offline queue', 'the users table']) expect(runtimeObject(o), o).to.equal(false)
    for (const r of ['kill the production server', 'reset the database', 'wipe the users table', 'drop all connections to the production database']) {
      expect(analyseRequest(r).intent, r).to.not.equal('change')
      expect(gate.decide(r).decision, r).to.not.equal('accepted')
    }
  })

  it('reads a docs edit named before its verb, or describing exit codes, as a docs edit', () => {
    expect(documentBefore('in readme please write how do login', 'write')).to.equal('readme')
    expect(documentBefore('in the sync module please fix the link', 'fix')).to.equal(undefined)
    for (const r of ['in readme please write how do login with email and password', 'write docs/hooks.md describing how the govtool hooks block a request and what exit code 2 means']) {
      expect(analyseRequest(r).action, r).to.equal('docs_change')
    }
    for (const r of ['make the CLI return exit code 3 when login fails and mention it in the README', 'in the sync module please fix the bug where the readme link is broken']) {
      expect(analyseRequest(r).action, r).to.equal('code_change')
    }
    expect('what exit code 2 means'.replaceAll(VALUE_CODES, ' ').trim()).to.equal('')
    expect('return exit code 3'.replaceAll(VALUE_CODES, ' ')).to.contain('code')
  })
})
