import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, runCli} from 'govtool/testing'

import {appendRecords} from '../src/index.js'
import {makeProject, sampleRecords, walLines, writeWalLines} from './helpers.js'

// End to end through the compiled CLI (bin/run.js -> dist): build before running.
describe('govtool esdb (end to end)', function () {
  this.timeout(60_000)
  after(cleanupTempDirs)

  it('status on a project without a store: zero records, valid chain, exit 0', async () => {
    const {dir} = makeProject()
    const r = await runCli(['esdb', 'status', '--json'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json()).to.include({backend: 'sqljs', record_count: 0, chain_valid: true, wal_length: 0, index: 'none'})
    const human = await runCli(['esdb', 'status', '--project-dir', dir])
    expect(human.stdout).to.contain('ESDB (sqljs): 0 records, WAL 0 entries (empty), chain valid')
  })

  it('migrate -> status -> export -> backup -> rollback -> compact -> replay on one project', async () => {
    const {dir} = makeProject()
    mkdirSync(path.join(dir, '.govtool'))
    writeFileSync(path.join(dir, '.govtool', 'requirements.json'), JSON.stringify([{id: 'REQ-1', title: 'One'}, {id: 'REQ-2', title: 'Two'}]))
    writeFileSync(path.join(dir, '.govtool', 'testcases.json'), JSON.stringify([{id: 'TEST-1', covers: ['REQ-1']}, {id: 'TEST-2', covers: ['REQ-404']}]))
    let r = await runCli(['esdb', 'migrate', '--json'], {cwd: dir})
    expect(r.code, 'problems found -> exit 1').to.equal(1)
    const migrated = r.json<{ok: boolean; appended: number; problems: {check: string}[]}>()
    expect(migrated).to.include({ok: false, appended: 5})
    expect(migrated.problems.map((p) => p.check)).to.deep.equal(['unknown_requirement'])
    expect(existsSync(path.join(dir, '.govtool', 'esdb_migration.json'))).to.equal(true)

    r = await runCli(['esdb', 'status', '--json'], {cwd: dir})
    expect(r.json()).to.deep.include({record_count: 4, chain_valid: true, wal_length: 5, by_kind: {requirement: 2, testcase: 2}, last_seq: 5})

    r = await runCli(['esdb', 'export', '--json'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json()).to.include({output: '.govtool/esdb_export.json', record_count: 4, requirements: 2, testcases: 2})
    const exported = JSON.parse(readFileSync(path.join(dir, '.govtool', 'esdb_export.json'), 'utf8')) as Record<string, unknown>
    expect(exported).to.include.keys('esdb_version', 'backend', 'record_count', 'requirements', 'testcases')

    r = await runCli(['esdb', 'backup', '--json', '--dir', 'snapshots'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    const backup = r.json<{output: string; timestamp: string; record_count: number}>()
    expect(backup.output).to.match(/^snapshots\/esdb_backup_\d{8}T\d{6}Z\.json$/)
    expect(JSON.parse(readFileSync(path.join(dir, backup.output), 'utf8'))).to.include({timestamp: backup.timestamp, record_count: 4, esdb_version: '1', backend: 'sqljs'})
    r = await runCli(['esdb', 'backup'], {cwd: dir})
    expect(r.stdout).to.match(/^Backed up 4 records to \.govtool\/backups\/esdb_backup_\d{8}T\d{6}Z\.json\.$/m)
    expect(readdirSync(path.join(dir, '.govtool', 'backups'))).to.have.length(1)

    const walBefore = readFileSync(path.join(dir, '.govtool', 'esdb', 'wal.jsonl'), 'utf8')
    r = await runCli(['esdb', 'rollback', '--steps', '2', '--json'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    const report = r.json<{ok: boolean; steps_requested: number; records_before: number; note: string; events: {seq: number}[]}>()
    expect(report).to.include({ok: true, steps_requested: 2, records_before: 4})
    expect(report.events.map((e) => e.seq)).to.deep.equal([4, 3])
    expect(readFileSync(path.join(dir, '.govtool', 'esdb', 'wal.jsonl'), 'utf8')).to.equal(walBefore)
    r = await runCli(['esdb', 'rollback', '--steps', '1', '--apply'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stdout).to.match(/Undid 1 event .* Records: 4 -> 3\./)

    r = await runCli(['esdb', 'compact', '--json'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json()).to.include({ok: true, backend: 'sqljs', records: 3, entries_before: 7, entries_after: 1})
    expect((r.json() as {note: string}).note).to.be.a('string')

    r = await runCli(['esdb', 'replay', '--json'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    const replay = r.json<{ok: boolean; first_seq: number; last_seq: number; anchor: {seq: number}}>()
    expect(replay).to.include({ok: true, first_seq: 8, last_seq: 8})
    expect(replay.anchor.seq).to.equal(7)
  })

  it('replay exits 1 naming the first bad seq of a tampered WAL', async () => {
    const project = makeProject()
    await appendRecords(project.ctx, sampleRecords(10))
    const lines = walLines(project.paths)
    writeWalLines(project.paths, lines.filter((_l, i) => i !== 4))
    const r = await runCli(['esdb', 'replay'], {cwd: project.dir})
    expect(r.code).to.equal(1)
    expect(r.stdout).to.contain('Chain broken at seq 5: seq 5 is missing: the line after seq 4 has seq 6')
    expect(r.stdout).to.contain('Verified before it: 4 entries, seq 1-4.')
    const j = await runCli(['esdb', 'replay', '--json'], {cwd: project.dir})
    expect(j.code).to.equal(1)
    expect(j.json()).to.include({ok: false, first_bad_seq: 5})
    const status = await runCli(['esdb', 'status', '--json'], {cwd: project.dir})
    expect(status.code).to.equal(0)
    expect(status.json()).to.include({chain_valid: false, first_bad_seq: 5})
  })

  it('import: non-zero for a missing or invalid file; stages a valid one; --apply appends it', async () => {
    const source = makeProject()
    await appendRecords(source.ctx, sampleRecords(5))
    expect((await runCli(['esdb', 'export', '--output', 'dump.json'], {cwd: source.dir})).code).to.equal(0)
    const {dir} = makeProject()

    let r = await runCli(['esdb', 'import', 'missing.json', '--json'], {cwd: dir})
    expect(r.code).to.equal(1)
    expect(r.json<{error: {code: string}}>().error.code).to.equal('E_NOT_FOUND')
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({esdb_version: '1', requirements: [{id: 'X', kind: 'testcase'}]}))
    r = await runCli(['esdb', 'import', 'bad.json'], {cwd: dir})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.contain('bad.json is not a valid ESDB export: requirements[0] (X) has kind "testcase"')
    expect(r.stderr).to.contain('Hint:')
    expect(existsSync(path.join(dir, '.govtool', 'esdb_import.json'))).to.equal(false)
    r = await runCli(['esdb', 'import'], {cwd: dir})
    expect(r.code).to.equal(2)

    r = await runCli(['esdb', 'import', path.join(source.dir, 'dump.json'), '--json'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json()).to.include({ok: true, record_count: 5, new: 5, applied: false, staged: '.govtool/esdb_import.json'})
    expect(existsSync(path.join(dir, '.govtool', 'esdb_import.json'))).to.equal(true)
    r = await runCli(['esdb', 'import', '--apply', '--json'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json()).to.include({applied: true, appended: 5, first_seq: 1, last_seq: 5})
  })

  it('rejects bad flags with exit 2', async () => {
    const {dir} = makeProject()
    const r = await runCli(['esdb', 'rollback', '--steps', '0'], {cwd: dir})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.match(/steps/)
  })
})
