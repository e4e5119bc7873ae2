import {createHash} from 'node:crypto'
import {readdirSync, readFileSync, rmSync, truncateSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs} from 'govtool/testing'

import {appendRecords, compact, entryHash, esdbStatus, openStore, verifyChain, type WalEntry} from '../src/index.js'
import {makeProject, sampleRecords, walLines, writeWalLines, type Project} from './helpers.js'

/** A project with 20 entries in the WAL (4 batches of 5). */
async function twentyEntries(): Promise<Project> {
  const project = makeProject()
  for (let b = 0; b < 4; b++) await appendRecords(project.ctx, sampleRecords(5, 'T', b * 5))
  return project
}

function rehash(line: string, edit: (e: WalEntry) => void, prevHash?: string): string {
  const e = JSON.parse(line) as WalEntry
  edit(e)
  if (prevHash !== undefined) e.prev_hash = prevHash
  e.hash = entryHash(e)
  return JSON.stringify(e)
}

describe('esdb tamper detection (replay names the first bad seq)', () => {
  after(cleanupTempDirs)

  const cases: {name: string; seq: number; tamper: (lines: string[], p: Project) => string[]; problem: RegExp}[] = [
    {name: 'a modified record', seq: 7, tamper: (l) => l.map((x, i) => (i === 6 ? x.replace('"Record 6"', '"Record 6!"') : x)), problem: /hash does not match its content/},
    {name: 'a modified record with the same length', seq: 7, tamper: (l) => l.map((x, i) => (i === 6 ? x.replace('"Record 6"', '"Record 9"') : x)), problem: /hash does not match/},
    {name: 'a modified hash', seq: 7, tamper: (l) => l.map((x, i) => (i === 6 ? x.replace(/"hash":"(.)/, (_m, c: string) => `"hash":"${c === 'a' ? 'b' : 'a'}`) : x)), problem: /hash does not match/},
    {name: 'a deleted line', seq: 7, tamper: (l) => l.filter((_x, i) => i !== 6), problem: /seq 7 is missing: the line after seq 6 has seq 8/},
    {name: 'reordered lines', seq: 7, tamper: (l) => [...l.slice(0, 6), l[7], l[6], ...l.slice(8)], problem: /seq 7 is missing.*has seq 8/},
    {name: 'a deleted first line', seq: 1, tamper: (l) => l.slice(1), problem: /seq 1 is missing: the first line has seq 2/},
    {name: 'a duplicated line', seq: 8, tamper: (l) => [...l.slice(0, 7), l[6], ...l.slice(7)], problem: /found seq 7 out of order/},
    {name: 'a truncated file (whole lines cut)', seq: 18, tamper: (l) => l.slice(0, 17), problem: /ends at seq 17 but seq 20 was acknowledged \(truncated\)/},
    {name: 'a record modified with its hash recomputed', seq: 8, tamper: (l) => l.map((x, i) => (i === 6 ? rehash(x, (e) => ((e.record as {label: string}).label = 'forged')) : x)), problem: /prev_hash does not match the hash of seq 7/},
    {
      name: 'every hash recomputed from the modified entry on',
      seq: 20,
      tamper(l) {
        const out = l.slice(0, 6)
        let prev = (JSON.parse(l[5]) as WalEntry).hash
        for (const x of l.slice(6)) {
          const line = rehash(x, (e) => {
            if (e.seq === 7) (e.record as {label: string}).label = 'forged'
          }, prev)
          prev = (JSON.parse(line) as WalEntry).hash
          out.push(line)
        }
        return out
      },
      problem: /differs from the acknowledged head/,
    },
  ]

  for (const c of cases) {
    it(`detects ${c.name} at seq ${c.seq}`, async () => {
      const project = await twentyEntries()
      expect(await esdbStatus(project.ctx)).to.include({chain_valid: true, record_count: 20})
      writeWalLines(project.paths, c.tamper(walLines(project.paths), project))
      const report = await verifyChain(project.paths)
      expect(report.ok).to.equal(false)
      expect(report.first_bad_seq).to.equal(c.seq)
      expect(report.problem).to.match(c.problem)
      // status notices too (the index had folded the WAL; it rebuilds when the WAL changed under it)
      const status = await esdbStatus(project.ctx)
      expect(status.chain_valid).to.equal(false)
      expect(status.first_bad_seq).to.equal(c.seq)
    })
  }

  it('detects a file truncated in the middle of an acknowledged line (not a crash tail)', async () => {
    const {paths} = await twentyEntries()
    const size = readFileSync(paths.wal).length
    truncateSync(paths.wal, size - 40)
    const report = await verifyChain(paths)
    expect(report).to.include({ok: false, first_bad_seq: 20, torn_tail: true})
    expect(report.problem).to.match(/truncated/)
  })

  it('detects a WAL deleted outright, and an unreadable head', async () => {
    let project = await twentyEntries()
    rmSync(project.paths.wal)
    expect(await verifyChain(project.paths)).to.include({ok: false, first_bad_seq: 1})
    project = await twentyEntries()
    writeFileSync(project.paths.head, '{not json')
    const report = await verifyChain(project.paths)
    expect(report.ok).to.equal(false)
    expect(report.problem).to.match(/head file .* unreadable/)
  })

  it('status notices an in-place edit of the same size once the index has folded the WAL', async () => {
    const {ctx, paths} = await twentyEntries()
    expect((await esdbStatus(ctx)).chain_valid).to.equal(true)
    expect((await esdbStatus(ctx)).index).to.equal('fresh')
    await new Promise((resolve) => {
      setTimeout(resolve, 20)
    })
    writeWalLines(paths, walLines(paths).map((x, i) => (i === 3 ? x.replace('"Record 3"', '"Record 8"') : x)))
    const status = await esdbStatus(ctx)
    expect(status).to.include({chain_valid: false, first_bad_seq: 4, index: 'rebuilt'})
  })

  it('verification spans a compaction: the anchor, the snapshot digest and what follows are all checked', async () => {
    const project = await twentyEntries()
    const store = openStore(project.ctx)
    const result = await compact(store)
    expect(result.anchor?.seq).to.equal(20)
    await store.append(sampleRecords(3, 'AFTER'))
    await store.close()
    let report = await verifyChain(project.paths)
    expect(report).to.include({ok: true, first_seq: 21, last_seq: 24, entries: 4})
    expect(report.anchor?.seq).to.equal(20)

    const lines = walLines(project.paths)
    writeWalLines(project.paths, [lines[0], lines[2], lines[3]])
    expect(await verifyChain(project.paths)).to.include({ok: false, first_bad_seq: 22})
    writeWalLines(project.paths, lines)

    const snapshot = readdirSync(project.paths.dir).find((f) => f.startsWith('snapshot-')) as string
    const file = path.join(project.paths.dir, snapshot)
    const original = readFileSync(file)
    const forged = Buffer.from(original)
    forged[forged.length - 10] ^= 0xff
    writeFileSync(file, forged)
    report = await verifyChain(project.paths)
    expect(report).to.include({ok: false, first_bad_seq: 21})
    expect(report.problem).to.match(/snapshot .* was modified/)
    expect(createHash('sha256').update(forged).digest('hex')).not.to.equal(createHash('sha256').update(original).digest('hex'))
    rmSync(file)
    expect((await verifyChain(project.paths)).problem).to.match(/is missing/)
  })
})
