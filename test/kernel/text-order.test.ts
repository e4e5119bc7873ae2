import {expect} from 'chai'

import {compareText} from '../../src/text-order.js'

// compareText must order exactly as localeCompare (issue 14: it replaces it where a command's first
// localeCompare would build ICU's collator); this test runs the collator, the code under test never does for ASCII.
describe('kernel: compareText orders as localeCompare', () => {
  const sign = (n: number) => Math.sign(n)
  const printable = Array.from({length: 95}, (_, i) => String.fromCharCode(32 + i))

  it('every pair of printable ASCII characters, and of two-character strings over a mixed alphabet', () => {
    for (const a of printable) for (const b of printable) expect(sign(compareText(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).to.equal(sign(a.localeCompare(b)))
    const alphabet = ['', 'a', 'A', 'b', 'B', 'z', '0', '9', '-', '_', '.', '/', ' ', '~', '$']
    const strings = alphabet.flatMap((x) => alphabet.map((y) => x + y))
    for (const a of strings) for (const b of strings) expect(sign(compareText(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).to.equal(sign(a.localeCompare(b)))
  })

  it('random strings, file names and ids, and non-ASCII text (which goes to localeCompare)', () => {
    let seed = 14
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
    const pick = (chars: string[]) => Array.from({length: Math.floor(random() * 8)}, () => chars[Math.floor(random() * chars.length)]).join('')
    const pool = [...printable.slice(0, 40), 'a', 'A', 'e', 'E', 'é', 'ß', '\t', '\n', 'Z', 'z']
    for (let i = 0; i < 20_000; i++) {
      const a = pick(pool)
      const b = random() < 0.3 ? a.toUpperCase() : pick(pool)
      expect(sign(compareText(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).to.equal(sign(a.localeCompare(b)))
    }
    const names = ['.github', 'AGENTS.md', 'LEDGER.md', 'docs', 'src', 'README.md', 'readme.md', 'Makefile', 'a-b', 'a_b', 'a.b', 'REQ-CORE-0010', 'REQ-CORE-001', 'req-core-2', 'TEST-A-1', 'test-a-1', 'Überblick.md', 'café']
    expect([...names].sort(compareText)).to.deep.equal([...names].sort((a, b) => a.localeCompare(b)))
  })
})
