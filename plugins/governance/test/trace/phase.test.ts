import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {buildCheckpoint, renderCheckpoint, workItemOf} from '../../src/lib/trace/checkpoint.js'
import {appendLedgerEntry, ledgerParseStats} from '../../src/lib/trace/ledger.js'
import {changePhase, currentPhase, parsePhase, phaseChecklists, phaseStatus} from '../../src/lib/trace/phase.js'
import {syncDerivedCache} from '../../src/lib/trace/sync.js'
import {healthyProject, write} from './helpers.js'

function gitInit(root: string): void {
  const env = {...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid'}
  execFileSync('git', ['init', '-q'], {cwd: root, env})
  execFileSync('git', ['add', '-A'], {cwd: root, env})
  execFileSync('git', ['commit', '-q', '-m', 'first'], {cwd: root, env})
}

describe('trace: phases and checkpoint', () => {
  after(cleanupTempDirs)

  it('computes each phase checklist from the project', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    let lists = await phaseChecklists(ctx)
    expect(lists.inception.every((i) => i.ok)).to.equal(true)
    expect(lists.architecture.every((i) => i.ok)).to.equal(true)
    expect(lists.requirements.every((i) => i.ok)).to.equal(true)
    expect(lists.test_spec.every((i) => i.ok)).to.equal(true)
    expect(lists.implementation.filter((i) => !i.ok).map((i) => i.item)).to.deep.equal(['source code present', 'changes committed', 'ledger records the work'])

    write(root, 'src/main.py', 'print(1)\n')
    await appendLedgerEntry(ctx, {description: 'Implement core', type: 'feature', author: 'a', reqs: ['REQ-CORE-001']})
    gitInit(root)
    lists = await phaseChecklists(ctx)
    expect(lists.implementation.every((i) => i.ok)).to.equal(true)
    expect(lists.verification.filter((i) => !i.ok).map((i) => i.item)).to.deep.equal(['trace vault sealed: derived cache in sync'])
    await syncDerivedCache(ctx)
    lists = await phaseChecklists(ctx)
    expect(lists.verification.every((i) => i.ok)).to.equal(true)
    expect(phaseStatus('release', lists)).to.deep.include({readiness_pct: 0, next: null, index: 7})

    write(root, 'docs/REQUIREMENTS.md', '# R\n\n## REQ-001. Only draft\n- **Status:** draft\n')
    lists = await phaseChecklists(ctx)
    expect(lists.requirements.find((i) => i.item.startsWith('equilibrium'))!.ok).to.equal(false)
    expect(lists.test_spec.find((i) => i.item.includes('80%'))!.detail).to.equal('0 of 0 P1 requirements covered (0%): no requirement in docs/REQUIREMENTS.md has field Priority P1')
    expect(lists.requirements.find((i) => i.item.startsWith('equilibrium'))!.detail).to.match(/^1 draft: field Status of REQ-001 \(first at docs\/REQUIREMENTS\.md:3\)$/)
  })

  it('every failing item names the file and the section or field it wants', async () => {
    const root = makeTempDir()
    write(root, 'scaffold.yml', 'name: bare\ntype: python\n')
    const ctx = new ProjectContext(root)
    let lists = await phaseChecklists(ctx)
    const failing = Object.values(lists).flat().filter((i) => !i.ok)
    expect(failing.length).to.be.greaterThan(10)
    for (const f of failing) {
      expect(f.wants, f.item).to.not.equal('')
      // a file-based item names its file in the detail; git-based ones name git
      if (f.file) expect(f.detail, f.item).to.contain(f.file)
      else expect(f.detail, f.item).to.match(/git|source file/)
    }
    const decisions = lists.architecture.find((i) => i.item === 'decisions sealed')!
    expect(decisions).to.deep.include({file: 'docs/architecture.md', wants: 'section "Decisions"'})

    // the document `architect` writes has components but no decisions: the item says which section is missing where
    write(root, 'docs/ARCHITECTURE.md', '# Architecture\n\n## Components\n\n### calc\n\n## Decisions\n\nnone yet\n')
    lists = await phaseChecklists(ctx)
    expect(lists.architecture.find((i) => i.item === 'components named')!.ok).to.equal(true)
    expect(lists.architecture.find((i) => i.item === 'decisions sealed')!.detail).to.equal(
      'docs/ARCHITECTURE.md: the "Decisions" section has no entry; add one, e.g. "- Store state as JSON files: no database to run"',
    )
    write(root, 'docs/REQUIREMENTS.md', '# R\n\n## REQ-CALC-001. Sum\n- **Status:** approved\n- **Priority:** P1\n- **Description:** adds\n')
    write(root, 'docs/TESTS.md', '# T\n\n### TEST-CALC-001. Sum\n- **Covers:** REQ-CALC-009\n')
    lists = await phaseChecklists(ctx)
    expect(lists.test_spec.find((i) => i.item.includes('80%'))!.detail).to.equal('0 of 1 P1 requirements covered (0%): no test in docs/TESTS.md names REQ-CALC-001 in its "Covers" field')
    expect(lists.test_spec.find((i) => i.item.includes('unknown'))!.detail).to.match(/^1 orphan reference\(s\): docs\/TESTS\.md:\d+: TEST-CALC-001 covers REQ-CALC-009, which is not a requirement \(field Covers; fix the id or add the requirement to docs\/REQUIREMENTS\.md\)$/)
  })

  it('next and set refuse with the failing items unless forced, and keep scaffold.yml comments', async () => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    expect(await currentPhase(ctx)).to.equal('inception')
    let change = await changePhase(ctx, 'next')
    expect(change).to.deep.include({from: 'inception', to: 'architecture', forced: false})
    change = await changePhase(ctx, 'next')
    change = await changePhase(ctx, 'next')
    expect(change.to).to.equal('test_spec')
    expect((await changePhase(ctx, 'next')).to).to.equal('implementation')
    const error = await changePhase(ctx, 'next').then(() => undefined, (e: Error & {code?: string}) => e)
    expect(error?.message).to.contain('Cannot move to Verification')
    expect(error?.message).to.contain('[implementation] source code present')
    expect(await currentPhase(ctx)).to.equal('implementation')
    write(root, 'docs/TESTS.md', '# T\n')
    const refused = await changePhase(ctx, parsePhase('release')).then(() => undefined, (e: Error) => e)
    expect(refused?.message).to.contain('at least 80% of P1 requirements covered')
    change = await changePhase(ctx, 'release', {force: true})
    expect(change.forced).to.equal(true)
    expect(change.failing.length).to.be.greaterThan(0)
    const text = readFileSync(path.join(root, 'scaffold.yml'), 'utf8')
    expect(text).to.contain('# project scaffold')
    expect(text).to.match(/^aee_phase: release$/m)
    expect(await changePhase(ctx, 'next', {force: true}).then(() => 'moved', (e: Error) => e.message)).to.contain('last phase')
    expect(() => parsePhase('shipping')).to.throw('Unknown phase')
    expect(parsePhase('Test-Spec')).to.equal('test_spec')
  })

  it('a malformed scaffold.yml is an error naming file and line', async () => {
    const root = makeTempDir()
    write(root, 'scaffold.yml', 'name: x\naee_phase: finished\n')
    const error = await currentPhase(new ProjectContext(root)).then(() => undefined, (e: Error & {line?: number; file?: string}) => e)
    expect(error?.message).to.match(/^scaffold\.yml:2: field 'aee_phase'/)
    expect(error?.line).to.equal(2)
  })

  it('checkpoint has the 14 keys and never fails, even for a directory that does not exist', async () => {
    const empty = await buildCheckpoint(new ProjectContext(path.join(makeTempDir(), 'nope')), {now: new Date('2025-06-01T10:00:00.123Z')})
    expect(Object.keys(empty).sort()).to.deep.equal(
      ['anchor', 'audit_failed', 'esdb_chain_valid', 'esdb_records', 'health', 'last_preflight', 'phase', 'phase_label', 'phase_pct', 'project', 'recent_wis', 'req_count', 'test_count', 'ts'].sort(),
    )
    expect(empty).to.deep.include({anchor: 'GOVTOOL-ANCHOR-20250601T100000Z', phase: 'inception', req_count: 0, esdb_records: 0, esdb_chain_valid: true, last_preflight: null})

    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    for (const wi of ['WI-aaaaaaaaaaaa', 'WI-bbbbbbbbbbbb', 'WI-aaaaaaaaaaaa', 'WI-cccccccccccc', 'WI-dddddddddddd']) {
      await appendLedgerEntry(ctx, {description: `Preflight for ${wi}`, type: 'preflight', author: 'govtool', reqs: ['REQ-CORE-001'], fields: {'Work item': wi}})
    }
    await appendLedgerEntry(ctx, {description: 'Plain task', type: 'task', author: 'a'})
    // the entries, the parse findings, the chain and the phase checklists share one parse of LEDGER.md
    const parses = ledgerParseStats.parses
    const cp = await buildCheckpoint(ctx)
    expect(ledgerParseStats.parses - parses, 'LEDGER.md parses').to.equal(1)
    expect(cp).to.deep.include({project: 'demo', phase: 'inception', phase_pct: 100, health: 'healthy', audit_failed: 0, req_count: 2, test_count: 2})
    expect(cp.recent_wis).to.deep.equal(['WI-dddddddddddd', 'WI-cccccccccccc', 'WI-aaaaaaaaaaaa'])
    expect(cp.last_preflight).to.deep.include({work_item_id: 'WI-dddddddddddd', reqs: ['REQ-CORE-001']})
    const text = renderCheckpoint(cp)
    expect(text).to.contain(cp.anchor)
    expect(text).to.contain('Inception (inception), 100% ready')
    expect(workItemOf({fields: {}, description: 'work WI-0123456789ab done'})).to.equal('WI-0123456789ab')
  })
})
