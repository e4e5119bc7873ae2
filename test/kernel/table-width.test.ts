import {expect} from 'chai'
import {stripVTControlCharacters} from 'node:util'

import {fitWidths, layoutTable, wrapCell} from '../../src/ui.js'

/** Wide outputs fit the terminal (80 columns when unknown) and lose nothing: prose wraps, ids never do. */
describe('tables fitted to the output width', () => {
  const rows = [
    ['2026-11-26 00:39', 'work_proposal', 'Seed maintainers of the project', 'REQ-NOTES-001', 'Work proposal WI-cb76bdae5d47: fix the check that refuses notes with an empty title and says why'],
    ['2026-11-26 00:40', 'fix', 'Ada', 'REQ-NOTES-002', 'Refuse notes with an empty title'],
  ]
  const head = ['Timestamp', 'Type', 'Author', 'REQs', 'Description']

  it('fits 80 columns, and every word of every cell is still there', () => {
    const text = layoutTable(head, rows, {width: 80})
    // Headers are bold when colour is on (CI sets it): measure what the terminal shows.
    for (const line of stripVTControlCharacters(text).split('\n')) expect(line.length, line).to.be.at.most(80)
    const words = (s: string) => s.split(/\s+/).filter(Boolean).sort()
    expect(words(stripVTControlCharacters(text))).to.deep.equal(words([...head, ...rows.flat()].join(' ')))
  })

  it('keeps ids and dates on one line and a wide terminal on one line per row', () => {
    const text = layoutTable(head, rows, {width: 80})
    expect(text).to.include('REQ-NOTES-001').and.include('2026-11-26 00:39').and.include('work_proposal')
    expect(layoutTable(head, rows, {width: 200}).split('\n')).to.have.length(3)
  })

  it('shrinks prose first and leaves a table that cannot fit wider rather than unreadable', () => {
    expect(fitWidths([20, 60], 60, [false, true])).to.deep.equal([20, 38])
    expect(fitWidths([40, 40, 40], 50, [false, false, false])).to.deep.equal([40, 40, 16])
    expect(wrapCell('a b c', 3)).to.deep.equal(['a b', 'c'])
    expect(wrapCell('abcdefgh', 3)).to.deep.equal(['abc', 'def', 'gh'])
  })
})
