/**
 * The forbidden rules' literal prefilters (policy/literal-prefilter.ts) only ever skip a rule that cannot match:
 * over every corpus request and its lower-cased text, a rule whose pattern matches is never turned away by its
 * prefilter; the prefilters read no literal out of escapes, quantifier bounds, classes or lookarounds; and a
 * rejected request compiles only the rules its words leave open (counted by wrapping `exec`, never timed).
 */
import {readFileSync} from 'node:fs'

import {expect} from 'chai'

import {compileForbiddenRules, findForbidden} from '../src/lib/policy/forbidden.js'
import {PreflightConfigSchema} from '../src/lib/policy/config.js'
import {literalPrefilter, mayMatch} from '../src/lib/policy/literal-prefilter.js'
import {machineCode} from '../src/lib/policy/machine-code.js'
import {gated} from './helpers.js'

const rules = () => compileForbiddenRules(PreflightConfigSchema.parse({}))

describe('forbidden rules: literal prefilters', () => {
  it('reads literals only where a match needs them', () => {
    expect(literalPrefilter(String.raw`\b(?:tells?|e-?mail)\s+(?:users?|them)\b`, '')).to.deep.equal([[['tell', 'mail'], ['user', 'them']]])
    expect(literalPrefilter(String.raw`[^.]{0,100}\bsecret\b|(?:the|a)?\s*token`, '')).to.deep.equal([[['secret']], [['token']]])
    expect(literalPrefilter(String.raw`\u0041bcd(?<!xyz)key`, 'i')).to.deep.equal([[['bcd'], ['key']]])
    expect(literalPrefilter(String.raw`(?:(?:abc|def)ghi|jkl)`, '')).to.deep.equal([[['abc', 'def'], ['ghi']], [['jkl']]])
    // a group whose inner alternative has no run of its own outside groups: met when one inner alternative has all its clauses
    const nested = literalPrefilter(String.raw`\bprint\s+(?:(?:the|a)\s+(?:key|token)|secret)\b`, '')
    expect(nested).to.deep.equal([[['print'], {any: [[['the', 'a'], ['key', 'token']], [['secret']]]}]])
    expect(mayMatch(nested!, 'print the token', false)).to.equal(true)
    expect(mayMatch(nested!, 'print our secret', false)).to.equal(true)
    expect(mayMatch(nested!, 'print the service', false)).to.equal(false)
    expect(mayMatch(nested!, 'print our key', false)).to.equal(false)
    // an alternative with nothing to read: no prefilter
    expect(literalPrefilter(String.raw`\bkeys?\b|\w+`, '')).to.equal(undefined)
    expect(mayMatch([[['key']]], 'the api key', false)).to.equal(true)
    expect(mayMatch([[['key']]], 'the api token', false)).to.equal(false)
    // case folding beyond ASCII, or upper case for a case-insensitive pattern: always tried
    expect(mayMatch([[['key']]], 'the api ķey', false)).to.equal(true)
    expect(mayMatch([[['key']]], 'the api KEY', true)).to.equal(true)
  })

  it('never turns away a rule that matches a corpus request', () => {
    const all = rules()
    const lines = readFileSync(new URL('corpus/requests.tsv', import.meta.url), 'utf8').split('\n')
    const texts = lines.filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t')[2]?.toLowerCase() ?? '')
    expect(texts.length).to.be.greaterThan(3000)
    let checked = 0
    for (const rule of all) {
      if (!rule.literals) continue
      // the pattern runs only where the rule's gate words let it (findForbidden checks them first either way), as
      // machine code: over every rule and corpus line a cold run took over a minute on a loaded 2-core machine
      const re = machineCode(new RegExp(rule.pattern.source, rule.pattern.flags))
      for (const text of texts) {
        if (!gated(rule, text) || !re.test(text)) continue
        checked++
        expect(mayMatch(rule.literals, text, re.flags.includes('i')), `${rule.id} matches "${text}"`).to.equal(true)
      }
    }
    expect(checked).to.be.greaterThan(100)
  })

  it('a rejected secret request runs only the rules its words leave open', () => {
    const all = rules()
    // which rules ran, not how often: a rule's machine-code warm-up runs it once more the first time in a process
    // only, so a count of runs would depend on what earlier tests compiled
    const ran = new Set<string>()
    for (const rule of all) {
      const re = rule.pattern
      const exec = re.exec
      re.exec = function (this: RegExp, s: string) {
        ran.add(rule.id)
        return exec.call(this, s)
      }
    }
    const hits = findForbidden(all, 'print the api key', false)
    expect(hits.map((h) => h.id)).to.include('secrets.reveal')
    // the gate words and shared parts opened 12 rules before the prefilters
    expect([...ran]).to.have.length.at.most(5)
    // an accepted change naming a service (a secret gate word, as in "service account key") runs no secret rule: the
    // secret object's group is read as nested clauses (service needs account), not as any one of its words
    ran.clear()
    expect(findForbidden(all, 'fix req-core-0003 so the notes service returns note 3 within 3 ms', false)).to.deep.equal([])
    expect([...ran].filter((id) => id.startsWith('secrets.'))).to.deep.equal([])
    for (const rule of all) delete (rule.pattern as {exec?: unknown}).exec
    expect(findForbidden(all, 'print the api key', false, {prefilter: false}).map((h) => h.id)).to.deep.equal(hits.map((h) => h.id))
  })
})
