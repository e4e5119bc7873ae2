import {execFileSync} from 'node:child_process'
import {existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {buildCheckpoint} from '../../src/lib/trace/checkpoint.js'
import {modelSummarySettings, modelSummaryStats} from '../../src/lib/trace/model-summary.js'
import {currentPhaseStatus, phaseOverview} from '../../src/lib/trace/phase.js'
import {syncDerivedCache} from '../../src/lib/trace/sync.js'
import {healthyProject, sameSizeEdit, summaryOnWithoutRacyRule, throughSummaryAndFull, write} from './helpers.js'

// issue 14, start-up tenth pass: checkpoint and phase show read the model summary when it is fresh, and answer
// exactly what the full path (the model loaded) answers, whatever happened to the files since.
describe('trace: the model summary', () => {
  summaryOnWithoutRacyRule()
  after(cleanupTempDirs)

  const now = new Date('2026-01-02T03:04:05.000Z')

  /** A project with findings: a draft, an uncovered P1, an orphan Covers, an undescribed requirement. */
  const project = (): {root: string; ctx: ProjectContext} => {
    const root = makeTempDir()
    healthyProject(root, {requirements: 6})
    write(root, 'docs/REQUIREMENTS.md', readFileSync(path.join(root, 'docs/REQUIREMENTS.md'), 'utf8') + '\n### REQ-CORE-007: Undescribed\n- **Status:** draft\n\n### REQ-CORE-008: Not covered\n- **Status:** proposed\n- **Priority:** P1\n- **Description:** Nobody tests it.\n')
    write(root, 'docs/TESTS.md', readFileSync(path.join(root, 'docs/TESTS.md'), 'utf8') + '\n### TEST-CORE-099: Orphan\n- **Covers:** REQ-CORE-099\n- **Description:** Names nothing.\n')
    mkdirSync(path.join(root, '.govtool'), {recursive: true})
    return {root, ctx: new ProjectContext(root)}
  }

  /** checkpoint, phase show and phase list through the summary and through the full path, as JSON. */
  const both = async (root: string): Promise<{summary: string; full: string}> => {
    const answer = async () => {
      const ctx = new ProjectContext(root)
      return JSON.stringify([await buildCheckpoint(ctx, {now}), await currentPhaseStatus(ctx), await phaseOverview(ctx)], null, 2)
    }
    return throughSummaryAndFull(answer)
  }
  const cacheFiles = (root: string) => readdirSync(path.join(root, '.govtool', 'cache')).filter((n) => n.startsWith('model-summary-'))
  const expectSame = async (root: string, computed: number) => {
    // a miss computes the summary and writes it, so only checkpoint, the first of the three, misses; all three
    // when it cannot be written
    const misses = modelSummaryStats.misses
    const {summary, full} = await both(root)
    expect(summary).to.equal(full)
    expect(modelSummaryStats.misses - misses, 'summaries computed').to.equal(computed)
    return JSON.parse(full) as [{req_count: number; test_count: number; health: string}, unknown, unknown]
  }

  it('answers as the full path on a project with findings, from the summary once written', async () => {
    const {root} = project()
    const [cp] = await expectSame(root, 1)
    expect(cp.req_count).to.equal(8)
    expect(cp.test_count).to.equal(7)
    expect(cp.health).to.equal('issues')
    const files = cacheFiles(root)
    expect(files).to.have.length(1)
    expect(statSync(path.join(root, '.govtool', 'cache', files[0])).mode & 0o777).to.equal(0o600)
    await expectSame(root, 0)
  })

  it('is not used after an edit, nor after an edit that keeps the size and the mtime', async () => {
    const {root} = project()
    await expectSame(root, 1)
    await expectSame(root, 0)
    const reqs = path.join(root, 'docs/REQUIREMENTS.md')
    write(root, 'docs/REQUIREMENTS.md', readFileSync(reqs, 'utf8') + '\n### REQ-CORE-009: More\n- **Status:** implemented\n- **Priority:** P2\n- **Description:** More.\n')
    const [cp] = await expectSame(root, 1)
    expect(cp.req_count).to.equal(9)
    await expectSame(root, 0)
    // P1 -> P3 of REQ-CORE-008: the same size, the mtime put back (the ctime moves: no stat-keyed cache can miss it)
    sameSizeEdit(reqs, '- **Priority:** P1\n- **Description:** Nobody', '- **Priority:** P3\n- **Description:** Nobody')
    await expectSame(root, 1)
    // the architecture document, the tests and the derived cache are sources too
    write(root, 'docs/architecture.md', '# Architecture\n\nNothing.\n')
    await expectSame(root, 1)
    write(root, 'docs/TESTS.md', readFileSync(path.join(root, 'docs/TESTS.md'), 'utf8') + '\n### TEST-CORE-010: Eight\n- **Covers:** REQ-CORE-008\n- **Description:** Now tested.\n')
    await expectSame(root, 1)
    await syncDerivedCache(new ProjectContext(root))
    await expectSame(root, 1)
    await expectSame(root, 0)
  })

  it('is not used after a branch switch', async () => {
    const {root} = project()
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {cwd: root, stdio: 'ignore'})
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    git('commit', '-qm', 'one')
    git('checkout', '-q', '-b', 'other')
    write(root, 'docs/REQUIREMENTS.md', '# Requirements\n\n### REQ-CORE-001: Only\n- **Status:** implemented\n- **Priority:** P1\n- **Description:** Alone.\n')
    git('commit', '-qam', 'two')
    await expectSame(root, 1)
    await expectSame(root, 0)
    git('checkout', '-q', 'main')
    const [cp] = await expectSame(root, 1)
    expect(cp.req_count).to.equal(8)
    git('checkout', '-q', 'other')
    const [back] = await expectSame(root, 1)
    expect(back.req_count).to.equal(1)
  })

  it('never reads or writes through a symlink planted at its path', async () => {
    const {root} = project()
    await expectSame(root, 1)
    const [name] = cacheFiles(root)
    const file = path.join(root, '.govtool', 'cache', name)
    // a forged summary elsewhere, linked in place of the real one
    const forged = path.join(makeTempDir(), 'forged.json')
    writeFileSync(forged, readFileSync(file, 'utf8').replace('"requirements":8', '"requirements":800'))
    const forgedText = readFileSync(forged, 'utf8')
    execFileSync('rm', [file])
    symlinkSync(forged, file)
    const refused = modelSummaryStats.refused
    const [cp] = await expectSame(root, 3)
    expect(cp.req_count).to.equal(8)
    expect(modelSummaryStats.refused - refused).to.be.greaterThan(0)
    expect(lstatSync(file).isSymbolicLink()).to.equal(true)
    expect(readFileSync(forged, 'utf8')).to.equal(forgedText)
  })

  it('is not written while a source is racy (changed within 2 s), nor without .govtool/', async () => {
    modelSummarySettings.racyMs = 2000
    const {root} = project()
    await expectSame(root, 3)
    expect(cacheFiles(root)).to.have.length(0)
    // a summary read back whose sources are racy for its writing time is a miss as well
    modelSummarySettings.racyMs = 0
    await expectSame(root, 1)
    expect(cacheFiles(root)).to.have.length(1)
    await expectSame(root, 0)
    modelSummarySettings.racyMs = 2000
    await expectSame(root, 3)

    const bare = makeTempDir()
    healthyProject(bare)
    await expectSame(bare, 3)
    expect(existsSync(path.join(bare, '.govtool'))).to.equal(false)
  })
})
