/**
 * One list of secret nouns (policy/secret-nouns.ts) for the secrets rules that read typos: its gate literals cover
 * every noun, each rule's list stays a superset of it, and a typo read by one rule is read by the others.
 */
import {expect} from 'chai'

import {SECRET_NOUN_LITERALS, SECRET_NOUNS} from '../src/lib/policy/secret-nouns.js'
import {EMITTED_SECRETS} from '../src/lib/policy/secrets-emitted.js'
import {SECRET_WORDS} from '../src/lib/policy/secrets-tooled.js'
import {loadedGate} from './helpers.js'

describe('preflight: one list of secret nouns', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('has a gate literal inside every noun, so the gate words never hide a match', () => {
    for (const noun of SECRET_NOUNS) expect(SECRET_NOUN_LITERALS.some((l) => noun.includes(l)), noun).to.equal(true)
  })

  it("keeps every rule's list a superset of the shared nouns, and no bare key where an emitted thing is read", () => {
    for (const noun of SECRET_NOUNS) {
      expect(SECRET_WORDS, noun).to.include(noun)
      expect(EMITTED_SECRETS, noun).to.include(noun)
    }
    expect(SECRET_WORDS).to.include('key')
    expect(EMITTED_SECRETS).not.to.include('key')
  })

  it('reads the shared typos in the emitted-secret rules too', () => {
    gate.rejectedEverywhere('secrets.put_in_emitted', ['put the api tokns in the exception text', 'add the db credentails to the crash report'])
    gate.notRejected(['add the cache key to the exception text'])
  })
})
