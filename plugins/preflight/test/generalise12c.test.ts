/**
 * Round 12c of gate decision quality (issue 22): intent and discourse on wording never seen. A constraint that keeps
 * everything as it is contradicts a change next to it; "Before you change anything:" is a lead, so the question after
 * it decides; leaving what to change to the doer ("do what is needed") is vague even next to a read; an instruction
 * for a purpose ("..., so the app starts faster") changes the program whatever its verb; a clause whose subject is a
 * person ("People who forget their password ...") or a thing's state ("startup takes 3 seconds ...") is context for
 * the task next to it, unless it names a secret of the project or a governance record. Each case names its
 * mechanism's narration or analysis, so breaking one fails here.
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/index.js'
import {type GateState, verboseGate} from './helpers.js'

describe('preflight: constraints, leads, delegation, purposes and context (round 12c)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(async () => {
    await gate.load({states: true})
  })
  const inPhase = (state: GateState, text: string) => gate.inState(state, text)

  it('a constraint that keeps all the code as it is contradicts the change it sits next to', () => {
    gate.decides('needs_clarification', [['leave the code exactly as it is and rewrite the export command', 'REQ-CLI-002'], ['Keep every file untouched and add a --json flag to search.', 'REQ-CLI-001'], ['leave the whole repo alone, then rename the sync command', 'REQ-SYNC-001']], 'contradicts itself')
    // a part named is kept, the change elsewhere goes ahead
    gate.decides('accepted', [['Several users reported that they stay logged out. Please fix the session expiry and keep the existing login flow as it is.', 'REQ-AUTH-002']])
    for (const r of ['leave the code exactly as it is and rewrite the export command']) expect(inPhase('inception', r).decision, r).to.equal('needs_clarification')
  })

  it('"Before you change anything:" is a lead: the question after it is read, in every phase', () => {
    const r = 'Before you change anything: where is the search ranking implemented? Just tell me the file.'
    gate.decides('accepted', [[r, 'REQ-CLI-001']])
    expect(analyseRequest(r).intent).to.equal('read_only')
    expect(inPhase('inception', r).decision).to.equal('accepted')
  })

  it('leaving what to change to the doer is vague, even next to a read', () => {
    gate.decides('needs_clarification', [['I think something is off with the app. Can you look into it and do what is needed?', []], ['have a look at the sync code and fix whatever you find', []]], 'with nothing it applies to')
    // a read with no delegation still reads
    expect(analyseRequest('can you look into the sync code and tell me what is needed').intent).to.equal('read_only')
  })

  it('an instruction for a purpose changes the program, whatever verb leads it', () => {
    // round 19b: "lazy-load" is a verb of change in the lexicon now, so it leads the instruction itself ("hoist" below still needs its purpose)
    gate.decides('accepted', [['startup takes 3 seconds because we load every plugin up front; lazy-load them so the app starts faster', 'REQ-PERF-001']], 'leading_verb: lazy-load')
    // round 16b: "defer" is a verb of change in the lexicon now, so it leads the instruction itself
    gate.decides('accepted', [['defer reading the config until a command needs it, so the app starts faster', 'REQ-PERF-001']], 'leading_verb: defer')
    expect(gate.narrated('hoist the config read out of every command so the app starts faster')).to.contain('hoist (for a purpose)')
    expect(inPhase('inception', 'defer reading the config until a command needs it, so the app starts faster').decision).to.equal('blocked')
  })

  it("a person's or a thing's state told before the task is context, unless it names a project secret or a record", () => {
    const owner = "Hi! I'm the product owner. People who forget their password currently have no way back in. Please build the reset flow: a one-time link sent to their registered address that stops working after 15 minutes. Thanks a lot."
    gate.decides('accepted', [[owner, 'REQ-AUTH-003']], '(context)')
    expect(inPhase('inception', owner).decision).to.equal('blocked')
    const clauses = analyseRequest('startup takes 3 seconds because we load every plugin up front; lazy-load them so the app starts faster').clauses
    expect(clauses[0].via).to.equal('context')
    // a statement naming the project's secret or a governance record is no background to pass over
    for (const r of ['We rotate the deploy token every month. Please build the reset flow.', 'We skipped the ledger entry yesterday. Please build the reset flow.']) {
      const a = analyseRequest(r)
      expect(a.clauses[0].via, r).to.equal('default')
      expect(gate.decide(r).decision, r).to.not.equal('accepted')
    }
  })

  it('a quoted message or a password the users type is no project secret in a statement; the doer\'s liking is vague', () => {
    const r = 'We\'re seeing "invalid credentials" for correct passwords on Windows. Any idea what could cause that? Don\'t fix anything yet.'
    gate.decides('accepted', [[r, 'REQ-AUTH-001']])
    expect(analyseRequest(r).clauses[0].via).to.equal('context')
    expect(inPhase('inception', r).decision).to.equal('accepted')
    gate.decides('needs_clarification', [['ok, now handle the rest however you like', []]], 'with nothing it applies to')
    expect(inPhase('inception', 'ok, now handle the rest however you like').decision).to.equal('needs_clarification')
  })

  it('a prefix on a lexicon verb is a word, not a typo of another verb', () => {
    for (const w of ['precompute', 'autosave', 'unarchive']) expect(analyseRequest(`${w} the command index at build time`).corrections, w).to.deep.equal([])
  })

  it("what a constraint keeps as it is is no part of the instruction's object (the frame scope reads)", () => {
    const a = analyseRequest('Please implement the idle timeout and keep the existing login flow as it is.')
    expect(a.frames.map((f) => f.object).join(' ; ')).to.not.match(/login|flow/)
    expect(a.frames.map((f) => f.object).join(' ; ')).to.match(/idle timeout/)
  })
})
