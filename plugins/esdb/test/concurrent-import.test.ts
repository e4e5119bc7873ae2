import {existsSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, runCli} from 'govtool/testing'

import {appendRecords, exportStore, openStore, stageImport, verifyChain, type WalEntry} from '../src/index.js'
import {makeProject, sampleRecords, walLines} from './helpers.js'

/** Writes an export file holding `records` (through a scratch project's store) and returns its path. */
async function exportFile(records: ReturnType<typeof sampleRecords>, name: string, dir: string): Promise<string> {
  const scratch = makeProject()
  await appendRecords(scratch.ctx, records)
  const store = openStore(scratch.ctx)
  const file = path.join(dir, name)
  await exportStore(store, file)
  await store.close()
  return file
}

function walEntries(paths: ReturnType<typeof makeProject>['paths']): WalEntry[] {
  return walLines(paths).map((l) => JSON.parse(l) as WalEntry)
}

describe('esdb import under contention', () => {
  after(cleanupTempDirs)

  it('8 concurrent `import <file> --apply` processes: each exit 0 means its records are in the WAL exactly once', async function () {
    this.timeout(180_000)
    const target = makeProject()
    const shared = sampleRecords(5, 'SHARED')
    const files: string[] = []
    for (let k = 0; k < 8; k++) files.push(await exportFile([...sampleRecords(15, `P${k}`), ...shared], `import-${k}.json`, target.dir))

    const runs = await Promise.all(files.map((file) => runCli(['esdb', 'import', file, '--apply', '--json'], {cwd: target.dir, timeoutMs: 120_000})))
    for (const r of runs) {
      expect(r.code, r.stderr).to.equal(0)
      expect(r.json()).to.include({ok: true, applied: true, staged: null})
    }
    expect(existsSync(target.paths.importStaging), 'no shared staging file is involved').to.equal(false)

    const entries = walEntries(target.paths)
    const ids = entries.map((e) => e.record_id)
    // every process's own records once, the shared ones once (whoever came first appended them)
    expect(ids).to.have.length(8 * 15 + 5)
    expect(new Set(ids).size).to.equal(ids.length)
    for (let k = 0; k < 8; k++) for (const r of sampleRecords(15, `P${k}`)) expect(ids).to.include(r.id)
    for (const r of shared) expect(ids).to.include(r.id)
    expect(entries.map((e) => e.seq)).to.deep.equal(Array.from({length: ids.length}, (_, i) => i + 1))
    // what each process said it appended adds up to what the WAL holds
    expect(runs.reduce((sum, r) => sum + r.json<{appended: number}>().appended, 0)).to.equal(ids.length)
    expect((await verifyChain(target.paths)).ok).to.equal(true)
  })

  it('8 concurrent plain `import --apply` runs apply one staged file once; the others find nothing staged', async function () {
    this.timeout(180_000)
    const target = makeProject()
    const file = await exportFile(sampleRecords(12, 'ST'), 'staged.json', target.dir)
    const store = openStore(target.ctx)
    await stageImport(store, file, 'staged.json')
    await store.close()

    const runs = await Promise.all(Array.from({length: 8}, () => runCli(['esdb', 'import', '--apply', '--json'], {cwd: target.dir, timeoutMs: 120_000})))
    const applied = runs.filter((r) => r.code === 0)
    expect(applied, runs.map((r) => r.stderr).join('\n')).to.have.length(1)
    expect(applied[0].json()).to.include({applied: true, appended: 12, staged: '.govtool/esdb_import.json'})
    for (const r of runs.filter((x) => x.code !== 0)) {
      expect(r.code).to.equal(2)
      expect(r.json<{error: {code: string}}>().error.code).to.equal('E_ESDB_NOTHING_STAGED')
    }
    const ids = walEntries(target.paths).map((e) => e.record_id)
    expect(ids).to.have.length(12)
    expect(new Set(ids).size).to.equal(12)
    expect(existsSync(target.paths.importStaging)).to.equal(false)
  })
})
