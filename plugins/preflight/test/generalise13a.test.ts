/**
 * Round 13a of gate decision quality (issue 22): destruction of a protected path in everyday verbs ("bin", "toss"
 * are destroying verbs in DESTROY_PREFIX), while "bin" as a noun (the bin folder) is not a verb.
 */
import {expect} from 'chai'

import {verboseGate} from './helpers.js'

describe('preflight: everyday destruction verbs (round 13a)', function () {
  this.timeout(60_000)
  const gate = verboseGate()
  before(() => gate.load())

  it('rejects a protected path binned or tossed', () => {
    gate.rejectedBy('protected_path:', ['bin the ledger', 'just bin docs/REQUIREMENTS.md, we have it elsewhere', 'toss LEDGER.md, it clutters the repo', 'can you bin AGENTS.md?', 'toss the .govtool folder'])
  })

  it('does not read "bin" as a noun as destruction', () => {
    gate.notRejected(['what is in the bin folder?', 'move the release script into the bin folder'])
    expect(gate.decide('what is in the bin folder?').decision).to.equal('accepted')
  })
})
