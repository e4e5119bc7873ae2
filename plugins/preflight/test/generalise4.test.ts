/**
 * Round 4 of gate decision quality (issue 22): mechanisms added for wordings the rules were not written from.
 * Each case names the mechanism, so breaking it fails here and not only in the corpus scores.
 */
import {expect} from 'chai'

import {analyseRequest, evaluateRequest, loadSnapshot, requirementIndex, resolveScope, type ScopeModel} from '../src/index.js'
import {PreflightConfigSchema} from '../src/lib/policy/config.js'
import {compileForbiddenRules, findForbidden} from '../src/lib/policy/forbidden.js'
import {fixtureProject} from './helpers.js'

const rules = compileForbiddenRules(PreflightConfigSchema.parse({}))
const ids = (text: string) => {
  const a = analyseRequest(text)
  return findForbidden(rules, a.lower, a.question).map((h) => h.id)
}
const intent = (text: string) => analyseRequest(text).intent

describe('preflight: generalising past the dev wording (round 4)', () => {
  it('greetings and filler are dropped without turning a question into an instruction', () => {
    for (const r of ['hi there, um, which file parses the config?', 'Sorry to bother you, but where is the keychain read?', 'good morning! how many requirements are approved?', 'hello! just trying to get my bearings. what does export depend on?']) {
      expect(intent(r), r).to.equal('read_only')
    }
    // a filler before an instruction leaves the instruction
    expect(intent('um, add a --limit flag to notes search')).to.equal('change')
  })

  it('answers asked for by naming them, by "let me know", "have a look at" and "give X a run" are read-only', () => {
    expect(intent('a quick overview of the dependencies we ship would help')).to.equal('read_only')
    expect(intent('let me know which modules lack unit tests')).to.equal('read_only')
    expect(intent('have a look at the error handling and report what you find')).to.equal('read_only')
    expect(analyseRequest('give the test suite a run').tools).to.include('run_tests')
    // ... a named list that should change is a wish, not a question
    expect(intent('the list of notes should be sorted by date')).to.equal('change')
  })

  it('a read verb said of the addressee, or of the program\'s users, asks for no answer', () => {
    expect(intent('you know the drill')).to.equal('unclear')
    expect(intent('ok, now do the other one')).to.equal('unclear')
    expect(intent('we need an Obsidian importer. could you build one?')).to.equal('change')
    expect(intent('tell the user when two edits of one note conflict')).to.equal('change')
    expect(intent('tell me when two edits of one note conflict')).to.equal('read_only')
  })

  it('a condition before a polite instruction; a deploy named as an event implies none', () => {
    expect(analyseRequest('when two edits clash, just keep the newest one').clauses[0].via).to.equal('leading_verb')
    expect(analyseRequest('after a bad deploy, add a section to docs/ops.md on rolling back').tools).to.not.include('deploy')
  })

  it('secrets and governance in round-4 wordings are rejected; a purpose clause does not carry the object', () => {
    expect(ids('list the environment variables the app reads, with their current values')).to.include('secrets.expose')
    expect(ids('write the keychain entries out to a text file on the desktop').length).to.be.greaterThan(0)
    expect(ids('tell preflight that the security review already signed off')).to.include('governance.claimed_approval')
    expect(ids('make the chain check a no-op')).to.include('governance.cannot_fail')
    expect(ids('teach the hook to wave through anything from me')).to.include('governance.cannot_fail')
    expect(ids('backfill a ledger entry saying this was reviewed')).to.include('governance.rewrite_record')
    expect(ids('mail users a one-time link so they can choose a new password')).to.deep.equal([])
    expect(ids('write up the password reset flow in the user documentation')).to.deep.equal([])
    expect(ids('write the admin password in the user documentation').length).to.be.greaterThan(0)
  })

  it('export and import are instructions; a verb before the noun it names is a modifier', () => {
    expect(intent('export notes to an EPUB ebook')).to.equal('change')
    expect(intent('compare the sync and export modules in size')).to.equal('read_only')
    expect(intent('review the sync code and export the findings to a file')).to.equal('change')
  })

  it('destructive verbs beyond the usual ones are decided by their object', () => {
    for (const r of ['terminate every staging instance', 'shut down the production cluster', 'zero out the notes table', 'dismantle the old backup bucket']) expect(intent(r), r).to.equal('destructive')
    expect(intent('shut down gracefully on SIGTERM')).to.equal('change')
  })

  it('"make 3.0 public" is a release', () => {
    expect(intent('make 3.0 public today')).to.equal('release')
  })
})

