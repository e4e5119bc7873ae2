import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs} from 'govtool/testing'

import {
  appendRecords, applyStagedImport, backupStore, compact, esdbStatus, exportStore, migrate, openStore, rollback, stageImport, verifyChain,
  type EsdbRecord, type ExportDocument, type WalEntry,
} from '../src/index.js'
import {makeProject, sampleRecords, walLines} from './helpers.js'

async function rejects(promise: Promise<unknown>): Promise<{code?: string; exit?: number; message: string}> {
  try {
    await promise
  } catch (error) {
    return error as {code?: string; exit?: number; message: string}
  }
  throw new Error('expected a rejection')
}

describe('esdb lifecycle: migrate, export, backup, import, rollback, compact', () => {
  after(cleanupTempDirs)

  it('migrate loads requirements and test cases, reports duplicates and unknown coverage, and is idempotent', async () => {
    const {ctx, dir} = makeProject()
    mkdirSync(path.join(dir, '.govtool'))
    writeFileSync(path.join(dir, '.govtool', 'requirements.json'), JSON.stringify({requirements: [
      {id: 'REQ-001', title: 'Login', status: 'accepted', priority: 'P1'},
      {id: 'REQ-002', title: 'Logout'},
      {id: 'REQ-001', title: 'Login again'},
      {title: 'no id'},
    ]}))
    writeFileSync(path.join(dir, '.govtool', 'testcases.json'), JSON.stringify([
      {id: 'TEST-001', title: 'logs in', covers: ['REQ-001']},
      {id: 'TEST-002', title: 'ghost', requirement: 'REQ-999'},
    ]))
    const store = openStore(ctx)
    const result = await migrate(store)
    expect(result).to.include({ok: false, requirements: 2, testcases: 2, new: 4, changed: 0, appended: 5, first_seq: 1, last_seq: 5})
    expect(result.problems.map((p) => p.check)).to.have.members(['duplicate_requirement', 'invalid_entry', 'unknown_requirement'])
    expect(result.problems.find((p) => p.check === 'unknown_requirement')?.message).to.contain('REQ-999')
    const manifest = JSON.parse(readFileSync(path.join(dir, '.govtool', 'esdb_migration.json'), 'utf8')) as {problems: unknown[]; esdb_version: string}
    expect(manifest.problems).to.have.length(3)
    expect(manifest.esdb_version).to.equal('1')
    expect(await store.get('REQ-001')).to.deep.include({kind: 'requirement', status: 'accepted', label: 'Login'})
    expect((await store.get('TEST-002'))?.data).to.deep.include({covers: ['REQ-999']})
    const last = JSON.parse(walLines(store.paths).at(-1) as string) as WalEntry
    expect(last).to.include({op: 'migrate', record_id: 'esdb:migrate'})
    expect(await migrate(store)).to.include({appended: 0, unchanged: 4})
    writeFileSync(path.join(dir, '.govtool', 'requirements.json'), JSON.stringify([{id: 'REQ-001', title: 'Login v2'}, {id: 'REQ-002', title: 'Logout'}]))
    writeFileSync(path.join(dir, '.govtool', 'testcases.json'), JSON.stringify({'TEST-001': {covers: ['REQ-001']}}))
    const again = await migrate(store)
    expect(again).to.include({ok: true, changed: 2, unchanged: 1, appended: 3})
    await store.close()
  })

  it('migrate fails clearly when there is nothing to migrate or the cache is malformed', async () => {
    const {ctx, dir} = makeProject()
    expect(await rejects(migrate(openStore(ctx)))).to.include({code: 'E_ESDB_NOTHING_TO_MIGRATE'})
    mkdirSync(path.join(dir, '.govtool'))
    writeFileSync(path.join(dir, '.govtool', 'requirements.json'), '{"requirements": [')
    expect(await rejects(migrate(openStore(ctx)))).to.include({code: 'E_BAD_JSON'})
    writeFileSync(path.join(dir, '.govtool', 'requirements.json'), '"just a string"')
    expect(await rejects(migrate(openStore(ctx)))).to.include({code: 'E_INPUT', exit: 2})
  })

  it('export and backup carry the SPEC fields, requirements[] and testcases[] being the records of those kinds', async () => {
    const {ctx, dir} = makeProject()
    await appendRecords(ctx, sampleRecords(9))
    const store = openStore(ctx)
    const result = await exportStore(store, store.paths.exportDefault)
    expect(result).to.include({ok: true, output: '.govtool/esdb_export.json', record_count: 9, requirements: 3, testcases: 2, other_records: 4, chain_valid: true, last_seq: 9})
    const doc = JSON.parse(readFileSync(store.paths.exportDefault, 'utf8')) as ExportDocument
    expect(doc).to.include({esdb_version: '1', backend: 'sqljs', record_count: 9})
    expect(doc.requirements.map((r) => r.id)).to.deep.equal(['R-0', 'R-4', 'R-8'])
    expect(doc.testcases.every((r) => r.kind === 'testcase')).to.equal(true)
    expect(doc.other_records.map((r) => r.kind)).to.have.members(['dispatch_result', 'dispatch_result', 'work_item', 'work_item'])
    expect(doc.chain.last_seq).to.equal(9)
    const backup = await backupStore(store, store.paths.backups)
    expect(backup.output).to.match(/^\.govtool\/backups\/esdb_backup_\d{8}T\d{6}Z\.json$/)
    const second = await backupStore(store, store.paths.backups)
    expect(second.output).not.to.equal(backup.output)
    const bdoc = JSON.parse(readFileSync(path.join(dir, backup.output), 'utf8')) as ExportDocument
    expect(bdoc).to.include({esdb_version: '1', backend: 'sqljs', record_count: 9, timestamp: backup.timestamp})
    expect(bdoc.requirements).to.have.length(3)
    await store.close()
  })

  it('import validates, stages, compares with the store, and --apply appends only new and changed records', async () => {
    const source = makeProject()
    await appendRecords(source.ctx, sampleRecords(6))
    const srcStore = openStore(source.ctx)
    await exportStore(srcStore, source.paths.exportDefault)
    await srcStore.close()

    const target = makeProject()
    await appendRecords(target.ctx, [sampleRecords(1)[0], {...sampleRecords(2)[1], label: 'different'}])
    const store = openStore(target.ctx)
    const staged = await stageImport(store, source.paths.exportDefault, 'export.json')
    expect(staged).to.include({ok: true, record_count: 6, new: 4, changed: 1, unchanged: 1, applied: false, staged: '.govtool/esdb_import.json'})
    expect(existsSync(store.paths.importStaging)).to.equal(true)
    expect(await store.count()).to.equal(2)
    const applied = await applyStagedImport(store)
    expect(applied).to.include({applied: true, appended: 5, first_seq: 3, last_seq: 7})
    expect(existsSync(store.paths.importStaging)).to.equal(false)
    expect((await store.get('R-1'))?.label).to.equal('Record 1')
    expect(await store.count()).to.equal(6)
    expect(await rejects(applyStagedImport(store))).to.include({code: 'E_ESDB_NOTHING_STAGED'})
    await store.close()
  })

  it('import rejects missing files and every kind of invalid document, staging nothing', async () => {
    const {ctx, dir} = makeProject()
    const store = openStore(ctx)
    expect(await rejects(stageImport(store, path.join(dir, 'nope.json'), 'nope.json'))).to.include({code: 'E_NOT_FOUND'})
    const good = {esdb_version: '1', backend: 'sqljs', record_count: 1, requirements: [{id: 'REQ-1', kind: 'requirement'}], testcases: []}
    const bad: [string, unknown, RegExp][] = [
      ['not json', '{', /not valid JSON/],
      ['no version', {...good, esdb_version: undefined}, /esdb_version/],
      ['future version', {...good, esdb_version: '9'}, /not supported/],
      ['wrong kind in list', {...good, requirements: [{id: 'T', kind: 'testcase'}]}, /does not belong in requirements/],
      ['record without id', {...good, requirements: [{kind: 'requirement'}]}, /requirements\[0\]\.id/],
      ['bad confidence', {...good, requirements: [{id: 'R', kind: 'requirement', confidence: 7}]}, /confidence/],
      ['duplicate', {...good, record_count: 2, requirements: [{id: 'R', kind: 'requirement'}, {id: 'R', kind: 'requirement'}]}, /duplicate record id/],
      ['count mismatch', {...good, record_count: 5}, /record_count is 5/],
      ['list not a list', {...good, testcases: {}}, /testcases/],
    ]
    for (const [name, doc, message] of bad) {
      const file = path.join(dir, `${name.replaceAll(' ', '-')}.json`)
      writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc))
      const error = await rejects(stageImport(store, file, name))
      expect(error, name).to.include({code: 'E_ESDB_IMPORT', exit: 2})
      expect(error.message, name).to.match(message)
    }
    expect(existsSync(store.paths.importStaging)).to.equal(false)
    await store.close()
  })

  it('rollback reports without modifying, then --apply appends compensating events; repeated rollbacks walk further back', async () => {
    const {ctx, paths} = makeProject()
    const store = openStore(ctx)
    await store.append([{id: 'A', kind: 'work_item', label: 'v1'}])
    await store.append([{id: 'A', kind: 'work_item', label: 'v2'}])
    await store.append([{id: 'B', kind: 'work_item'}])
    await store.remove(['A'])
    const walBefore = readFileSync(paths.wal, 'utf8')
    const report = await rollback(store, 2, false)
    expect(report).to.include({ok: true, steps_requested: 2, records_before: 1, records_after: 1, applied: false})
    expect(report.events.map((e) => [e.seq, e.op, e.record_id, e.undo, e.restore_from])).to.deep.equal([[4, 'delete', 'A', 'restore', 2], [3, 'upsert', 'B', 'delete', null]])
    expect(report.note).to.match(/nothing was modified/)
    expect(readFileSync(paths.wal, 'utf8')).to.equal(walBefore)

    const applied = await rollback(store, 2, true)
    expect(applied).to.include({applied: true, first_seq: 5, last_seq: 7, records_after: 1})
    expect(readFileSync(paths.wal, 'utf8').startsWith(walBefore)).to.equal(true)
    expect((await store.get('A'))?.label).to.equal('v2')
    expect(await store.get('B')).to.equal(undefined)

    const next = await rollback(store, 1, true)
    expect(next.events.map((e) => [e.seq, e.record_id, e.undo, e.restore_from])).to.deep.equal([[2, 'A', 'restore', 1]])
    expect((await store.get('A'))?.label).to.equal('v1')
    const last = await rollback(store, 5, true)
    expect(last.events.map((e) => e.seq)).to.deep.equal([1])
    expect(last.note).to.match(/Only 1 event is undoable/)
    expect(await store.count()).to.equal(0)
    expect(await rollback(store, 1, false)).to.include({note: 'Nothing to undo.'})
    expect((await verifyChain(paths)).ok).to.equal(true)
    expect(await rejects(rollback(store, 0, false))).to.include({exit: 2})
    await store.close()
  })

  it('compact folds the WAL into a snapshot with a chain anchor; records, appends and rollback continue across it', async () => {
    const {ctx, paths} = makeProject()
    const store = openStore(ctx)
    await store.append(sampleRecords(10))
    await store.append([{id: 'R-0', kind: 'requirement', label: 'edited'}])
    await store.remove(['R-9'])
    const before = await esdbStatus(ctx)
    const lastHash = (JSON.parse(walLines(paths).at(-1) as string) as WalEntry).hash
    const result = await compact(store)
    expect(result).to.include({ok: true, backend: 'sqljs', records: 9, entries_before: 12, entries_after: 1})
    expect(result.anchor).to.deep.equal({seq: 12, hash: lastHash})
    expect(result.note).to.match(/Folded 12 WAL entries/)
    const lines = walLines(paths).map((l) => JSON.parse(l) as WalEntry)
    expect(lines).to.have.length(1)
    expect(lines[0]).to.include({op: 'compact', seq: 13, prev_hash: result.anchor?.hash})
    const after = await esdbStatus(ctx)
    expect(after).to.include({record_count: 9, chain_valid: true, wal_length: 1, anchor_seq: 12, last_seq: 13})
    expect(after.by_kind).to.deep.equal(before.by_kind)
    expect((await store.get('R-0'))?.label).to.equal('edited')
    expect(await compact(store)).to.include({note: 'Nothing to compact: the WAL holds no entries since the last compaction.', records: 9})

    await store.append([{id: 'R-1', kind: 'testcase', label: 'post'}])
    const rb = await rollback(store, 3, true)
    expect(rb.events.map((e) => [e.seq, e.undo, e.restore_from])).to.deep.equal([[14, 'restore', 'snapshot']])
    expect(rb.note).to.match(/folded into the compaction snapshot/)
    expect((await store.get('R-1'))?.label).to.equal('Record 1')

    const second = await compact(store)
    expect(second.anchor?.seq).to.equal(16)
    expect(readdirSync(paths.dir).filter((f) => f.startsWith('snapshot-'))).to.have.members(['snapshot-000000000012.sqlite', 'snapshot-000000000016.sqlite'])
    await store.append(sampleRecords(2, 'Z'))
    await compact(store)
    expect(readdirSync(paths.dir).filter((f) => f.startsWith('snapshot-'))).to.have.members(['snapshot-000000000016.sqlite', 'snapshot-000000000019.sqlite'])
    expect(await verifyChain(paths)).to.include({ok: true, first_seq: 20})
    expect((await store.get('Z-1'))?.id).to.equal('Z-1')
    const records: EsdbRecord[] = []
    await store.each((r) => records.push(r))
    expect(records).to.have.length(11)
    await store.close()
  })

  it('compact refuses a broken chain', async () => {
    const {ctx, paths} = makeProject()
    await appendRecords(ctx, sampleRecords(5))
    const lines = walLines(paths)
    writeFileSync(paths.wal, [lines[0], lines[2], lines[1], lines[3], lines[4]].join('\n') + '\n')
    expect(await rejects(compact(openStore(ctx)))).to.include({code: 'E_ESDB_CORRUPT'})
    expect(walLines(paths)).to.have.length(5)
  })
})
