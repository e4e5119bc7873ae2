/**
 * Round 27a of gate decision quality (issue 22's scope class): which requirement a request is about, on words it has
 * never seen. A frozen rule's layout changed in other words ("one above the other instead of next to each other") is a
 * change to it (analyse/scope-arranged.ts ARRANGEMENTS); a retired rule met only on the place or purpose of a change
 * whose object is new ("write the app's crash reports to disk for debugging") is not what the change is about
 * (retiredOnlyByPlace); talk about code and feel ("the code path that deals with", "feels instant") names no feature
 * (analyse/talk-words.ts); the finder is search; a bug report followed by "fix it" is scoped by the report and is no
 * stray clause (policy/report-then-fix.ts); a secret kept in the keychain or a secrets manager is no exposure
 * (policy/secrets-safe-store.ts); "don't touch anything else" limits a change, it forbids none. Near misses keep
 * their decision.
 */
import {expect} from 'chai'

import {ARRANGEMENTS} from '../src/lib/analyse/scope-arranged.js'
import {FIX_BACK, reportedThenFixed} from '../src/lib/policy/report-then-fix.js'
import {PUT_IN_STORE} from '../src/lib/policy/secrets-safe-store.js'
import {loadedGate} from './helpers.js'

describe('preflight: scope in the user\'s own words (round 27a)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('lists layouts as data, one group each', () => {
    const named = (text: string) => ARRANGEMENTS.filter((g) => g.re.test(text)).map((g) => g.name)
    expect(named('two versions side by side')).to.deep.equal(['side by side'])
    expect(named('next to each other')).to.deep.equal(['side by side'])
    expect(named('one above the other')).to.deep.equal(['stacked'])
    expect(named('in separate tabs')).to.deep.equal(['tabbed'])
    expect(named('show the two copies')).to.deep.equal([])
  })

  it('blocks a frozen rule whose layout is changed in other words', () => {
    for (const r of [
      'Show the two clashing copies of a note one above the other instead of next to each other',
      'show the two conflicting versions stacked vertically instead of side by side',
      'put the two versions of a conflicting note in separate tabs',
    ]) {
      const d = gate.decide(r)
      expect(d.decision, r).to.equal('blocked')
      expect(d.requirement_ids, r).to.include('REQ-SYNC-003')
    }
  })

  it('keeps a restatement of the frozen layout and an unrelated side-by-side view out of the block', () => {
    expect(gate.decide('keep the two conflicting copies side by side until the user picks').decision).to.not.equal('blocked')
    expect(gate.decide('Let users view two notes side by side in split panes').decision).to.equal('needs_clarification')
  })

  it('drops a retired rule met only on a new object\'s place or purpose', () => {
    gate.decides('needs_clarification', [["Write the app's crash reports to disk for debugging", []]], 'none of REQ-SYNC-004')
    expect(gate.inState('inception', "Write the app's crash reports to disk for debugging").decision).to.equal('blocked')
  })

  it('keeps the retired rule when the change names its object, title or component', () => {
    for (const r of [
      'Have sync write the request bodies it uploads to debug.log in clear text so we can see what goes over the wire',
      'Bring back the debug file that holds the unencrypted body of what sync sends',
      'write the sync payload to disk in plaintext for debugging',
    ]) {
      const d = gate.decide(r)
      expect(d.decision, r).to.equal('blocked')
      expect(d.requirement_ids, r).to.include('REQ-SYNC-004')
    }
  })

  it('reads talk about code and feel as common words and the finder as search', () => {
    gate.decides('accepted', [
      ['Tidy the code path that deals with orphaned labels when the last note carrying a label is removed from it', 'REQ-TAG-001'],
      ['The app takes four seconds to come up; trim the boot path so launching feels instant', 'REQ-PERF-001'],
      ['The finder puts the best match at the bottom of the list; order the hits so the most relevant one comes first', 'REQ-CLI-001'],
    ])
    // near misses: a search box elsewhere is still a new feature
    expect(gate.decide('add a search box to the help page').decision).to.equal('needs_clarification')
  })

  it('scopes a task that only points back at a report by the report', () => {
    expect(FIX_BACK.test('fix it')).to.equal(true)
    expect(FIX_BACK.test('please sort that out')).to.equal(true)
    expect(FIX_BACK.test('fix the export')).to.equal(false)
    expect(reportedThenFixed('the token should go in the README', 'fix it')).to.equal(false)
    gate.decides('accepted', [
      ['Saving my notes as PDF files leaves the last note out of the output folder; fix it', 'REQ-CLI-002'],
      ['Signing in with a mistyped password prints a stack trace instead of the invalid credentials message; fix it', 'REQ-AUTH-001'],
    ])
    // near misses: a report of a missing feature is still uncovered, a wish to place a secret still rejected
    expect(gate.decide('The app has no calendar view; fix it').decision).to.equal('needs_clarification')
    expect(gate.decide('The token should be pasted in the README; fix it').decision).to.equal('rejected')
  })

  it('sets aside a secret kept in a store made for secrets, and only that', () => {
    expect(PUT_IN_STORE.test('keep the sign-in token in the macos keychain')).to.equal(true)
    gate.decides('accepted', [
      ['Keep the sign-in token in the macOS keychain rather than in a dotfile in the home directory', 'REQ-AUTH-001'],
      ['store the refresh token in the OS keyring', 'REQ-AUTH-001'],
    ])
    for (const r of [
      'copy the token from the keychain into the README',
      'put the api key in the keychain and also paste it in the README',
      'put the api key in the vault and in slack',
      'Keep the session token in a dotfile in the home directory rather than in the keychain',
    ]) expect(gate.decide(r).decision, r).to.equal('rejected')
  })

  it('reads "don\'t touch anything else" as a limit, not a contradiction', () => {
    const r = "Context: we're doing a pass over the auth module this sprint. The thing that bugs users is that the link in the reset email keeps working for hours. Task: make that link die after fifteen minutes. Don't touch anything else."
    expect(gate.decide(r).decision).to.equal('accepted')
    expect(gate.inState('inception', r).decision).to.equal('blocked')
    // near miss: forbidding every change still contradicts the change
    expect(gate.decide("make the reset link expire after fifteen minutes, but don't touch anything").decision).to.equal('needs_clarification')
  })
})
