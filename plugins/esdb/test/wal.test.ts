import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs} from 'govtool/testing'

import {appendRecords, canonicalJson, entryHash, openStore, verifyChain, type WalEntry} from '../src/index.js'
import {scanWal} from '../src/lib/wal-read.js'
import {makeProject, sampleRecords, walLines} from './helpers.js'

describe('esdb WAL', () => {
  after(cleanupTempDirs)

  it('canonical JSON sorts keys at every depth and refuses values JSON cannot hold', () => {
    expect(canonicalJson({b: 1, a: {d: [1, {z: true, y: null}], c: 'x'}, u: undefined})).to.equal('{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}')
    expect(() => canonicalJson({n: Number.NaN})).to.throw(/plain JSON; \$\.n is NaN/)
    expect(() => canonicalJson([1, undefined])).to.throw(/\$\[1\] is undefined/)
    expect(() => canonicalJson({f: () => 1})).to.throw(/function/)
  })

  it('writes one canonical line per entry: hash = sha256 of the other fields, chained from genesis', async () => {
    const {ctx, paths} = makeProject()
    const r = await appendRecords(ctx, sampleRecords(3))
    expect(r).to.include({count: 3, first_seq: 1, last_seq: 3})
    const entries = walLines(paths).map((l) => JSON.parse(l) as WalEntry)
    expect(entries.map((e) => e.seq)).to.deep.equal([1, 2, 3])
    expect(entries[0].prev_hash).to.equal('')
    for (const [i, e] of entries.entries()) {
      expect(Object.keys(e)).to.have.members(['seq', 'ts', 'op', 'record_id', 'record', 'prev_hash', 'hash'])
      expect(e.op).to.equal('upsert')
      expect(e.hash).to.equal(entryHash(e))
      if (i > 0) expect(e.prev_hash).to.equal(entries[i - 1].hash)
    }
    expect(entries[2].hash).to.equal(r.last_hash)
    expect(entries[1].record).to.deep.equal({id: 'R-1', kind: 'testcase', status: 'active', label: 'Record 1', confidence: 0.5, evidence: ['dag_id:dag1', 'node_id:node-1'], data: {dag_id: 'dag1', node_id: 'node-1', n: 1}})
    expect(JSON.parse(readFileSync(paths.head, 'utf8'))).to.include({seq: 3, hash: r.last_hash})
  })

  it('defaults status, label, confidence, evidence and data, and rejects invalid records before writing', async () => {
    const {ctx, paths} = makeProject()
    await appendRecords(ctx, [{id: 'W-1', kind: 'work_item'}])
    const store = openStore(ctx)
    expect(await store.get('W-1')).to.deep.equal({id: 'W-1', kind: 'work_item', status: 'active', label: 'W-1', confidence: 1, evidence: [], data: {}})
    await store.close()
    for (const bad of [{kind: 'x'}, {id: 'a', kind: 'Bad Kind'}, {id: 'a\nb', kind: 'x'}, {id: 'a', kind: 'x', confidence: 2}, {id: 'a', kind: 'x', evidence: 'no'}, {id: 'a', kind: 'x', data: {v: Number.POSITIVE_INFINITY}}]) {
      let error: Error | undefined
      try {
        await appendRecords(ctx, [bad])
      } catch (error_) {
        error = error_ as Error
      }
      expect(error, JSON.stringify(bad)).to.have.property('name', 'GovError')
    }
    expect(walLines(paths)).to.have.length(1)
  })

  it('group-commits concurrent appends of one process into contiguous, non-overlapping ranges', async () => {
    const {ctx, paths} = makeProject()
    const results = await Promise.all(Array.from({length: 40}, (_, i) => appendRecords(ctx, sampleRecords(1 + (i % 3), `G${i}`))))
    const ranges = results.map((r) => [r.first_seq as number, r.last_seq as number]).sort((a, b) => a[0] - b[0])
    let next = 1
    for (const [first, last] of ranges) {
      expect(first).to.equal(next)
      next = last + 1
    }
    const lines = walLines(paths).map((l) => JSON.parse(l) as WalEntry)
    expect(lines).to.have.length(next - 1)
    for (const [i, r] of results.entries()) {
      expect(lines[(r.last_seq as number) - 1].hash).to.equal(r.last_hash)
      expect(lines[(r.first_seq as number) - 1].record_id).to.equal(`G${i}-0`)
    }
    expect((await verifyChain(paths)).ok).to.equal(true)
  })

  it('sets a torn last line aside and truncates it away before the next append, never failing', async () => {
    const {ctx, paths} = makeProject()
    await appendRecords(ctx, sampleRecords(5))
    const torn = '{"hash":"abc","op":"upsert","prev_ha'
    writeFileSync(paths.wal, readFileSync(paths.wal, 'utf8') + torn)
    const before = await verifyChain(paths)
    expect(before).to.include({ok: true, torn_tail: true, last_seq: 5})
    const r = await appendRecords(ctx, sampleRecords(2, 'N'))
    expect(r).to.include({first_seq: 6, last_seq: 7})
    const after = await verifyChain(paths)
    expect(after).to.include({ok: true, torn_tail: false, last_seq: 7, entries: 7})
    const aside = readdirSync(paths.dir).filter((f) => f.startsWith('wal.torn-'))
    expect(aside).to.have.length(1)
    expect(readFileSync(path.join(paths.dir, aside[0]), 'utf8')).to.equal(torn)
  })

  it('refuses to extend a WAL whose last entry fails its check, or that lost acknowledged entries', async () => {
    const {ctx, paths} = makeProject()
    await appendRecords(ctx, sampleRecords(3))
    const lines = walLines(paths)
    writeFileSync(paths.wal, [...lines.slice(0, 2), lines[2].replace('Record 2', 'Record X')].join('\n') + '\n')
    let error: {code?: string} | undefined
    try {
      await appendRecords(ctx, sampleRecords(1, 'N'))
    } catch (error_) {
      error = error_ as {code?: string}
    }
    expect(error?.code).to.equal('E_ESDB_CORRUPT')
    writeFileSync(paths.wal, '')
    error = undefined
    try {
      await appendRecords(ctx, sampleRecords(1, 'N'))
    } catch (error_) {
      error = error_ as {code?: string}
    }
    expect(error?.code).to.equal('E_ESDB_CORRUPT')
    expect(readFileSync(paths.wal, 'utf8')).to.equal('')
  })

  it('scans lines across chunk boundaries, growing the buffer for lines longer than a chunk', async () => {
    const {dir} = makeProject()
    const file = path.join(dir, 'lines.txt')
    const lines = ['a', '', 'bcdefghijklmnopqrstuvwxyz0123456789', 'é€😀 multi-byte', 'x'.repeat(100), 'end']
    writeFileSync(file, lines.join('\n') + '\ntorn')
    for (const chunk of [1, 3, 7, 64, 1 << 20]) {
      const seen: {text: string; offset: number}[] = []
      const result = await scanWal(file, 0, (buf, start, end, offset) => {
        seen.push({text: buf.toString('utf8', start, end), offset})
      }, chunk)
      expect(seen.map((s) => s.text), `chunk ${chunk}`).to.deep.equal(lines)
      const bytes = readFileSync(file)
      for (const s of seen) expect(bytes.toString('utf8', s.offset, s.offset + Buffer.byteLength(s.text))).to.equal(s.text)
      expect(result).to.include({lines: lines.length, tornBytes: 4, size: bytes.length, end: bytes.length - 4})
    }
    const fromMiddle: string[] = []
    await scanWal(file, 2, (buf, start, end) => {
      fromMiddle.push(buf.toString('utf8', start, end))
    }, 5)
    expect(fromMiddle).to.deep.equal(lines.slice(1))
  })

  it('creates nothing on disk for a project without a store until the first append', async () => {
    const {ctx, dir} = makeProject()
    const store = openStore(ctx)
    expect(await store.status()).to.include({record_count: 0, chain_valid: true, wal_length: 0, index: 'none'})
    expect(await store.query({kind: 'requirement'})).to.deep.equal([])
    expect(await store.get('x')).to.equal(undefined)
    await store.close()
    expect(existsSync(path.join(dir, '.govtool'))).to.equal(false)
    let error: {code?: string} | undefined
    try {
      await store.remove(['bad\nid'])
    } catch (error_) {
      error = error_ as {code?: string}
    }
    expect(error?.code).to.equal('E_ESDB_RECORD')
  })
})
