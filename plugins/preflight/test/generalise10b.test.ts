/**
 * Round 10b of gate decision quality (issue 22): in-scope changes asked about needlessly. An agent noun of a
 * project verb anchors the request to the requirement whose action it does; paraphrases of a requirement's key
 * notion are concept data; a comparative of speed or a kept queue is a requirement's kind; adjectives of manner and
 * the parts of a document are common English; a described phrase's words may stand apart. Each mechanism has near
 * misses that must still ask, block or reject, and each case names its narration, so breaking one fails here.
 */
import {expect} from 'chai'

import {verboseGate} from './helpers.js'

describe('preflight: needless questions about in-scope changes (round 10b)', function () {
  this.timeout(30_000)
  const gate = verboseGate()
  before(gate.load)
  const {decide, narrated} = gate

  const accepted = (cases: ReadonlyArray<readonly [string, string]>) => {
    for (const [r, id] of cases) {
      const d = decide(r)
      expect(d.decision, r).to.equal('accepted')
      expect(d.requirement_ids, r).to.include(id)
    }
  }
  const asks = (requests: readonly string[]) => {
    for (const r of requests) expect(decide(r).decision, r).to.equal('needs_clarification')
  }

  it('an agent noun of a project verb anchors the change to the requirement whose action it does', () => {
    accepted([
      ['have the syncer wait a few seconds between attempts', 'REQ-SYNC-001'],
      ['make the synchroniser retry three times before giving up', 'REQ-SYNC-001'],
      ['let the uploader skip notes that did not change', 'REQ-SYNC-001'],
      ['make the encryptor use a fresh nonce for every note', 'REQ-STORE-001'],
      ['the exporter should create the output directory when it is missing', 'REQ-CLI-002'],
    ])
    expect(decide('have the syncer wait a few seconds between attempts').requirement_ids).to.deep.equal(['REQ-SYNC-001'])
    expect(narrated('have the syncer wait a few seconds between attempts')).to.contain('\\"syncer\\" is the doer of sync')
    expect(narrated('let the uploader skip notes that did not change')).to.contain('\\"uploader\\" is the doer of upload')
  })

  it('a new doer, an extension, a word that only looks like an agent noun, or something outside anchors nothing', () => {
    asks([
      'add a keyword highlighter to the note editor',
      'write an importer for Evernote files',
      'add a new syncer for calendar events',
      'the downloader should also fetch podcasts',
      "let the uploader also send the user's photos to the cloud",
      'let the tagger suggest labels with a machine learning model',
      'the syncer should also post every note to Slack',
      'make the server answer faster',
    ])
    expect(narrated('the downloader should also fetch podcasts')).to.contain('anchors nothing: \\"also\\" adds to what it does')
    // "server" is no doer of "serve" (typo tolerance does not reach the base of an agent noun)
    expect(narrated('make the server answer faster')).to.not.contain('is the doer of')
    // the doer of sync is sync's: "fix the syncer" is about the sync requirements, the first of them the sync command's
    expect(decide('fix the syncer').requirement_ids[0]).to.equal('REQ-SYNC-001')
  })

  it("paraphrases of a requirement's key notion are its words", () => {
    accepted([
      ['let each schema change be undone one step at a time', 'REQ-STORE-002'],
      ['shorten how long the recovery link stays valid to fifteen minutes', 'REQ-AUTH-003'],
      ['make decryption of notes fail loudly when the key is wrong', 'REQ-STORE-001'],
    ])
    // "choose" is the conflict requirement's "pick": the frozen requirement blocks
    const frozen = decide('let the user choose between the colliding versions in a side-by-side view')
    expect(frozen.decision).to.equal('blocked')
    expect(frozen.requirement_ids).to.deep.equal(['REQ-SYNC-003'])
    // "undo" as an instruction's verb acts: it is not the reversal notion, and a removal stays destructive
    expect(decide('undo the last three migrations and drop their tables').decision).to.not.equal('accepted')
    expect(narrated('undo the last three migrations and drop their tables')).to.contain('clarify.destructive')
  })

  it("a comparative of speed is start-up's or search's budget, and edits kept across a restart are the queue's", () => {
    accepted([
      ['make the CLI quicker to start', 'REQ-PERF-001'],
      ['make looking things up in ten thousand notes come back in under a fifth of a second', 'REQ-CLI-001'],
      ['pending edits should still be there after the app restarts', 'REQ-SYNC-002'],
      ['the queued changes should still be there after a restart', 'REQ-SYNC-002'],
      // the measure in a sentence of context, the quantity in the instruction
      ['looking up notes by a word takes seconds on a big notebook; make it quick', 'REQ-CLI-001'],
    ])
    expect(narrated('make the CLI quicker to start')).to.contain('kind start-up speed: start + quicker')
    // (round 14b: "looking things up" is read as search itself, a phrasal verb split by its pronoun object)
    expect(narrated('make looking things up in ten thousand notes come back in under a fifth of a second')).to.match(/kind search speed|from \\"looking things up\\"/)
    // a comparative without a measure of starting is no start-up budget
    expect(decide('make the export quicker').requirement_ids).to.deep.equal(['REQ-CLI-002'])
    // the kind opens nothing for what is new
    asks(["pending edits should be sent to the user's phone after a restart"])
    // when work is done (deferring, loading) is how the goal is reached; a means naming much that is new still asks
    accepted([['make startup faster by deferring the plugin loading', 'REQ-PERF-001']])
    expect(narrated('make startup faster by deferring the plugin loading')).to.not.contain('is thin')
    asks(['make sync faster by storing every note in a blockchain ledger'])
  })

  it('adjectives of manner and the parts of a document name no new thing', () => {
    accepted([
      ['use a fresh random nonce for each encrypted note', 'REQ-STORE-001'],
      ['encrypt the note titles with the same key as the bodies', 'REQ-STORE-001'],
    ])
    // a thing the project does not know still counts
    asks(['encrypt the notes with a key stored on a YubiKey', "use a fresh random nonce from the user's hardware wallet"])
  })

  it('how a test behaves names no new thing, and a refinement keeps its place before a known "with" detail', () => {
    gate.decides('accepted', [
      ['the search tests are flaky; make them deterministic', 'REQ-CLI-001'],
      ['add a perf test with ten thousand notes for search', 'REQ-CLI-001'],
    ])
    expect(narrated('add a perf test with ten thousand notes for search')).to.contain('attached to REQ-CLI-001')
    // a detail that names something new is still new
    asks(['add a check with a captcha to the login', 'add a filter with machine learning to search'])
  })

  it("a refinement's place makes scope alone for the requirement whose title it leads, even when the word is frequent", () => {
    gate.decides('accepted', [['add a --dry-run option to sync', 'REQ-SYNC-001']], '\\"add ... sync\\": attached to REQ-SYNC-001')
    // a new thing is no refinement; a product stays outside; an infinitive with an object is no place
    asks(['add passkeys to sync', 'add a Dropbox option to sync', 'add an option to export the notes to Google Docs'])
  })

  it("a described phrase's words may stand apart in the request; an addition naming something new stays thin", () => {
    gate.decides('accepted', [['show a friendlier message when the keychain refuses to save the token', 'REQ-AUTH-001']], 'REQ-AUTH-001: keychain + token stand together in its description')
    const more = 'the keychain should hold the token for the backup service too'
    expect(decide(more).decision).to.equal('needs_clarification')
    expect(narrated(more)).to.contain('is thin: \\"too\\" adds backup')
    // secrets stay the policy's
    expect(decide('print the token from the keychain in the terminal').decision).to.equal('rejected')
  })
})
