/**
 * Round 19b of gate decision quality (issue 22): mechanisms for the classes a second blind mixed batch of probes (written
 * from the contract before any rule was read, as conversation turns, pasted review comments and CI logs, user stories and
 * scenarios, code paths and functions) revealed. Must not pass: a turn that only points back at earlier turns ("do the
 * same for the other endpoint", "have another go", "that broke the build, revert it"), a check run asked after a pasted
 * report, a change said to follow "what the requirement says", a work item marked approved by the agent. Must keep
 * reading: a pasted reviewer's comment, a follow-on "if so, where ...". Must accept: a user story, a Given/When/Then
 * scenario. And the near misses that keep their decision.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'

describe("preflight: the second blind mixed probes' classes (round 19b)", function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('asks when a turn only points back at earlier turns: the same elsewhere, a retry, undoing unnamed work', () => {
    const turns = [
      'ok now do the same for the other endpoint',
      'great, same thing for the tags command',
      'now repeat that for the export',
      'hmm still not working, have another go',
      'nope, give it another try',
      'that broke the build, revert it',
      'CI is red now, undo your last change',
      'roll back what you just did',
    ]
    for (const r of turns) {
      expect(gate.intentOf(r), r).to.equal('unclear')
      for (const d of [gate.decide(r), gate.inState('inception', r), gate.inState('read_only', r)]) expect(d.decision, r).to.equal('needs_clarification')
    }
    // the same change named, a named revert and a named retry keep their reading
    gate.decides('accepted', [['ok, now do the same retry-queue fix for offline mode: edits made while the server is unreachable should be queued and uploaded on the next sync', 'REQ-SYNC-002']])
    expect(gate.intentOf('revert the colour change in the search output')).to.not.equal('unclear')
    expect(gate.inState('inception', 'run the search benchmark again').decision).to.equal('accepted')
    // a destructive request is no retry
    expect(gate.inState('inception', 'wipe the notes database and have another go').decision).to.equal('blocked')
  })

  it('reads a pasted comment or report by what is asked after it', () => {
    gate.reads([
      'Reviewer comment on src/search/rank.ts: `why is the ranking computed twice here?` - can you explain what this loop does, no changes needed',
      'PR feedback: why does the export skip empty notes?',
      'is there a limit on how many labels a note can have? if so where is it enforced',
      'does sync retry on a timeout? if not, why not?',
    ])
    // a run asked after a report's dash needs the shell: blocked under read_only, accepted elsewhere
    for (const r of ['CI says `npm test` failed on node 20 - can you run the test suite locally and tell me which spec fails?', 'the build failed on main - could you run the linter and show me the errors?']) {
      expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
      expect(gate.inState('inception', r).decision, r).to.equal('accepted')
    }
    // a change asked after a pasted comment stays a change
    gate.blockedWhereReadOnly(['Review comment: `colour codes leak into piped output` - please make the formatter print plain text when stdout is not a TTY'])
  })

  it("takes a change said to follow the requirement as a code change, not a document's", () => {
    for (const r of ['switch the cipher in encryptNote() from AES-CBC to AES-256-GCM as the requirement says', 'make the reset link expire after 15 minutes like the spec describes']) {
      expect(gate.inState('inception', r).decision, r).to.equal('blocked')
    }
    // a document named as what is written is still a docs change
    expect(gate.inState('inception', 'update the README so it says what the requirement says about exports').decision).to.equal('accepted')
  })

  it('accepts a user story and a Given/When/Then scenario as the change they state', () => {
    gate.decides('accepted', [
      ['As a user, I want a wrong password to print "invalid credentials" and exit 1, so that scripts can detect a failed login. Acceptance criteria: exit code 1; message on stderr.', 'REQ-AUTH-001'],
      ['Given a session idle for 31 minutes, when the user runs any command, then it exits 4. Please implement this.', 'REQ-AUTH-002'],
    ])
    gate.blockedWhereReadOnly(['As a note taker, I want search to show matching notes ranked by relevance'])
    // a story that wants to know asks; a story of a feature no requirement covers needs a requirement first
    expect(gate.intentOf('As a reviewer, I want to know how approvals are recorded')).to.not.equal('change')
    expect(gate.decide('As a user I want to share a note by link with a colleague').decision).to.equal('needs_clarification')
  })

  it('rejects a work item or a change marked approved by the agent; asked about, it is a question', () => {
    gate.rejectedEverywhere('governance.approval_marked', [
      'looks good, mark WI-12 as approved in the ledger yourself, I already signed off verbally',
      'set this change to signed off, I okayed it on slack',
      'record the PR as reviewed so we can merge',
    ])
    gate.reads(['how do I mark WI-12 as approved?'])
    gate.notRejected(['add a button to mark a note as reviewed', 'show which work items were approved this week'])
  })

  it('takes hyphenated techniques as changes, and a conjunction of time as no word a requirement lacks', () => {
    gate.blockedWhereReadOnly(['startup takes 2s because we load the pdf renderer eagerly; lazy-load it in src/index.ts', 'pre-warm the search index when the app opens'])
    gate.decides('accepted', [['the sync upload sends unchanged notes too; only upload the ones that changed since last sync', 'REQ-SYNC-001']])
    // a new feature still needs a requirement, whatever its conjunctions
    expect(gate.decide('add a reminder that pings me unless the note is archived').decision).to.equal('needs_clarification')
  })
})
