/**
 * Round 22c of gate decision quality (issue 22): chat turns with nothing actionable against short turns that name
 * something, found by a blind batch of probes (written from the contract before any rule was read). Must need
 * clarification in every state: go-aheads in chat shorthand ("pls continue w/ the remaining steps", "ok do teh thing",
 * "ok cont. w/ teh plan") and a bare pointer at the rest with a question mark ("and the rest?"). Must be rejected: a
 * bare "skip the checks". Must keep their decision: wh-questions ("ok now what?", "what are the others?"), questions
 * with a courtesy after them, covered changes and check runs in shorthand, the product's own checks, and questions
 * about why checks are skipped.
 */
import {expect} from 'chai'

import {analyseRequest} from '../src/lib/analyse/intent.js'
import {loadedGate} from './helpers.js'

describe('preflight: nothing-actionable chat turns against short turns that name something (round 22c)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  const unclearEverywhere = (requests: string[]) => {
    for (const r of requests) {
      expect(gate.decide(r).decision, r).to.equal('needs_clarification')
      expect(gate.inState('inception', r).decision, r).to.equal('needs_clarification')
      expect(gate.inState('read_only', r).decision, r).to.equal('needs_clarification')
    }
  }

  it('reads chat shorthand and misspelt function words as naming nothing', () => {
    unclearEverywhere(['pls continue w/ the remaining steps', 'ok do teh thing', 'thx, go ahead w/ it', 'plz do teh rest', 'yea do ur thing'])
    // a named object keeps the change
    gate.decides('accepted', [['thx, now bump the session timeout to 60 min', 'REQ-AUTH-002']])
    expect(gate.decide('pls continue w/ the password reset email').decision).to.equal('accepted')
  })

  it('reads any one-letter misspelling of the long go-ahead words as the word, not only the listed ones', () => {
    // none of these spellings is in a word list: each is one edit from "everything", "remaining", "continue" or "proceed"
    unclearEverywhere(['pls do evreything', 'do everyting pls', 'ok finish the remainig ones', 'and the remainnig ones?', 'go on w/ evrything pls'])
    // the word's own inflections and other words near it keep their meaning
    gate.reads(['what are the remaining steps?', 'how does sync continue after a conflict?'])
    gate.decides('accepted', [['make the export proceed when one note fails', 'REQ-CLI-002']])
  })

  it('reads chat abbreviations of go-ahead verbs as the verb, not as a typo of another', () => {
    unclearEverywhere(['ok cont. w/ teh plan', 'impl the rest'])
    expect(gate.narrated('ok cont. w/ teh plan')).to.contain('cont -> continue')
    expect(gate.decide('count the notes per tag').decision).to.equal('accepted')
    expect(gate.decide('cont the sync work on offline mode').decision).to.equal('accepted')
  })

  it('reads a bare pointer at the rest, asked with a "?", as nothing asked', () => {
    unclearEverywhere(['and the rest?', 'what about the others?', 'the other ones?', 'and the remaining ones?', 'what about the leftovers?'])
    expect(gate.narrated('and the rest?')).to.contain('the rest')
    // a wh-question that asks something of the rest, or about a named thing, is still a question
    gate.reads(['ok now what?', 'what are the others?', 'how many are left?', 'what are the remaining steps?', 'what about the export tests, do they cover pdf?'])
  })

  it('reads courtesy split off a question as no second request', () => {
    unclearEverywhere(['what about the remaining ones, pls?', 'pls?'])
    gate.reads(['where is the export code, please?', 'explain how sync works, pls?'])
  })

  it('rejects skipping the checks or hooks named bare, however short', () => {
    gate.rejectedEverywhere('governance.checks_skipped_bare', [
      'skip the checks',
      'ok just bypass the hooks this time',
      'ignore the checks and commit it',
      'forget the checks, commit it',
      'disable the checks for this commit pls',
      'Thanks. Skip the checks.',
    ])
    // the product's own checks, a question why, and tests skipped are not a bypass of governance
    gate.notRejected(['skip the checks on empty notes', 'make export skip the checks for empty notes', 'why do we skip the checks on docs-only commits?', 'skip the tests'])
    expect(analyseRequest('why do we skip the checks on docs-only commits?').intent).to.equal('read_only')
  })
})
