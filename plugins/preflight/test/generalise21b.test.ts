/**
 * Round 21b of gate decision quality (issue 22): change requests worded without the usual change verbs. A blind batch
 * of probes (written from the contract before any rule was read) let through a destroyed state wished on data ("make
 * sure the notes database is empty"), blocked documentation wishes in inception, read a symptom reported alone as
 * nothing to do, and blocked a surfacing change on a frozen requirement's shared words. The near misses keep their
 * decision: the same states wished on program things, questions about a symptom, vague turns and new features.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'

describe('preflight: changes asked for without a change verb (round 21b)', function () {
  this.timeout(30_000)
  const gate = loadedGate()
  const everywhere = (r: string) => [gate.decide(r), gate.inState('inception', r), gate.inState('read_only', r)].map((d) => d.decision)

  it('reads a destroyed state wished on data as destructive ("make sure X is empty", "X should be gone")', () => {
    for (const r of [
      'Make sure the notes database is empty before the demo.',
      'the old backups folder should be gone by friday',
      'The old migrations folder should be gone by tomorrow.',
      'make sure the sync queue table is wiped before the demo',
    ]) {
      expect(gate.decide(r).intent, r).to.equal('destructive')
      // the fixture's default preset (not the corpus's standard one) may block a destructive change outright
      expect(everywhere(r).slice(1), r).to.deep.equal(['blocked', 'blocked'])
      expect(gate.decide(r).decision, r).to.not.equal('accepted')
    }
  })

  it('keeps the same states wished on a thing of the program a change (near misses)', () => {
    for (const r of ['make sure the search box is empty when the app opens', 'make sure the debug flag is removed before the demo']) expect(gate.decide(r).intent, r).to.equal('change')
  })

  it('reads a document as the subject of a wish or of what it lacks as a documentation change', () => {
    for (const r of [
      'The README should say that notes export supports both md and pdf.',
      'The usage page for notes search is missing the 200 ms target for 10,000 notes, please sort it out.',
      'the FAQ should mention that a reset link expires after 15 minutes',
    ]) expect(everywhere(r), r).to.deep.equal(['accepted', 'accepted', 'blocked'])
  })

  it('reads a symptom reported alone as a request for the fix', () => {
    for (const r of ['Piping notes search into less shows raw escape codes everywhere.', 'notes search takes four seconds with 10k notes']) {
      expect(everywhere(r), r).to.deep.equal(['accepted', 'blocked', 'blocked'])
    }
  })

  it('keeps a question about a symptom, a read asked beside it and a vague turn as they are (near misses)', () => {
    for (const r of [
      'why does notes search show raw escape codes when piped?',
      "look into why start-up takes 3 seconds and report back, don't change anything",
      "notes search shows raw escape codes when piped. I don't want anything changed, just explain why",
      'show the notes that take 4 seconds to open',
    ]) expect(everywhere(r), r).to.deep.equal(['accepted', 'accepted', 'accepted'])
    for (const r of ["it's broken again", 'please sort it out', 'this should be better']) expect(everywhere(r), r).to.deep.equal(['needs_clarification', 'needs_clarification', 'needs_clarification'])
  })

  it('sets a frozen requirement aside when the change only surfaces what it shares with a live one', () => {
    expect(gate.decide("Surface sync conflicts in the sync command's output instead of burying them in the debug log.").decision).to.equal('accepted')
    // near miss: a change to the frozen rule itself stays blocked
    expect(gate.decide('make sync merge conflicting versions automatically').decision).to.equal('blocked')
    // a word that is a noun as often as a reporting verb (output) does not report: the change is to the frozen rule
    expect(gate.decide('change the sync output so conflicts are merged automatically').decision).to.equal('blocked')
  })

  it('does not count the form output takes against the requirement it belongs to', () => {
    for (const r of ['show a warning when a note is one label away from the limit', 'display how long the search took underneath the results', 'Warn the user when a note already has 20 labels and they try to add one more.']) {
      expect(gate.decide(r).decision, r).to.equal('accepted')
    }
    // near misses: a new thing to show is still a new feature
    for (const r of ['Show a desktop notification whenever a sync finishes.', 'Display a word count at the bottom of each note.']) expect(gate.decide(r).decision, r).to.equal('needs_clarification')
  })
})
