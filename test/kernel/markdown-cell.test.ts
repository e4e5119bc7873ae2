import {expect} from 'chai'

import {markdownCell, markdownTable} from '../../src/markdown.js'
import {terminalSafe} from '../../src/terminal-text.js'

/** markdownCell before its shortcut (issue 14): every cell through the three replacements and trim. */
const reference = (value: unknown, empty = '—'): string => {
  const text = value === undefined || value === null || value === '' ? empty : terminalSafe(String(value))
  return text.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replaceAll(/\s+/g, ' ').trim()
}

describe('markdown cells: a cell that needs no edit is returned as it is, with the same text', () => {
  it('equals the full edit for every kind of whitespace, pipes, backslashes and controls', () => {
    const spaces = [' ', '  ', '\t', '\n', '\r\n', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', '\u200b']
    const parts = ['a', 'REQ-CORE-001', '|', '\\', '—', '\u001b[2J', '\u202e', 'é', '😀', ...spaces]
    const cells: unknown[] = [undefined, null, '', 0, 12.5, true, 'plain', 'two words here']
    // every pair and triple of parts, so each part is met at the start, in the middle and at the end
    for (const a of parts) for (const b of parts) {
      cells.push(a + b)
      for (const c of ['x', ' ', '|']) cells.push(a + c + b, c + a + b + c)
    }
    for (const cell of cells) expect(markdownCell(cell), JSON.stringify(cell)).to.equal(reference(cell))
    for (const cell of cells) expect(markdownCell(cell, ''), JSON.stringify(cell)).to.equal(reference(cell, ''))
  })

  it('a table of such cells is unchanged', () => {
    const rows = [['REQ-1', 'a | b', ' padded ', 'tab\there'], ['REQ-2', undefined, 'back\\slash', 'line\nbreak']]
    const expected = ['| A | B | C | D |', '| --- | --- | --- | --- |', ...rows.map((r) => `| ${r.map((c) => reference(c)).join(' | ')} |`)].join('\n')
    expect(markdownTable(['A', 'B', 'C', 'D'], rows)).to.equal(expected)
  })
})
