/**
 * `findLine` (the binary search of a pack section's sorted `key\tvalue` lines) scans a long line once per probe
 * from the probe's position instead of twice from the line's start (issue 22's p99: a term first met searches the
 * whole postings section, whose common words' lines run to thousands of characters). It must answer exactly as the
 * search it replaced, kept here as the reference, for every key present and for keys absent between, before and
 * after them, on sections with long lines, empty values and lines without a tab.
 */
import {expect} from 'chai'

import {findLine} from '../src/lib/scope-index.js'

function reference(text: string, key: string): string | undefined {
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const start = text.lastIndexOf('\n', mid - 1) + 1
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    let tab = text.indexOf('\t', start)
    if (tab === -1 || tab > end) tab = end
    const k = text.slice(start, tab)
    if (k === key) return text.slice(Math.min(tab + 1, end), end)
    if (k < key) lo = end + 1
    else hi = start
  }
  return undefined
}

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function section(random: () => number, lines: number): {text: string; keys: string[]} {
  const letters = 'abcdefghij'
  const word = () => Array.from({length: 1 + Math.floor(random() * 6)}, () => letters[Math.floor(random() * letters.length)]).join('')
  const keys = [...new Set(Array.from({length: lines}, word))].sort()
  const value = () => {
    const r = random()
    if (r < 0.05) return undefined // a line without a tab
    if (r < 0.1) return ''
    // a few lines as long as a common word's postings
    const n = r < 0.2 ? 500 + Math.floor(random() * 2000) : 1 + Math.floor(random() * 8)
    return Array.from({length: n}, () => Math.floor(random() * 15_000).toString(36)).join(',')
  }
  const text = keys.map((k) => {
    const v = value()
    return v === undefined ? k : `${k}\t${v}`
  })
  return {text: text.join('\n'), keys}
}

describe('findLine: the pack sections binary search', () => {
  it('answers as the search it replaced, for keys present and absent', () => {
    const random = rng(22)
    let checked = 0
    for (let round = 0; round < 40; round++) {
      const {text, keys} = section(random, 1 + Math.floor(random() * 300))
      const probes = new Set<string>(keys)
      for (const k of keys) {
        probes.add(`${k}a`).add(k.slice(0, -1)).add(`${k}\t`).add(`${k.slice(0, -1)}z`)
      }
      probes.add('').add('0').add('zzzz').add('\n')
      for (const key of probes) {
        expect(findLine(text, key), JSON.stringify(key)).to.equal(reference(text, key))
        checked++
      }
    }
    expect(checked).to.be.greaterThan(20_000)
  })

  it('finds every key of a section with very long lines and none that is absent', () => {
    const long = Array.from({length: 3000}, (_, i) => (i * 7).toString(36)).join(',')
    const text = ['alpha\t1', `beta\t${long}`, 'cache', `delta\t${long}`, 'epsilon\t', `zeta\t${long}`].join('\n')
    expect(findLine(text, 'alpha')).to.equal('1')
    expect(findLine(text, 'beta')).to.equal(long)
    expect(findLine(text, 'cache')).to.equal('')
    expect(findLine(text, 'delta')).to.equal(long)
    expect(findLine(text, 'epsilon')).to.equal('')
    expect(findLine(text, 'zeta')).to.equal(long)
    for (const absent of ['a', 'alphabet', 'c', 'cachet', 'omega', 'zz', '']) expect(findLine(text, absent)).to.equal(undefined)
    expect(findLine('', 'alpha')).to.equal(undefined)
  })
})
