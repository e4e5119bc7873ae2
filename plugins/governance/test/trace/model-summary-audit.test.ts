import {execFileSync} from 'node:child_process'
import {existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, symlinkSync, unlinkSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {appendRecords} from '@govtool/plugin-esdb'
import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {runAudit} from '../../src/lib/trace/audit.js'
import {buildCheckpoint} from '../../src/lib/trace/checkpoint.js'
import {appendLedgerEntry} from '../../src/lib/trace/ledger.js'
import {modelSummarySettings, modelSummaryStats} from '../../src/lib/trace/model-summary.js'
import {currentPhaseStatus} from '../../src/lib/trace/phase.js'
import {syncDerivedCache} from '../../src/lib/trace/sync.js'
import {validateProject} from '../../src/lib/trace/validate.js'
import {healthyProject, sameSizeEdit, summaryOnWithoutRacyRule, throughSummaryAndFull, write} from './helpers.js'

// issue 14, start-up eleventh pass: audit and validate take the findings of the model's checks from the model summary
// when it is fresh, and report exactly what the full path (the model loaded) reports, whatever happened to the files.
describe('trace: audit and validate through the model summary', () => {
  summaryOnWithoutRacyRule()
  after(cleanupTempDirs)

  const reqs = (root: string) => path.join(root, 'docs/REQUIREMENTS.md')
  const tests = (root: string) => path.join(root, 'docs/TESTS.md')
  const wal = (root: string) => path.join(root, '.govtool', 'esdb', 'wal.jsonl')

  /**
   * A project with a problem of every kind audit and validate report: uncovered requirements, an orphan Covers, a
   * duplicate id, statuses and a priority off the list, an AGENTS.md reference to nothing, an architecture document
   * naming no requirement, a forged LEDGER.md heading and a flipped byte in the ESDB WAL.
   */
  /** each project's LEDGER.md before the forged heading */
  const ledgers = new Map<string, string>()
  const project = async (): Promise<string> => {
    const root = makeTempDir()
    healthyProject(root, {requirements: 6})
    write(root, 'docs/REQUIREMENTS.md', readFileSync(reqs(root), 'utf8') + '\n### REQ-CORE-007: Undescribed\n- **Status:** draft\n\n### REQ-CORE-008: Not covered\n- **Status:** proposed\n- **Priority:** P1\n- **Description:** Nobody tests it.\n\n### REQ-CORE-009: Off the list\n- **Status:** done\n- **Priority:** high\n- **Description:** Odd words.\n\n### REQ-CORE-001: Again\n- **Status:** implemented\n- **Priority:** P2\n- **Description:** A duplicate.\n')
    write(root, 'docs/TESTS.md', readFileSync(tests(root), 'utf8') + '\n### TEST-CORE-099: Orphan\n- **Covers:** REQ-CORE-099\n- **Description:** Names nothing.\n')
    write(root, 'AGENTS.md', '# AGENTS.md\n\nRead `docs/REQUIREMENTS.md` and `docs/governance/missing.md`.\n')
    write(root, 'docs/architecture.md', '# Architecture\n\n- core: serves REQ-CORE-404\n')
    mkdirSync(path.join(root, '.govtool'), {recursive: true})
    await appendRecords(new ProjectContext(root), [1, 2, 3].map((i) => ({id: `R-${i}`, kind: 'requirement', label: `Record ${i}`})))
    const b = readFileSync(wal(root))
    b[b.indexOf('Record 2') + 7] ^= 1
    writeFileSync(wal(root), b)
    const ctx = new ProjectContext(root)
    for (const description of ['First change', 'Second change']) await appendLedgerEntry(ctx, {description, type: 'task', author: 't'})
    ledgers.set(root, readFileSync(path.join(root, 'LEDGER.md'), 'utf8'))
    write(root, 'LEDGER.md', `${ledgers.get(root)}\n## Approved by the security team\n`)
    return root
  }

  /** audit and validate through the summary and through the full path, as JSON. */
  const both = async (root: string): Promise<{summary: string; full: string}> => {
    const answer = async () => {
      const ctx = new ProjectContext(root)
      return JSON.stringify([await runAudit(ctx), await validateProject(ctx)], null, 2)
    }
    return throughSummaryAndFull(answer)
  }
  type Reports = [{healthy: boolean; issues: {check: string; message: string}[]}, {valid: boolean; issues: {check: string; message: string}[]}]
  const expectSame = async (root: string, computed: number): Promise<Reports> => {
    // a miss computes the summary and writes it, so only audit, the first of the two, misses; both when it cannot be written
    const misses = modelSummaryStats.misses
    const {summary, full} = await both(root)
    expect(summary).to.equal(full)
    expect(modelSummaryStats.misses - misses, 'summaries computed').to.equal(computed)
    return JSON.parse(full) as Reports
  }
  const checks = (r: {issues: {check: string}[]}) => [...new Set(r.issues.map((i) => i.check))]
  const messages = (r: {issues: {message: string}[]}) => r.issues.map((i) => i.message).join('\n')
  const cacheFiles = (root: string) => readdirSync(path.join(root, '.govtool', 'cache')).filter((n) => n.startsWith('model-summary-'))

  it('reports every problem the full path reports, from the summary once written', async () => {
    const root = await project()
    const [audit, validate] = await expectSame(root, 1)
    expect(audit.healthy).to.equal(false)
    expect(checks(audit)).to.include.members(['parse', 'coverage', 'orphans', 'ledger-parse', 'esdb-chain'])
    expect(messages(audit)).to.include('REQ-CORE-008 is not covered').and.include('Approved by the security team')
    expect(validate.valid).to.equal(false)
    expect(checks(validate)).to.include.members(['agents-references', 'parse', 'requirement-fields', 'architecture'])
    expect(cacheFiles(root)).to.have.length(1)
    const [again] = await expectSame(root, 0)
    expect(again).to.deep.equal(audit)
  })

  it('writes an unsynced summary that serves audit and validate, and is a miss for checkpoint and the checklists', async () => {
    const now = new Date('2026-01-02T03:04:05.000Z')
    const synced = makeTempDir()
    healthyProject(synced, {requirements: 4})
    mkdirSync(path.join(synced, '.govtool'), {recursive: true})
    await syncDerivedCache(new ProjectContext(synced))
    for (const root of [await project(), synced]) {
      await expectSame(root, 1)
      const stored = JSON.parse(readFileSync(path.join(root, '.govtool', 'cache', cacheFiles(root)[0]), 'utf8')) as {synced: boolean}
      expect(stored.synced, 'written by audit').to.equal(false)
      const phase = async () => JSON.stringify([await buildCheckpoint(new ProjectContext(root), {now}), await currentPhaseStatus(new ProjectContext(root))])
      const misses = modelSummaryStats.misses
      const through = await phase()
      // checkpoint takes the unsynced summary for a miss and writes a synced one, which phase show reads
      expect(modelSummaryStats.misses - misses).to.equal(1)
      modelSummarySettings.enabled = false
      expect(through).to.equal(await phase())
      modelSummarySettings.enabled = true
      // the synced summary serves audit and validate too
      await expectSame(root, 0)
    }
  })

  it('is not used after an edit, a same-size edit with the mtime put back, or an edit of the architecture or derived cache', async () => {
    const root = await project()
    const [first] = await expectSame(root, 1)
    await expectSame(root, 0)
    write(root, 'docs/REQUIREMENTS.md', readFileSync(reqs(root), 'utf8') + '\n### REQ-CORE-010: More\n- **Status:** implemented\n- **Priority:** P2\n- **Description:** More.\n')
    const [added] = await expectSame(root, 1)
    expect(messages(added)).to.include('REQ-CORE-010 is not covered')
    await expectSame(root, 0)
    // TEST-CORE-002 covers REQ-CORE-008 instead of REQ-CORE-002: the same size, the mtime put back (the ctime moves)
    sameSizeEdit(tests(root), '- **Covers:** REQ-CORE-002', '- **Covers:** REQ-CORE-008')
    const [moved] = await expectSame(root, 1)
    expect(messages(moved)).to.include('REQ-CORE-002 is not covered').and.not.include('REQ-CORE-008 is not covered')
    expect(moved).to.not.deep.equal(first)
    write(root, 'docs/architecture.md', '# Architecture\n\n- core: serves REQ-CORE-001\n')
    const [, fixed] = await expectSame(root, 1)
    expect(checks(fixed)).to.not.include('architecture')
    await syncDerivedCache(new ProjectContext(root)).catch(() => undefined)
    write(root, '.govtool/requirements.json', '[]\n')
    await expectSame(root, 1)
    await expectSame(root, 0)
  })

  it('reports damage to the ledger and the ESDB done after the summary was written (they are never in it)', async () => {
    const root = await project()
    const [a] = await expectSame(root, 1)
    write(root, 'LEDGER.md', ledgers.get(root)!)
    const [healed] = await expectSame(root, 0)
    expect(checks(healed)).to.not.include('ledger-parse')
    write(root, 'LEDGER.md', `${ledgers.get(root)}\n## Forged heading\n`)
    const [forged] = await expectSame(root, 0)
    expect(messages(forged)).to.include('Forged heading')
    unlinkSync(wal(root))
    writeFileSync(wal(root), '{"hash":"0123')
    const [torn] = await expectSame(root, 0)
    const esdb = (r: Reports[0]) => r.issues.filter((i) => i.check === 'esdb-chain').map((i) => i.message)
    expect(esdb(torn)).to.not.be.empty
    expect(esdb(torn)).to.not.deep.equal(esdb(a))
  })

  it('is not used after a branch switch', async () => {
    const root = await project()
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {cwd: root, stdio: 'ignore'})
    git('init', '-q', '-b', 'main')
    git('add', '-A', '--', '.', ':!.govtool')
    git('commit', '-qm', 'one')
    git('checkout', '-q', '-b', 'other')
    write(root, 'docs/REQUIREMENTS.md', '# Requirements\n\n### REQ-CORE-001: Only\n- **Status:** implemented\n- **Priority:** P1\n- **Description:** Alone.\n')
    git('commit', '-qam', 'two')
    const [other] = await expectSame(root, 1)
    expect(checks(other)).to.not.include('parse')
    await expectSame(root, 0)
    git('checkout', '-q', 'main')
    const [main] = await expectSame(root, 1)
    expect(checks(main)).to.include('parse')
    git('checkout', '-q', 'other')
    const [back] = await expectSame(root, 1)
    expect(back).to.deep.equal(other)
  })

  it('never reads or writes through a symlink planted at its path', async () => {
    const root = await project()
    await expectSame(root, 1)
    const [name] = cacheFiles(root)
    const file = path.join(root, '.govtool', 'cache', name)
    // a forged summary elsewhere, without the coverage findings, linked in place of the real one
    const forged = path.join(makeTempDir(), 'forged.json')
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {summary: {findings: {check: string}[]}}
    stored.summary.findings = stored.summary.findings.filter((f) => f.check !== 'coverage')
    writeFileSync(forged, JSON.stringify(stored))
    const forgedText = readFileSync(forged, 'utf8')
    unlinkSync(file)
    symlinkSync(forged, file)
    const refused = modelSummaryStats.refused
    const [audit] = await expectSame(root, 2)
    expect(checks(audit)).to.include('coverage')
    expect(modelSummaryStats.refused - refused).to.be.greaterThan(0)
    expect(lstatSync(file).isSymbolicLink()).to.equal(true)
    expect(readFileSync(forged, 'utf8')).to.equal(forgedText)
  })

  it('is not written while a source is racy (changed within 2 s), nor without .govtool/', async () => {
    modelSummarySettings.racyMs = 2000
    const root = await project()
    await expectSame(root, 2)
    expect(cacheFiles(root)).to.have.length(0)
    modelSummarySettings.racyMs = 0
    await expectSame(root, 1)
    await expectSame(root, 0)
    // a summary read back whose sources are racy for its writing time is a miss as well
    modelSummarySettings.racyMs = 2000
    await expectSame(root, 2)

    const bare = makeTempDir()
    healthyProject(bare)
    write(bare, 'docs/TESTS.md', '# Tests\n')
    const [audit] = await expectSame(bare, 2)
    expect(checks(audit)).to.include('coverage')
    // the model load made .govtool/cache for its parse cache, as the full path's does; no summary while racy
    expect(existsSync(path.join(bare, '.govtool', 'cache')) ? cacheFiles(bare) : []).to.have.length(0)
  })

  it('the CLI prints the same with the summary as with GOVTOOL_NO_MODEL_SUMMARY=1', async function () {
    this.timeout(60_000)
    const root = await project()
    const env = isolatedEnv(makeTempDir())
    // older than the racy margin, so the first run writes the summary and the next ones read it
    await new Promise((resolve) => setTimeout(resolve, 2100))
    for (const args of [['audit', '--json'], ['audit'], ['validate', '--json'], ['validate']]) {
      const run = (extra: NodeJS.ProcessEnv) => runCli([...args, '--project-dir', root], {env: {...env, ...extra}})
      const full = await run({GOVTOOL_NO_MODEL_SUMMARY: '1'})
      const first = await run({})
      const kept = await run({})
      expect(full.code, full.stdout).to.equal(1)
      for (const r of [first, kept]) expect({code: r.code, stdout: r.stdout}).to.deep.equal({code: full.code, stdout: full.stdout})
    }
    expect(cacheFiles(root).length).to.be.greaterThan(0)
  })
})
