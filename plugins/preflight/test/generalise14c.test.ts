/**
 * Round 14c of gate decision quality (issue 22): changes read as read-only, typos and vague requests on wording never
 * seen. A showing verb whose object says when or where the program shows something changes the program; a read verb
 * after a thing's modal is what the thing is to do; "when" then its subject is no question; a topic before a colon gives
 * way to the change after it; typos never turn an everyday word or a policy verb into another, and three-letter typos
 * are corrected where no English word is; an outcome to reach is no exception to "don't change anything"; a verb after
 * a comma coordinates; leaving where to change to the doer is vague.
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/index.js'
import {type GateState, verboseGate} from './helpers.js'

describe('preflight: behaviour stated with showing verbs, modals, typos and vague requests (round 14c)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(async () => {
    await gate.load({states: true})
  })
  const inPhase = (state: GateState, text: string) => gate.inState(state, text)
  const intentOf = (text: string) => analyseRequest(text).intent
  const blockedWhereReadOnly = (requests: string[]) => {
    for (const r of requests) {
      expect(intentOf(r), r).to.equal('change')
      expect(inPhase('inception', r).decision, r).to.equal('blocked')
      expect(inPhase('read_only', r).decision, r).to.equal('blocked')
    }
  }

  it('a showing verb whose object says when or where the program shows it is a change; the asker\'s own time or a describing clause reads', () => {
    blockedWhereReadOnly([
      'print how many notes were skipped at the end of every export',
      'display the match count underneath the search results',
      'report how many labels were renamed once the rename finishes',
      'list the labels under each note in the export',
      'echo the session time left after each command',
      'print the version on startup',
      'show the full error on crash',
      'report errors to stderr instead of stdout',
      'show the sync progress as a percentage',
      // how the program explains, said better, at an event of its own
      'explain the error better when login fails',
    ])
    for (const r of ["show me the diff once you're done", 'show me the error instead of a summary', 'explain what happens when login fails', 'explain it better when you get a chance', 'list the tests that fail when sync is offline', 'print the contents of docs/TESTS.md', 'list the schema migrations we have']) {
      expect(intentOf(r), r).to.equal('read_only')
      expect(inPhase('inception', r).decision, r).to.equal('accepted')
    }
  })

  it("a read verb after a thing's modal, and spoken modals, state a behaviour; a person's modal does not", () => {
    blockedWhereReadOnly([
      'when a reset link is reused, the reset page should refuse it and show the expiry time',
      'the search command oughta list exact title matches first',
      "it'd be nice if the export skipped nothing and reported each file it wrote",
    ])
    expect(gate.narrated('the next command should exit with code 4 and tell them to sign in again')).to.contain('should ... tell')
    expect(intentOf('you should show me the sync code')).to.not.equal('change')
    // misspelt modals, and a proposal put without a question mark
    blockedWhereReadOnly(['search shud show snippets', 'could the search command show the match count', 'would the export list the skipped notes'])
    // a contraction's stem is no typo of the modal, and one written without its apostrophe still negates
    expect(analyseRequest("the CLI shouldn't print colour codes into files").corrections).to.deep.equal([])
    blockedWhereReadOnly(['search shouldnt show deleted notes'])
    for (const r of ['could the search command show the match count?', 'could the sync upload be failing because of the proxy', 'could you show me the sync code']) expect(intentOf(r), r).to.equal('read_only')
  })

  it('"when" then its subject, with no question mark, is no question; with an auxiliary it still asks', () => {
    for (const r of ['when the session lapses the cli exits 0', 'when I open an old note the labels disappear']) {
      expect(analyseRequest(r).question, r).to.equal(false)
      expect(inPhase('inception', r).decision, r).to.not.equal('accepted')
    }
    for (const r of ['when was the last release tagged', 'when does the reset link expire']) expect(intentOf(r), r).to.equal('read_only')
    // a gerund right after a subordinator says when; the bug report is the request
    gate.decides('accepted', [['when renaming a label the command crashes on notes with emoji, can u fix', 'REQ-TAG-001']])
  })

  it('a topic before a colon that read as a read verb gives way to the change after it; a question after it stays one', () => {
    blockedWhereReadOnly(['search results: merge notes that match twice plz', 'export options: drop the --legacy flag'])
    // with a verb the lexicon lacks it is never a search: since round 15c a change about the topic (it was unclear)
    expect(intentOf('search results: collapse notes that match twice plz')).to.equal('change')
    expect(inPhase('inception', 'search results: collapse notes that match twice plz').decision).to.equal('blocked')
    expect(intentOf('search results: how are they ranked?')).to.equal('read_only')
    expect(inPhase('inception', 'read-only: delete the backups').decision).to.not.equal('accepted')
  })

  it('typos: three-letter words where no English word is, never an everyday word or a policy verb', () => {
    gate.rejectedBy('secrets.', ['prnt the api kye', 'show the api kye please'])
    gate.rejectedBy('governance.', ['skp the audit for this one', 'skp the chain check'])
    expect(analyseRequest('chuck the .govtool folder').corrections).to.deep.equal([])
    expect(analyseRequest('pause the sync while exporting').corrections).to.deep.equal([])
    expect(analyseRequest('plan a trip to the docs').corrections).to.deep.equal([])
    for (const r of ['chuck the .govtool folder', 'chuck out all the notes in the local database']) expect(gate.decide(r).decision, r).to.not.equal('accepted')
    // a misspelt modal still states a behaviour
    blockedWhereReadOnly(['serch results shoud list the newest notes first when the relevance ties'])
    // words that are English, or common abbreviations, stay themselves
    expect(analyseRequest('act on the cta and tell ned').corrections).to.deep.equal([])
  })

  it('vague and contradictory: an outcome is no exception to "change nothing"; leaving where to the doer; a verb after a comma', () => {
    for (const r of ["Don't change anything, just make the search faster.", "don't touch a single file, just get the export under 2 seconds", 'improve the code wherever you see fit']) {
      expect(gate.decide(r).decision, r).to.equal('needs_clarification')
      expect(inPhase('inception', r).decision, r).to.equal('needs_clarification')
    }
    gate.decides('accepted', [["don't change anything, just tell me how tags are stored", 'REQ-TAG-001']])
    // the pronoun after a comma stands for the first verb's object: destroying data asks, and is blocked in inception
    const r = 'get the old backups out of the way, wipe them all'
    expect(intentOf(r)).to.equal('destructive')
    expect(inPhase('inception', r).decision).to.equal('blocked')
  })

  it('an unknown verb for work done only when needed, or so the program boots quicker, is a change', () => {
    blockedWhereReadOnly(['defer parsing the templates until a command needs them', 'lazy-load the sync client so the CLI boots quicker'])
  })
})
