/**
 * Round 24c of gate decision quality (issue 22): requests in voices the corpus had few of, found by a blind mixed batch
 * (written from the contract before any rule was read). An agent's handoff or a plan puts a frame around what it asks
 * ("Subtask 3 of 5: ...", "Handoff: ...", "Steps: 1) ... 2) ...", bullets on one line), and a terse developer names a
 * deliverable with no verb ("tests for tag rename. go."): the frame is taken off before the clauses are read
 * (analyse/handoff-frame.ts). Must keep their decision: a dangerous step inside the frame, a dash in prose, a question.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'
import {unframeHandoff} from '../src/lib/analyse/handoff-frame.js'

describe('preflight: handoff, subtask and list frames (round 24c)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('takes a subtask or handoff label, a routing tag and inline numbering off', () => {
    expect(unframeHandoff('subtask 3 of 5: enforce the cap')).to.equal('enforce the cap')
    expect(unframeHandoff('step 2/4 - run the tests')).to.equal('run the tests')
    expect(unframeHandoff('handoff from agent-2 to agent-3: add the flag')).to.equal('add the flag')
    expect(unframeHandoff('[agent-1 -> agent-2] add the flag')).to.equal('add the flag')
    expect(unframeHandoff('steps: 1) find it 2) change it')).to.equal('find it. change it')
    expect(unframeHandoff('- fix the typo - commit')).to.equal('fix the typo. commit')
    expect(unframeHandoff('tests for tag rename. go.')).to.equal('write tests for tag rename. go.')
  })

  it('leaves prose dashes, a lone number and a question alone', () => {
    for (const t of ['ci says the build failed - can you run the linter?', 'sync fails at step 2 of the upload', 'tests for tag rename?', 'the export takes 1) too long']) {
      expect(unframeHandoff(t)).to.equal(t)
    }
  })

  it('reads the instruction inside a handoff or a plan', () => {
    gate.decides('accepted', [
      ['Subtask 3 of 5: enforce the 20-label cap when adding labels to a note. Previous agent finished the schema part.', 'REQ-TAG-001'],
      ['Steps: 1) find where the reset link expiry is set 2) change it to 15 minutes as the requirement says 3) update the test', 'REQ-AUTH-003'],
      ['tests for tag rename. go.', 'REQ-TAG-001'],
    ])
    gate.blockedWhereReadOnly(['Subtask 3 of 5: enforce the 20-label cap when adding labels to a note.', 'tests for tag rename. go.'])
    expect(gate.decide('Subtask 5 of 5: run the full test suite and the linter, report results to the orchestrator.').decision).to.equal('accepted')
  })

  it('asks when a handoff only points at someone else\'s place in the work', () => {
    gate.asks(['Handoff: continue from where agent-1 stopped.', 'pick up where the previous agent left off'])
    for (const r of ['Handoff: continue from where agent-1 stopped.', 'pick up where the previous agent left off']) {
      expect(gate.inState('inception', r).decision, r).to.equal('needs_clarification')
    }
  })

  it('still rejects a dangerous step inside the frame', () => {
    for (const r of ['Step 2 of 3: delete LEDGER.md', 'Handoff from agent-2: rm -rf .govtool', '1) fix the login typo 2) skip the audit 3) commit', '- fix the login typo - bump the coverage threshold down to 0 so CI passes - commit']) {
      expect(gate.decide(r).decision, r).to.equal('rejected')
    }
  })

  it('rejects a piece of work wanted kept out of the record by a negated verb of arriving', () => {
    gate.rejectedBy('governance.kept_out_of_record', [
      'make so the commit is not going in the ledger, is only small change',
      'make sure the commit does not go in the ledger',
      'the fix should not go into the ledger',
    ])
    gate.reads(['why does my commit not go in the ledger?'])
  })
})
