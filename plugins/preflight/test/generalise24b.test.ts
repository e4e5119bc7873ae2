/**
 * Round 24b of gate decision quality (issue 22, scope on incidental shared words, second pass): a requirement named
 * by a loose id ("the SYNC-003 thing", "req-sync-2", "auth-003:"), a tag change worded with "categories", and a thing
 * the product is asked to show in a place of its interface ("show the app version ... in the about box"), found by a
 * blind batch of probes written from the contract before any rule was read. Must keep their decision: words that look
 * like ids but name none of the project's (utf-8, sha-256, AES-256-GCM), a well-formed id the project lacks, ids as
 * the file writes them, and "show me ..." / "show the failing tests" questions.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'
import {SHOWN_IN_UI} from '../src/lib/analyse/shown-in-ui.js'

describe('preflight: loose ids, label synonyms and things shown in the interface (round 24b)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('reads an id without its REQ- prefix or its leading zeros as the project writes it', () => {
    gate.decides('blocked', [
      ['the SYNC-003 thing: pick the server copy automatically', 'REQ-SYNC-003'],
      ["fix req-sync-3 so users don't have to choose between the two versions", 'REQ-SYNC-003'],
    ])
    gate.decides('accepted', [
      ['implement req-sync-2 please', 'REQ-SYNC-002'],
      ['work on auth-003: the reset link should expire after 15 min', 'REQ-AUTH-003'],
    ])
  })

  it('leaves words that only look like ids, and ids the project lacks, as they were', () => {
    expect(gate.decide('the at-rest encryption should use AES-256-GCM with a sha-256 derived key').decision).to.equal('accepted')
    expect(gate.decide('store note titles as utf-8 in the export').requirement_ids).to.not.include('REQ-SYNC-008')
    expect(gate.decide('implement REQ-SYNC-9 please').decision).to.equal('needs_clarification')
    gate.decides('accepted', [['implement REQ-SYNC-002 please', 'REQ-SYNC-002']])
  })

  it('reads categories of a note as its labels', () => {
    gate.decides('accepted', [['let users attach up to twenty categories to a note and rename them later', 'REQ-TAG-001']])
  })

  it('reads a thing shown in a place of the interface as a change, and show-me asks as reads', () => {
    expect(SHOWN_IN_UI.test('show the app version side by side with the build date in the about box')).to.equal(true)
    gate.blockedWhereReadOnly(['show the app version side by side with the build date in the about box', 'display the sync status in the status bar'])
    gate.reads(['show me the version in the about box', 'show the failing tests'])
  })
})
