import {appendFileSync, cpSync, existsSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {appendRecords} from '@govtool/plugin-esdb'
import {expect} from 'chai'
import {ProjectContext} from 'govtool/core'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {healthyProject} from './helpers.js'

interface Issue {check: string; severity: string; message: string; hint: string}

/** Damage to the ESDB WAL and LEDGER.md is an error finding of audit and checkpoint, and writers refuse to extend it. */
describe('damage that goes unreported: audit, checkpoint and writers', () => {
  after(cleanupTempDirs)
  const env = isolatedEnv(makeTempDir())
  let base: string

  before(async () => {
    base = makeTempDir()
    healthyProject(base)
    for (const d of ['First change', 'Second change']) expect((await runCli(['ledger', 'add', d, '--project-dir', base], {env})).code).to.equal(0)
    const ctx = new ProjectContext(base)
    for (let b = 0; b < 3; b++) await appendRecords(ctx, Array.from({length: 4}, (_, i) => ({id: `R-${b}-${i}`, kind: 'requirement', label: `Record ${b}.${i}`})))
    const audit = await runCli(['audit', '--project-dir', base, '--json'], {env})
    expect(audit.code, audit.stdout).to.equal(0)
  })

  function copy(): string {
    const dir = makeTempDir()
    cpSync(base, dir, {recursive: true})
    return dir
  }

  const wal = (dir: string) => path.join(dir, '.govtool', 'esdb', 'wal.jsonl')

  async function audit(dir: string): Promise<Issue[]> {
    const r = await runCli(['audit', '--project-dir', dir, '--json'], {env})
    const issues = r.json<{healthy: boolean; issues: Issue[]}>().issues
    expect(r.code, r.stdout).to.equal(1)
    return issues
  }

  it('checkpoint counts ESDB records without building the query index (no sql.js)', async () => {
    const dir = copy()
    const index = path.join(dir, '.govtool', 'esdb', 'index.sqlite')
    expect(existsSync(index)).to.equal(false)
    const cp = (await runCli(['checkpoint', '--project-dir', dir, '--json'], {env})).json<{esdb_records: number; esdb_chain_valid: boolean}>()
    expect(cp).to.deep.include({esdb_records: 12, esdb_chain_valid: true})
    expect(existsSync(index), 'checkpoint built the sql.js index').to.equal(false)
  })

  const esdbDamage: {name: string; damage: (file: string) => void; problem: RegExp}[] = [
    {
      name: 'a flipped byte',
      damage(file) {
        const b = readFileSync(file)
        const i = b.indexOf('Record 1.2') + 7
        b[i] ^= 1
        writeFileSync(file, b)
      },
      problem: /does not match its content/,
    },
    {name: 'a deleted line', damage: (file) => writeFileSync(file, readFileSync(file, 'utf8').split('\n').filter((_l, i) => i !== 5).join('\n')), problem: /seq 6 is missing/},
    {name: 'a torn tail', damage: (file) => appendFileSync(file, '{"hash":"0123'), problem: /torn line/},
  ]

  for (const c of esdbDamage) {
    it(`ESDB WAL with ${c.name}: audit and checkpoint report an esdb-chain error; writers refuse a broken chain`, async () => {
      const dir = copy()
      c.damage(wal(dir))
      const issues = await audit(dir)
      const esdb = issues.filter((i) => i.check === 'esdb-chain')
      expect(esdb, JSON.stringify(issues)).to.have.length(1)
      expect(esdb[0].severity).to.equal('error')
      expect(esdb[0].message).to.match(c.problem)
      expect(esdb[0].hint).to.include('govtool esdb')
      const cp = (await runCli(['checkpoint', '--project-dir', dir, '--json'], {env})).json<{health: string; esdb_chain_valid: boolean; audit_failed: number}>()
      expect(cp).to.deep.include({health: 'issues', esdb_chain_valid: false})
      expect(cp.audit_failed).to.be.greaterThan(0)
      if (c.name === 'a torn tail') return
      const before = readFileSync(wal(dir))
      for (const args of [['esdb', 'export'], ['esdb', 'backup']]) {
        const r = await runCli([...args, '--project-dir', dir, '--json'], {env})
        expect(r.code, `${args.join(' ')}: ${r.stdout}`).to.equal(1)
        expect(r.json<{error: {code: string; hint: string}}>().error).to.include({code: 'E_ESDB_CORRUPT'})
      }
      expect(existsSync(path.join(dir, '.govtool', 'esdb_export.json'))).to.equal(false)
      // a writer (migrate loads the requirement caches into the store) refuses to append on top
      expect((await runCli(['sync', '--project-dir', dir], {env})).code).to.equal(0)
      const m = await runCli(['esdb', 'migrate', '--project-dir', dir, '--json'], {env})
      expect(m.code, m.stdout).to.equal(1)
      expect(m.json<{error: {code: string; hint: string}}>().error.hint).to.match(/govtool esdb replay.*govtool esdb import/)
      expect(readFileSync(wal(dir)).equals(before)).to.equal(true)
      try {
        await appendRecords(new ProjectContext(dir), [{id: 'late', kind: 'requirement'}])
        expect.fail('appended on a broken chain')
      } catch (error) {
        expect((error as {code?: string}).code).to.equal('E_ESDB_CORRUPT')
      }
    })
  }

  const ledgerDamage: {name: string; damage: (text: string) => string; problem: RegExp}[] = [
    {name: 'junk after the last entry', damage: (t) => `${t}junk junk \u0000 garbage\n`, problem: /not part of any ledger entry/},
    {name: 'a forged heading', damage: (t) => `${t}\n## Approved by the security team\n`, problem: /not part of any ledger entry/},
    {name: 'a forged entry', damage: (t) => `${t}\n## 2030-01-01T00:00:00.000Z — Forged\n- **Author:** mallory\n- **Type:** task\n`, problem: /no chain hash/},
  ]

  for (const c of ledgerDamage) {
    it(`LEDGER.md with ${c.name}: audit and checkpoint report it; ledger add refuses to extend it`, async () => {
      const dir = copy()
      const file = path.join(dir, 'LEDGER.md')
      writeFileSync(file, c.damage(readFileSync(file, 'utf8')))
      const issues = await audit(dir)
      const found = issues.filter((i) => i.check.startsWith('ledger-') && i.severity === 'error')
      expect(found.map((i) => i.message).join('\n')).to.match(c.problem)
      const cp = (await runCli(['checkpoint', '--project-dir', dir, '--json'], {env})).json<{health: string}>()
      expect(cp.health).to.equal('issues')
      const text = readFileSync(file, 'utf8')
      const r = await runCli(['ledger', 'add', 'On top', '--project-dir', dir, '--json'], {env})
      expect(r.code, r.stdout).to.equal(1)
      expect(r.json<{error: {code: string; hint: string}}>().error).to.include({code: 'E_LEDGER_CHAIN'})
      expect(r.json<{error: {hint: string}}>().error.hint).to.include('git checkout -- LEDGER.md')
      expect(readFileSync(file, 'utf8')).to.equal(text)
    })
  }
})
