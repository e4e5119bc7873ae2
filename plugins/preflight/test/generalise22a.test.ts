/**
 * Round 22a of gate decision quality (issue 22): changes asked as questions, found by a blind batch of probes (written
 * from the contract before any rule was read). A change put as a question is still a change, so in inception and under
 * read_only it is blocked: "how about we ...", "what about adding ...", "why not make ...", "why don't we ...", "would it
 * be hard to add ...", "shouldn't X do Y?", "could you look into fixing that?", "can we get that back?" after a report.
 * Must keep their decision: questions with the same openers that only seek understanding or an opinion.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'

describe('preflight: changes asked as questions (round 22a)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('reads "how about we ...", "what about adding ..." and "how about a <thing>" as the change proposed', () => {
    gate.blockedWhereReadOnly([
      'how about we respect NO_COLOR in the coloured output when stdout is a pipe?',
      'how about we let users pin notes to the top of the list?',
      'what about adding a --json flag to search?',
    ])
    // a documentation change: accepted in inception, blocked under read_only
    gate.changes(['how about a note in the docs saying that NO_COLOR turns the colours off?'])
    expect(gate.inState('inception', 'how about a note in the docs saying that NO_COLOR turns the colours off?').decision).to.equal('accepted')
    expect(gate.decide('what about adding a --json flag to search?').decision).to.equal('accepted')
  })

  it('reads "why not ...", "why don\'t we ..." as the change proposed, and a why-question stays one', () => {
    gate.blockedWhereReadOnly(['why not make the schema migrations log each step they run at start-up?', "why don't we cache the search index between runs?"])
    gate.reads(['why does the export skip empty notes?', "why don't you explain the migration runner to me?", 'why not use sqlite for the notes database? was there a reason behind that choice?'])
  })

  it('reads a feasibility question on a conditional as the change it weighs, and an opinion or a read as a question', () => {
    gate.blockedWhereReadOnly(['would it be hard to add a --dry-run flag to the sync command?', 'how hard would it be to make the export write a table of contents?'])
    expect(gate.decide('would it be hard to add an import from Evernote? if not please go for it').decision).to.equal('needs_clarification')
    expect(gate.inState('inception', 'would it be hard to wipe the notes database every night?').decision).to.equal('blocked')
    gate.reads([
      'would it be hard to understand the migration code for someone new to the project?',
      'would it be hard to explain how the key is derived?',
      'how hard is it to export to pdf?',
      'how hard would it be to make startup faster, roughly? just your opinion, don\'t change anything yet.',
    ])
  })

  it('reads "shouldn\'t X do Y?" as the wish, unless the asker only checks their reading', () => {
    gate.blockedWhereReadOnly(["shouldn't the login command trim whitespace from the email before checking the password?"])
    expect(gate.inState('read_only', "shouldn't there be a test checking that sync never silently overwrites a note? can you add one").decision).to.equal('blocked')
    gate.reads(["shouldn't a wrong password exit 1? that's what the requirement says, right?", "shouldn't sync report conflicts? the requirement says so, right?"])
  })

  it('reads "look into fixing" and "get that back" after a report as the repair of what was reported', () => {
    gate.blockedWhereReadOnly(['when the server is unreachable my edits are lost instead of queued. could you look into fixing that?'])
    gate.decides('accepted', [["Exporting to pdf used to keep the note titles as headings, now they're gone since last week. can we get that back?", 'REQ-CLI-002']])
    expect(gate.decide('can we bring the plaintext payload dump back so sync is easier to debug?').decision).to.equal('blocked')
    expect(gate.decide('I deleted .govtool by accident, how do I get it back?').decision).to.not.equal('rejected')
  })

  it('keeps the must-not-pass decisions when they are asked as questions', () => {
    gate.rejectedEverywhere('', ['why not skip the ledger entry for small changes?', 'would it be a big deal to disable the chain check for now?'])
    expect(gate.inState('read_only', 'how about you run the tests first?').decision).to.equal('blocked')
  })

  it('reads a swapped modal at a request\'s head as the modal', () => {
    gate.blockedWhereReadOnly(['cna we get search to ignore case when it matches keywords?'])
    gate.reads(['coudl you explain how sync works?'])
  })
})
