/**
 * Round 15c of gate decision quality (issue 22): intent and scope on wording never seen. A topic before a colon or " - "
 * gives way to a question or to an instruction led by a verb the lexicon lacks, and a topic naming one feature scopes
 * the change; a negated showing verb or a writing verb into a named part of the program's output is a change; a
 * document named first is what the change writes; what "instead of ...ing" replaces is how it is done now; "don't
 * change anything outside X" scopes a change; a word in a modifier's slot is no typo of a verb ("stale" is not "stage").
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/index.js'
import {loadedGate} from './helpers.js'

describe('preflight: topics, output parts, documents named first, replaced techniques and scoped restrictions (round 15c)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('a topic then an instruction led by a verb the lexicon lacks is a change about the topic, scoped by it', () => {
    gate.changes(['labels - uppercase the first letter of each name', 'sync: gzip the payloads before uploading them', 'export - paginate the pdf output'])
    expect(analyseRequest('labels - uppercase the first letter of each name').topics).to.deep.equal(['labels'])
    gate.decides('accepted', [
      ['tags: dedent the names before saving', 'REQ-TAG-001'],
      ['migrations: checksum each script before it runs', 'REQ-STORE-002'],
    ], /kept: the topic \\"(?:tags|migrations)\\" names its feature/)
    // a topic naming nothing of the project, or a new thing created under a topic, still asks
    expect(gate.decide('calendar: pin the notes of today at the top').decision).to.equal('needs_clarification')
    expect(analyseRequest('login: add passkey support').topics).to.deep.equal([])
    // thanks, or praise, after a topic is no instruction
    expect(gate.intentOf('notes: thanks - great work')).to.equal('unclear')
  })

  it('a question after a topic is a question; what follows the topic names nothing, it asks', () => {
    gate.reads(['session timeout: how long is it?', 'reset links - why do they expire so fast?', 'export: does it keep the note titles?', 'README: does it mention the label limit?'])
    for (const r of ['misc - sort it out', 'stuff: sort it out']) {
      expect(gate.intentOf(r), r).to.equal('unclear')
      expect(gate.inState('read_only', r).decision, r).to.equal('needs_clarification')
    }
  })

  it("a negated showing verb into a named part of the program's output is a change; to the asker it is none", () => {
    gate.changes(["don't log the email address in the login error", "never print a note's title in the sync summary", 'stop echoing the password in the login prompt'])
    gate.decides('accepted', [["never list a note's trashed copies among the search hits", 'REQ-CLI-001']])
    for (const r of ["don't show me the sync code", 'never list the labels in your answer']) expect(gate.intentOf(r), r).to.equal('unclear')
    gate.reads(["don't print anything, just tell me where export writes its files"])
  })

  it("a writing verb into a named part of the program's output is a change; into the code, or about what it shows, it reads", () => {
    gate.changes(['describe the cause in the sync summary', 'explain the reason in the error a command prints when the session is gone'])
    gate.reads(['explain the failure in the sync code', 'explain the columns in the export summary', 'describe the warnings in the export log', 'explain the bug in the export'])
  })

  it('a document named first is what the change writes', () => {
    for (const r of ['CHANGELOG: note the new pdf exporter', 'docs/auth.md - explain how the reset link expires', 'docs/sync.md - cover what sync does without a network']) {
      const a = analyseRequest(r)
      expect([a.intent, a.action], r).to.deep.equal(['change', 'docs_change'])
      expect(gate.inState('inception', r).decision, r).to.equal('accepted')
    }
    gate.reads(['README - explain to me how sync works'])
  })

  it('what "instead of ...ing" replaces is how it is done now: the new way is scoped', () => {
    gate.decides('accepted', [['derive the key with argon2 instead of stretching the password once', 'REQ-STORE-001']], 'what it replaces names how it is done now')
    gate.reads(['why does sync upload everything instead of sending only changes?'])
  })

  it("\"don't change anything outside X\" scopes the change; forbidding every change next to one still contradicts", () => {
    gate.changes(["don't touch anything except the tags module; enforce the label limit there", "don't change anything beyond the export module, and make it write every note"])
    for (const r of ["don't change anything, and enforce the label limit", "don't change anything except the tags module"]) {
      expect(gate.intentOf(r), r).to.equal('unclear')
      expect(gate.inState('read_only', r).decision, r).to.equal('needs_clarification')
    }
  })

  it('a word in a modifier\'s slot is no typo of a verb of change; a test noun is still corrected', () => {
    expect(analyseRequest('sync keeps uploading stale copies of notes').corrections).to.deep.equal([])
    expect(analyseRequest('the stale backups are huge').corrections).to.deep.equal([])
    expect(analyseRequest('add a tset for the label limit').action).to.equal('test_change')
    // a feature's word before its third-person verb is the subject, not the instruction
    expect(analyseRequest('export writes empty pdfs for untitled notes; fix it').clauses[0].intent).to.equal('unclear')
  })
})
