import {mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {AUDIT_THRESHOLD_DEFAULTS, AuditThresholdsSchema, auditThresholds} from '../../src/lib/trace/findings.js'
import {changePhase, currentPhase} from '../../src/lib/trace/phase.js'
import {orphanReferences, requirementGaps} from '../../src/lib/trace/reports.js'
import {expectSameThroughSummary, healthyProject, projectWithFindings, sameSizeEdit, summaryOnWithoutRacyRule, write} from './helpers.js'

// issue 14, start-up twelfth pass: `req gaps` and `req orphans` read their report from a record kept under the model
// summary's key, and `phase next` / `phase set` their checklists from the model summary; each answers exactly what the
// full path (the model loaded) answers, whatever happened to the files.
describe('trace: req gaps, req orphans and phase changes through the model summary', () => {
  summaryOnWithoutRacyRule()
  after(cleanupTempDirs)

  const reqs = (root: string) => path.join(root, 'docs/REQUIREMENTS.md')
  const tests = (root: string) => path.join(root, 'docs/TESTS.md')

  /** A finding of every kind the model gives: uncovered, orphan Covers, a duplicate id, odd statuses and priority, a draft. */
  const project = (): string => {
    const root = makeTempDir()
    projectWithFindings(root, 'Undescribed', 'REQ-CORE-099')
    write(root, 'docs/architecture.md', '# Architecture\n\n- core: serves REQ-CORE-404\n')
    // at implementation: a phase change checks the checklists of the four phases before it
    write(root, 'scaffold.yml', readFileSync(path.join(root, 'scaffold.yml'), 'utf8').replace('aee_phase: inception', 'aee_phase: implementation'))
    mkdirSync(path.join(root, '.govtool'), {recursive: true})
    return root
  }

  type Answer = [{gaps: {id: string}[]; issues: {check: string}[]}, {orphans: {test: string; requirement: string}[]; issues: {check: string}[]}, unknown]
  /** gaps, orphans and a phase change to the current phase (no write: its failing items, or its refusal) */
  const answer = async (root: string) => {
    const ctx = new ProjectContext(root)
    const phase = await changePhase(ctx, await currentPhase(ctx)).then(
      (r) => r,
      (error: Error) => error.message,
    )
    return JSON.stringify([await requirementGaps(ctx), await orphanReferences(ctx), phase], null, 2)
  }
  const expectSame = (root: string, computed: number) => expectSameThroughSummary<Answer>(() => answer(root), computed)
  const kept = (root: string) => readdirSync(path.join(root, '.govtool', 'cache')).filter((n) => /^model-(gaps|orphans)-/.test(n)).sort()

  it('answers what the full path answers, from the kept records once written', async () => {
    const root = project()
    // the phase change's checklists, the gaps' and the orphans' records: three computed, then none
    const [gaps, orphans, phase] = await expectSame(root, 3)
    expect(phase).to.be.a('string').and.include('prerequisite')
    expect(gaps.gaps.map((g) => g.id)).to.include('REQ-CORE-008')
    expect(orphans.orphans.map((o) => `${o.test}>${o.requirement}`)).to.deep.equal(['TEST-CORE-099>REQ-CORE-099'])
    expect([...new Set(gaps.issues.map((i) => i.check))]).to.include.members(['parse', 'coverage'])
    expect(kept(root)).to.have.length(2)
    await expectSame(root, 0)
  })

  it('is not used after an edit of REQUIREMENTS.md, a same-size edit of TESTS.md with the mtime put back, or a phase written', async () => {
    const root = project()
    await expectSame(root, 3)
    write(root, 'docs/REQUIREMENTS.md', readFileSync(reqs(root), 'utf8') + '\n### REQ-CORE-010: More\n- **Status:** implemented\n- **Priority:** P2\n- **Description:** More.\n')
    const [added] = await expectSame(root, 3)
    expect(added.gaps.map((g) => g.id)).to.include('REQ-CORE-010')
    await expectSame(root, 0)
    sameSizeEdit(tests(root), '- **Covers:** REQ-CORE-002', '- **Covers:** REQ-CORE-008')
    const [moved] = await expectSame(root, 3)
    expect(moved.gaps.map((g) => g.id)).to.include('REQ-CORE-002').and.not.include('REQ-CORE-008')
    // the orphan fixed with its id's length kept: REQ-CORE-099 -> REQ-CORE-009
    sameSizeEdit(tests(root), '- **Covers:** REQ-CORE-099', '- **Covers:** REQ-CORE-009')
    const [, fixed] = await expectSame(root, 3)
    expect(fixed.orphans).to.deep.equal([])
    // a forced phase change writes scaffold.yml, which is in the key
    await changePhase(new ProjectContext(root), 'requirements', {force: true})
    await expectSame(root, 3)
  })

  it('a forged record (a symlink or another key) is never believed', async () => {
    const root = project()
    await expectSame(root, 3)
    const file = path.join(root, '.govtool', 'cache', kept(root)[0])
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {key: string; summary: {report: {gaps: unknown[]}}}
    stored.summary.report.gaps = []
    stored.key = stored.key.replace('REQUIREMENTS', 'REQUIREMENTZ')
    writeFileSync(file, JSON.stringify(stored))
    const [gaps] = await expectSame(root, 1)
    expect(gaps.gaps).to.not.deep.equal([])
  })

  it('audit\'s default limits are the schema\'s defaults', async () => {
    expect(AuditThresholdsSchema.parse({})).to.deep.equal(AUDIT_THRESHOLD_DEFAULTS)
    const root = makeTempDir()
    healthyProject(root)
    expect(await auditThresholds(new ProjectContext(root))).to.deep.equal(AuditThresholdsSchema.parse({}))
  })

  it('the CLI prints the same with the kept records as with GOVTOOL_NO_MODEL_SUMMARY=1', async function () {
    this.timeout(90_000)
    const root = project()
    const env = isolatedEnv(makeTempDir())
    await new Promise((resolve) => setTimeout(resolve, 2100))
    for (const args of [['req', 'gaps', '--json'], ['req', 'gaps'], ['req', 'orphans', '--json'], ['req', 'orphans'], ['phase', 'set', 'implementation', '--json'], ['phase', 'next']]) {
      const run = (extra: NodeJS.ProcessEnv) => runCli([...args, '--project-dir', root], {env: {...env, ...extra}})
      const full = await run({GOVTOOL_NO_MODEL_SUMMARY: '1'})
      const first = await run({})
      const again = await run({})
      expect(full.code, full.stdout + full.stderr).to.equal(1)
      for (const r of [first, again]) expect({code: r.code, stdout: r.stdout, stderr: r.stderr}).to.deep.equal({code: full.code, stdout: full.stdout, stderr: full.stderr})
    }
    expect(kept(root)).to.have.length(2)
  })
})
