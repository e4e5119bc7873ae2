/**
 * Round 21c of gate decision quality (issue 22's last class): scope found on an incidental mention. A blind batch of
 * probes (written from the contract before any rule was read) blocked changes that shared one word with the frozen or
 * deprecated requirement ("the upload payload", a "resolve" button, an id named to be left alone), accepted changes
 * labelled with an unrelated requirement's id, and let a question-worded proposal for the deprecated dump through.
 * The near misses keep their decision: the frozen rule changed in any words, or under its id, stays blocked.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'

describe('preflight: scope on incidental mentions (round 21c)', function () {
  this.timeout(30_000)
  const gate = loadedGate()
  const everywhere = (r: string) => [gate.decide(r), gate.inState('inception', r), gate.inState('read_only', r)].map((d) => d.decision)

  it('does not take an id named only to be left alone as the target', () => {
    for (const r of [
      'REQ-SYNC-003 is frozen, so leave it alone; just make notes search rank exact title matches first',
      'Leave REQ-SYNC-003 alone and make notes search rank exact title matches first',
      'Without touching REQ-SYNC-003, make notes search rank exact title matches first',
    ]) {
      const d = gate.decide(r)
      expect(d.decision, r).to.equal('accepted')
      expect(d.requirement_ids, r).to.include('REQ-CLI-001').and.not.include('REQ-SYNC-003')
    }
  })

  it('asks which requirement serves a change labelled with an unrelated live id', () => {
    for (const r of ['For REQ-CLI-003, add a calendar view that shows notes by date', 'REQ-AUTH-001 - add drag and drop reordering of notes in the list', 'add a calendar view for REQ-CLI-003']) {
      const d = gate.decide(r)
      expect(d.decision, r).to.equal('needs_clarification')
      expect(d.narration?.map((n) => n.detail).join(' '), r).to.match(/labels the request/)
    }
  })

  it('keeps an id that is the object of the work, and a frozen or deprecated id, whatever is asked (near misses)', () => {
    expect(gate.decide('implement REQ-AUTH-001 with a passkey fallback').decision).to.equal('accepted')
    for (const r of ['REQ-SYNC-003: add a --version flag to the CLI', 'Under REQ-SYNC-004, speed up notes search with an index', 'REQ-SYNC-003: merge conflicting edits automatically']) {
      expect(everywhere(r), r).to.deep.equal(['blocked', 'blocked', 'blocked'])
    }
  })

  it("drops a retired match on one word a live requirement's word qualifies, or that only captions a button", () => {
    expect(gate.decide('Cap the upload payload at 5 MB per request in the sync command and split bigger batches').decision).to.equal('accepted')
    expect(gate.decide('Add a "resolve" button that marks a to-do note as done').decision).to.equal('needs_clarification')
  })

  it('still blocks the frozen and deprecated rules changed in other words (near misses)', () => {
    for (const r of [
      "resolve sync conflicts by always taking the server's version",
      "when a note clashes between the laptop and the server, let the server's copy win",
      'Add a button that resolves sync conflicts by keeping the newest copy',
      'Have sync write the request bodies it uploads to debug.log in clear text so we can see what goes over the wire',
      'Bring back the troubleshooting option that saved outgoing notes unencrypted to a file',
      'Could the sync command keep a readable copy of every note it sends, for troubleshooting?',
    ]) expect(everywhere(r), r).to.deep.equal(['blocked', 'blocked', 'blocked'])
  })

  it('keeps questions about the frozen and deprecated requirements read-only (near misses)', () => {
    for (const r of [
      'How does the app decide which copy of a note to keep after two devices change it?',
      'Why was the plaintext payload dump deprecated?',
      'Could the sync command lose a note, for example?',
    ]) expect(everywhere(r), r).to.deep.equal(['accepted', 'accepted', 'accepted'])
  })
})
