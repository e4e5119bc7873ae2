import {existsSync, readFileSync, readdirSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {healthyProject, write} from './helpers.js'

describe('trace: ledger, checkpoint, phase, workspace, export (end to end)', () => {
  after(cleanupTempDirs)

  it('8 concurrent ledger add processes give 8 entries and a valid chain', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const env = isolatedEnv(makeTempDir())
    const results = await Promise.all(
      Array.from({length: 8}, (_, i) => runCli(['ledger', 'add', `Concurrent change ${i}`, '--type', 'task', '--reqs', 'REQ-CORE-001', '--author', `worker-${i}`, '--project-dir', root], {env})),
    )
    for (const r of results) expect(r.code, r.stderr).to.equal(0)
    const r = await runCli(['ledger', 'list', '--project-dir', root, '--json'], {env})
    const entries = r.json<{entries: {description: string; chain_hash: string}[]}>().entries
    expect(entries.map((e) => e.description).sort()).to.deep.equal(Array.from({length: 8}, (_, i) => `Concurrent change ${i}`))
    expect(new Set(entries.map((e) => e.chain_hash)).size).to.equal(8)
    const stats = (await runCli(['ledger', 'stats', '--project-dir', root, '--json'], {env})).json<{entries: number; chain_valid: boolean; by_type: Record<string, number>}>()
    expect(stats).to.deep.include({entries: 8, chain_valid: true})
    expect(stats.by_type).to.deep.equal({task: 8})
    expect((await runCli(['audit', '--project-dir', root], {env})).code).to.equal(0)
  })

  it('ledger add refuses an unknown type; list filters by --since', async () => {
    const root = makeTempDir()
    let r = await runCli(['ledger', 'add', 'x', '--type', 'chore', '--project-dir', root])
    expect(r.code).to.equal(2)
    expect(existsSync(path.join(root, 'LEDGER.md'))).to.equal(false)
    r = await runCli(['ledger', 'add', 'First', '--project-dir', root, '--json'])
    expect(r.code).to.equal(0)
    expect(r.json<{entry: {type: string}}>().entry.type).to.equal('task')
    expect((await runCli(['ledger', 'list', '--since', '2999-01-01', '--project-dir', root, '--json'])).json()).to.deep.include({count: 0})
    expect((await runCli(['ledger', 'list', '--since', '2000-01-01', '--project-dir', root, '--json'])).json()).to.deep.include({count: 1})
    expect((await runCli(['ledger', 'list', '--since', 'yesterday', '--project-dir', root])).code).to.equal(2)
  })

  it('checkpoint never fails: an empty directory gives the 14 keys and the anchor block', async () => {
    const root = makeTempDir()
    let r = await runCli(['checkpoint', '--json', '--project-dir', root])
    expect(r.code).to.equal(0)
    const payload = r.json<Record<string, unknown>>()
    expect(Object.keys(payload)).to.have.length(14)
    expect(payload).to.deep.include({phase: 'inception', req_count: 0, test_count: 0, esdb_records: 0, esdb_chain_valid: true, recent_wis: [], last_preflight: null})
    expect(readdirSync(root)).to.deep.equal([])
    r = await runCli(['checkpoint'], {cwd: root})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.match(/GOVTOOL-ANCHOR-\d{8}T\d{6}Z/)
    r = await runCli(['checkpoint', '--project-dir', path.join(root, 'missing')])
    expect(r.code).to.equal(0)
  })

  it('phase next/set/status/list persist aee_phase in scaffold.yml', async () => {
    const root = makeTempDir()
    healthyProject(root)
    let r = await runCli(['phase', 'next', '--project-dir', root, '--json'])
    expect(r.json()).to.deep.include({from: 'inception', to: 'architecture', forced: false})
    r = await runCli(['phase', 'set', 'verification', '--project-dir', root])
    expect(r.code).to.equal(1)
    expect(r.stderr).to.contain('[implementation] changes committed')
    r = await runCli(['phase', 'set', 'verification', '--force', '--project-dir', root])
    expect(r.code).to.equal(0)
    expect(readFileSync(path.join(root, 'scaffold.yml'), 'utf8')).to.match(/^aee_phase: verification$/m)
    r = await runCli(['phase', 'status', '--project-dir', root])
    expect(r.stdout.trim()).to.match(/^verification \(Verification\) \d+%$/)
    r = await runCli(['phase', 'list', '--project-dir', root, '--json'])
    const list = r.json<{current: string; phases: {phase: string}[]}>()
    expect(list.current).to.equal('verification')
    expect(list.phases.map((p) => p.phase)).to.deep.equal(['inception', 'architecture', 'requirements', 'test_spec', 'implementation', 'verification', 'release'])
    r = await runCli(['phase', '--project-dir', root, '--json'])
    expect(r.json<{phase: string; checklist: unknown[]}>().checklist.length).to.be.greaterThan(0)
  })

  it('workspace init, audit (exit 1 when a project fails) and export', async () => {
    const dir = makeTempDir()
    healthyProject(path.join(dir, 'api'))
    healthyProject(path.join(dir, 'web'))
    let r = await runCli(['workspace', 'init', 'platform', 'api', 'web', '--dir', dir])
    expect(r.code, r.stderr).to.equal(0)
    expect(readFileSync(path.join(dir, 'workspace.yml'), 'utf8')).to.contain('name: "platform"')
    r = await runCli(['workspace', 'audit', '--dir', dir, '--json'])
    expect(r.code).to.equal(0)
    expect(r.json<{healthy: boolean; projects: {path: string}[]}>().projects.map((p) => p.path)).to.deep.equal(['api', 'web'])
    write(path.join(dir, 'web'), 'docs/REQUIREMENTS.md', '# R\n\n## REQ-009. New\n- **Status:** approved\n')
    r = await runCli(['workspace', 'audit', '--dir', dir])
    expect(r.code).to.equal(1)
    r = await runCli(['workspace', 'export', '--dir', dir, '--output', path.join(dir, 'report.md')])
    expect(r.code).to.equal(0)
    const report = readFileSync(path.join(dir, 'report.md'), 'utf8')
    expect(report).to.contain('# Workspace report: platform')
    expect(report).to.contain('## Compliance report: demo')
    expect((await runCli(['workspace', 'init', 'platform', 'nowhere', '--dir', dir, '--force'])).code).to.equal(2)
  })

  it('export prints the report or writes it with --output', async () => {
    const root = makeTempDir()
    healthyProject(root)
    let r = await runCli(['export', '--project-dir', root])
    expect(r.code).to.equal(0)
    expect(r.stdout).to.contain('## Requirement-to-test matrix')
    r = await runCli(['export', '--project-dir', root, '--output', path.join(root, 'docs/compliance-report.md'), '--json'])
    expect(r.json<{output: string}>().output).to.equal(path.join(root, 'docs/compliance-report.md'))
    expect(readFileSync(path.join(root, 'docs/compliance-report.md'), 'utf8')).to.contain('Coverage: 2 of 2')
  })

  it('audit --fix writes the missing governance files and CI config, then re-audits', async () => {
    const root = makeTempDir()
    write(root, 'scaffold.yml', 'name: fixme\ntype: generic\nvcs_platform: github\n')
    const r = await runCli(['audit', '--fix', '--project-dir', root, '--json'])
    const report = r.json<{healthy: boolean; fixed: string[]; issues: {check: string}[]}>()
    expect(report.fixed).to.include.members(['AGENTS.md', 'LEDGER.md'])
    expect(report.fixed.some((f) => f.startsWith('.github/workflows/'))).to.equal(true)
    expect(report.issues.map((i) => i.check)).not.to.include.members(['agents', 'ledger', 'ci-config'])
    expect(existsSync(path.join(root, 'AGENTS.md'))).to.equal(true)
  })
})
