import {readFileSync, rmSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {expectedCiTools, runAudit} from '../../src/lib/trace/audit.js'
import {buildExportReport} from '../../src/lib/trace/export.js'
import {appendLedgerEntry} from '../../src/lib/trace/ledger.js'
import {builtinRegistry} from '../../src/lib/trace/project.js'
import {validateProject} from '../../src/lib/trace/validate.js'
import {healthyProject, write} from './helpers.js'

function checks(report: {issues: {check: string}[]}): string[] {
  return report.issues.map((i) => i.check)
}

describe('trace: audit, validate and export', () => {
  after(cleanupTempDirs)

  it('a complete project is healthy', async () => {
    const root = makeTempDir()
    healthyProject(root)
    await appendLedgerEntry(new ProjectContext(root), {description: 'Start', type: 'task', author: 'a'})
    const report = await runAudit(new ProjectContext(root))
    expect(report.issues).to.deep.equal([])
    expect(report.healthy).to.equal(true)
  })

  it('reports each failed check with file, line and hint', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    write(root, 'AGENTS.md', Array.from({length: 230}, (_, i) => `line ${i}`).join('\n') + '\n')
    rmSync(path.join(root, 'docs/governance'), {recursive: true})
    write(root, 'docs/REQUIREMENTS.md', readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8') + '\n## REQ-CORE-009. Uncovered\n- **Status:** approved\n\n## REQ-CORE-010. Drafted\n- **Status:** Draft\n')
    write(root, 'LEDGER.md', '# Change Ledger\n' + Array.from({length: 25}, (_, i) => `- [ ] todo ${i}`).join('\n') + '\n' + '\n'.repeat(480))
    write(root, '.github/workflows/ci.yml', 'name: CI\n')
    const report = await runAudit(ctx)
    expect(report.healthy).to.equal(false)
    expect(checks(report)).to.deep.equal(['agents-modular', 'coverage', 'ledger-size', 'ledger-todos', 'ci-config'])
    const coverage = report.issues.find((i) => i.check === 'coverage')!
    expect(coverage).to.deep.include({file: 'docs/REQUIREMENTS.md', severity: 'error', message: 'REQ-CORE-009 is not covered by any test'})
    expect(coverage.line).to.equal(readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8').split('\n').indexOf('## REQ-CORE-009. Uncovered') + 1)
    expect(coverage.hint).to.contain('Covers:** REQ-CORE-009')
    expect(report.issues.find((i) => i.check === 'agents-modular')).to.deep.include({file: 'AGENTS.md', line: 201})
    expect(report.issues.find((i) => i.check === 'ci-config')!.message).to.contain('govtool audit')
    for (const issue of report.issues) expect(issue.hint.length).to.be.greaterThan(10)
  })

  it('reports missing files, governance size, a broken chain and parse problems', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    await appendLedgerEntry(ctx, {description: 'One', type: 'task', author: 'a'})
    await appendLedgerEntry(ctx, {description: 'Two', type: 'task', author: 'a'})
    const ledger = path.join(root, 'LEDGER.md')
    write(root, 'LEDGER.md', readFileSync(ledger, 'utf8').replace('— One', '— Uno'))
    write(root, 'docs/governance/huge.md', 'x\n'.repeat(301))
    write(root, 'docs/TESTS.md', '# T\n\n### TEST-1\n- **Covers:** REQ-CORE-001, REQ-CORE-002, REQ-NOPE-1\n')
    rmSync(path.join(root, 'AGENTS.md'))
    const report = await runAudit(ctx)
    expect(checks(report)).to.deep.equal(['agents', 'orphans', 'ledger-chain', 'governance-size'])
    expect(report.issues.find((i) => i.check === 'ledger-chain')).to.deep.include({file: 'LEDGER.md', line: 3})
    expect(report.issues.find((i) => i.check === 'orphans')!.severity).to.equal('error')
    write(root, 'docs/TESTS.md', '# T\n\n### TEST-1\n- **Covers:** REQ-core-1\n')
    const again = await runAudit(ctx)
    expect(again.issues.find((i) => i.check === 'parse')).to.deep.include({file: 'docs/TESTS.md', line: 4})
  })

  it('honours limits from docs/GOVTOOL.yml and reports a malformed scaffold.yml as an issue', async () => {
    const root = makeTempDir()
    healthyProject(root)
    write(root, 'docs/GOVTOOL.yml', 'audit:\n  ledger_max_lines: 1\n')
    write(root, 'scaffold.yml', 'name: demo\ntype: generic\nvcs_platform: [oops\n')
    const report = await runAudit(new ProjectContext(root))
    expect(checks(report)).to.include('ledger-size')
    const scaffold = report.issues.find((i) => i.check === 'scaffold' || i.check === 'config')!
    expect(scaffold.file).to.equal('scaffold.yml')
    expect(scaffold.line).to.be.a('number')
  })

  it('expects the CI config to run the tools of the project type', () => {
    const node = builtinRegistry().types.get('node-typescript')!
    const tools = expectedCiTools(node).map((t) => t.run)
    expect(tools).to.include.members(['npx eslint .', 'npm test', 'govtool audit'])
  })

  it('validate checks scaffold fields, AGENTS.md references, id uniqueness and architecture references', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    expect(await validateProject(ctx)).to.deep.equal({valid: true, issues: []})
    write(root, 'scaffold.yml', 'name: demo\n# comment\nbranching_strategy: waterfall\nepistemic_threshold: 3\n')
    write(root, 'AGENTS.md', '# A\n\nSee `docs/missing.md` and [rules](docs/governance/workflow.md) and [gone](docs/gone.md#x) and `govtool audit`.\nAlso `docs/governance/*.md`.\n')
    write(root, 'docs/REQUIREMENTS.md', readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8') + '\n## REQ-CORE-001. Dup\n')
    write(root, 'docs/architecture.md', '# Architecture\n\nNo references.\n')
    const report = await validateProject(ctx)
    expect(report.valid).to.equal(false)
    expect(report.issues.map((i) => `${i.check}@${i.file}:${i.line ?? '-'}`)).to.deep.equal([
      'scaffold@scaffold.yml:3',
      'scaffold@scaffold.yml:4',
      'agents-references@AGENTS.md:3',
      'agents-references@AGENTS.md:3',
      'parse@docs/REQUIREMENTS.md:' + (readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8').split('\n').indexOf('## REQ-CORE-001. Dup') + 1),
      'architecture@docs/architecture.md:-',
    ])
    expect(report.issues[2].message).to.contain('docs/missing.md')
    expect(report.issues[3].message).to.contain('docs/gone.md')
  })

  it('export writes every section of the compliance report', async () => {
    const root = makeTempDir()
    healthyProject(root, {requirements: 3})
    const report = await buildExportReport(new ProjectContext(root), {now: new Date('2025-01-02T03:04:05Z')})
    for (const heading of ['# Compliance report: demo', '## Project summary', '## Tools', '## Requirement-to-test matrix', '## Audit summary', '## Recent commits', '## File inventory']) {
      expect(report).to.contain(heading)
    }
    expect(report).to.contain('Coverage: 3 of 3 non-draft requirements covered (100%)')
    expect(report).to.contain('| REQ-CORE-002 | Feature 2 | implemented | P1 | TEST-CORE-002 | yes |')
    expect(report).to.contain('Generated 2025-01-02T03:04:05.000Z')
    expect(report).to.match(/\| \.md \| \d+ \|/)
  })
})
