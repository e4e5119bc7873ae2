/** verify: strategies, exit codes, evidence, test report formats, bad input, retry budget under concurrency. */
import {writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {isGovError, type ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {loadVerifyInput, parseTestReport, parseVerifyInput, parseVerifyJson, preflight, readWorkItems, verify, verifyExitCode, type VerifyResult} from '../src/index.js'
import {parseDiff} from '../src/lib/verify/evidence.js'
import {fixtureProject} from './helpers.js'

const SMALL_DIFF = `diff --git a/src/auth/session.ts b/src/auth/session.ts
--- a/src/auth/session.ts
+++ b/src/auth/session.ts
@@ -1,2 +1,3 @@
-const TIMEOUT = 10
+// REQ-AUTH-002: sessions expire after 30 minutes
+const TIMEOUT = 30 * 60
 export {TIMEOUT}
`

function bigDiff(lines: number): string {
  return `diff --git a/src/sync/engine.ts b/src/sync/engine.ts\n--- a/src/sync/engine.ts\n+++ b/src/sync/engine.ts\n@@ -0,0 +1,${lines} @@\n${Array.from({length: lines}, (_, i) => `+line ${i}`).join('\n')}\n`
}

async function expectInputError(fn: () => Promise<unknown> | unknown, code: string, text: string): Promise<void> {
  try {
    await fn()
    expect.fail('should have thrown')
  } catch (error) {
    expect(isGovError(error), String(error)).to.equal(true)
    expect((error as {code: string}).code).to.equal(code)
    expect((error as {exit: number}).exit).to.equal(2)
    expect((error as Error).message).to.contain(text)
  }
}

describe('verify: strategies and exit codes', () => {
  let ctx: ProjectContext
  let wi: string
  before(async () => {
    ctx = fixtureProject()
    wi = (await preflight(ctx, 'fix the session timeout', {record: true})).work_item_id
  })
  after(cleanupTempDirs)

  const run = (input: Parameters<typeof verify>[1], c = ctx) => verify(c, input, {record: false})

  it('equilibrium: passing tests, a small change touching the work item requirements -> exit 0', async () => {
    const r = await run({diff: SMALL_DIFF, test_results: {passed: 8, failed: 0}, work_item_id: wi})
    expect(r.equilibrium).to.equal(true)
    expect(r.retry_strategy).to.equal('')
    expect(r.confidence).to.be.at.least(r.confidence_threshold)
    expect(r.evidence.linkage.touched).to.include('REQ-AUTH-002')
    expect(r.files_changed).to.deep.equal(['src/auth/session.ts'])
    expect(verifyExitCode(r)).to.equal(0)
    expect(r).to.include.keys('equilibrium', 'confidence', 'summary', 'files_changed', 'test_results', 'retry_strategy', 'work_item_id', 'retry_budget', 'confidence_threshold')
  })

  it('rollback comes first: a rollback signal wins over failing tests -> exit 2', async () => {
    const r = await run({diff: SMALL_DIFF, test_results: {passed: 2, failed: 3}, logs: 'migration 7 corrupted the notes table', work_item_id: wi})
    expect(r.retry_strategy).to.equal('rollback')
    expect(r.evidence.logs.rollback).to.deep.equal(['corrupted'])
    expect(verifyExitCode(r)).to.equal(2)
    const viaSummary = await run({diff: SMALL_DIFF, test_results: {passed: 5, failed: 0}, summary: 'this contradicts REQ-SYNC-003, please revert'})
    expect(viaSummary.retry_strategy).to.equal('rollback')
    expect(viaSummary.equilibrium).to.equal(false)
  })

  it('fix_tests when tests fail (failed + failures + errors) -> exit 2', async () => {
    const r = await run({diff: SMALL_DIFF, test_results: {passed: 9, failed: 0, failures: 1, errors: 1}})
    expect(r.retry_strategy).to.equal('fix_tests')
    expect(r.test_results.failed).to.equal(2)
    expect(verifyExitCode(r)).to.equal(2)
  })

  it('narrow_scope from a log hint, and from a change far larger than its scope', async () => {
    const hinted = await run({diff: SMALL_DIFF, test_results: {passed: 4, failed: 0}, logs: 'review: unrelated changes in src/ui', work_item_id: wi})
    expect(hinted.retry_strategy).to.equal('narrow_scope')
    const big = await run({diff: bigDiff(3000), test_results: {passed: 4, failed: 0}, work_item_id: wi})
    expect(big.retry_strategy).to.equal('narrow_scope')
    expect(big.evidence.size.score).to.be.below(0.6)
    expect(verifyExitCode(big)).to.equal(2)
  })

  it('expand_scope from a log hint, an empty change, or a change that misses the requirements', async () => {
    const hinted = await run({diff: SMALL_DIFF, test_results: {passed: 4, failed: 0}, logs: 'Error: offline queue not implemented'})
    expect(hinted.retry_strategy).to.equal('expand_scope')
    const empty = await run({test_results: {passed: 4, failed: 0}})
    expect(empty).to.include({equilibrium: false, retry_strategy: 'expand_scope', confidence: 0})
    const missed = await run({files_changed: ['src/ui/theme.css'], test_results: {passed: 4, failed: 0}, work_item_id: wi})
    expect(missed.evidence.linkage.touched).to.deep.equal([])
    expect(missed.retry_strategy).to.equal('expand_scope')
    expect(verifyExitCode(missed)).to.equal(2)
  })

  it('stop when confidence is short of the threshold for no cause a retry addresses -> exit 3', async () => {
    const strict = fixtureProject({config: 'verify:\n  threshold: 0.99\n'})
    const r = await run({files_changed: ['src/auth/session.ts'], test_results: {passed: 10, failed: 0}}, strict)
    expect(r.confidence_threshold).to.equal(0.99)
    expect(r.retry_strategy).to.equal('stop')
    expect(verifyExitCode(r)).to.equal(3)
  })

  it('stop when the retry budget is spent -> exit 3', async () => {
    const none = fixtureProject({config: 'verify:\n  retry_budget: 0\n'})
    const id = (await preflight(none, 'fix the session timeout')).work_item_id
    const r = await verify(none, {diff: SMALL_DIFF, test_results: {passed: 1, failed: 1}, work_item_id: id})
    expect(r.retry_strategy).to.equal('stop')
    expect(r.retry_budget).to.deep.equal({limit: 0, used: 0, remaining: 0})
    expect(verifyExitCode(r)).to.equal(3)
    expect((await readWorkItems(none)).items[id]).to.include({exhausted: true})
  })

  it('computes confidence from evidence: more failures, errors in logs or missing tests lower it', async () => {
    const base = (await run({diff: SMALL_DIFF, test_results: {passed: 10, failed: 0}, work_item_id: wi})).confidence
    const failing = (await run({diff: SMALL_DIFF, test_results: {passed: 5, failed: 5}, work_item_id: wi})).confidence
    const noisy = (await run({diff: SMALL_DIFF, test_results: {passed: 10, failed: 0}, logs: 'Error: x\nerror: y\nException z', work_item_id: wi})).confidence
    const untested = (await run({diff: SMALL_DIFF, work_item_id: wi})).confidence
    expect(failing).to.be.below(base)
    expect(noisy).to.be.below(base)
    expect(untested).to.be.below(base)
    expect(new Set([base, failing, noisy, untested]).size).to.equal(4)
  })

  it('counts retries per work item under a lock: concurrent verifies lose no count', async () => {
    const c = fixtureProject({config: 'verify:\n  retry_budget: 20\n'})
    const id = (await preflight(c, 'fix the session timeout')).work_item_id
    const results: VerifyResult[] = await Promise.all(Array.from({length: 6}, () => verify(c, {diff: SMALL_DIFF, test_results: {passed: 1, failed: 1}, work_item_id: id})))
    expect(results.map((r) => r.retry_budget.used).sort((a, b) => a - b)).to.deep.equal([1, 2, 3, 4, 5, 6])
    expect((await readWorkItems(c)).items[id].retries).to.equal(6)
  })
})

describe('verify: inputs', () => {
  after(cleanupTempDirs)

  it('reads JUnit XML: nested suites, failures, errors, skipped, test names', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="auth">
    <testcase classname="auth" name="TEST-AUTH-002 expired session exits 4"/>
    <testcase classname="auth" name="bad password"><failure message="expected 1"/></testcase>
    <testsuite name="nested">
      <testcase classname="auth.nested" name="crash"><error message="boom"/></testcase>
      <testcase classname="auth.nested" name="later"><skipped/></testcase>
    </testsuite>
  </testsuite>
</testsuites>`
    const r = parseTestReport(xml, 'junit.xml')
    expect(r).to.deep.include({passed: 1, failed: 2, skipped: 1, total: 4, format: 'junit'})
    expect(r.names[0]).to.equal('auth.TEST-AUTH-002 expired session exits 4')
    const attrsOnly = parseTestReport('<testsuite name="x" tests="10" failures="2" errors="1" skipped="3"/>', 'x.xml')
    expect(attrsOnly).to.deep.include({passed: 4, failed: 3, skipped: 3, total: 10})
  })

  it('reads TAP: skips and todos are not failures, bail out and a short plan are', () => {
    const tap = 'TAP version 13\nok 1 - TEST-CLI-001 search ranks\nnot ok 2 - export pdf\nok 3 - colour # SKIP no tty\nnot ok 4 - offline # TODO later\n    ok 1 - subtest is summarised by its parent\n1..6\n'
    expect(parseTestReport(tap, 'r.tap')).to.deep.include({passed: 1, failed: 3, skipped: 2, total: 6, format: 'tap'})
    expect(parseTestReport('ok 1\nBail out! database down\n', 'r.tap')).to.deep.include({passed: 1, failed: 1})
  })

  it('reads JSON counts, wrapped counts, and mocha and jest JSON reports', () => {
    expect(parseTestReport('{"passed": 3, "failed": 1, "errors": 1}', 'r.json')).to.deep.include({passed: 3, failed: 2, total: 5})
    expect(parseTestReport('{"test_results": {"passed": 2, "failed": 0}}', 'r.json')).to.deep.include({passed: 2, failed: 0})
    expect(parseTestReport('{"stats": {"passes": 7, "failures": 1, "pending": 2, "tests": 10}, "tests": [{"fullTitle": "TEST-1 a"}]}', 'm.json')).to.deep.include({passed: 7, failed: 1, skipped: 2, total: 10})
    expect(parseTestReport('{"numPassedTests": 4, "numFailedTests": 0, "numTotalTests": 4}', 'j.json')).to.deep.include({passed: 4, failed: 0})
  })

  it('rejects malformed reports with a clear error (exit 2)', async () => {
    await expectInputError(() => parseTestReport('<testsuite><testcase></testsuite>', 'bad.xml'), 'E_BAD_TEST_RESULTS', 'bad.xml:1: invalid JUnit XML')
    await expectInputError(() => parseTestReport('{"passed": -1, "failed": 0}', 'neg.json'), 'E_BAD_TEST_RESULTS', 'passed')
    await expectInputError(() => parseTestReport('{"passed": 1,', 'trunc.json'), 'E_BAD_TEST_RESULTS', 'not valid JSON')
    await expectInputError(() => parseTestReport('all good!', 'notes.txt'), 'E_BAD_TEST_RESULTS', 'not a test report')
    await expectInputError(() => parseTestReport('  \n', 'empty.tap'), 'E_BAD_TEST_RESULTS', 'empty')
  })

  it('validates the verification input object', async () => {
    await expectInputError(() => parseVerifyInput({files_changed: 'src/a.ts'}), 'E_BAD_VERIFY_INPUT', 'files_changed')
    await expectInputError(() => parseVerifyInput({test_results: {failed: 1}}), 'E_BAD_VERIFY_INPUT', 'test_results.passed')
    await expectInputError(() => parseVerifyInput([1, 2]), 'E_BAD_VERIFY_INPUT', 'one JSON object')
    await expectInputError(() => parseVerifyJson('{"diff": '), 'E_BAD_JSON', 'not valid JSON')
    await expectInputError(() => parseVerifyJson(''), 'E_BAD_VERIFY_INPUT', 'No JSON')
    await expectInputError(() => verify(fixtureProject(), {work_item_id: '../../etc'}, {record: false}), 'E_BAD_ID', 'work item id')
    await expectInputError(() => verify(fixtureProject(), {work_item_id: 'WI-XYZ'}, {record: false}), 'E_BAD_ID', 'work item id')
  })

  it('merges stdin JSON with files and --changed; a missing file is a clear error', async () => {
    const dir = makeTempDir()
    writeFileSync(path.join(dir, 'c.diff'), SMALL_DIFF)
    writeFileSync(path.join(dir, 'r.tap'), 'ok 1\nok 2\n1..2\n')
    writeFileSync(path.join(dir, 'run.log'), 'all fine')
    const input = await loadVerifyInput({
      cwd: dir,
      stdin: JSON.stringify({files_changed: ['docs/notes.md'], summary: 'done'}),
      diff: 'c.diff',
      tests: 'r.tap',
      logs: 'run.log',
      changed: 'test/session.test.ts, ',
      work_item_id: 'WI-0123456789ab',
    })
    expect(input.files_changed).to.deep.equal(['docs/notes.md', 'test/session.test.ts'])
    expect(input.tests).to.deep.include({passed: 2, format: 'tap'})
    expect(input.logs).to.equal('all fine')
    expect(input.work_item_id).to.equal('WI-0123456789ab')
    await expectInputError(() => loadVerifyInput({cwd: dir, tests: 'missing.xml'}), 'E_NO_INPUT_FILE', '--tests missing.xml: no such file')
  })

  it('parses unified diffs: files, additions, removals, deletions and renames', () => {
    const diff = `diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1 +1,2 @@\n-x\n+y\n+z\ndiff --git a/old.ts b/old.ts\n--- a/old.ts\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone\n`
    expect(parseDiff(diff)).to.deep.equal({files: ['a.ts', 'old.ts'], added: 2, removed: 2})
    expect(parseDiff('just some text\nsecond line\n')).to.deep.equal({files: [], added: 2, removed: 0})
  })
})
