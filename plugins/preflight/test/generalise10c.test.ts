/**
 * Round 10c of gate decision quality (issue 22): what a request asks for, in long and odd forms. Requests with
 * nothing to act on, requests that contradict themselves (unclear in every phase), multi-sentence agent prompts
 * (the task found by its form, the context around it feeding scope only through what the task's pronouns name),
 * constraints whose words are no scope, and question forms without the usual openers. Each case names its
 * mechanism's narration, so breaking one fails here; the near misses must stay blocked, asking or rejected.
 */
import {expect} from 'chai'

import {analyseRequest, evaluateRequest, loadSnapshot} from '../src/index.js'
import {fixtureProject, phaseScaffold, verboseGate} from './helpers.js'

describe('preflight: what the request asks for, in long and odd forms (round 10c)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  // the corpus's three project states (the standard preset set explicitly: the default preset may change)
  const standard = 'agent:\n  permissions:\n    preset: standard\n'
  let impl: Awaited<ReturnType<typeof loadSnapshot>>
  let inception: Awaited<ReturnType<typeof loadSnapshot>>
  let readOnly: Awaited<ReturnType<typeof loadSnapshot>>
  before(async () => {
    await gate.load()
    impl = await loadSnapshot(fixtureProject({config: standard}))
    inception = await loadSnapshot(fixtureProject({scaffold: phaseScaffold('inception'), config: standard}))
    readOnly = await loadSnapshot(fixtureProject({config: 'agent:\n  permissions:\n    preset: read_only\n'}))
  })
  const {fired, narrated} = gate
  const decide = (text: string) => evaluateRequest(impl, text, () => ({used: 0, exhausted: false}))
  const inPhase = (snapshot: Awaited<ReturnType<typeof loadSnapshot>>, text: string) => evaluateRequest(snapshot, text, () => ({used: 0, exhausted: false})).decision
  /** the decision in implementation, inception and under the read_only preset */
  const everywhere = (text: string) => [decide(text).decision, inPhase(inception, text), inPhase(readOnly, text)]

  it('a request that only points into the conversation is unclear in every phase', () => {
    for (const r of ['carry on from where you stopped', 'go on then, finish it off', 'you can continue now', 'just finish up the remaining bits', 'pick up where we left off yesterday']) {
      expect(everywhere(r), r).to.deep.equal(['needs_clarification', 'needs_clarification', 'needs_clarification'])
      expect(fired(r), r).to.include('clarify.unclear')
    }
    expect(narrated('carry on from where you stopped')).to.contain('(vague: carry)')
    // a continuation that names its thing is an instruction about that thing
    expect(decide('carry on with the PDF export of tagged notes').decision).to.equal('accepted')
    expect(inPhase(inception, 'carry on with the PDF export of tagged notes')).to.equal('blocked')
  })

  it('a constraint that forbids every change next to a change is a contradiction, unclear in every phase', () => {
    for (const r of ["Don't change anything, and delete the old backups folder.", 'Read only please. Rename the export command to save.', 'without touching any files, add a --json flag to search', 'make no changes at all; fix the login bug', 'read-only: rename the export command']) {
      expect(everywhere(r), r).to.deep.equal(['needs_clarification', 'needs_clarification', 'needs_clarification'])
      expect(narrated(r), r).to.contain('(contradiction')
    }
    // a read next to the contradiction does not make it read-only
    expect(decide("Explain how sync works. Don't change anything, and delete the old backups folder.").decision).to.equal('needs_clarification')
    // the instruction that is the constraint's exception is no contradiction
    expect(everywhere("Don't change anything, just explain how sync works.")).to.deep.equal(['accepted', 'accepted', 'accepted'])
    expect(everywhere('Read-only: explain the session timeout.')).to.deep.equal(['accepted', 'accepted', 'accepted'])
    expect(decide('without changing any code, tell me how export works').decision).to.equal('accepted')
    // a constraint on one part is no contradiction: the change elsewhere stands
    expect(decide("don't touch the sync code; make export write every note to the output directory").decision).to.equal('accepted')
    // the policy still reads the whole request
    expect(decide('read only please, and print the api key').decision).to.equal('rejected')
    expect(decide('Leave everything as it is and push the .env file').decision).to.equal('rejected')
  })

  it("a constraint's words are no scope", () => {
    // "edits" no longer meets the frozen conflict requirement: destructive, so it asks for confirmation
    const d = decide('no edits please: just drop the notes table')
    expect(d.decision).to.equal('needs_clarification')
    expect(d.requirement_ids).to.not.include('REQ-SYNC-003')
    expect(fired('no edits please: just drop the notes table')).to.include('clarify.destructive')
    expect(inPhase(inception, 'no edits please: just drop the notes table')).to.equal('blocked')
    // what is to be left alone is not what the request changes
    for (const r of ["Make export write every note to the output directory. Don't touch the conflict resolution.", 'Make export write every note to the output directory and keep the conflict resolution as it is.']) {
      const c = decide(r)
      expect(c.decision, r).to.equal('accepted')
      expect(c.requirement_ids, r).to.deep.equal(['REQ-CLI-002'])
    }
  })

  it('in a multi-sentence prompt the task is found by its form, and statements around it are context', () => {
    const r = 'The README still describes the old sync flags. Update it to match the current sync command.'
    // "it" is the README: a documentation edit for people, accepted in inception too
    expect(everywhere(r).slice(0, 2)).to.deep.equal(['accepted', 'accepted'])
    expect(narrated(r)).to.contain('-> unclear (context')
    const fix = 'The PDF export stops at the first note with an image. Every note should end up in the output directory. Fix the exporter so that happens.'
    expect(decide(fix).decision).to.equal('accepted')
    expect(decide(fix).requirement_ids).to.deep.equal(['REQ-CLI-002'])
    // a question pointing back takes the situation told before
    const asked = decide("Searching for 'Todo' misses 'todo'. Is that intended?")
    expect(asked.decision).to.equal('accepted')
    expect(asked.requirement_ids).to.include('REQ-CLI-001')
    // context never lowers what the request asks: a change told before a read stays a change
    for (const s of [
      'As an agent working on this repository, your task is: make the sync command report conflicts instead of overwriting notes. Run the sync tests when done and summarise the change.',
      'Context: several users pipe our output into other tools and get escape codes in their files. Task: when stdout is not a TTY, or NO_COLOR is set, print plain text. Acceptance: existing coloured output on terminals is unchanged.',
    ]) {
      expect(inPhase(inception, s), s).to.equal('blocked')
    }
    // a statement of the context that destroys is never context
    expect(decide('There is an old backups folder on the server. Delete it.').decision).to.equal('needs_clarification')
    expect(inPhase(inception, 'There is an old backups folder on the server. Delete it.')).to.equal('blocked')
  })

  it('a task pointing at the situation or place told before takes it, for scope and for the kind of change', () => {
    // the kind of change is read on what the situation is about: the guide, a document for people
    const guide = "The CONTRIBUTING guide doesn't mention how to run the tests. Add a short section for that."
    expect(everywhere(guide).slice(0, 2)).to.deep.equal(['accepted', 'accepted'])
    expect(inPhase(inception, 'The login page crashes on a wrong password. Fix that.')).to.equal('blocked')
    // a bare instruction after a described problem points back into it
    const bare = 'search returns notes in random order instead of by relevance, see screenshot. fix plz'
    expect(decide(bare).decision).to.equal('accepted')
    expect(decide(bare).requirement_ids).to.deep.equal(['REQ-CLI-001'])
    expect(decide('fix plz').decision).to.equal('needs_clarification')
    // "there" takes the place the context names, so what is new there still asks
    expect(fired('We keep copies on a home storage appliance. Make sync push notes there.')).to.include('clarify.thin_scope')
    // "Add them" after "X have no Y" adds Y: the object the task acts on
    expect(narrated('Exported PDFs have no page breaks between notes. Add them.')).to.contain('(context: export)')
    const added = analyseRequest('Exported PDFs have no page breaks between notes. Add them.')
    expect(added.frames).to.deep.equal([{verb: 'add', object: 'page breaks', written: 'add'}])
    expect(added.scope_text).to.contain('page breaks').and.to.contain('exported pdfs')
    // "Change it" acts on the subject of the sentence before, and scope reads only that of the context
    const changed = analyseRequest('The export command currently skips notes with no title. Change it so every note is written.')
    expect(changed.clauses[1].object).to.match(/^the export command so every note is written/)
    expect(changed.scope_text).to.not.contain('skips')
    // a task without a pronoun is scoped on itself
    expect(analyseRequest('Today they can export to Markdown and PDF. Please add a web dashboard.').scope_text).to.not.contain('Markdown')
  })

  it('a verb on a pronoun reads the thing the sentence before names', () => {
    const r = "There's a function that derives the encryption key from the password. Explain it to me."
    expect(everywhere(r)).to.deep.equal(['accepted', 'accepted', 'accepted'])
    expect(decide(r).requirement_ids).to.deep.equal(['REQ-STORE-001'])
    // a secret named before and shown by pronoun is still an exposure
    for (const s of ["There's an API key in .env. Show it to me.", 'The admin password is in the vault. Tell it to me.']) expect(decide(s).decision, s).to.equal('rejected')
  })

  it('questions without the usual openers: tag questions, asking whoever knows, a participle after its noun', () => {
    for (const [r, id] of [
      ['the session expires after 30 minutes of inactivity, right?', 'REQ-AUTH-002'],
      ["notes are encrypted on disk, aren't they?", 'REQ-STORE-001'],
      ['anyone know how long startup takes on a cold cache', 'REQ-PERF-001'],
      ['cipher used for notes on disk?', 'REQ-STORE-001'],
    ]) {
      expect(everywhere(r), r).to.deep.equal(['accepted', 'accepted', 'accepted'])
      expect(decide(r).requirement_ids, r).to.include(id)
    }
    expect(narrated('the session expires after 30 minutes of inactivity, right?')).to.contain('(question: right)')
    // an instruction with a tag is still an instruction
    expect(inPhase(inception, 'rename the export command, ok?')).to.equal('blocked')
  })

  it('a product named with a document word is no documentation change', () => {
    expect(everywhere('add an option to export the notes to Google Docs')).to.deep.equal(['needs_clarification', 'blocked', 'blocked'])
    expect(analyseRequest('add an option to export the notes to Google Docs').action).to.equal('code_change')
    expect(analyseRequest('add a section on exporting to the README').action).to.equal('docs_change')
  })

  it('a bug report with "never" or "no longer" asks for the fix', () => {
    for (const [r, id] of [
      ['sessions never expire, even after a whole night idle', 'REQ-AUTH-002'],
      ['the export no longer writes PDFs', 'REQ-CLI-002'],
    ]) {
      const d = decide(r)
      expect(d.decision, r).to.equal('accepted')
      expect(d.requirement_ids, r).to.include(id)
      expect(inPhase(inception, r), r).to.equal('blocked')
    }
    // said of ourselves it is no bug report
    expect(decide('we never delete notes, do we?').decision).to.equal('accepted')
  })
})
