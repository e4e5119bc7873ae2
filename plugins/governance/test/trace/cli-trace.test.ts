import {existsSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir, runCli} from 'govtool/testing'

import {formatTestCase} from '../../src/lib/trace/format.js'
import {appendLedgerEntry} from '../../src/lib/trace/ledger.js'
import {healthyProject, write} from './helpers.js'

const NO_STACK = /\n\s+at .+:\d+:\d+/

describe('trace: req, sync, audit, compress (end to end)', () => {
  after(cleanupTempDirs)

  it('round trip: req add -> gaps -> a test is added -> audit healthy', async () => {
    const root = makeTempDir()
    healthyProject(root)
    let r = await runCli(['req', 'add', 'REQ-CLI-001', '--component', 'cli', '--priority', 'P1', '--description', 'The CLI prints its version.', '--project-dir', root, '--json'])
    expect(r.code, r.stderr).to.equal(0)
    expect(r.json<{requirement: {id: string; file: string; line: number; priority: string}}>().requirement).to.deep.include({id: 'REQ-CLI-001', file: 'docs/REQUIREMENTS.md', priority: 'P1'})
    expect(readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8')).to.contain('## REQ-CLI-001. The CLI prints its version\n- **ID:** REQ-CLI-001\n')

    r = await runCli(['req', 'gaps', '--project-dir', root, '--json'])
    expect(r.json<{gaps: {id: string}[]}>().gaps.map((g) => g.id)).to.deep.equal(['REQ-CLI-001'])
    r = await runCli(['audit', '--project-dir', root])
    expect(r.code).to.equal(1)
    expect(r.stdout).to.contain('REQ-CLI-001 is not covered by any test')

    const tests = path.join(root, 'docs/TESTS.md')
    writeFileSync(tests, readFileSync(tests, 'utf8') + '\n' + formatTestCase({id: 'TEST-CLI-001', title: 'Version', covers: ['REQ-CLI-001']}))
    r = await runCli(['req', 'gaps', '--project-dir', root])
    expect(r.stdout).to.contain('No gaps')
    r = await runCli(['audit', '--project-dir', root, '--json'])
    expect(r.code, r.stdout).to.equal(0)
    expect(r.json()).to.deep.equal({healthy: true, issues: []})
    r = await runCli(['req', 'trace', '--project-dir', root, '--json'])
    expect(r.json<{percent: number; matrix: {requirement: string; tests: string[]}[]}>()).to.deep.include({percent: 100})
    expect(r.json<{matrix: {requirement: string; tests: string[]}[]}>().matrix.find((m) => m.requirement === 'REQ-CLI-001')!.tests).to.deep.equal(['TEST-CLI-001'])
  })

  it('req add refuses a duplicate (exit 1) and a malformed id (exit 2) without a stack trace', async () => {
    const root = makeTempDir()
    healthyProject(root)
    let r = await runCli(['req', 'add', 'REQ-CORE-001', '--project-dir', root])
    expect(r.code).to.equal(1)
    expect(r.stderr).to.contain('REQ-CORE-001 already exists (docs/REQUIREMENTS.md:3)')
    r = await runCli(['req', 'add', 'req-7', '--project-dir', root, '--json'])
    expect(r.code).to.equal(2)
    expect(r.json<{error: {code: string}}>().error.code).to.equal('E_BAD_REQ_ID')
    expect(r.stderr + r.stdout).not.to.match(NO_STACK)
  })

  it('sync writes the derived cache; sync --check detects a hand edit and writes nothing', async () => {
    const root = makeTempDir()
    healthyProject(root)
    let r = await runCli(['sync', '--project-dir', root, '--check'])
    expect(r.code).to.equal(1)
    expect(existsSync(path.join(root, '.govtool/requirements.json'))).to.equal(false)
    r = await runCli(['sync', '--project-dir', root, '--json'])
    expect(r.code).to.equal(0)
    expect(r.json()).to.deep.include({in_sync: false, written: ['.govtool/requirements.json', '.govtool/testcases.json'], requirements: 2, tests: 2})
    const cache = JSON.parse(readFileSync(path.join(root, '.govtool/requirements.json'), 'utf8')) as {id: string}[]
    expect(cache.map((c) => c.id)).to.deep.equal(['REQ-CORE-001', 'REQ-CORE-002'])
    r = await runCli(['sync', '--project-dir', root, '--check', '--json'])
    expect(r.code).to.equal(0)
    expect(r.json()).to.deep.include({in_sync: true})

    const reqs = path.join(root, 'docs/REQUIREMENTS.md')
    writeFileSync(reqs, readFileSync(reqs, 'utf8').replace('The system does thing 2.', 'The system does thing 2 quickly.'))
    const snapshot = (dir: string) => readdirSync(dir, {recursive: true}).map(String).sort().map((f) => `${f}:${statSync(path.join(dir, f)).mtimeMs}`)
    const before = snapshot(path.join(root, '.govtool'))
    r = await runCli(['sync', '--project-dir', root, '--check'])
    expect(r.code).to.equal(1)
    expect(r.stdout).to.contain('Out of sync: .govtool/requirements.json')
    expect(snapshot(path.join(root, '.govtool'))).to.deep.equal(before)
    expect((await runCli(['sync', '--project-dir', root])).code).to.equal(0)
    expect((await runCli(['sync', '--project-dir', root, '--check'])).code).to.equal(0)
  })

  it('compress on a 600-line ledger loses nothing and the chain still verifies', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    for (let i = 0; i < 90; i++) await appendLedgerEntry(ctx, {description: `Entry ${i}`, type: 'fix', author: 'a'})
    const ledger = path.join(root, 'LEDGER.md')
    expect(readFileSync(ledger, 'utf8').split('\n').length).to.be.greaterThan(600)
    let r = await runCli(['audit', '--project-dir', root, '--json'])
    expect(r.json<{issues: {check: string}[]}>().issues.map((i) => i.check)).to.deep.equal(['ledger-size'])
    r = await runCli(['compress', '--project-dir', root, '--json'])
    expect(r.code).to.equal(0)
    expect(r.json()).to.deep.include({compressed: true, moved: 80, kept: 10})
    const heads = (file: string) => readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('## ')).map((l) => l.split(' — ')[1])
    expect([...heads(path.join(root, 'docs/ledger-archive.md')), ...heads(ledger)]).to.deep.equal(Array.from({length: 90}, (_, i) => `Entry ${i}`))
    r = await runCli(['audit', '--project-dir', root, '--json'])
    expect(r.code).to.equal(0)
  })

  it('malformed REQUIREMENTS.md, TESTS.md and scaffold.yml give errors with file and line, no stack trace', async () => {
    const root = makeTempDir()
    healthyProject(root)
    write(root, 'docs/REQUIREMENTS.md', '# R\n\n## REQ-001. Fine\n- **Status:** approved\n\n## REQ-0x1. Broken\n')
    let r = await runCli(['req', 'list', '--project-dir', root])
    expect(r.code).to.equal(1)
    expect(r.stderr).to.contain('docs/REQUIREMENTS.md:6: malformed requirement id "REQ-0x1"')
    expect(r.stderr).not.to.match(NO_STACK)

    write(root, 'docs/REQUIREMENTS.md', '# R\n\n## REQ-001. Fine\n- **Status:** approved\n')
    write(root, 'docs/TESTS.md', '# T\n\n### TEST-001\n- **Covers:** REQ-001\n\n### TEST-002\n- **Covers:** REQ-01b\n')
    r = await runCli(['sync', '--project-dir', root, '--json'])
    expect(r.code).to.equal(1)
    expect(r.json<{error: {file: string; line: number; message: string}}>().error).to.deep.include({file: 'docs/TESTS.md', line: 7})
    r = await runCli(['audit', '--project-dir', root])
    expect(r.code).to.equal(1)
    expect(r.stdout).to.contain('docs/TESTS.md:7: TEST-002: malformed requirement id "REQ-01b"')

    write(root, 'scaffold.yml', 'name: demo\ntype: generic\naee_phase: shipping\n')
    r = await runCli(['phase', 'show', '--project-dir', root])
    expect(r.code).to.equal(1)
    expect(r.stderr).to.match(/scaffold\.yml:3: field 'aee_phase'/)
    expect(r.stderr).not.to.match(NO_STACK)
    r = await runCli(['validate', '--project-dir', root, '--json'])
    expect(r.code).to.equal(1)
    expect(r.json<{issues: {file: string; line: number}[]}>().issues).to.deep.include.members([{check: 'scaffold', severity: 'error', file: 'scaffold.yml', line: 3, message: r.json<{issues: {message: string}[]}>().issues[0].message, hint: "Correct 'aee_phase' in scaffold.yml."}])
    write(root, 'scaffold.yml', 'name: demo\n  type: [generic\n')
    r = await runCli(['phase', 'status', '--project-dir', root])
    expect(r.code).to.equal(1)
    expect(r.stderr).to.match(/scaffold\.yml:\d+: invalid YAML/)
  })
})
