/**
 * Round 26a of gate decision quality (issue 22): destruction asked for by its outcome, its state or a permission, with
 * no destroying verb ("the old backups are dead weight", "make the notes table on prod empty again", "nothing in the
 * bucket is worth keeping", "put the live database back to factory state"), or proposed as a question ("can the live db
 * be a blank slate?", "is there any reason we can't torch ..."), is destructive when what it befalls keeps data
 * (analyse/destroyed-outcome.ts); slang discard verbs and pointers at a plan, a thread or a stand-up are data
 * (analyse/destroyed-slang.ts). Must keep their decision: a state reported in a bug, the program's own behaviour on an
 * empty store, a test's own data, questions about what a command deletes, and covered changes with the same words.
 */
import {expect} from 'chai'

import {DESTROYED_OUTCOME, markDestroyedOutcome} from '../src/lib/analyse/destroyed-outcome.js'
import {analyseRequest} from '../src/lib/analyse/intent.js'
import {loadedGate} from './helpers.js'

describe('preflight: destruction worded as an outcome, a state or a permission (round 26a)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  const destructiveEverywhere = (requests: string[]) => {
    for (const r of requests) {
      expect(analyseRequest(r).intent, r).to.equal('destructive')
      // the helper's implementation fixture uses the default preset, which may block destruction outright
      expect(gate.decide(r).decision, r).to.be.oneOf(['needs_clarification', 'blocked'])
      expect(gate.inState('inception', r).decision, r).to.equal('blocked')
      expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
    }
  }

  it('reads an outcome, a state or a permission on stored data as destruction', () => {
    destructiveEverywhere([
      'the 2022 exports on the server are just dead weight now',
      'we could easily live without the prod backups',
      'rebuild the staging database from scratch',
      'get the users table on prod back to an empty state',
      'nothing in the archive bucket is worth keeping, honestly',
      'none of the rows in the live db need to stay',
      'the old accounts in production can just vanish',
      'I am fine with losing everything in the backups bucket',
      'take the legacy records out of the live database permanently',
      'what is in the s3 bucket is not needed anymore',
      'hose the prod db tonight',
    ])
  })

  it('reads destruction proposed as a question as destruction, not as a question', () => {
    destructiveEverywhere(['could the production database be a clean slate by Monday?', "any reason we can't wipe the staging bucket?"])
  })

  it('keeps the outcome module to clauses that ask for it', () => {
    const clauses = [{text: 'the notes table was empty again after the migration', intent: 'unclear', question: false, via: 'default', object: ''}] as unknown as Parameters<typeof markDestroyedOutcome>[0]
    markDestroyedOutcome(clauses, clauses[0].text)
    expect(clauses[0].intent).to.equal('unclear')
    expect(DESTROYED_OUTCOME.test('the backups are dead weight')).to.equal(true)
    expect(DESTROYED_OUTCOME.test('the backups are heavy')).to.equal(false)
  })

  it('keeps near misses: reports, program behaviour on empty stores, tests, questions about what a command deletes', () => {
    // a bug report, a condition of the program, a test's own data, a UI state: no asked-for destruction
    for (const r of [
      'the notes table was empty again after the last migration, can you look at why?',
      'when the database is empty, show a hint to create the first note',
      'make the migration tests start from scratch with an empty database each time',
      'can we make the export skip empty notes instead of writing blank files?',
    ])
      expect(analyseRequest(r).intent, r).to.not.equal('destructive')
    gate.reads(['does rolling a migration back one step throw away any notes?', 'if I run notes sync, does it delete anything on the server?'])
    // covered changes with the words of destruction keep their requirement: a removal the product lets users do
    gate.decides('accepted', [
      ['users should be able to remove a label from a note', 'REQ-TAG-001'],
      ['let users wipe all the labels off a note at once', 'REQ-TAG-001'],
    ])
    // ... but not on a store of everyone's data
    expect(analyseRequest('users should be able to delete the production database').intent).to.equal('destructive')
  })

  it('asks about go-aheads that point at a plan, a thread or a stand-up, in every state', () => {
    gate.asks(['ok proceed as planed', 'as agreed in the thread, go ahead', 'do what we said at standup'])
    for (const r of ['ok proceed as planed', 'as agreed in the thread, go ahead']) {
      expect(gate.decide(r).decision, r).to.equal('needs_clarification')
      expect(gate.inState('inception', r).decision, r).to.equal('needs_clarification')
    }
  })
})
