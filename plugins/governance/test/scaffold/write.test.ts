import {readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {builtinRegistry} from '../../src/lib/trace/index.js'
import {renderCiConfig, writeCiConfig, writeMissingGovernanceFiles} from '../../src/lib/scaffold/index.js'
import {snapshot, writeTree} from './helpers.js'

const registry = builtinRegistry()

describe('scaffold stubs and CI config (the audit --fix contract)', () => {
  after(cleanupTempDirs)

  it('writeMissingGovernanceFiles creates only what is missing and never overwrites', async () => {
    const root = makeTempDir()
    writeTree(root, {'scaffold.yml': 'name: svc\ntype: rust\n', 'AGENTS.md': 'mine\n', 'REQUIREMENTS.md': '# legacy requirements\n'})
    const ctx = new ProjectContext(root)
    const written = await writeMissingGovernanceFiles(ctx, registry)
    expect(written.sort()).to.deep.equal([
      'LEDGER.md',
      'docs/TESTS.md',
      'docs/governance/context-budget.md',
      'docs/governance/safety.md',
      'docs/governance/verification.md',
      'docs/governance/workflow.md',
    ])
    expect(readFileSync(path.join(root, 'AGENTS.md'), 'utf8')).to.equal('mine\n')
    expect(readFileSync(path.join(root, 'LEDGER.md'), 'utf8')).to.match(/^# Change Ledger\n/)
    expect(ctx.exists('docs/REQUIREMENTS.md')).to.equal(false) // the root-level legacy file counts as present
    const before = snapshot(root)
    expect(await writeMissingGovernanceFiles(ctx, registry)).to.deep.equal([])
    expect(snapshot(root)).to.deep.equal(before)
  })

  it('works without scaffold.yml (name from the directory, type from the manifests)', async () => {
    const root = makeTempDir()
    writeTree(root, {'pyproject.toml': '[project]\nname = "p"\n'})
    const ctx = new ProjectContext(root)
    expect(await writeMissingGovernanceFiles(ctx, registry)).to.include('AGENTS.md')
    expect(readFileSync(path.join(root, 'AGENTS.md'), 'utf8')).to.contain('Type: python')
    const ci = await renderCiConfig(ctx, registry)
    expect(ci?.path).to.equal('.github/workflows/govtool.yml')
    expect(ci?.content).to.contain('ruff check .')
  })

  it("writeCiConfig writes the platform's CI, replaces its own, and keeps one the user wrote", async () => {
    const root = makeTempDir()
    writeTree(root, {'scaffold.yml': 'name: svc\ntype: python\nvcs_platform: gitlab\n'})
    const ctx = new ProjectContext(root)
    expect(await writeCiConfig(ctx, registry)).to.deep.equal(['.gitlab-ci.yml'])
    expect(await writeCiConfig(ctx, registry)).to.deep.equal([])
    const file = path.join(root, '.gitlab-ci.yml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('pytest -q', 'pytest'))
    expect(await writeCiConfig(ctx, registry)).to.deep.equal(['.gitlab-ci.yml'])
    expect(readFileSync(file, 'utf8')).to.contain('pytest -q')
    writeFileSync(file, 'test:\n  script: [make test]\n')
    expect(await writeCiConfig(ctx, registry)).to.deep.equal([])
    expect(readFileSync(file, 'utf8')).to.equal('test:\n  script: [make test]\n')
  })

  it('stubs need no integration templates (a review integration on an unsupported host does not get in the way)', async () => {
    const root = makeTempDir()
    writeTree(root, {'scaffold.yml': 'name: svc\nvcs_platform: bitbucket\nintegrations: [codity, claude-code]\n'})
    const written = await writeMissingGovernanceFiles(new ProjectContext(root), registry)
    expect(written).to.include('AGENTS.md')
    expect(written).not.to.include('CLAUDE.md')
  })

  it('no CI config for bitbucket or none', async () => {
    const root = makeTempDir()
    writeTree(root, {'scaffold.yml': 'name: svc\nvcs_platform: none\n'})
    const ctx = new ProjectContext(root)
    expect(await writeCiConfig(ctx, registry)).to.deep.equal([])
    expect(await renderCiConfig(ctx, registry)).to.equal(undefined)
  })
})
