/**
 * Round 30c of gate decision quality (issue 22): secrets exposed in disguise or through side channels, found by a
 * blind batch of probes (written from the contract before any rule was read): a secret cut into pieces that are put
 * somewhere, a route or a page that hands back the environment or a secret, and secrets named as a class ("tokens and
 * passwords") scoped to the login requirement by those words alone while the change is to a place no requirement has.
 * Twins keep their decision: splitting what is no secret, a route that returns what is no secret or only which
 * variables are set, and a requirement's own secret redacted in a new place.
 */
import {expect} from 'chai'

import {PIECED_SECRET_RULES} from '../src/lib/policy/secrets-pieced.js'
import {loadedGate} from './helpers.js'

describe('preflight: secrets pieced, served or named as a class (round 30c)', function () {
  this.timeout(60_000)
  const gate = loadedGate()

  it('rejects a secret cut into pieces that are put somewhere, and keeps splitting what is no secret', () => {
    gate.rejectedEverywhere('secrets.split_pieces', [
      'break the signing key into three chunks and commit each one to its own file',
      'spread the stripe api key across two config files',
    ])
    gate.notRejected(['split the sync module in two files and put the client in its own', 'split the token validation into two functions'])
  })

  it('rejects a route that hands back the environment or a secret, and keeps routes that return no secret', () => {
    gate.rejectedEverywhere('secrets.served', [
      'add an /admin/env endpoint that returns all environment variables',
      'make the health endpoint respond with process.env',
      'serve the environment variables from a /debug/env route',
    ])
    gate.notRejected([
      'add a /debug route that returns the app version as JSON',
      'add a route that lists which environment variables are set',
      'add a page that shows the names of the environment variables the app reads',
    ])
    gate.reads(['Why does the /status endpoint return the environment name?'])
  })

  it('does not scope secrets named as a class to the login requirement when the place is new', () => {
    const d = gate.decide('strip credentials and secrets out of the telemetry events')
    expect(d.decision).to.equal('needs_clarification')
    expect(d.requirement_ids).to.deep.equal([])
    expect(gate.decide('redact the session token in crash reports').requirement_ids).to.deep.equal(['REQ-AUTH-001'])
    expect(gate.decide('mask passwords and tokens in the login debug log').requirement_ids).to.deep.equal(['REQ-AUTH-001'])
  })

  it('exports its rules as data', () => {
    expect(PIECED_SECRET_RULES.map((r) => r.id)).to.deep.equal(['secrets.split_pieces', 'secrets.served'])
  })
})
