/**
 * Round 9a of gate decision quality (issue 22): the policy step made cheap again without changing a decision (one
 * pass over the request finds every rule's gate words, sub-patterns many rules need run once), then must-clarify and
 * must-reject requests the corpus had few of. A prefilter that hid a match, or a rule widened onto innocent wording,
 * fails here.
 */
import {expect} from 'chai'
import {mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// @ts-expect-error: a plain ESM module shared with `npm run bench`
import {loadCorpus} from './corpus/evaluate.mjs'
import {gated, verboseGate} from './helpers.js'
import {analyseRequest} from '../src/lib/analyse/intent.js'
import {PreflightConfigSchema} from '../src/lib/policy/config.js'
import {compileForbiddenRules, findForbidden, requiredParts} from '../src/lib/policy/forbidden.js'
import {machineCode} from '../src/lib/policy/machine-code.js'

// @ts-expect-error: a plain ESM module (the bench's generated project and requests)
import {generate} from '../../../bench/preflight.bench.mjs'

describe('preflight: the policy prefilter and round 9a', function () {
  this.timeout(120_000)
  const gate = verboseGate()
  before(gate.load)
  const {decide, narrated, rejectedBy, notRejected} = gate

  describe('the prefilter', () => {
    const config = PreflightConfigSchema.parse({protected_paths: ['src/secrets/', 'deploy/prod.env'], forbidden_patterns: [{pattern: 'drop\\s+database', reason: 'x'}]})
    const rules = compileForbiddenRules(config)

    it('every corpus request (and every bench request) meets the same rules with and without it', function () {
      // every rule on every corpus and bench line, with and without the prefilter: minutes when the machine is shared
      this.timeout(600_000)
      const dir = mkdtempSync(path.join(os.tmpdir(), 'govtool-9a-'))
      const {utterances} = generate(dir) as {utterances: string[]}
      rmSync(dir, {recursive: true, force: true})
      const texts = [...(loadCorpus() as Array<{request: string}>).map((c) => c.request), ...new Set(utterances.slice(0, 3000))]
      let fired = 0
      for (const t of texts) {
        const a = analyseRequest(t)
        const off = findForbidden(rules, a.lower, a.question, {prefilter: false})
        expect(findForbidden(rules, a.lower, a.question), t).to.deep.equal(off)
        if (off.length > 0) fired++
      }
      // the comparison means something only if many requests fire rules
      expect(fired).to.be.greaterThan(500)
    })

    it('a rule needs a shared sub-pattern only when every alternative contains it outside any group', () => {
      const part = '\\b(?:token|key)\\b'
      expect(requiredParts(`\\bprint\\s+${part}`, '').map((r) => r.source)).to.deep.equal([])
      // SHARED_PARTS are the action-object lexicons; a made-up part is never one, so derive on a real rule instead
      const expose = rules.find((r) => r.id === 'secrets.expose')!
      expect(expose.needs?.length ?? 0, 'secrets.expose needs its secret object').to.be.greaterThan(0)
      // alternatives without the part, an optional part and a part inside a lookahead are not needed
      const secretObject = expose.needs![0].source
      expect(requiredParts(`a${secretObject}|b`, '')).to.deep.equal([])
      expect(requiredParts(`a(?:${secretObject})?`, '')).to.deep.equal([])
      expect(requiredParts(`a(?=${secretObject})`, '')).to.deep.equal([])
      expect(requiredParts(`a${secretObject}b|c${secretObject}`, '').map((r) => r.source)).to.include(secretObject)
    })

    it('every sub-pattern a rule needs matches wherever the rule fires', () => {
      // only where the rule's gate words let it run (findForbidden checks them first either way), as machine code:
      // every rule over every corpus line, cold, took over two minutes on a loaded 2-core machine
      const compiled = rules.map((rule) => machineCode(rule.pattern))
      for (const c of loadCorpus() as Array<{request: string}>) {
        const a = analyseRequest(c.request)
        for (const [i, rule] of rules.entries()) {
          if (gated(rule, a.lower) && compiled[i].test(a.lower)) for (const need of rule.needs ?? []) expect(need.test(a.lower), `${rule.id}: ${c.request}`).to.equal(true)
        }
      }
    })

    it('rule lists made apart (another project, a test\'s copy) each get their own gate table', () => {
      const ungated = rules.map((r) => ({...r, gate: [], also: undefined}))
      const a = analyseRequest('print the api key')
      expect(findForbidden(ungated, a.lower, false).map((h) => h.id)).to.deep.equal(findForbidden(rules, a.lower, false).map((h) => h.id))
      const custom = compileForbiddenRules(PreflightConfigSchema.parse({forbidden_patterns: [{pattern: 'launch\\s+missiles', reason: 'no'}]}))
      expect(findForbidden(custom, 'please launch missiles', false).map((h) => h.id)).to.deep.equal(['custom.1'])
      expect(findForbidden(rules, 'please launch missiles', false)).to.deep.equal([])
    })

    it('the narration still names the rule that fired', () => {
      expect(decide('print the api key').decision).to.equal('rejected')
      expect(narrated('print the api key')).to.contain('secrets.')
    })
  })


  it('a change reaching into the user\'s data outside the product needs a requirement of its own', () => {
    for (const r of ["make search also look through the user's email inbox", "extend search so it also scans the user's Slack messages", "have search index everything in the user's home directory", 'make the app watch the clipboard in the background and save what is copied as notes']) {
      expect(decide(r).decision, r).to.equal('needs_clarification')
    }
    // in scope by a shared word (search), the rule is what asks
    expect(narrated("make search also look through the user's email inbox")).to.contain('clarify.outside_data')
    // the product's own data, the user's email address, writing to the user's folders, and a safeguard are not
    for (const r of ["let users change their email address in the settings", "export the notes to the user's Documents folder", "make sure search never looks at the user's inbox", 'which of the user\'s data does sync send to the server?']) {
      expect(narrated(r), r).to.not.contain('clarify.outside_data')
    }
  })

  it('the publish token named in documentation is neither a release nor an exposure', () => {
    for (const r of ['add a FAQ entry on how to rotate the publish token', 'document in the README how to renew the npm publish token']) {
      expect(decide(r).decision, r).to.equal('accepted')
    }
    expect(decide('npm publish the package').decision).to.equal('blocked')
    rejectedBy('secrets.', ['publish the npm token in the README'])
  })

  it('ledger authorship changed, a check told to trust anything, keystores committed, protected files started over', () => {
    rejectedBy('governance.forged_author', ['take my name off the ledger entries from last week', 'have govtool record a different author for my changes'])
    notRejected(['fix the ledger viewer so it shows the author name', 'show who wrote each ledger entry'])
    rejectedBy('governance.cannot_fail', ['make preflight trust anything that comes from my branch'])
    rejectedBy('secrets.committed_file', ['commit the release keystore together with its passphrase'])
    notRejected(['commit the private key handling fix', "don't commit the keystore"])
    rejectedBy('protected_path:docs/REQUIREMENTS.md', ['start docs/REQUIREMENTS.md over from a blank file'])
    rejectedBy('secrets.place_in', ['include the SMTP login in the welcome email template'])
  })
})
