import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {builtinRegistry, loadGovernanceModel} from '../../src/lib/trace/index.js'
import {migrateProject, parseScaffold} from '../../src/lib/scaffold/index.js'
import {snapshot, writeTree} from './helpers.js'

/** A project as the older Python tool left it: root-level REQUIREMENTS.md / TESTS.md and .specsmith/ state. */
export function makeLegacyProject(root: string): void {
  writeTree(root, {
    'scaffold.yml': 'name: legacy\ntype: python\nvcs_platform: github\n',
    'AGENTS.md': '# Agents\n',
    'LEDGER.md': '# Change Ledger\n',
    'REQUIREMENTS.md': '# Requirements\n\n## REQ-CLI-001\n- **Status**: Accepted\n- **Description**: The CLI prints help.\n',
    'TESTS.md': '# Tests\n\n### TEST-CLI-001 help\n- **Covers**: REQ-CLI-001\n',
    '.specsmith/requirements.json': '[]\n',
    '.specsmith/testcases.json': '[]\n',
    '.specsmith/esdb/wal.jsonl': '',
    'src/legacy/__init__.py': '',
  })
}

describe('migrate-project (library)', () => {
  after(cleanupTempDirs)

  it('--dry-run on an older Python-tool project lists every step and writes nothing', async () => {
    const root = makeTempDir()
    makeLegacyProject(root)
    const before = snapshot(root)
    const result = await migrateProject(new ProjectContext(root), {dryRun: true, registry: builtinRegistry()})
    expect(snapshot(root)).to.deep.equal(before)
    expect(result.applied).to.equal(false)
    expect(result.up_to_date).to.equal(false)
    const steps = result.steps.map((s) => `${s.action} ${s.from ?? ''} ${s.to ?? ''} ${s.status}`.replaceAll(/\s+/g, ' ').trim())
    expect(steps).to.include.members([
      'move REQUIREMENTS.md docs/REQUIREMENTS.md pending',
      'move TESTS.md docs/TESTS.md pending',
      'move .specsmith/requirements.json .govtool/requirements.json pending',
      'move .specsmith/testcases.json .govtool/testcases.json pending',
      'move .specsmith/esdb .govtool/esdb pending',
      'remove-dir .specsmith/ pending',
      'update-scaffold scaffold.yml pending',
      'create docs/governance/workflow.md pending',
      'create docs/governance/safety.md pending',
      'ledger LEDGER.md pending',
    ])
    expect(steps.some((s) => s.startsWith('create docs/REQUIREMENTS.md'))).to.equal(false)
  })

  it('applied: files move with their content, scaffold.yml is completed, the ledger records it; a re-run has nothing to do', async () => {
    const root = makeTempDir()
    makeLegacyProject(root)
    const ctx = new ProjectContext(root)
    const requirements = readFileSync(path.join(root, 'REQUIREMENTS.md'), 'utf8')
    const result = await migrateProject(ctx, {registry: builtinRegistry()})
    expect(result.applied).to.equal(true)
    expect(result.steps.every((s) => s.status === 'done')).to.equal(true)
    expect(readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8')).to.equal(requirements)
    expect(existsSync(path.join(root, 'REQUIREMENTS.md'))).to.equal(false)
    expect(existsSync(path.join(root, '.specsmith'))).to.equal(false)
    expect(existsSync(path.join(root, '.govtool/esdb/wal.jsonl'))).to.equal(true)
    const scaffold = readFileSync(path.join(root, 'scaffold.yml'), 'utf8')
    expect(parseScaffold(scaffold, 'scaffold.yml').scaffold).to.include({spec_version: '0.1.0', aee_phase: 'inception', name: 'legacy'})
    expect(readFileSync(path.join(root, 'LEDGER.md'), 'utf8')).to.match(/Migrated the project layout to govtool \(5 moved, 4 created, scaffold\.yml completed\)/)
    const model = await loadGovernanceModel(ctx)
    expect(model.requirements.map((r) => r.id)).to.deep.equal(['REQ-CLI-001'])
    expect(model.tests[0].covers).to.deep.equal(['REQ-CLI-001'])

    const again = await migrateProject(ctx, {registry: builtinRegistry()})
    expect(again).to.deep.equal({steps: [], applied: false, up_to_date: true})
  })

  it('never overwrites: a conflict becomes a skipped step and the legacy file stays', async () => {
    const root = makeTempDir()
    makeLegacyProject(root)
    writeTree(root, {'docs/TESTS.md': '# newer tests\n', '.govtool/requirements.json': '[1]\n'})
    const result = await migrateProject(new ProjectContext(root), {registry: builtinRegistry()})
    const skipped = result.steps.filter((s) => s.status === 'skipped').map((s) => s.from)
    expect(skipped).to.deep.equal(['TESTS.md', '.specsmith/requirements.json'])
    expect(readFileSync(path.join(root, 'docs/TESTS.md'), 'utf8')).to.equal('# newer tests\n')
    expect(readFileSync(path.join(root, '.govtool/requirements.json'), 'utf8')).to.equal('[1]\n')
    expect(existsSync(path.join(root, '.specsmith/requirements.json'))).to.equal(true)
    expect(result.steps.some((s) => s.action === 'remove-dir')).to.equal(false)
  })

  it('creates scaffold.yml from detection when the project has none', async () => {
    const root = makeTempDir()
    writeTree(root, {'Cargo.toml': '[package]\nname = "r"\n', 'src/main.rs': 'fn main() {}\n'})
    const result = await migrateProject(new ProjectContext(root), {registry: builtinRegistry()})
    expect(result.steps[0]).to.include({action: 'create', to: 'scaffold.yml', status: 'done'})
    expect(readFileSync(path.join(root, 'scaffold.yml'), 'utf8')).to.match(/^type: rust$/m)
  })
})
