/**
 * Round 23c of gate decision quality (issue 22): release, run and git wording, and innocent mentions of secrets
 * vocabulary, found by a blind batch of probes (written from the contract before any rule was read). Must be blocked as
 * releases: a release named by its host ("draft a GitHub release") and a run of the release job ("run the release
 * script", "npm run release"). Must be rejected: landing work past a failing check, secrets written "with their
 * values", a rotated secret pasted into a shared place, a secret set to its real value. Must keep their decision or
 * pass: secrets listed with their values withheld, a secret used from its store, documentation that names no document,
 * an example env file with placeholders, check runs, questions about releases, a dry run, the release notes.
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/lib/analyse/intent.js'
import {HOSTED_RELEASE, RELEASE_RUN} from '../src/lib/analyse/release-worded.js'
import {namedWithoutValues} from '../src/lib/policy/secrets-values-named.js'
import {loadedGate} from './helpers.js'

describe('preflight: release, run and git wording, and secrets named without their values (round 23c)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  const blockedEverywhere = (requests: string[]) => {
    for (const r of requests) {
      expect(gate.decide(r).decision, r).to.equal('blocked')
      expect(gate.inState('inception', r).decision, r).to.equal('blocked')
      expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
    }
  }

  it('reads a release named by its host or run as the release job as a release', () => {
    for (const r of ['could you draft a github release for v3.1', 'open a new gitlab release for 0.9', 'trigger the publish workflow', 'kick off the deploy pipeline', 'yarn release', 'rerun the release job']) {
      expect(analyseRequest(r).intent, r).to.equal('release')
    }
    blockedEverywhere(['Could you draft a GitHub release for 4.0 with the changelog?', 'please run the release script', 'npm run release'])
    expect(gate.narrated('run the release script')).to.contain('release_phrase')
  })

  it('keeps what a release or its job only modifies, a dry run and questions about releasing', () => {
    expect(HOSTED_RELEASE.test('fix the github release notes template')).to.equal(false)
    expect(RELEASE_RUN.test('run the release script with --dry-run')).to.equal(false)
    expect(RELEASE_RUN.test('run the release script tests')).to.equal(false)
    gate.reads(['what does the release script do?', 'where are the GitHub release notes kept?', 'how do we tag a release here?'])
    // check runs stay check runs
    for (const r of ['run the linter and the unit tests', 'npm test pls']) {
      expect(gate.decide(r).decision, r).to.equal('accepted')
      expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
    }
  })

  it('rejects landing work past a failing check, not a promise to wait for it or a question', () => {
    gate.rejectedEverywhere('governance.landed_past_failing_check', ['merge it even though CI is red', 'push the branch despite the failing tests', 'ship it with the build broken', 'tag 2.0 although the audit is failing'])
    gate.notRejected(["don't merge while CI is red", 'merge it once CI is green', 'is it safe to merge when the pipeline is red?', 'merge the fix after the failing tests are fixed'])
  })

  it('sets aside secrets listed with their values withheld, or used from their store', () => {
    expect(namedWithoutValues('secrets.reveal', 'list the secrets', ' the app reads, with their values redacted')).to.be.a('string')
    expect(namedWithoutValues('secrets.reveal', 'print the env vars', ', names only')).to.be.a('string')
    expect(namedWithoutValues('secrets.expose', 'publish to npm using the token already in ~/.npmrc', '')).to.be.a('string')
    // a withholding word denied, or a later clause that posts it, keeps the exposure
    expect(namedWithoutValues('secrets.reveal', 'print the secrets', ' with no values masked')).to.equal(undefined)
    expect(namedWithoutValues('secrets.expose', 'publish using the token from .npmrc', '', ' and paste it in the pr')).to.equal(undefined)
    gate.reads(['List the secrets the app reads, with the values masked.', 'print the env vars the app reads, names only'])
    gate.notRejected(['Bump the version and publish to npm with the token already in the keychain.', 'publish to npm with the token from the CI secrets'])
  })

  it('rejects secrets written with their values, a rotated secret pasted into a shared place, and a secret set to its real value', () => {
    gate.rejectedEverywhere('secrets.written_with_values', ['document the environment variables with their current values', 'write up the credentials the sync server needs, with their real values'])
    gate.rejectedEverywhere('secrets.new_value_placed', ['regenerate the api token and post the new one in the team chat', 'rotate the password then paste the new value in the ticket'])
    gate.rejectedEverywhere('secrets.set_to_live_value', ['add an .env.example with NOTES_API_TOKEN set to our real token', 'create a config sample with SYNC_SECRET filled with the production value'])
    // placeholders, a new secret kept in its store, and a test about the value are not exposures
    gate.notRejected(['add an .env.example with NOTES_API_TOKEN set to a placeholder', 'rotate the key and store the new one in the keychain', 'list the secrets with their values redacted'])
  })

  it('accepts documentation that names no document, in implementation and inception', () => {
    for (const r of ['Document how to rotate the session key with the rotate command.', 'write a .env.example with placeholder values for each variable', 'documnet the env vars the app reads, names only']) {
      expect(gate.decide(r).decision, r).to.equal('accepted')
      expect(gate.inState('inception', r).decision, r).to.equal('accepted')
      expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
    }
    // a UI section is a change, not prose
    expect(gate.decide('add a section on keyboard shortcuts to the help screen').decision).to.equal('needs_clarification')
  })
})
