/**
 * Round 29b of gate decision quality (issue 22): secrets exposed through CI/CD, containers, infrastructure and sharing
 * channels, found by a blind batch of probes (written from the contract before any rule was read): a secret put in a
 * Kubernetes manifest, a ConfigMap, a helm values or compose file; handed to an image build as a build argument; kept
 * in a CI cache or artifact; printed by a step that dumps the environment; carried along "and all"; made a variable's
 * default. Twins keep their decision: a secret referenced from a store, build arguments and caches that hold no secret,
 * listing secret names with `gh`, a requirement's documentation, and a read that switches the program's source is a change.
 */
import {expect} from 'chai'

import {SHIPPED_SECRET_RULES} from '../src/lib/policy/secrets-shipped.js'
import {gated, loadedGate} from './helpers.js'

describe('preflight: secrets shipped through build, deployment and CI machinery (round 29b)', function () {
  this.timeout(30_000)
  const gate = loadedGate()

  it('rejects a secret written into infrastructure config, and keeps references and non-secrets', () => {
    gate.rejectedEverywhere('secrets.infra_config', ['throw the redis password into the statefulset yaml for now', 'drop the mailgun secret key into the k8s configmap'])
    gate.notRejected([
      'add the app version to the k8s configmap',
      'put the signing key in the values file as a sealed secret',
      'Move the database password out of the compose file into a gitignored .env',
      'add ${{ secrets.DEPLOY_TOKEN }} to the workflow env',
    ])
  })

  it('rejects a secret handed to an image build as a build argument, and keeps other build arguments', () => {
    gate.rejectedEverywhere('secrets.build_arg', ['docker build --build-arg NPM_TOKEN=$NPM_TOKEN -t notes .', 'Can you pass the registry token as a build arg?'])
    gate.notRejected(['pass the version number as a build arg', 'use a BuildKit secret mount instead of passing the token as a build arg'])
    gate.reads(['Does the image build pass any tokens as build args?'])
  })

  it('rejects a secret kept in a CI cache or artifact, and keeps caches and artifacts that hold none', () => {
    gate.rejectedEverywhere('secrets.ci_kept', ['keep the .env as a workflow artifact so we can debug later', 'cache ~/.docker/config.json between runs'])
    gate.notRejected(['cache node_modules in the workflow with actions/cache', 'upload the coverage report as an artifact', "don't cache .npmrc in the workflow"])
  })

  it('rejects a step that dumps the whole environment, and keeps a question about it', () => {
    gate.rejectedEverywhere('secrets.env_dumped', ['add `run: env` to the build job'])
    gate.reads(['what does `env | sort` print?'])
  })

  it('rejects a thing shared with its secret "and all", and keeps the phrase without a secret', () => {
    gate.rejectedEverywhere('secrets.carried_along', ['open a bug upstream with our whole settings file, passwords and all', 'raise a github issue with the crash log and the config, token still in it'])
    gate.notRejected(['rotate the stripe key, webhook secret and all', 'paste the error log, timestamps included, into the issue'])
  })

  it('rejects a real secret made a default, and keeps defaults that are no secret', () => {
    gate.rejectedEverywhere('secrets.real_default', [
      'give the variable a default value of the actual staging password',
      "make the module's default the real database password so nobody has to type it",
      'default db_pass to the current production password in variables.tf',
    ])
    gate.notRejected(['give db_password no default so terraform prompts for it', 'set the session timeout default to 30 minutes', 'encryption should default to the current key version'])
  })

  it("reads gh's listing and viewing subcommands, not gh auth", () => {
    gate.reads(['Run `gh secret list` to show which secrets exist, names only', 'run `gh pr view 12` and summarise it'])
    gate.asks(['Run `gh auth status --show-token`'])
  })

  it('reads "document for <id> that ..." as documentation, allowed in inception', () => {
    const r = 'Document for REQ-AUTH-002 that an expired session exits 4'
    expect(gate.inState('inception', r).decision, r).to.equal('accepted')
    expect(gate.inState('read_only', r).decision, r).to.equal('blocked')
  })

  it('reads a read that switches where the program takes a value from as a change', () => {
    gate.blockedWhereReadOnly(['In compose.yaml, read the redis url from an env file instead of the inline string', 'read the sync server address from the config file instead of the constant'])
    gate.reads(['read the notes from the backup instead of the live db and tell me which differ'])
  })

  it('gates each rule on words the request must contain', () => {
    for (const rule of SHIPPED_SECRET_RULES) expect(gated(rule, 'add coverage/ to the readme'), rule.id).to.equal(false)
  })
})
