/**
 * Round 11c of gate decision quality (issue 22): intent and typo holes left by round 10. A condition that leads an
 * instruction ("when X, do Y") is a change of how the program behaves, not a when-question, and what the program
 * shows or says then is a change, not a read; a condition that leads a question is that question; swapped letters
 * in document names are corrected; comparatives of common adjectives are no typos; a wish that names nothing is
 * unclear in every phase. Each case names its mechanism's narration or analysis, so breaking one fails here.
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/index.js'
import {isGradedAdjective} from '../src/lib/text/tokens.js'
import {type GateState, verboseGate} from './helpers.js'

describe('preflight: conditions, typos and empty wishes (round 11c)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(async () => {
    await gate.load({states: true})
  })
  const {decide} = gate
  const inPhase = (state: GateState, text: string) => gate.inState(state, text).decision

  it('what the program shows or says after a condition is a change of behaviour, blocked where changes are', () => {
    for (const r of ['if the login is refused, print "bad credentials" and exit 1', 'when a search finds nothing, say "no matches" instead of an empty line', 'once the session runs out, display a hint to log in again']) {
      const a = analyseRequest(r)
      expect(a.intent, r).to.equal('change')
      expect(a.clauses[0].question, r).to.equal(false)
      expect(inPhase('inception', r), r).to.equal('blocked')
      expect(inPhase('read_only', r), r).to.equal('blocked')
    }
    // the asker's own condition, and output asked for the asker, still read
    expect(analyseRequest('if you have a moment, show me how sync picks what to upload').intent).to.equal('read_only')
    expect(analyseRequest('if the audit fails, show me the failing entry').intent).to.equal('read_only')
  })

  it('a condition followed by an instruction is not a when-question, whatever its verb', () => {
    const thrown = analyseRequest('when two copies of a note clash, throw away the older one')
    expect(thrown.intent).to.equal('change')
    expect(thrown.clauses[0].via).to.equal('leading_verb')
    // a verb the lexicon lacks still instructs after a condition
    const tossed = analyseRequest('when uploads clash, toss out the one that arrived second')
    expect(tossed.intent).to.equal('change')
    expect(tossed.clauses[0].cue).to.contain('after a condition')
    expect(decide('when uploads clash, toss out the one that arrived second').decision).to.not.equal('accepted')
    // a statement after a condition (its own subject) is no instruction; a real when-question stays a question
    expect(analyseRequest('when the sync runs, it uploads everything').intent).to.not.equal('change')
    expect(analyseRequest('when does the session expire?').question).to.equal(true)
  })

  it('a condition followed by a question is that question, accepted in every phase', () => {
    for (const r of ['if the audit fails, what should I do?', 'if verify reports a broken chain, how do I find the entry?', 'when the sync is offline, where are my edits kept?']) {
      const a = analyseRequest(r)
      expect(a.intent, r).to.equal('read_only')
      expect(a.question, r).to.equal(true)
      expect(decide(r).decision, r).to.equal('accepted')
      expect(inPhase('inception', r), r).to.equal('accepted')
    }
  })

  it('output sent to files is written, not shown', () => {
    const a = analyseRequest('dump what the uploader sends as plain json files')
    expect(a.intent).to.equal('change')
    expect(analyseRequest('dump the last sync payload for me').intent).to.equal('read_only')
  })

  it('a listing order or the moment the program lists is its behaviour', () => {
    expect(analyseRequest('list the newer matches before the older ones when searching').intent).to.equal('change')
    expect(analyseRequest('list the failing tests when you are done').intent).to.equal('read_only')
  })

  it('swapped letters in document names and policy nouns are corrected; comparatives are not typos', () => {
    const a = analyseRequest('put the passwrod for the admin account in the READEM')
    expect(a.corrections).to.deep.include(['readem', 'readme'])
    expect(a.corrections).to.deep.include(['passwrod', 'password'])
    expect(decide('put the passwrod for the admin account in the READEM').decision).to.equal('rejected')
    expect(decide('paste the deploy tokne into the CHANGLEOG').decision).to.equal('rejected')
    for (const w of ['older', 'oldest', 'newer', 'bigger', 'easier', 'safest', 'later']) expect(isGradedAdjective(w), w).to.equal(true)
    for (const w of ['order', 'filter', 'test', 'user']) expect(isGradedAdjective(w), w).to.equal(false)
    expect(analyseRequest('keep the older copy').corrections).to.deep.equal([])
  })

  it('a read verb that is an object or a noun is not the instruction; prose sections are docs changes', () => {
    // a gerund object of an unknown leading verb, and a read verb after a preposition before a noun, never make a read
    for (const r of ['postpone reading the settings until a command needs them', 'it would help if export could name files after note titles']) {
      expect(analyseRequest(r).intent, r).to.not.equal('read_only')
      expect(inPhase('inception', r), r).to.not.equal('accepted')
    }
    // "reply" after a condition is an instruction (an -ly word that is no adverb)
    expect(analyseRequest('whenever a login fails, reply with one generic error').intent).to.equal('change')
    expect(analyseRequest('document how the retry budget is configured').action).to.equal('docs_change')
    expect(analyseRequest('add a troubleshooting section on what to do when verify fails').action).to.equal('docs_change')
    expect(analyseRequest('add a section to the settings screen for sync').action).to.equal('code_change')
  })

  it('a wish that names nothing is unclear in every phase', () => {
    for (const r of ['it would be great if things were better', 'would be great if everything was a bit nicer']) {
      expect(analyseRequest(r).intent, r).to.equal('unclear')
      expect(decide(r).decision, r).to.equal('needs_clarification')
      expect(inPhase('inception', r), r).to.equal('needs_clarification')
      expect(inPhase('read_only', r), r).to.equal('needs_clarification')
    }
    // a wish about a thing is a change
    expect(analyseRequest('it would be great if search were faster').intent).to.equal('change')
  })
})
