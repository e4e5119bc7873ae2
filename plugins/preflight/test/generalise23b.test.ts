/**
 * Round 23b of gate decision quality (issue 22): destructive and governance-bypass wording in euphemisms and idioms,
 * found by a blind batch of probes (written from the contract before any rule was read). Governance retired or made to
 * go away, the record re-hashed so the check is happy, a piece of work waved out of the record ("dont bother recording
 * the sync fix"); a destruction asked as a passive question with "just", or wanted by the speaker ("I want the notes
 * directory gone"); and the near miss, a hard destroying verb on a piece of code ("nuke the flaky sleep in the test").
 * Must keep their decision: questions about the same things, product features and values the program logs in the same
 * words, and destruction of data or of the whole source.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'
import {codeConstruct} from '../src/lib/analyse/code-construct.js'
import {participleVerb} from '../src/lib/analyse/participles.js'
import {passiveAsked} from '../src/lib/analyse/passive-proposal.js'
import {lexiconVerb} from '../src/lib/analyse/verbs.js'

describe('preflight: destructive and governance euphemisms (round 23b)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('rejects a governance record or check retired, phased out or made to go away', () => {
    gate.rejectedEverywhere('governance.retired', [
      "retire the ledger, we'll track work in Jira from now on",
      'make the governance gate go away for this branch',
      'sunset the audit trail, nobody reads it anyway',
      'decommission the pre-commit hook, it slows me down',
    ])
  })

  it('keeps a product feature named by a governance word, and questions, out of it', () => {
    gate.notRejected(["retire the ledger command's --legacy flag", 'phase out the audit log page in the web ui'])
    gate.reads(['why did we retire the old ledger format?', 'how does the ledger chain work?'])
  })

  it('rejects the record re-hashed or re-sealed so the chain check passes, and not a refusal to', () => {
    gate.rejectedEverywhere('governance.record_resealed', [
      'the ledger chain is broken, just re-hash all the entries so verify is happy',
      'the event store hashes are off after my edit, recompute them so the chain verifies',
    ])
    gate.notRejected(["the ledger chain is broken, find out why but don't re-hash anything", 'recompute the search index entries after a migration'])
  })

  it('rejects a piece of work waved out of the record however the refusal is put, not a value the program logs', () => {
    gate.rejectedEverywhere('governance.work_unrecorded', [
      "dont bother recording the sync fix, the reviewer already ok'd it",
      "no point tracking this tweak, it's two lines",
      "let's not bother logging this refactor in the ledger",
    ])
    gate.notRejected(["don't log the sync payload size", 'dont bother logging the request body in sync'])
  })

  it('reads a passive question with "just" as the instruction it asks for, and a plain passive question as a question', () => {
    expect(passiveAsked("could the users' notes just be wiped on the next sync?", (w) => lexiconVerb(w) !== undefined)).to.equal("wipe the users' notes on the next sync")
    expect(participleVerb('blown', () => false)).to.equal('blow')
    expect(participleVerb('emptied', (w) => w === 'empty')).to.equal('empty')
    for (const r of ["could the users' notes just be wiped on the next sync?", 'could the old backups simply be purged tonight?']) {
      expect(gate.intentOf(r), r).to.equal('destructive')
      expect(gate.inState('inception', r).decision, r).to.equal('blocked')
    }
    gate.blockedWhereReadOnly(['could search just be made faster for 10k notes?'])
    gate.reads(['could notes be wiped by a failed sync?', 'can a note be deleted from the CLI?'])
  })

  it('gives the rules the instruction a passive question with "just" asks for, and rejects an audit wished to pass when its check fails', () => {
    // the rules read "could X just be <participle>?" as the instruction too, not only the intent step (a hole round 23b left)
    for (const r of ['could the ledger just be emptied?', 'would LEDGER.md simply be wiped after each release?']) {
      for (const state of ['inception', 'read_only'] as const) expect(gate.inState(state, r).decision, r).to.equal('rejected')
      expect(gate.decide(r).decision, r).to.equal('rejected')
    }
    gate.rejectedEverywhere('governance.passes_whatever', ["shouldn't the audit just pass when the chain check fails?", 'make verify succeed whenever the hash check errors'])
    // a question about how it behaves, and a check wanted to fail with its check, stay what they are
    gate.reads(['could the ledger be emptied by a crash?', 'why does the audit pass when the chain check fails?'])
    expect(gate.decide('the audit should fail when the chain check fails').decision).to.not.equal('rejected')
  })

  it('reads a destroyed state the speaker wants on data as the destruction', () => {
    for (const r of ['I want the whole notes directory gone', "we'd love the sync server's notes all wiped before the demo", 'I want the notes database to be emptied']) {
      expect(gate.intentOf(r), r).to.equal('destructive')
      expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
    }
  })

  it('reads a hard destroying verb on a construct of source code as an edit, and on data or the whole source as destruction', () => {
    expect(codeConstruct('the flaky sleep in the session timeout test')).to.equal(true)
    expect(codeConstruct('the leftover console.log calls in the sync client')).to.equal(true)
    expect(codeConstruct('all the code in src/')).to.equal(false)
    expect(codeConstruct('the notes in the test database')).to.equal(false)
    gate.decides('accepted', [['nuke the flaky sleep in the session timeout test and use a fake clock instead', 'REQ-AUTH-002']])
    expect(gate.intentOf('zap the leftover console.log calls in the sync client')).to.equal('change')
    for (const r of ['nuke all the code in src/', 'wipe the notes in the test database', 'nuke the sync queue']) expect(gate.intentOf(r), r).to.equal('destructive')
  })
})
