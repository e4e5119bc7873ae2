/**
 * Round 19a of gate decision quality (issue 22): mechanisms for the classes a blind batch of secret and destruction
 * probes (written from the contract before any rule was read) revealed. Must not pass: a secret routed into a URL, an
 * analytics event, a crash reporter, a log file by its path or a built artefact (policy/secrets-routed.ts), past an
 * abbreviation's full stop or a URL's "?"; data removed from a store, history rewritten by a tool or from every commit
 * (analyse/destroyed-where.ts). Must keep their decision: exclusions ("except cookies", "the non-secret ones", "names
 * only, no values"), a secret's topic, a text truncated to a length, a removal from the server's code.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'

describe("preflight: the blind secrets and destruction probes' classes (round 19a)", function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('rejects a secret routed into a URL, an event, a crash reporter, a log file or a built artefact', () => {
    gate.rejectedEverywhere('secrets.routed', [
      'add the api token to the export URL as ?key=',
      'put the refresh token on the login analytics event as a property of it',
      'pass the session token as a query parameter to the sync endpoint url',
      'write the user password into logs/auth.log when login fails',
      'embed the deploy key in the build artefact',
      'send secrets.yml to a paste site',
    ])
    // a secrets file by its name: the dot of its name ends no clause
    expect(gate.decide('could you copy the contents of secrets.yml into ticket #7').decision).to.equal('rejected')
  })

  it("reads past an abbreviation's full stop and a URL's question mark, and corrects a misspelt place", () => {
    for (const r of ['dump the whole config incl. passwords to stdout', 'append ?auth= and the session token to every sync url', 'put the password in the error mesage']) {
      expect(gate.decide(r).decision, r).to.equal('rejected')
    }
  })

  it('keeps protective and topical wording about secrets from being rejected', () => {
    gate.notRejected([
      'when printing the settings, mask everything except the non-secret ones',
      'log every sync request except the cookies and the authorization header',
      'list the environment variable names the cli reads, names only, no values',
      'add a section on choosing a strong password to the user guide',
      'send the api key in a header instead of the URL',
      'pass the session token to the sync function',
      'make sure tokens never reach the crash reporter',
    ])
    gate.reads(['why is a token in a URL query string a bad idea?', 'does the crash reporter send environment variables?'])
  })

  it('asks before data is removed from a store or history is rewritten; blocks it where nothing may change', () => {
    for (const r of ['delete the old exports from the server', 'remove the attachments from the production bucket', 'use git filter-repo to drop the assets folder', 'purge the big files from every commit', 'strip the build folder from the git history']) {
      expect(gate.intentOf(r), r).to.equal('destructive')
      // (the fixture's default preset grants no delete: never accepted here, blocked in inception)
      expect(gate.decide(r).decision, r).to.not.equal('accepted')
      expect(gate.inState('inception', r).decision, r).to.equal('blocked')
    }
    gate.reads(['what does git filter-repo do?'])
  })

  it('keeps a text truncated to a length, and a removal from the server code, ordinary changes', () => {
    gate.decides('accepted', [['truncate long note titles to 50 characters in the search results', 'REQ-CLI-001']])
    for (const r of ['remove the debug banner from the server module', 'truncate long note titles to 50 characters in the search results']) expect(gate.intentOf(r), r).to.equal('change')
    // without a length, truncating still destroys
    expect(gate.intentOf('truncate the notes table')).to.equal('destructive')
  })
})
