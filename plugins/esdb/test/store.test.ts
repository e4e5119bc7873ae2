import {readFileSync, rmSync, writeFileSync} from 'node:fs'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {appendRecords, esdbStatus, openStore} from '../src/index.js'
import {makeProject, sampleRecords} from './helpers.js'

describe('esdb store and sql.js index', () => {
  after(cleanupTempDirs)

  it('answers get, query by kind and status, count and byKind from the folded state', async () => {
    const {ctx} = makeProject()
    const store = openStore(ctx)
    await store.append(sampleRecords(12))
    await store.append([{...sampleRecords(1)[0], label: 'changed'}])
    await store.remove(['R-1', 'R-5'], 'obsolete')
    expect((await store.get('R-0'))?.label).to.equal('changed')
    expect(await store.get('R-1')).to.equal(undefined)
    expect((await store.query({kind: 'testcase'})).map((r) => r.id)).to.deep.equal(['R-9'])
    expect((await store.query({kind: 'requirement', status: 'draft'})).map((r) => r.id)).to.deep.equal(['R-0'])
    expect((await store.query({status: 'draft'})).map((r) => r.id)).to.deep.equal(['R-0', 'R-3', 'R-6', 'R-9'])
    expect((await store.query({limit: 2, offset: 1})).map((r) => r.id)).to.deep.equal(['R-10', 'R-11'])
    expect(await store.count()).to.equal(10)
    expect(await store.byKind()).to.deep.equal({dispatch_result: 3, requirement: 3, testcase: 1, work_item: 3})
    await store.close()
  })

  it('keeps dispatch_result dag_id and node_id in both evidence and data', async () => {
    const {ctx} = makeProject()
    await appendRecords(ctx, [{id: 'dag1-node1', kind: 'dispatch_result', status: 'completed', evidence: [{dag_id: 'dag1'}, {node_id: 'node1'}], data: {dag_id: 'dag1', node_id: 'node1', summary: 'ok'}}])
    const store = openStore(ctx)
    const [r] = await store.query({kind: 'dispatch_result'})
    expect(r.evidence).to.deep.equal([{dag_id: 'dag1'}, {node_id: 'node1'}])
    expect(r.data).to.include({dag_id: 'dag1', node_id: 'node1'})
    await store.close()
  })

  it('rebuilds the index when it is missing or unreadable, and catches up when the WAL only grew', async () => {
    const {ctx, paths} = makeProject()
    await appendRecords(ctx, sampleRecords(30))
    let status = await esdbStatus(ctx)
    expect(status).to.include({record_count: 30, wal_length: 30, chain_valid: true, index: 'rebuilt', last_seq: 30})
    expect(await esdbStatus(ctx)).to.include({index: 'fresh', record_count: 30})
    await appendRecords(ctx, sampleRecords(5, 'More'))
    status = await esdbStatus(ctx)
    expect(status).to.include({index: 'caught_up', record_count: 35, wal_length: 35})
    expect(status.by_kind).to.deep.equal({dispatch_result: 8, requirement: 10, testcase: 9, work_item: 8})
    rmSync(paths.index)
    rmSync(paths.indexMeta)
    expect(await esdbStatus(ctx)).to.include({index: 'rebuilt', record_count: 35})
    writeFileSync(paths.index, 'garbage')
    writeFileSync(paths.indexMeta, '{}')
    const store = openStore(ctx)
    expect(await store.count()).to.equal(35)
    expect((await store.chain()).state).to.equal('fresh')
    await store.close()
    expect(await esdbStatus(ctx)).to.include({index: 'fresh', record_count: 35})
  })

  it('a small catch-up moves only the sidecar; a reader of the older database still catches up correctly', async () => {
    const {ctx, paths} = makeProject()
    await appendRecords(ctx, sampleRecords(10))
    await esdbStatus(ctx)
    const dbBefore = readFileSync(paths.index)
    await appendRecords(ctx, sampleRecords(3, 'S'))
    expect(await esdbStatus(ctx)).to.include({index: 'caught_up', record_count: 13})
    expect(readFileSync(paths.index).equals(dbBefore)).to.equal(true)
    expect(JSON.parse(readFileSync(paths.indexMeta, 'utf8'))).to.include({folded_seq: 13})
    await appendRecords(ctx, sampleRecords(1, 'T'))
    rmSync(paths.indexMeta)
    const store = openStore(ctx)
    expect(await store.get('S-2')).to.not.equal(undefined)
    expect(await store.count()).to.equal(14)
    await store.close()
  })

  it('status never throws: no project state, no store, and an unreadable store all give an answer', async () => {
    const empty = new ProjectContext(makeTempDir())
    expect(await esdbStatus(empty)).to.deep.equal({
      backend: 'sqljs', record_count: 0, chain_valid: true, wal_length: 0, by_kind: {}, last_seq: null, anchor_seq: null,
      torn_tail: false, first_bad_seq: null, problem: null, wal_bytes: 0, index: 'none',
    })
    expect(await esdbStatus(new ProjectContext('/nonexistent/govtool-esdb-test'))).to.include({record_count: 0, chain_valid: true})
    const {ctx, paths} = makeProject()
    await appendRecords(ctx, sampleRecords(2))
    writeFileSync(paths.wal, 'not a wal\n')
    const status = await esdbStatus(ctx)
    expect(status).to.include({chain_valid: false, first_bad_seq: 1, record_count: 0})
  })

  it('reports a torn tail in status without calling the chain invalid', async () => {
    const {ctx, paths} = makeProject()
    await appendRecords(ctx, sampleRecords(4))
    writeFileSync(paths.wal, readFileSync(paths.wal, 'utf8') + '{"hash":"12')
    expect(await esdbStatus(ctx)).to.include({chain_valid: true, torn_tail: true, record_count: 4})
    await appendRecords(ctx, sampleRecords(1, 'Z'))
    expect(await esdbStatus(ctx)).to.include({chain_valid: true, torn_tail: false, record_count: 5, last_seq: 5})
  })
})
