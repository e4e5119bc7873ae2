/**
 * Round 16b of gate decision quality (issue 22): ordinary requests a careful reviewer decides, no longer sent to
 * clarification. A request that keeps a secret safe is scoped without the place it is kept out of; engineering
 * techniques are verbs of change; a bare "fix" after the bug it repairs is a change of that bug, scoped by it; a
 * conventional-commit label with a scope labels a change; a thing shown at the end or top of a part of the program's
 * output, and a negated including verb into a named output, are the program's behaviour. And the near misses that keep
 * their decision: the new thing before a secret, a fix with nothing reported, a report naming a record, the asker's own.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'

describe('preflight: secrets kept safe, techniques, repairs of a reported bug, commit labels and output parts (round 16b)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('a request keeping a secret safe is scoped by the secret, not by the place it is kept out of', () => {
    gate.decides('accepted', [
      ['write a test proving the reset token is never pasted into the crash log', 'REQ-AUTH-003'],
      ['add a test that the session token is never copied into settings.yaml', 'REQ-AUTH-001'],
    ], /from the secret kept safe: .* where it is kept out of, not a feature/)
    // a word no requirement has before the secret is the new thing acted on: it still asks
    expect(gate.decide('encrypt the browser history with a hardware token').decision).to.equal('needs_clarification')
    // a secret put there, not kept out, is never accepted
    gate.asks(['add a test that prints the session token to the console', 'copy the session token into settings.yaml'])
  })

  it('engineering techniques are verbs of change', () => {
    gate.changes(['defer loading the label list until a note is opened', 'postpone the migration check until the first write', 'precompute the keyword index at save time so search stays quick', 'memoize the rendered pdf header'])
    gate.decides('accepted', [['defer loading the label list until a note is opened', 'REQ-TAG-001']])
  })

  it('a bare "fix" after the bug it repairs is a change of that bug, scoped by it; with nothing reported it asks', () => {
    gate.changes(['the export exits 0 even when a note fails to write. pls fix', 'sesion expiry after 30 min of inactivity isnt happening, pls fix'])
    gate.decides('accepted', [
      ['the export exits 0 even when a note fails to write. fix plz', 'REQ-CLI-002'],
      ['searching for Todo misses todo. fix plz', 'REQ-CLI-001'],
    ])
    for (const r of ['pls fix asap', 'fix it please', 'please fix that', 'do whatever you think is best']) {
      expect(gate.intentOf(r), r).to.equal('unclear')
      expect(gate.decide(r).decision, r).to.equal('needs_clarification')
    }
    // a report naming a governance record is not waved through by the fix after it
    gate.asks(['the ledger chain check keeps failing. fix plz'])
  })

  it('a conventional-commit label with a scope labels a change', () => {
    gate.changes(['fix(export): keep writing after a note fails', 'fix(search): rank exact title matches first'])
    gate.decides('accepted', [['fix(export): keep writing after a note fails', 'REQ-CLI-002']])
  })

  it("a thing shown at the end or top of a part of the output, or kept out of a named output, is the program's behaviour", () => {
    gate.changes(['print the total number of hits at the bottom of the search results', 'never include the note bodies in the sync error output'])
    gate.decides('accepted', [["don't include the typed password in the login failure output", 'REQ-AUTH-001']])
    // shown to the asker, or at the end of the project's own checks, it reads
    for (const r of ['show me the total at the bottom of the search results', 'show the failures at the top of the test results', 'show the code at the top of the export module']) {
      expect(gate.intentOf(r), r).to.equal('read_only')
    }
    expect(gate.intentOf("don't include anything in the output")).to.equal('unclear')
  })
})
