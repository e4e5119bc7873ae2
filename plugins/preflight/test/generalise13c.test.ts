/**
 * Round 13c of gate decision quality (issue 22): intent forms and tool inference on wording never seen. A change
 * proposed as a question ("would it be possible for the export to ...?", "could search also ...?") is a change; a
 * condition then a wish with its own subject ("when ..., it should ...") states a behaviour; what the program must not
 * do under a condition of its own ("never colour the output when NO_COLOR is set") or what a thing mustn't do ("the
 * CLI shouldn't print ...") is a change, while a constraint on the doer stays one; a wish with its "it" dropped; an
 * instruction for a result ("..., so the app doesn't re-read it") whatever its verb; a bare "fix" acts on the problem
 * described; and a git word in the program's sense ("push local changes to the server") implies no git tool.
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/index.js'
import {type GateState, verboseGate} from './helpers.js'

describe('preflight: proposals, behaviour statements, negated behaviours and git words in another sense (round 13c)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(async () => {
    await gate.load({states: true})
  })
  const inPhase = (state: GateState, text: string) => gate.inState(state, text)
  const intentOf = (text: string) => analyseRequest(text).intent

  it('a change proposed as a question is a change, blocked in inception; asking what a thing is or does stays a question', () => {
    for (const r of ["Would it be possible for the Markdown export to put each note's labels in the front matter?", "Could search also match words in a note's title, not just the body?", 'could the exporter also produce DOCX files?']) {
      expect(intentOf(r), r).to.equal('change')
      expect(inPhase('inception', r).decision, r).to.equal('blocked')
    }
    gate.decides('accepted', [["Could search also match words in a note's title, not just the body?", 'REQ-CLI-001']], /wish: could search also/)
    // "just" asks the thing to act otherwise: a proposal, so the policy rules read it as a change (a governance bypass here)
    gate.rejectedBy('policy.', ['can the audit just skip the chain check from now on?'])
    // a question with nothing asked is vague, not a read
    for (const r of ['can we?', 'could you please?']) expect(gate.decide(r).decision, r).to.equal('needs_clarification')
    for (const r of ['Can the exporter already produce PDF files, or only Markdown?', 'Could sync also be the reason the upload fails?', 'Would it be possible for you to explain how sync works?']) expect(intentOf(r), r).to.equal('read_only')
  })

  it('a condition, then a wish with its own subject, states a behaviour (a change); a condition before a question stays a question', () => {
    gate.decides('needs_clarification', [["when a user hasn't opened the app for a week, it should email them a reminder", []]])
    expect(inPhase('inception', "when a user hasn't opened the app for a week, it should email them a reminder").decision).to.equal('blocked')
    gate.decides('blocked', [['when two edits of a note conflict, the newest one should just win', 'REQ-SYNC-003']], 'frozen')
    for (const r of ['when offline, what happens to my edits?', 'when sync fails, it should retry, right?']) expect(intentOf(r), r).to.equal('read_only')
  })

  it('what the program must not do under a condition of its own is a change; a constraint on the doer stays one', () => {
    gate.decides('accepted', [["don't emit colour escape sequences when stdout is redirected into another program", 'REQ-CLI-003'], ['never colour the output when NO_COLOR is set; right now it ignores the variable', 'REQ-CLI-003']], /(?:never colour|don.t emit) \.\.\. when/)
    for (const r of ["whenever the output is piped, don't colour it", 'never write the token to the log']) expect(intentOf(r), r).to.equal('change')
    for (const r of ["don't touch the tests when you fix the export", "don't change the schema if the migration fails", "don't write to the README"]) expect(intentOf(r), r).to.not.equal('change')
  })

  it("what a thing mustn't do, and a wish with its 'it' dropped, are changes", () => {
    gate.decides('accepted', [["the CLI shouldn't print colour codes into files", 'REQ-CLI-003']], "shouldn't")
    gate.decides('accepted', [['would be nice if search highlighted the matching words', 'REQ-CLI-001']])
    expect(inPhase('inception', "the CLI shouldn't print colour codes into files").decision).to.equal('blocked')
    expect(intentOf("why shouldn't the CLI print colour codes?")).to.equal('read_only')
  })

  it('an instruction for a result changes the program whatever its verb; a bare fix acts on the problem described', () => {
    // round 16b: "memoise" is a verb of change in the lexicon now; a verb it lacks is still read by its purpose
    expect(gate.narrated("memoise the parsed config so the app doesn't re-read it on every start-up")).to.contain('leading_verb: memoise')
    expect(gate.narrated("snapshot the parsed config so the app doesn't re-read it on every start-up")).to.contain('snapshot (for a purpose)')
    expect(intentOf("backfill the missing down step for migration 7 so it's reversible like the others")).to.equal('change')
    const fix = analyseRequest('search takes 3s on a big notebook. fix asap pls')
    expect(fix.intent).to.equal('change')
    expect(fix.frames.map((f) => f.object).join(' ')).to.contain('search takes 3s')
  })

  it('a git word in the program\'s sense implies no git tool; the doer\'s push and commit still do', () => {
    // the fixture's default preset grants no git_push: read as a git push this was blocked
    gate.decides('accepted', [['sync should push local changes to the server before it pulls the remote ones', 'REQ-SYNC-001']])
    for (const r of ['when offline, commit each edit to the local queue right away so nothing gets lost', 'the upload should commit the transaction only once every note is written', 'make sync stop pushing local edits to the server when offline']) {
      expect(analyseRequest(r).tools, r).to.not.include.any.members(['git_push', 'git_commit'])
    }
    expect(analyseRequest('commit and push the fix').tools).to.include.members(['git_commit', 'git_push'])
    expect(analyseRequest('push the fix to the remote server').tools).to.include('git_push')
    expect(analyseRequest('push the changes to the production server').tools).to.include('git_push')
  })
})
