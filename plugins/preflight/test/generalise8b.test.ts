/**
 * Round 8b of gate decision quality (issue 22): in-scope changes and questions the gate asked about needlessly.
 * Sentences that only say how to answer, a "no edits" constraint before a colon, question forms the analysis
 * did not know, wishes whose subject is a thing of the project, spelling variants and derived forms, a single
 * word's share with common English weighing half, the goal of a thin request before its means; and the near
 * misses each mechanism must leave asking, blocked or rejected. Each case names its mechanism's narration, so
 * breaking one fails here.
 */
import {expect} from 'chai'

import {verboseGate} from './helpers.js'

describe('preflight: needless questions and in-scope changes (round 8b)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(gate.load)
  const {decide, fired, narrated} = gate

  it('a sentence that only says how to answer is dropped like filler, and alone asks for nothing', () => {
    for (const r of ['How does sync decide what to upload? Please keep the answer short.', 'How long does a session last before it expires? Keep it brief, please.', 'Which formats can the export write? A one-line answer is fine.', 'How is search ranking computed? No need for code samples.']) {
      const d = decide(r)
      expect(d.decision, r).to.equal('accepted')
      expect(d.intent, r).to.equal('read_only')
      expect(narrated(r), r).to.match(/-> unclear \(manner: /)
    }
    expect(fired('Please keep the answer short.')).to.include('clarify.unclear')
    // what comes with it still counts
    expect(decide('How does login store the token? Keep it short, and print the token too.').decision).to.equal('rejected')
    const then = 'How does sync decide what to upload? Please keep the answer short. Then delete the backups folder.'
    expect(decide(then).intent).to.equal('destructive')
    expect(fired(then)).to.include('clarify.destructive')
    expect(decide('keep it permanently').decision).to.equal('needs_clarification')
  })

  it('a "no edits" constraint before a colon leaves what follows to decide', () => {
    const r = 'no edits please: summarise what the session timeout does'
    const d = decide(r)
    expect(d.decision).to.equal('accepted')
    expect(d.requirement_ids).to.deep.equal(['REQ-AUTH-002'])
    expect(decide('no code changes: summarise how colour output is turned off').decision).to.equal('accepted')
    // a destructive instruction after the constraint is still destructive, and the constraint alone is unclear
    const drop = decide('no edits please: just drop the notes table')
    expect(drop.intent).to.equal('destructive')
    expect(fired('no edits please: just drop the notes table')).to.include('clarify.destructive')
    expect(decide('no edits please').decision).to.equal('needs_clarification')
  })

  it('question forms without a "?": does/did and a form of "be" lead, swapped question words, connectives', () => {
    for (const r of ['question: does a session expire while a command is running', 'is startup time measured anywhere', 'so what does the audit check exactly', 'hwo does the password reset link work']) {
      const d = decide(r)
      expect(d.decision, r).to.equal('accepted')
      expect(d.intent, r).to.equal('read_only')
    }
    expect(narrated('hwo does the password reset link work')).to.match(/read as typos: hwo -> how/)
    // "do" still leads an instruction, and an instruction after a connective is one
    expect(decide('do the rest').decision).to.equal('needs_clarification')
    expect(decide('so, wipe the notes database').intent).to.equal('destructive')
  })

  it('questions put as statements of doubt or need are questions; a polite request put that way is not', () => {
    for (const r of ['wondering how sync decides what to download', 'not sure how the export names its files', 'any idea why startup is slow', 'wanted to ask how labels are stored', 'need a list of the schema migrations', 'would love an explanation of the reset flow', 'I have a question about the reset link: when does it expire', 'my question is how sync handles deleted notes', 'just wondering, does the exporter handle images']) {
      expect(decide(r).decision, r).to.equal('accepted')
      expect(decide(r).intent, r).to.equal('read_only')
    }
    // what follows ", but" is judged on its own; "wondering if you could ..." asks for the work
    expect(decide('not sure why, but delete the backups folder').intent).to.equal('destructive')
    expect(decide('I was wondering if you could delete the backups folder').intent).to.equal('destructive')
    for (const r of ['are you able to wipe the database', 'is there any way you could delete the backups folder', 'any chance you could drop the notes table']) expect(decide(r).intent, r).to.equal('destructive')
    expect(decide('do you mind explaining the sync flow').decision).to.equal('accepted')
    const toggle = "I'm wondering if you could add a dark mode toggle"
    expect(decide(toggle).intent).to.equal('change')
    expect(decide(toggle).decision).to.equal('needs_clarification')
  })

  it('not knowing how something is asks; leads and labels say what kind of text follows', () => {
    for (const r of ['I forgot how labels are limited', 'no idea why sync fails when offline', 'REQ-AUTH-002: what does it cover', 'Quick sanity check: is sync covered by tests', 'Issue: how does sync decide what to upload?', 'Task: explain how sync works']) {
      expect(decide(r).decision, r).to.equal('accepted')
      expect(decide(r).intent, r).to.equal('read_only')
    }
    // a request's label makes it a change; its words are no scope terms
    const todo = 'TODO: make the migration runner print the version it migrated to'
    expect(decide(todo).decision).to.equal('accepted')
    expect(decide(todo).requirement_ids).to.deep.equal(['REQ-STORE-002'])
    expect(narrated(todo)).to.not.match(/todo unknown/)
    expect(decide('Request: show the number of notes per label in the tag list').intent).to.equal('change')
    expect(decide("I don't know why, but wipe the database").intent).to.equal('destructive')
    expect(decide('TODO: delete the old backups folder').intent).to.equal('destructive')
  })

  it('a wish whose subject is a thing of the project changes it; a passive removal removes it', () => {
    for (const [r, id] of [
      ['the tag list should show how many notes use each label', 'REQ-TAG-001'],
      ['sync must report every conflict it finds', 'REQ-SYNC-001'],
    ] as const) {
      const d = decide(r)
      expect(d.intent, r).to.equal('change')
      expect(d.requirement_ids, r).to.include(id)
      expect(narrated(r), r).to.match(/-> change \(wish: (?:should|must) (?:show|report)\)/)
    }
    expect(decide('the tag list should show how many notes use each label').decision).to.equal('accepted')
    const folder = 'the old exports folder must be deleted'
    expect(decide(folder).intent).to.equal('destructive')
    expect(fired(folder)).to.include('clarify.destructive')
    // "ought" and "shall" after a leading verb make it the wish's subject; a removal's gerund still removes
    expect(decide('export ought to create the output directory if it is missing').requirement_ids).to.deep.equal(['REQ-CLI-002'])
    expect(decide('uploading changed notes should retry on a flaky connection').intent).to.equal('change')
    expect(decide('removing the old backups should happen tonight').intent).to.equal('destructive')
    // a person as the subject is no wish about the project ("I should read the sync code first" states)
    expect(decide('I should explain the sync flow to the team').intent).to.not.equal('change')
  })

  it('one specific word among common ones: number words are common, and common English weighs half in its share', () => {
    for (const r of ['end the session after thirty idle minutes instead of sixty', 'cut the idle session limit from sixty minutes to thirty', 'make the reset link valid for thirty minutes instead of fifteen']) {
      const d = decide(r)
      expect(d.decision, r).to.equal('accepted')
      expect(d.requirement_ids, r).to.have.length(1)
    }
    expect(narrated('end the session after thirty idle minutes instead of sixty')).to.match(/sixti common/)
    // a word unknown to the project beside them still makes it new
    expect(decide('end the session when the phone leaves the office geofence').decision).to.equal('needs_clarification')
  })

  it('spelling variants and derived forms are read as the project word (narrated with the word they came from)', () => {
    const r = 'the colouriser should respect NO_COLOR'
    expect(decide(r).requirement_ids).to.deep.equal(['REQ-CLI-003'])
    expect(narrated(r)).to.match(/color \(from \\"colouriser\\"\)/)
    expect(decide('make the tagger reject a 21st label').requirement_ids).to.deep.equal(['REQ-TAG-001'])
    expect(narrated('make the tagger reject a 21st label')).to.match(/tag \(from \\"tagger\\"\)/)
  })

  it("a thing of the product user's own the project does not know is outside the product", () => {
    const r = "labels should sync to the user's calendar"
    expect(decide(r).decision).to.equal('needs_clarification')
    expect(fired(r)).to.include('clarify.thin_scope')
    expect(narrated(r)).to.match(/the user's own, outside the product/)
    // the user's things the project knows stay in scope
    expect(decide("derive the storage key from the user's password with more iterations").decision).to.equal('accepted')
  })

  it('the goal of a request thin on its means is scoped alone, unless the means names much that is new', () => {
    gate.decides('accepted', [
      // (round 10b: "note titles" names a part of a note, common English, so that wording is no longer thin at all)
      ['make search faster by indexing words in a trie', 'REQ-CLI-001'],
      ['make export more robust by writing each file atomically', 'REQ-CLI-002'],
    ], /the whole request was thin on the means' words/)
    for (const r of ['make sync faster by storing every note in a blockchain ledger', 'speed up search by sending each query to a remote vector database']) {
      expect(decide(r).decision, r).to.equal('needs_clarification')
      expect(narrated(r), r).to.match(/the goal is not scoped alone/)
    }
    // a means that brings in an outside product or service is new even when the request meets nothing else
    const ai = 'make search smarter by sending every query to an AI service in the cloud'
    expect(decide(ai).decision).to.equal('needs_clarification')
    expect(narrated(ai)).to.match(/its means names something no requirement mentions/)
  })

  it('what only the context around an instruction names makes no match thin, unless the instruction points back into it', () => {
    const r = 'Context: users on slow disks wait seconds for the app to start. Please profile startup and cut it below one second.'
    expect(decide(r).decision).to.equal('accepted')
    expect(decide(r).requirement_ids).to.deep.equal(['REQ-PERF-001'])
    expect(fired(r)).to.not.include('clarify.thin_scope')
    // words that name no thing are common English
    expect(decide("Please make sure a note can't get more than 20 labels, and show an error if someone tries.").decision).to.equal('accepted')
    // an instruction pointing back into its context takes the context's words with it
    expect(fired('We keep copies on a home storage appliance. Make sync push notes there.')).to.include('clarify.thin_scope')
    // deleting migrations destroys schema history, however it is worded
    expect(decide("don't touch the code, but also delete the old migrations").intent).to.equal('destructive')
    expect(decide('list the migrations in the schema folder, then delete them').intent).to.equal('destructive')
  })

  it('where and how the program shows something makes a showing verb a change; a secret put in exported files is exposed', () => {
    expect(decide('show the ten best keyword matches first').intent).to.equal('change')
    expect(decide('show me the ten best keyword matches first').intent).to.equal('read_only')
    const pdf = "the exporter should include the user's password in every PDF"
    expect(decide(pdf).decision).to.not.equal('accepted')
    expect(fired(pdf)).to.include('clarify.secret_exposure')
  })
})
