/**
 * A forbidden rule run alternative by alternative (policy/alternative-split.ts) gives the whole pattern's match, and
 * a rejected secret request compiles only the alternative of secrets.expose its words leave open.
 */
import {readFileSync} from 'node:fs'

import {expect} from 'chai'

import {compiledAlternatives, execOpenAlternatives} from '../src/lib/policy/alternative-split.js'
import {compileForbiddenRules, findForbidden} from '../src/lib/policy/forbidden.js'
import {PreflightConfigSchema} from '../src/lib/policy/config.js'
import {mayMatch} from '../src/lib/policy/literal-prefilter.js'
import {warmedUp} from '../src/lib/policy/machine-code.js'

const rules = () => compileForbiddenRules(PreflightConfigSchema.parse({}))

describe('forbidden rules: alternatives run on their own', () => {
  it('match what the whole pattern matches, over every corpus request', function () {
    this.timeout(300_000)
    const lines = readFileSync(new URL('corpus/requests.tsv', import.meta.url), 'utf8').split('\n')
    const texts = lines.filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t')[2]?.toLowerCase() ?? '')
    let split = 0
    let matched = 0
    for (const rule of rules()) {
      if (!rule.literals || rule.literals.length < 2) continue
      split++
      for (const text of texts) {
        // where no alternative's literals occur, neither runs anything (literal-prefilter.test.ts: the whole pattern cannot match there)
        if (!mayMatch(rule.literals, text, rule.pattern.flags.includes('i'))) continue
        const whole = rule.pattern.exec(text)
        const parts = execOpenAlternatives(rule.pattern, rule.literals, text)
        if (whole) matched++
        expect(parts && [parts.index, parts[0]], `${rule.id} on "${text}"`).to.deep.equal(whole && [whole.index, whole[0]])
      }
    }
    expect(split).to.be.greaterThan(50)
    expect(matched).to.be.greaterThan(100)
  })

  it('match what the whole pattern matches over text beyond ASCII (Latin-1 and two-byte), never running the whole pattern', function () {
    this.timeout(300_000)
    const lines = readFileSync(new URL('corpus/requests.tsv', import.meta.url), 'utf8').split('\n')
    // an accented letter, curly quotes for straight ones and an emoji: the text two-byte, its ASCII words unchanged
    const texts = lines.filter((l) => l && !l.startsWith('#')).map((l) => `é ${l.split('\t')[2]?.toLowerCase().replaceAll("'", '\u2019') ?? ''} \u{1F642}`)
    let matched = 0
    for (const rule of rules()) {
      if (!rule.literals || rule.literals.length < 2) continue
      // a copy of its own, so that what other suites ran in this worker does not count
      const pattern = new RegExp(rule.pattern.source, rule.pattern.flags)
      for (const text of texts) {
        const want = rule.pattern.exec(text)
        const got = execOpenAlternatives(pattern, rule.literals, text)
        if (want) matched++
        expect(got && [got.index, got[0]], `${rule.id} on "${text}"`).to.deep.equal(want && [want.index, want[0]])
      }
      expect(warmedUp(pattern), `${rule.id}'s whole pattern compiled`).to.equal(false)
    }
    expect(matched).to.be.greaterThan(50)
  })

  it('earliest match first, the earlier alternative on a tie', () => {
    const literals = [[['bcd']], [['abc']], [['ab']]]
    expect(execOpenAlternatives(/bcd|abc|ab/, literals, 'xabcd')?.[0]).to.equal('abc')
    expect(execOpenAlternatives(/bcd|ab|abc/, [[['bcd']], [['ab']], [['abc']]], 'xabcd')?.[0]).to.equal('ab')
    expect(execOpenAlternatives(/zzz|bcd/, [[['zzz']], [['bcd']]], 'abcd')?.index).to.equal(1)
    // a backreference is never split (on its own, `(b)\2` would be `b` and an octal escape)
    expect(execOpenAlternatives(/(a)x|(b)\2/, [[['ax']], [['b']]], 'bb')?.[0]).to.equal('bb')
  })

  it('"print the api key" compiles one of secrets.expose\'s alternatives', () => {
    // a pattern of its own: compiled rules share their RegExps (and so what earlier tests compiled)
    const kept = rules().find((r) => r.id === 'secrets.expose')!
    const expose = {...kept, pattern: new RegExp(kept.pattern.source, kept.pattern.flags)}
    expect(expose.literals?.length).to.be.greaterThan(1)
    const hits = findForbidden([expose], 'print the api key', false)
    expect(hits.map((h) => h.id)).to.deep.equal(['secrets.expose'])
    expect(compiledAlternatives(expose.pattern)).to.equal(1)
    expect(findForbidden([expose], 'print the api key', false, {prefilter: false})).to.deep.equal(hits)
  })
})
