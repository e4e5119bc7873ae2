/**
 * The pack's update after an edit of a large requirements file (several blocks of SECTION_BLOCK sections): the
 * unchanged runs are found by block hashes without splitting them, and the updated pack is the very file a full
 * build writes, byte for byte, whatever the edit (counters, never timings, tell which path ran).
 */
import {readFileSync, rmSync, writeFileSync} from 'node:fs'

import {expect} from 'chai'
import {cleanupTempDirs} from 'govtool/testing'

import {PACK_FILE, clearSnapshotCache, loadSnapshot} from '../src/index.js'
import {reqSectionStats, SECTION_BLOCK} from '../src/lib/req-sections.js'
import {snapshotStats} from '../src/lib/snapshot.js'
import {fixtureProject} from './helpers.js'

const N = 300

const requirement = (i: number, extra = '') =>
  `## REQ-GEN-${String(i).padStart(3, '0')}. Notes feature ${i}${extra}\n- **ID:** REQ-GEN-${String(i).padStart(3, '0')}\n- **Description:** The notes service stores note ${i} and returns it within ${i % 50} ms.\n- **Status:** ${i % 7 === 0 ? 'draft' : 'approved'}\n\n`

describe('preflight pack update at several blocks', () => {
  after(cleanupTempDirs)

  it('equals a full build byte for byte after every kind of edit, and splits only the edited block', async () => {
    const ctx = fixtureProject()
    const file = ctx.file('requirements')
    const packFile = ctx.state('cache', PACK_FILE)
    writeFileSync(file, `# Requirements\n\nThe notes app.\n\n${Array.from({length: N}, (_, i) => requirement(i + 1)).join('')}`)
    clearSnapshotCache()
    await loadSnapshot(ctx)
    expect(N / SECTION_BLOCK).to.be.greaterThan(4)

    /** applies `change`; the pack is updated (or built, `built`), and equals what a full build writes */
    const edit = async (label: string, change: (text: string) => string, expected: 'updated' | 'built' | 'either' = 'updated') => {
      writeFileSync(file, change(readFileSync(file, 'utf8')))
      clearSnapshotCache()
      const before = {...snapshotStats}
      const hashedBefore = reqSectionStats.hashed
      await loadSnapshot(ctx)
      if (expected === 'either') expect(snapshotStats.built + snapshotStats.updated, label).to.equal(before.built + before.updated + 1)
      else expect(snapshotStats[expected], `${label}: ${expected}`).to.equal(before[expected] + 1)
      const updated = readFileSync(packFile, 'utf8')
      rmSync(packFile)
      clearSnapshotCache()
      const builtBefore = snapshotStats.built
      await loadSnapshot(ctx)
      expect(snapshotStats.built, `${label}: the control is a full build`).to.equal(builtBefore + 1)
      expect(updated === readFileSync(packFile, 'utf8'), `${label}: the updated pack is the full build's, byte for byte`).to.equal(true)
      clearSnapshotCache()
      return reqSectionStats.hashed - hashedBefore
    }
    const at = (i: number) => `## REQ-GEN-${String(i).padStart(3, '0')}.`
    // one description in the middle: only the sections of about one block are split and hashed
    const hashed = await edit('middle description', (t) => t.replace('stores note 150 and', 'stores note 150 quickly and'))
    expect(hashed).to.be.within(1, 2 * SECTION_BLOCK)
    await edit('first section (preamble)', (t) => t.replace('The notes app.', 'The notes app, with zebras.'))
    await edit('last section', (t) => t.replace(/within 0 ms\.(\n- \*\*Status:\*\* approved\n\n)$/, 'within 1 ms.$1'))
    await edit('insert one (the trailing run moves by one section)', (t) => t.replace(at(100), `${requirement(900, ' with a calendar')}${at(100)}`))
    await edit(`insert ${SECTION_BLOCK} (moves by a whole block)`, (t) => t.replace(at(30), `${Array.from({length: SECTION_BLOCK}, (_, i) => requirement(400 + i)).join('')}${at(30)}`))
    await edit('remove one', (t) => {
      const start = t.indexOf(at(200))
      return t.slice(0, start) + t.slice(t.indexOf('## REQ-', start + 1))
    })
    await edit('swap two far apart', (t) => {
      const cut = (s: string, i: number) => {
        const start = s.indexOf(at(i))
        const end = s.indexOf('## REQ-', start + 1)
        return [s.slice(start, end), start, end] as const
      }
      const [a, as, ae] = cut(t, 20)
      const [b, bs, be] = cut(t, 250)
      return t.slice(0, as) + b + t.slice(ae, bs) + a + t.slice(be)
    })
    await edit('append and prepend', (t) => t.replace('# Requirements\n', `# Requirements\n\n${requirement(901)}`) + requirement(902))
    await edit('rewritten unchanged', (t) => t)
    // (the joined lines may be a parse problem: built, with no section list for the next edit)
    await edit('a heading removed (its lines join the section before)', (t) => t.replace(`${at(120)} Notes feature 120\n`, 'Notes feature 120 continued.\n'), 'either')
    // an unclosed fence before the trailing run: the rest no longer splits as before
    await edit('unclosed fence', (t) => t.replace(at(60), `\`\`\`\n${at(60)}`), 'built')
  })
})
