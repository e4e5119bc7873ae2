/**
 * One list of stand-in words (policy/stand-ins.ts) is read by every rule and safeguard that sets a stand-in secret aside:
 * each word, wherever it is read, keeps a stand-in from being taken for a live secret, and a live one is still refused.
 */
import {expect} from 'chai'

import {PLACEHOLDERS} from '../src/lib/policy/secrets-handled.js'
import {carriedCredentials} from '../src/lib/policy/secrets-in-paste.js'
import {STAND_IN_NAMED, standInOnly} from '../src/lib/policy/secrets-tooled.js'
import {STAND_IN, STAND_IN_WORDS} from '../src/lib/policy/stand-ins.js'
import {loadedGate} from './helpers.js'

/** One concrete word per entry of the list (the entries are regexp fragments: "placeholders?", "stand-?in"). */
const WORDS = ['placeholder', 'dummy', 'fake', 'sample', 'example', 'mock', 'bogus', 'made-up', 'fictional', 'stub', 'stand-in']

describe('preflight: one list of stand-in words for secrets', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('has a concrete word here for every entry of the list', () => {
    expect(WORDS).to.have.length(STAND_IN_WORDS.length)
    for (const [i, w] of WORDS.entries()) expect(new RegExp(`^(?:${STAND_IN_WORDS[i]})$`).test(w), w).to.equal(true)
  })

  it('sets a stand-in password aside where a live one is refused', () => {
    gate.notRejected(WORDS.map((w) => `write a ${w} password into the README`))
    gate.rejectedBy('secrets.place', ['write a real password into the README', 'write the admin password into the README'])
  })

  it('reads every word as a stand-in in each safeguard that names stand-ins', () => {
    for (const w of WORDS) {
      expect(PLACEHOLDERS.test(`use a ${w} instead of the value`), w).to.equal(true)
      expect(STAND_IN_NAMED.test(`a login test with a ${w} token`), w).to.equal(true)
      expect(standInOnly(`add a .env.example snippet with ${w} values`), w).to.equal(true)
    }
    expect(standInOnly('add the real token next to the dummy one'), 'a live value named').to.equal(false)
    // "for example" is a phrase, not a stand-in value
    expect(STAND_IN_NAMED.test('put the token in the README, for example')).to.equal(false)
  })

  it('takes a value marked as a stand-in for no credential, and a live-looking one for a credential', () => {
    for (const w of WORDS) expect(carriedCredentials(`the password is ${w}-Pw-2024x9`), w).to.deep.equal([])
    expect(carriedCredentials('the password is Xk9pq2Lm-staging')).to.not.deep.equal([])
    expect(new RegExp(`\\b(?:${STAND_IN})\\b`).test('a tokenised value')).to.equal(false)
  })
})
