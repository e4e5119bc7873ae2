/**
 * One findings function: audit, validate, req gaps, req orphans and phase next judge the same facts the same
 * way (check, message, file, line, severity) and exit non-zero when one of their findings is an error.
 */
import {readFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, makeTempDir, runCli} from 'govtool/testing'

import {FINDING_CHECKS, FINDING_SEVERITY} from '../../src/lib/trace/findings.js'
import {FINDING_CHECK_IDS, FindingSchema} from '../../src/ops/schemas.js'
import {healthyProject, write} from './helpers.js'

interface Finding {
  check: string
  severity: 'error' | 'warning'
  message: string
  file?: string
  line?: number
  hint: string
}

const where = (f: Finding) => `${f.file}:${f.line}: ${f.message}`

async function judge(root: string) {
  const run = async (...args: string[]) => {
    const r = await runCli([...args, '--project-dir', root, '--json'])
    return {code: r.code, json: r.json<{issues?: Finding[]; error?: {code: string; message: string}}>()}
  }
  const [audit, validate, gaps, orphans] = await Promise.all([run('audit'), run('validate'), run('req', 'gaps'), run('req', 'orphans')])
  return {audit, validate, gaps, orphans, next: await run('phase', 'next')}
}

describe('trace: one set of findings for audit, validate, req gaps, req orphans and phase next', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)

  it('the result schemas list exactly the checks the findings function has', () => {
    expect([...FINDING_CHECK_IDS]).to.deep.equal(FINDING_CHECKS)
    for (const check of FINDING_CHECKS) expect(FindingSchema.safeParse({check, severity: FINDING_SEVERITY[check], message: 'm', hint: 'h'}).success, check).to.equal(true)
  })

  it('reports a gap, an orphan and a malformed entry identically everywhere, and every command fails on them', async () => {
    const root = makeTempDir()
    healthyProject(root)
    write(root, 'scaffold.yml', readFileSync(path.join(root, 'scaffold.yml'), 'utf8').replace('aee_phase: inception', 'aee_phase: test_spec'))
    const reqs = path.join(root, 'docs/REQUIREMENTS.md')
    write(root, 'docs/REQUIREMENTS.md', `${readFileSync(reqs, 'utf8')}\n## REQ-CORE-003. Export\n- **Description:** Exports the notes.\n- **Status:** approved\n- **Priority:** P1\n\n## REQ-CORE-0x4. Broken id\n- **Status:** approved\n`)
    const tests = path.join(root, 'docs/TESTS.md')
    write(root, 'docs/TESTS.md', `${readFileSync(tests, 'utf8')}\n### TEST-CORE-009. Renamed\n- **Covers:** REQ-CORE-042\n`)

    const {audit, validate, gaps, orphans, next} = await judge(root)
    for (const [name, r] of Object.entries({audit, validate, gaps, orphans, next})) expect(r.code, `${name} exits 1 on an error finding`).to.equal(1)

    const byCheck = (r: {json: {issues?: Finding[]}}, check: string) => r.json.issues!.filter((f) => f.check === check)
    const parse = byCheck(audit, 'parse')
    expect(parse).to.have.length(1)
    expect(parse[0]).to.include({severity: 'error', file: 'docs/REQUIREMENTS.md'})
    expect(byCheck(validate, 'parse'), 'validate').to.deep.equal(parse)
    expect(byCheck(gaps, 'parse'), 'req gaps').to.deep.equal(parse)
    expect(byCheck(orphans, 'parse'), 'req orphans').to.deep.equal(parse)

    const coverage = byCheck(audit, 'coverage')
    expect(coverage.map((f) => f.message)).to.deep.equal(['REQ-CORE-003 is not covered by any test'])
    expect(coverage[0].severity).to.equal('error')
    expect(gaps.json.issues, 'req gaps judges parse and coverage only').to.deep.equal([...parse, ...coverage])

    const orphan = byCheck(audit, 'orphans')
    expect(orphan).to.have.length(1)
    expect(orphan[0]).to.include({severity: 'error', message: 'TEST-CORE-009 covers REQ-CORE-042, which is not a requirement', file: 'docs/TESTS.md'})
    expect(orphans.json.issues).to.deep.equal([...parse, ...orphan])

    // phase next refuses for the same findings, naming them as the other commands do
    expect(next.json.error!.code).to.equal('E_PHASE_PREREQUISITES')
    expect(next.json.error!.message).to.contain(where(parse[0])).and.to.contain(where(orphan[0]))
  })

  it('warnings never fail a command; once the errors are fixed every command passes', async () => {
    const root = makeTempDir()
    healthyProject(root)
    // every requirement a draft and no TESTS.md: nothing to cover yet, one warning
    write(root, 'docs/REQUIREMENTS.md', '# Requirements\n\n## REQ-CORE-001. Sketch\n- **Description:** Not settled.\n- **Status:** draft\n- **Priority:** P1\n')
    write(root, 'docs/architecture.md', '# Architecture\n\n## Components\n- core: serves REQ-CORE-001\n\n## Decisions\n- plain files.\n')
    const {rmSync} = await import('node:fs')
    rmSync(path.join(root, 'docs/TESTS.md'))
    const {audit, validate, gaps, orphans} = await judge(root)
    expect(audit.json.issues!.map((f) => `${f.check}:${f.severity}`)).to.deep.equal(['requirements:warning'])
    for (const [name, r] of Object.entries({audit, validate, gaps, orphans})) expect(r.code, name).to.equal(0)
  })
})
