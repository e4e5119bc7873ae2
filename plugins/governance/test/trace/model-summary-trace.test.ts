import {lstatSync, mkdirSync, readFileSync, readdirSync, symlinkSync, unlinkSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {buildExportReport} from '../../src/lib/trace/export.js'
import {traceReport, type TraceReport} from '../../src/lib/trace/reports.js'
import {expectSameThroughSummary, projectWithFindings, sameSizeEdit, summaryOnWithoutRacyRule, write} from './helpers.js'

// issue 14, start-up thirteenth pass: `req trace` and `export` read the trace matrix (and export the audit's model
// findings) from records kept under the model summary's key; each answers exactly what the full path (the model
// loaded) answers, whatever happened to the files.
describe('trace: req trace and export through the kept trace record', () => {
  summaryOnWithoutRacyRule()
  after(cleanupTempDirs)

  const reqs = (root: string) => path.join(root, 'docs/REQUIREMENTS.md')
  const tests = (root: string) => path.join(root, 'docs/TESTS.md')
  const NOW = new Date('2025-01-02T03:04:05Z')

  /** Covered, uncovered, draft, duplicate, odd priority and an orphan Covers; a pipe and a backslash in a title. */
  const project = (): string => {
    const root = makeTempDir()
    projectWithFindings(root, 'Undescribed | piped \\ title', 'REQ-CORE-099, REQ-CORE-002')
    mkdirSync(path.join(root, '.govtool'), {recursive: true})
    return root
  }

  type Answer = [TraceReport, string]
  /** req trace's report and the export report (at a fixed time) */
  const answer = async (root: string) => {
    const ctx = new ProjectContext(root)
    return JSON.stringify([await traceReport(ctx), await buildExportReport(ctx, {now: NOW})], null, 2)
  }
  const expectSame = (root: string, computed: number) => expectSameThroughSummary<Answer>(() => answer(root), computed)
  const kept = (root: string) => readdirSync(path.join(root, '.govtool', 'cache')).filter((n) => /^model-(trace|export|summary)-/.test(n)).sort()

  it('answers what the full path answers, from the kept records once written', async () => {
    const root = project()
    // req trace's record, then export's (the matrix and audit's model findings): each computed once
    const [trace, report] = await expectSame(root, 2)
    expect(trace.matrix.map((m) => m.requirement)).to.include('REQ-CORE-008')
    expect(trace.orphans).to.deep.equal([{test: 'TEST-CORE-099', requirement: 'REQ-CORE-099'}])
    expect(trace.problems).to.not.deep.equal([])
    expect(report).to.include('Undescribed \\| piped \\\\ title').and.include('TEST-CORE-099 -> REQ-CORE-099').and.include('## Audit summary')
    expect(kept(root).map((n) => n.split('-').slice(0, 2).join('-'))).to.deep.equal(['model-export', 'model-trace'])
    await expectSame(root, 0)
  })

  it('is not used after an edit of REQUIREMENTS.md, a same-size edit of TESTS.md with the mtime put back, or a removed file', async () => {
    const root = project()
    await expectSame(root, 2)
    write(root, 'docs/REQUIREMENTS.md', readFileSync(reqs(root), 'utf8') + '\n### REQ-CORE-010: More\n- **Status:** implemented\n- **Priority:** P2\n- **Description:** More.\n')
    const [added] = await expectSame(root, 2)
    expect(added.matrix.map((m) => m.requirement)).to.include('REQ-CORE-010')
    await expectSame(root, 0)
    sameSizeEdit(tests(root), '- **Covers:** REQ-CORE-003', '- **Covers:** REQ-CORE-008')
    const [moved] = await expectSame(root, 2)
    expect(moved.matrix.find((m) => m.requirement === 'REQ-CORE-008')?.covered).to.equal(true)
    expect(moved.matrix.find((m) => m.requirement === 'REQ-CORE-003')?.covered).to.equal(false)
    unlinkSync(path.join(root, 'docs/architecture.md'))
    await expectSame(root, 2)
  })

  it('a forged record (another key, a bad shape or a symlink) is never believed', async () => {
    const root = project()
    await expectSame(root, 2)
    const file = path.join(root, '.govtool', 'cache', kept(root).find((n) => n.startsWith('model-trace-'))!)
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {key: string; summary: {trace: TraceReport; tests: number}}
    // export's record: its audit findings emptied under another key
    const exportFile = path.join(root, '.govtool', 'cache', kept(root).find((n) => n.startsWith('model-export-'))!)
    const exported = JSON.parse(readFileSync(exportFile, 'utf8')) as {key: string; summary: {findings: unknown[]}}
    exported.summary.findings = []
    writeFileSync(exportFile, JSON.stringify({...exported, key: exported.key.replace('TESTS', 'TESTZ')}))
    const [, report] = await expectSame(root, 1)
    expect(report).to.include('issues found')
    stored.summary.trace.matrix = []
    stored.summary.trace.percent = 100
    stored.key = stored.key.replace('REQUIREMENTS', 'REQUIREMENTZ')
    writeFileSync(file, JSON.stringify(stored))
    const [trace] = await expectSame(root, 1)
    expect(trace.matrix).to.not.deep.equal([])
    // the right key, a record of the wrong shape
    const good = JSON.parse(readFileSync(file, 'utf8')) as {summary: {trace?: unknown}}
    delete good.summary.trace
    writeFileSync(file, JSON.stringify(good))
    await expectSame(root, 1)
    // a symlink to a forged copy in its place
    const forged = path.join(root, 'forged.json')
    writeFileSync(forged, readFileSync(file, 'utf8').replace('"percent":', '"percent":1'))
    unlinkSync(file)
    symlinkSync(forged, file)
    // never read, and never replaced either
    await expectSame(root, 1)
    await expectSame(root, 1)
    expect(lstatSync(file).isSymbolicLink()).to.equal(true)
  })

  it('the CLI prints the same with the kept records as with GOVTOOL_NO_MODEL_SUMMARY=1', async function () {
    this.timeout(90_000)
    const root = project()
    const env = isolatedEnv(makeTempDir())
    await new Promise((resolve) => setTimeout(resolve, 2100))
    // export's report carries the time it was made: compared without that line
    const timeless = (text: string) => text.replaceAll(/Generated \d{4}-[\d:.TZ-]+ by govtool\./g, 'Generated <now> by govtool.')
    // outside the project: a report inside it would be in the next report's file inventory
    const output = path.join(makeTempDir(), 'report.md')
    for (const args of [['req', 'trace', '--json'], ['req', 'trace'], ['export'], ['export', '--output', output, '--json']]) {
      const run = async (extra: NodeJS.ProcessEnv) => {
        const r = await runCli([...args, '--project-dir', root], {env: {...env, ...extra}})
        const written = args.includes('--output') ? timeless(readFileSync(output, 'utf8')) : ''
        return {code: r.code, stdout: timeless(r.stdout), stderr: r.stderr, written}
      }
      const full = await run({GOVTOOL_NO_MODEL_SUMMARY: '1'})
      const first = await run({})
      const again = await run({})
      expect(full.code, full.stdout + full.stderr).to.equal(args[0] === 'req' ? 1 : 0)
      for (const r of [first, again]) expect(r).to.deep.equal(full)
    }
    expect(kept(root).filter((n) => /^model-(trace|export)-/.test(n))).to.have.length(2)
  })
})
