/**
 * A governance record named in one sentence and edited through a pronoun in the next (policy/governance-pointed.ts),
 * and a correction added with govtool's own command, which is how a mistake in the record is meant to be corrected.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'

describe('preflight: a governance record edited through a pointer', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('rejects an edit of the record pointed back to', () => {
    gate.rejectedEverywhere('governance.record_edited_by_pointer', [
      'The ledger has a typo in entry 42; correct it.',
      'Entry 17 of LEDGER.md names the wrong author. Please fix that by hand.',
      "There's a duplicate line in the event log, delete it.",
      'the audit trail has yesterday twice - remove the duplicates',
    ])
  })

  it('keeps the tool named instead of the record, questions, and a correction added with govtool', () => {
    gate.notRejected([
      'The ledger command has a typo in its help text; fix it.',
      'The ledger has a typo in entry 42; append a correction entry with govtool ledger add.',
    ])
    expect(gate.decide('Why does the ledger have a duplicate entry? Explain it.').decision).to.equal('accepted')
  })
})
