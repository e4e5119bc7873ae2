/**
 * The preflight pack and the flat requirement index: sections read by binary search, the pack's round trip,
 * and that a fresh process (a cleared in-process cache) decides from the pack exactly as from the files,
 * and rebuilds it whenever a file it came from changes or it is damaged.
 */
import {appendFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs} from 'govtool/testing'

import {isDraft, loadGovernanceModel} from '@govtool/plugin-governance/trace'

import {PACK_FILE, clearSnapshotCache, loadSnapshot, preflight, requirementIndex, verify} from '../src/index.js'
import {decodePack, decodePackFile, encodePack, signatureOf, watchedPaths} from '../src/lib/pack.js'
import {buildSections, findLine, indexFromSections, indexStats, type IndexSections} from '../src/lib/scope-index.js'
import {updateSections} from '../src/lib/scope-index-update.js'
import {snapshotStats} from '../src/lib/snapshot.js'
import {fixtureProject} from './helpers.js'

const MODEL = {
  requirements: [
    {id: 'REQ-B-002', title: 'Export notes to PDF', description: 'The app shall export a note to PDF within 2 s.', status: 'approved', component: 'export'},
    {id: 'REQ-A-001', title: 'Login timeout', description: 'A session shall expire after 30 minutes idle.', status: 'approved'},
    {id: 'REQ-C-003', title: 'Draft idea', description: 'Maybe a calendar view.', status: 'draft'},
    {id: 'req-a-001', title: 'Duplicate id in another case', description: 'Shadowed by the first.', status: 'approved'},
  ],
  tests: [
    {id: 'TEST-1', covers: ['REQ-A-001']},
    {id: 'TEST-2', covers: ['REQ-A-001', 'REQ-B-002']},
  ],
}

