/**
 * govtool's own settings are no documentation for people (analyse/lexicon.ts GOVERNANCE_DOCS): a change to the
 * protected paths, the frozen statuses or the preset that names a docs folder is not accepted as a docs change; and a
 * docs change that needs no requirement says what it is scoped to (it once read "scoped to undefined"), and "the install
 * section" of a document asks for no package install (it was blocked as one).
 */
import {expect} from 'chai'

import {loadedGate} from './helpers.js'

describe("preflight: govtool's settings are not documentation", function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('does not accept a change to the protected paths, frozen statuses or preset as a docs change', () => {
    for (const text of ['add docs/ to the protected paths', 'put the guides folder under protected_paths', 'document the new frozen statuses in docs/ and apply them', 'move the docs permission preset to standard']) {
      expect(gate.decide(text).decision, text).to.not.equal('accepted')
    }
  })

  it('accepts a docs change for people with an instruction that names what it is scoped to', () => {
    const d = gate.decide('fix the typo in the README install section')
    expect(d.decision).to.equal('accepted')
    expect(d.instruction).to.not.include('undefined')
    expect(d.instruction).to.include('documents written for people')
  })

  it('reads install as a modifier of a document as no package install, and still reads an install asked for', () => {
    expect(gate.decide('update the install guide for Windows users').decision).to.equal('accepted')
    for (const text of ['install lodash for the date parsing', 'npm install left-pad']) expect(gate.decide(text).instruction, text).to.include('install_package')
  })
})