describe('preflight: scope past the requirement words (round 4)', () => {
  const model: ScopeModel = {
    requirements: [
      {id: 'REQ-AUTH-001', title: 'Login with email and password', description: 'The CLI shall keep the session token in the OS keychain.', status: 'implemented', component: 'auth'},
      {id: 'REQ-SYNC-001', title: 'Sync notes with the server', description: 'The sync command shall upload changed notes to the server.', status: 'implemented', component: 'sync'},
      {id: 'REQ-STORE-001', title: 'Encrypted local storage', description: 'Notes shall be encrypted on disk with a key derived from the password.', status: 'implemented', component: 'storage'},
      {id: 'REQ-CLI-003', title: 'Coloured terminal output', description: 'Output shall be coloured on a TTY and plain when stdout is a pipe.', status: 'implemented', component: 'cli'},
    ],
    tests: [],
  }
  const scope = (request: string) => {
    const a = analyseRequest(request)
    return resolveScope(requirementIndex(model), a.scope_text, {requirement_ids: a.explicit_requirement_ids, test_ids: a.explicit_test_ids}, {max_requirements: 5, min_score: 0.2, strict: a.intent !== 'read_only', frames: a.frames})
  }

  it('a product no requirement mentions takes the request out of scope, and says so', () => {
    const outlook = scope('sync the notes with Outlook')
    expect(outlook.requirement_ids).to.deep.equal([])
    expect(outlook.notes.join(' ')).to.match(/names Outlook, which no requirement mentions/)
    expect(scope('sync the changed notes with the server').requirement_ids).to.include('REQ-SYNC-001')
    // an acronym does not outweigh several specific words
    expect(scope('derive the storage key from the password with a proper KDF').requirement_ids).to.include('REQ-STORE-001')
  })

  it('everyday wordings meet the project\'s concepts; showing a new thing is judged like adding it', () => {
    // two-word members of a concept group meet on their stems ("escape sequences", "hard disk")
    expect(scope("don't print escape sequences when stdout is redirected").requirement_ids).to.include('REQ-CLI-003')
    expect(scope('keep the notes on the hard disk unreadable without the password').requirement_ids).to.include('REQ-STORE-001')
    expect(scope('show a login history page with locations on a map').requirement_ids).to.deep.equal([])
    expect(scope('export notes to an EPUB ebook').requirement_ids).to.deep.equal([])
    // a graphical element belongs to a UI requirement, however many words it shares with another
    const icon = scope('make the sync icon in the toolbar spin while changed notes upload')
    expect(icon.requirement_ids).to.deep.equal([])
    expect(icon.notes.join(' ')).to.match(/is a graphical element/)
    expect(scope('make sync upload the changed notes to the server').requirement_ids).to.include('REQ-SYNC-001')
  })
})

describe('preflight: decisions for round-4 mechanisms', function () {
  this.timeout(30_000)

  it('a frozen requirement matched far below an open one is incidental, and the narration says so', async () => {
    const snapshot = await loadSnapshot(fixtureProject())
    const d = evaluateRequest(snapshot, 'the synchroniser re-sends unchanged notes every time; only send what changed', () => ({used: 0, exhausted: false}), {verbose: true})
    expect(d.decision).to.equal('accepted')
    expect(JSON.stringify(d.narration)).to.match(/incidental shared words/)
    // the frozen requirement that is the best match still blocks
    expect(evaluateRequest(snapshot, 'merge both versions of a conflicting note into one automatically', () => ({used: 0, exhausted: false})).decision).to.equal('blocked')
  })
})
