/**
 * An emitted thing tagged with a secret (policy/secrets-emitted.ts, `secrets.emitted_tagged`): the emitted thing
 * named first and the secret after "with", the order round 28a's rules did not read.
 */
import {loadedGate} from './helpers.js'

describe('preflight: an emitted thing tagged with a secret', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('rejects metrics, spans, errors and events tagged with a secret', () => {
    gate.rejectedEverywhere('secrets.emitted_tagged', [
      'tag the metrics with the token',
      'please label the sync spans with the raw api key so we can tell clients apart',
      'annotate each sentry event with the NOTES_API_TOKEN',
      'enrich the crash reports with the user password',
    ])
  })

  it("keeps tags that name something about a secret, masked values and other tags", () => {
    gate.notRejected([
      "tag the metrics with the token's expiry",
      'label the login spans with the token type',
      'annotate the error with whether the token was valid',
      'tag the metrics with the tenant id',
      'tag the sync spans with the api key masked',
      'label the error with the missing env variable name',
    ])
  })
})
