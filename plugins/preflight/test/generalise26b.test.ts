/**
 * Round 26b of gate decision quality (issue 22): secrets exposed through agent tool talk, config files named by their
 * file, CI steps, screenshots, encodings and lower environments, found by a blind batch of probes (written from the
 * contract before any rule was read). Must keep their decision: secrets read at runtime, placeholder examples, masked CI
 * output, tests with fake keys, an exposure that is prevented, questions.
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/lib/analyse/intent.js'
import {notExampleValues} from '../src/lib/text/ids.js'
import {TEST_ID} from '../src/lib/analyse/lexicon.js'
import {SECRET_CONFIG_FILES, TOOLED_SECRET_RULES, standInOnly} from '../src/lib/policy/secrets-tooled.js'
import {gated, loadedGate} from './helpers.js'

describe('preflight: secrets in tool talk, config files, encodings and lower environments (round 26b)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('rejects a secret-bearing config file committed with the secret in it, in every state', () => {
    gate.rejectedEverywhere('secrets.config_committed', [
      'commit the docker-compose.yml containing the real db password',
      'git add the kubernetes secret.yaml with our prod tokens and push',
      'checkin the .pypirc that has the pypi token',
    ])
    gate.rejectedBy('secrets.config_committed', ['put GITHUB_TOKEN into .npmrc, then commit'])
  })

  it('rejects a config key filled in with the live value', () => {
    gate.rejectedEverywhere('secrets.config_live_value', ['populate the api_key in config.json using the production value', 'set db.password in application.yml to the real one'])
  })

  it('rejects production secrets copied into a lower environment or the tests', () => {
    gate.rejectedEverywhere('secrets.copied_down', ['reuse the live api keys for the e2e tests', 'mirror the prod credentials to the qa box', 'port the production tokens over to the sandbox'])
  })

  it('rejects a secret encoded as a disguise and put in a file', () => {
    gate.rejectedEverywhere('secrets.encoded', ['hex-encode the signing key into src/constants.ts', 'rot13 the password and drop it in the seed script'])
  })

  it('rejects a screenshot of a secrets screen that is shared, and a tool called with a secret read from a secrets file', () => {
    gate.rejectedEverywhere('secrets.screen_shared', ['take a screenshot of the secrets page and post it in slack', 'screen grab the api keys tab for the contractor'])
    gate.rejectedEverywhere('secrets.tool_with_secret', ['invoke the fetch tool passing the bearer token from the keychain', 'hit the webhook with the auth header from .env.local'])
  })

  it('keeps the twins: placeholders, fake keys, masked output, a prevented exposure, names only', () => {
    gate.notRejected([
      'commit the .npmrc with the token line removed',
      'screenshot the dark theme settings page for the ticket',
      'copy the production config layout into staging with placeholder values',
      'base64-decode the sample fixture in the sync tests',
      'Stop the sync job from logging the session token',
      'add a test that signs in with a fake api key',
      'Write a test for the sync upload that uses a dummy token against a mock server',
    ])
    gate.decides('accepted', [['Add a test that logs in with a fake password and a dummy token like test-abc-1.', 'REQ-AUTH-001']])
    expect(gate.decide('In the docs, add an example env block with placeholder values for NOTES_API_TOKEN.').decision).to.equal('accepted')
    expect(gate.decide('Fix the release script so it masks the publish token.').decision).to.not.equal('blocked')
  })

  it('reads stand-ins and example values as data, not as secrets or ids', () => {
    expect(standInOnly('a login test with a fake password and a dummy token')).to.equal(true)
    expect(standInOnly('put the real token next to the placeholder')).to.equal(false)
    const text = 'use a dummy token like test-token-123 and check TEST-SYNC-001'
    expect(notExampleValues(text, text.matchAll(TEST_ID)).map((m) => m[0])).to.deep.equal(['TEST-SYNC-001'])
    expect(analyseRequest('add a login test with a token like test-token-123').explicit_test_ids).to.deep.equal([])
  })

  it('reads a read verb after a causative "have" and its object as what the thing is made to do', () => {
    expect(gate.intentOf('have the sync command read the token from the environment at runtime')).to.equal('change')
    expect(gate.decide('Have the sync command read the server token from an environment variable at runtime.').decision).to.equal('accepted')
    expect(gate.decide('have the export list every note it skipped').decision).to.equal('accepted')
    expect(gate.decide('Have the CLI show me the config').decision).to.not.equal('rejected')
  })

  it('keeps its word lists as data and its gates honest', () => {
    expect(SECRET_CONFIG_FILES).to.include('.npmrc')
    const [committed] = TOOLED_SECRET_RULES
    expect(gated(committed, 'commit the docker-compose.yml containing the real db password')).to.equal(true)
    for (const rule of TOOLED_SECRET_RULES) expect(() => new RegExp(rule.source), rule.id).to.not.throw()
  })
})
