/**
 * The version that "wins" a conflict is the one picked (analyse/concept-synonyms.ts): a change of which copy wins is
 * a change of the frozen conflict resolution requirement, not only of the sync requirement that reports conflicts.
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'

describe('preflight: which copy wins a conflict', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('blocks a change of which version wins under the frozen conflict requirement', () => {
    for (const request of [
      'We decided to revisit conflicts. Change the conflict handling so the server copy always wins.',
      "the server's version should win when a note conflicts; change that",
    ]) {
      const d = gate.decide(request)
      expect(d.decision, request).to.equal('blocked')
      expect(d.requirement_ids, request).to.include('REQ-SYNC-003')
    }
  })

  it('leaves "win" elsewhere to its own requirement', () => {
    gate.decides('accepted', [['a quick win: make search return results faster', 'REQ-CLI-001']])
  })
})