describe('preflight pack', () => {
  after(cleanupTempDirs)

  it('finds lines of a sorted section by binary search, and nothing else', () => {
    const text = ['alpha\t1', 'beta\t2', 'delta\t', 'gamma\t4', 'omega\t5'].join('\n')
    expect(findLine(text, 'alpha')).to.equal('1')
    expect(findLine(text, 'beta')).to.equal('2')
    expect(findLine(text, 'delta')).to.equal('')
    expect(findLine(text, 'omega')).to.equal('5')
    for (const missing of ['', 'a', 'alph', 'alphaa', 'c', 'zeta', 'zz']) expect(findLine(text, missing), missing).to.equal(undefined)
    expect(findLine('', 'x')).to.equal(undefined)
    const many = Array.from({length: 5000}, (_, i) => `t${String(i).padStart(5, '0')}\t${i}`).join('\n')
    for (const i of [0, 1, 2499, 4998, 4999]) expect(findLine(many, `t${String(i).padStart(5, '0')}`)).to.equal(String(i))
    expect(findLine(many, 't05000')).to.equal(undefined)
  })

  it('answers every lookup of the index from its sections', () => {
    const index = indexFromSections(buildSections(MODEL))
    expect(index.size).to.equal(4)
    expect(index.id(0)).to.equal('REQ-B-002')
    expect(index.requirement(0)).to.deep.equal(MODEL.requirements[0])
    expect(index.requirement(1)).to.deep.equal(MODEL.requirements[1])
    expect(index.lookup('req-b-002')).to.equal(0)
    expect(index.lookup('REQ-A-001')).to.equal(1) // the first of two ids equal but for case
    expect(index.lookup('REQ-X-404')).to.equal(undefined)
    expect([...index.eligible]).to.deep.equal([1, 1, 0, 1])
    expect(index.testsCovering('req-a-001')).to.deep.equal(['TEST-1', 'TEST-2'])
    expect(index.testsCovering('REQ-C-003')).to.deep.equal([])
    expect(index.test('test-2')).to.deep.equal({id: 'TEST-2', covers: ['REQ-A-001', 'REQ-B-002']})
    const pdf = index.postings('pdf')!
    expect([...pdf.idx]).to.deep.equal([0])
    expect([...pdf.weight]).to.deep.equal([1])
    expect(index.idf('pdf')).to.be.closeTo(Math.log(1 + 4 / 1), 1e-12)
    expect(index.postings('nonexistentterm')).to.equal(undefined)
    expect(index.termsOf(0).get('export')).to.equal(1)
    expect(index.titleWeight[0]).to.be.greaterThan(0)
  })

  it('round-trips through the pack file format, and refuses a damaged or stale one', () => {
    const sections = buildSections(MODEL)
    const dir = fixtureProject().root
    const watched = [path.join(dir, 'docs', 'REQUIREMENTS.md')]
    const sig = signatureOf(watched)
    const text = encodePack(watched, sig, {requirements: watched[0], tests: watched[0]}, {any: 'policy'}, sections)
    const pack = decodePack<{any: string}>(text, () => watched)!
    expect(pack.policy).to.deep.equal({any: 'policy'})
    const a = indexFromSections(sections)
    const b = indexFromSections(pack.sections)
    for (let i = 0; i < 4; i++) expect(b.requirement(i)).to.deep.equal(a.requirement(i))
    expect([...b.titleWeight]).to.deep.equal([...a.titleWeight])
    expect([...b.postings('session')!.idx]).to.deep.equal([...a.postings('session')!.idx])

    expect(decodePack(text.slice(0, text.length - 10), () => watched), 'truncated').to.equal(undefined)
    for (const [what, damaged] of [
      ['no magic', text.slice(1)],
      ['header cut', text.slice(0, 60)],
      ['garbage', 'govtool-preflight-pack\n{"v": 1, "sig": '],
      ['empty', ''],
      ['other files', text],
    ] as const) {
      const paths = what === 'other files' ? () => [...watched, path.join(dir, 'LEDGER.md')] : () => watched
      expect(decodePack(damaged, paths), what).to.equal(undefined)
    }
    appendFileSync(watched[0], '\n')
    expect(decodePack(text, () => watched), 'a watched file changed').to.equal(undefined)
  })

  it('a fresh process decides from the pack exactly as from the files, and rebuilds it when a source changes', async () => {
    const ctx = fixtureProject()
    const file = ctx.state('cache', PACK_FILE)
    const oldIndex = ctx.state('cache', 'preflight-index.json')
    mkdirSync(path.dirname(oldIndex), {recursive: true})
    writeFileSync(oldIndex, '{"v": 2}')
    const requests = ['fix the login timeout', 'export notes to pdf', 'implement REQ-AUTH-003', 'what does TEST-CLI-002 check?', 'delete the sync queue', 'print the api key']
    const fromFiles = []
    for (const r of requests) fromFiles.push(await preflight(ctx, r, {record: false, stress: true, verbose: true}))
    expect(existsSync(oldIndex), 'the index file of earlier versions is removed').to.equal(false)
    const written = statSync(file).mtimeMs
    clearSnapshotCache()
    for (const [i, r] of requests.entries()) expect(await preflight(ctx, r, {record: false, stress: true, verbose: true}), r).to.deep.equal(fromFiles[i])
    expect(statSync(file).mtimeMs, 'the pack was read, not rewritten').to.equal(written)

    // a new requirement: the next process sees it
    appendFileSync(
      ctx.file('requirements'),
      '\n## REQ-CAL-001. Calendar view\n- **ID:** REQ-CAL-001\n- **Description:** The app shall show notes in a calendar view by creation date.\n- **Status:** approved\n- **Component:** calendar\n',
    )
    clearSnapshotCache()
    const calendar = await preflight(ctx, 'add a calendar view for notes', {record: false})
    expect(calendar.requirement_ids[0]).to.equal('REQ-CAL-001')

    // a policy change in docs/GOVTOOL.yml: the next process applies it
    writeFileSync(path.join(ctx.root, 'docs', 'GOVTOOL.yml'), 'agent:\n  permissions:\n    preset: read_only\n')
    clearSnapshotCache()
    expect((await preflight(ctx, 'fix the login timeout', {record: false})).decision).to.equal('blocked')

    // a damaged pack is rebuilt, with the same decisions
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 200))
    clearSnapshotCache()
    expect((await preflight(ctx, 'fix the login timeout', {record: false})).decision).to.equal('blocked')
    expect(readFileSync(file, 'utf8').length).to.be.greaterThan(200)
  })

  it('after an edit of the requirements file alone, updates the pack section by section, equal to a full build', async () => {
    const ctx = fixtureProject()
    const file = ctx.file('requirements')
    const requests = ['fix the login timeout', 'export notes to pdf', 'add a calendar view for notes', 'make the zebra sync faster', 'implement REQ-AUTH-003', 'delete the sync queue']
    await preflight(ctx, requests[0], {record: false})
    const packText = () => readFileSync(ctx.state('cache', PACK_FILE), 'utf8')
    /** the pack's sections, and those a full build makes of the files as they are now */
    const compare = async (label: string) => {
      const packed = decodePackFile(packText(), (sources) => watchedPaths(ctx, sources))!
      expect(packed.fresh, label).to.equal(true)
      const full = buildSections(await loadGovernanceModel(ctx, {cache: 'off'}), isDraft)
      const a = packed.pack.sections
      for (const key of ['n', 'records', 'byId', 'postings', 'covers', 'tests'] as const) expect(a[key], `${label}: ${key}`).to.deep.equal(full[key])
      for (const key of ['recordStarts', 'titleWeight', 'eligible'] as const) expect([...a[key]], `${label}: ${key}`).to.deep.equal([...full[key]])
      // decisions: the updated pack, and a pack built from nothing
      const decided = []
      for (const r of requests) decided.push(await preflight(ctx, r, {record: false, verbose: true}))
      writeFileSync(ctx.state('cache', PACK_FILE), 'damaged')
      clearSnapshotCache()
      for (const [i, r] of requests.entries()) expect(await preflight(ctx, r, {record: false, verbose: true}), `${label}: ${r}`).to.deep.equal(decided[i])
      clearSnapshotCache()
    }
    const edit = async (label: string, change: (text: string) => string) => {
      writeFileSync(file, change(readFileSync(file, 'utf8')))
      clearSnapshotCache()
      const before = {...snapshotStats}
      await loadSnapshot(ctx)
      expect(snapshotStats.updated, `${label}: updated, not rebuilt`).to.equal(before.updated + 1)
      expect(snapshotStats.built, label).to.equal(before.built)
      await compare(label)
    }
    const text = readFileSync(file, 'utf8')
    const second = /\n(## REQ-[^\n]*\n)/g
    const headings = [...text.matchAll(second)].map((m) => m[1])
    expect(headings.length).to.be.greaterThan(3)
    // change a description (no record moves), a title, add one in the middle, remove one
    await edit('change', (t) => t.replace(/(- \*\*Description:\*\* )/, '$1Zebra sync is faster. '))
    await edit('title', (t) => t.replace(headings[2], headings[2].replace(/\n$/, ' with zebra stripes\n')))
    await edit('add', (t) => t.replace(headings[1], `## REQ-CAL-001. Calendar view\n- **ID:** REQ-CAL-001\n- **Description:** The app shall show notes in a calendar view.\n- **Status:** approved\n\n${headings[1]}`))
    await edit('remove', (t) => {
      const at = t.indexOf(headings[3])
      const next = t.indexOf('\n## REQ-', at + 1)
      return t.slice(0, at) + t.slice(next + 1)
    })
    await edit('append a draft', (t) => `${t}\n## REQ-ZZZ-001. Zebra idea\n- **ID:** REQ-ZZZ-001\n- **Description:** Maybe zebras.\n- **Status:** draft\n`)

    // a repeated id, a config change or a tests change: built whole
    const before = {...snapshotStats}
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n## REQ-CAL-001. Again\n- **ID:** REQ-CAL-001\n- **Description:** Repeated.\n`)
    clearSnapshotCache()
    await loadSnapshot(ctx)
    expect(snapshotStats.built).to.equal(before.built + 1)
    await compare('duplicate')
    const beforeTests = {...snapshotStats}
    appendFileSync(ctx.file('tests'), '\n')
    clearSnapshotCache()
    await loadSnapshot(ctx)
    expect(snapshotStats.built).to.equal(beforeTests.built + 1)
    expect(snapshotStats.updated).to.equal(beforeTests.updated)
  })

  it('updates index sections exactly as a full build makes them, whatever moves', () => {
    const req = (i: number, extra = '') => ({id: `REQ-N-${i}`, title: `Notes feature ${i} ${extra}`.trim(), description: `Stores note ${i} and shares it with ${i % 3 === 0 ? 'everyone' : 'the team'}.`, status: i % 5 === 0 ? 'draft' : 'approved'})
    const reqs = Array.from({length: 40}, (_, i) => req(i))
    const old = buildSections({requirements: reqs, tests: MODEL.tests})
    const same = (s: IndexSections | undefined, list: typeof reqs) => {
      const full = buildSections({requirements: list, tests: MODEL.tests})
      expect(s).to.not.equal(undefined)
      for (const key of ['n', 'records', 'byId', 'postings', 'covers', 'tests'] as const) expect(s![key], key).to.deep.equal(full[key])
      for (const key of ['recordStarts', 'titleWeight', 'eligible'] as const) expect([...s![key]], key).to.deep.equal([...full[key]])
    }
    const updatedBefore = indexStats.updated
    // one description changed in place
    const changed = {...reqs[7], description: 'Stores zebras.'}
    same(updateSections(old, [{old: 0, count: 7}, {records: [changed]}, {old: 8, count: 32}]), [...reqs.slice(0, 7), changed, ...reqs.slice(8)])
    // a title term that many share gains a record: every title weight moves
    same(updateSections(old, [{old: 0, count: 20}, {records: [req(99, 'shared')]}, {old: 20, count: 20}]), [...reqs.slice(0, 20), req(99, 'shared'), ...reqs.slice(20)])
    // records removed and reordered
    same(updateSections(old, [{old: 30, count: 10}, {old: 0, count: 10}]), [...reqs.slice(30), ...reqs.slice(0, 10)])
    // everything replaced
    same(updateSections(old, [{records: [req(1, 'x'), req(2, 'y')]}]), [req(1, 'x'), req(2, 'y')])
    expect(indexStats.updated).to.equal(updatedBefore + 4)
    // a repeated id: the caller builds the whole index
    expect(updateSections(old, [{old: 0, count: 40}, {records: [req(3)]}])).to.equal(undefined)
  })

  it('verify reads the same pack', async () => {
    const ctx = fixtureProject()
    const input = {diff: 'diff --git a/src/auth/session.ts b/src/auth/session.ts\n--- a/src/auth/session.ts\n+++ b/src/auth/session.ts\n@@ -1 +1 @@\n-a\n+b // REQ-AUTH-002\n', test_results: {passed: 3, failed: 0}}
    const first = await verify(ctx, input, {record: false})
    clearSnapshotCache()
    expect(await verify(ctx, input, {record: false})).to.deep.equal(first)
  })

  it('keeps the in-process index per model object', () => {
    expect(requirementIndex(MODEL)).to.equal(requirementIndex(MODEL))
    expect(requirementIndex({...MODEL})).to.not.equal(requirementIndex(MODEL))
  })
})
