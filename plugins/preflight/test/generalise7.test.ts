/**
 * Round 7 of gate decision quality (issue 22): requirement recall. A producing verb's object judged by its
 * place, the goal before a means, concepts read in every part of a created object, comparatives as common
 * English, a question's common words diluting less, and concepts for states worded as what happens. Each case
 * names the mechanism and its narration, so breaking one fails here; each has a near miss that must stay out.
 */
import {expect} from 'chai'


import {verboseGate} from './helpers.js'

describe('preflight: requirement recall (round 7)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(gate.load)
  const {decide, fired, narrated} = gate

  it('an object that names nothing new is judged by its place, a "with ..." detail counting less', () => {
    for (const r of ['export notes to PDF with page numbers', 'export notes to Markdown with a table of contents']) {
      const d = decide(r)
      expect(d.decision, r).to.equal('accepted')
      expect(d.requirement_ids, r).to.deep.equal(['REQ-CLI-002'])
      expect(narrated(r), r).to.match(/names nothing new and its place/)
      expect(fired(r), r).to.not.include('clarify.thin_scope')
    }
    // a place that is mostly new stays out
    const r = 'export notes to PDF with a Dropbox upload and a blockchain receipt'
    expect(decide(r).decision).to.equal('needs_clarification')
    expect(decide(r).requirement_ids).to.deep.equal([])
  })

  it('the goal before a means is scoped when the whole request meets nothing', () => {
    const r = 'speed up startup by caching the parsed config'
    const d = decide(r)
    expect(d.decision).to.equal('accepted')
    expect(d.requirement_ids).to.deep.equal(['REQ-PERF-001'])
    expect(narrated(r)).to.match(/from the goal before \\"by caching \.\.\.\\"/)
    // a means that destroys is still destructive, and a goal naming nothing known stays unscoped
    expect(decide('make sync quicker by dropping the conflict history table').decision).to.not.equal('accepted')
    expect(decide('make the blockchain faster by caching the parsed config').decision).to.equal('needs_clarification')
  })

  it('two-word concepts and comparatives are read inside a created object', () => {
    const r = 'show a clearer error when signing in fails'
    const d = decide(r)
    expect(d.decision).to.equal('accepted')
    expect(d.requirement_ids).to.deep.equal(['REQ-AUTH-001'])
    // something new named next to the concept is still new
    expect(decide('show a QR code scanner when signing in fails').decision).to.equal('needs_clarification')
  })

  it('a question meets its requirement through its common English; a change does not', () => {
    // one concept ("left alone": inactivity) among many common words
    const q = decide('what exactly happens, in a few words, when I am left alone for a long time?')
    expect(q.decision).to.equal('accepted')
    expect(q.requirement_ids).to.deep.equal(['REQ-AUTH-002'])
    // the same words as a change are not scoped by them: a change's scope decides whether it may go ahead
    expect(decide('make exactly what happens, in a few words, when I am left alone for a long time, different').requirement_ids).to.deep.equal([])
  })

  it('the manner of the answer is no instruction and keeps a question a question', () => {
    const r = 'in a few short words, how long does it take for the app to start?'
    expect(decide(r).decision).to.equal('accepted')
    expect(decide(r).requirement_ids).to.deep.equal(['REQ-PERF-001'])
    expect(decide('briefly, remove the docs folder').decision).to.not.equal('accepted')
    // nor the manner of telling between an exposing verb and its question word
    expect(decide('can you please tell me in plain words how my password can be reset?').decision).to.equal('accepted')
    expect(decide('tell me in plain words the admin password').decision).to.equal('rejected')
  })

  it("a read reaching into the product user's things too is a change to the feature, not a read", () => {
    for (const r of ["search the user's photo gallery captions too", "search the user's browser bookmarks and calendar invites too"]) {
      expect(decide(r).decision, r).to.equal('needs_clarification')
      expect(narrated(r), r).to.match(/the user's \.\.\. too/)
    }
    // the asker's own search stays a read
    expect(decide('search the notes for "invoice" too').decision).to.equal('accepted')
  })

  it('states worded as what happens meet their concept', () => {
    const d = decide("what's the behaviour when the server can't be reached")
    expect(d.requirement_ids).to.include('REQ-SYNC-002')
    expect(narrated("what's the behaviour when the server can't be reached")).to.match(/offlin\w* \(from \\"be reached\\"\)/)
    const c = decide('stop asking the user to choose between two versions of a note')
    expect(c.requirement_ids).to.include('REQ-SYNC-003')
  })
})
