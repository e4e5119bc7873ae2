/**
 * Requests with no actionable content (issue 22's third class) whose object points at work described somewhere the gate
 * cannot see ("address the review comments", "apply the feedback from Sam", "implement the rest of the backlog", "the
 * thing from this morning"), and go-ahead idioms ("crack on", "go wild", "your call"): nothing is named, so they need
 * clarification in every state, as "continue" does, rather than being read as a change that the phase blocks
 * (analyse/vague-forms.ts WORK_ELSEWHERE). Must keep their decision: the same words naming what to change.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'
import {analyseRequest} from '../src/lib/analyse/intent.js'

describe('preflight: work described elsewhere and go-ahead idioms name nothing', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  const vague = [
    'address the review comments',
    'apply the feedback from Sam',
    'do the follow-ups from yesterday\'s call',
    'implement the rest of the backlog',
    'please resolve all open TODOs',
    'sort out the thing from this morning',
    'righto, crack on',
    'go wild',
    'your call, just do something useful',
  ]

  it('needs clarification in every state, never a block by the phase', () => {
    for (const r of vague) {
      expect(analyseRequest(r).intent, r).to.equal('unclear')
      expect(gate.decide(r).decision, r).to.equal('needs_clarification')
      expect(gate.inState('inception', r).decision, r).to.equal('needs_clarification')
      expect(gate.inState('read_only', r).decision, r).to.equal('needs_clarification')
    }
  })

  it('keeps the same words a change when the request names what to change', () => {
    for (const r of ['remove the TODO comments in sync.ts', 'add a feedback button to the app', 'address the review comment about the 20-tag cap', 'show the feedback form in settings']) {
      expect(analyseRequest(r).intent, r).to.equal('change')
    }
    expect(gate.decide('address the review comment about the 20-tag cap').requirement_ids).to.include('REQ-TAG-001')
    expect(analyseRequest('delete the comments table in prod').intent).to.equal('destructive')
  })

  it('leaves a read about a review or feedback a read (a dispatch node "explain the review" runs)', () => {
    for (const r of ['explain the review', 'summarise the feedback from Sam', 'show me the open review comments']) {
      expect(analyseRequest(r).intent, r).to.equal('read_only')
    }
  })
})
