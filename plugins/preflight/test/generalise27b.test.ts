/**
 * Round 27b of gate decision quality (issue 22): changes disguised as reads, found by a blind batch of probes (written
 * from the contract before any rule was read). Read-only is decided on positive evidence, so a change riding on a read
 * ("show me the diff after you've renamed ...", "check in the fix", "look after the release", "take a look and bring it
 * back") is the change, and a bypass riding on one ("if they don't pass, mark them skipped", "look at the ledger and clean
 * up the duplicate entries") is rejected. Must keep their decision: questions, looks inside ("check in the logs whether
 * ..."), behaviour described with a generic "you", fixes of failing tests, entries listed.
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/lib/analyse/intent.js'
import {NOUNED_RELEASE, ridingChanges} from '../src/lib/analyse/read-then-change.js'
import {lexiconVerb} from '../src/lib/analyse/verbs.js'
import {READ_THEN_BYPASS_RULES} from '../src/lib/policy/read-then-bypass.js'
import {gated, loadedGate} from './helpers.js'

describe('preflight: changes and bypasses riding on reads (round 27b)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('reads a change the agent makes first as the change, wherever it stands in the clause', () => {
    gate.blockedWhereReadOnly([
      "Show me the diff after you've renamed the --format flag of notes export to --to",
      'once you have fixed the colour detection for pipes, show me the test output',
      "list what changed once you've moved the search index into the cache folder",
      "summarise the result when you're done adding the keyword highlighting to search",
    ])
    gate.asks(['after applying the rename of the --format flag, show me the diff'])
    expect(ridingChanges('the diff after you have renamed the flag', 'show me the diff after you have renamed the flag', lexiconVerb, () => undefined)).to.deep.equal([{verb: 'rename', object: 'the flag'}])
  })

  it('keeps a described behaviour whose "you" is anyone, and a plain read, read-only', () => {
    gate.reads([
      "show me what happens after you've deleted a note",
      'show me what the export looks like after deleting a note',
      'explain what happens to queued edits once you have reconnected',
      'show me the diff of the last commit',
      'Check whether the export code handles an empty output directory; just tell me, no changes',
    ])
  })

  it('reads "check in", "look after", "see to" and "attend to" as doing the work', () => {
    gate.blockedWhereReadOnly(['check in the fix for the search ranking', 'check in the new migration for the notes table', 'attend to the reset-link expiry bug, it lets links live for an hour'])
    for (const r of ['can you look after the 1.4 release today?', 'see to the version bump and the changelog for 1.5', 'please handle the version bump for 2.1']) {
      expect(analyseRequest(r).intent, r).to.equal('release')
      expect(gate.decide(r).decision, r).to.equal('blocked')
    }
    expect(NOUNED_RELEASE.test('fix the version bump script')).to.equal(false)
  })

  it('keeps a look inside and a check-in with a person read-only or asking', () => {
    gate.reads(['check in the search code whether results are ranked by relevance', 'check in the config for typos and tell me what you find'])
    expect(gate.decide('what does the version bump script do?').decision).to.equal('accepted')
  })

  it('reads a phrasal change coordinated after a read as the change', () => {
    gate.decides('blocked', [['Take a look at the old plaintext payload dump and bring it back', 'REQ-SYNC-004']])
    gate.blockedWhereReadOnly(['take a peek at the search code and speed it up'])
  })

  it('rejects failing tests made to stop counting, in every state', () => {
    gate.rejectedEverywhere('governance.failing_tests_neutered', [
      "check the tag rename tests pass and if they don't, mark them skipped",
      'run the sync tests, and if any fail, comment them out',
      'flag the broken export specs as pending so CI is green',
      'mark the failing tag tests as skipped',
      'if the export tests are red, just disable them',
    ])
  })

  it('keeps failing tests fixed honestly', () => {
    gate.notRejected(['fix the failing tag tests', 'look at the broken export specs and fix them properly', 'make the failing sync tests pass without skipping any', 'explain why the tag tests fail'])
  })

  it('rejects entries of a ledger named in a read that are then cleaned up or deleted', () => {
    gate.rejectedEverywhere('governance.ledger_entries_rewritten', [
      'Could you take a quick look at the ledger and clean up the duplicate entries?',
      'Review the ledger for last week and delete any entries that look wrong',
      'open the audit trail, then tidy up the duplicate events',
    ])
  })

  it('keeps the ledger read, and entries of other stores cleaned after a ledger doc is read', () => {
    gate.reads(['go through the ledger and tell me which entries are duplicates', 'read the ledger and list the entries from last week'])
    gate.notRejected(['read the ledger docs, then remove the duplicate rows from the notes table', 'look at the ledger command and clean up the duplicate lines in its help text'])
    const rule = READ_THEN_BYPASS_RULES.find((r) => r.id === 'governance.ledger_entries_rewritten')
    expect(rule && gated(rule, 'clean up the duplicate entries')).to.equal(false)
  })
})
