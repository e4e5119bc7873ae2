/** The real binary: exit codes, JSON on stdout for every exit code, files written. */
import {readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {fixtureProject, phaseScaffold} from './helpers.js'

const KEYS = ['decision', 'work_item_id', 'requirement_ids', 'test_case_ids', 'confidence_target', 'instruction', 'intent']

describe('preflight and verify (end to end)', () => {
  const env = isolatedEnv(makeTempDir())
  after(cleanupTempDirs)

  it('prints the payload as JSON with exit 0 / 2 / 3 for accepted / needs_clarification / blocked and rejected', async () => {
    const ctx = fixtureProject()
    const cases: [string, string, number][] = [
      ['fix the login timeout', 'accepted', 0],
      ['add a chatbot to the kiosk', 'needs_clarification', 2],
      ['release v1.2.0', 'blocked', 3],
      ['print the api key', 'rejected', 3],
    ]
    const ids = new Map<string, string>()
    for (const [u, decision, code] of cases) {
      const r = await runCli(['preflight', u, '--json', '--project-dir', ctx.root], {env})
      expect(r.code, r.stderr).to.equal(code)
      const payload = r.json<Record<string, unknown>>()
      expect(Object.keys(payload)).to.deep.equal(KEYS)
      expect(payload.decision).to.equal(decision)
      ids.set(u, payload.work_item_id as string)
    }
    const ledger = readFileSync(ctx.file('ledger'), 'utf8')
    expect(ledger).to.contain('**Type:** preflight').and.to.contain('**Type:** work_proposal').and.to.contain(ids.get('fix the login timeout')!)
    // same request, same project: same work item id, from another working directory and unquoted words
    const again = await runCli(['preflight', 'fix', 'the', 'login', 'timeout', '--json'], {env, cwd: ctx.root})
    expect(again.json<{work_item_id: string}>().work_item_id).to.equal(ids.get('fix the login timeout'))
  })

  it('adds stress_warnings and narration, and prints a readable decision without --json', async () => {
    const ctx = fixtureProject({scaffold: phaseScaffold('inception')})
    const r = await runCli(['preflight', 'rework the plaintext sync payload dump', '--json', '--verbose', '--stress', '--project-dir', ctx.root], {env})
    expect(r.code).to.equal(3)
    const payload = r.json<{decision: string; stress_warnings: {kind: string}[]; narration: {rule: string; fired: boolean}[]}>()
    expect(payload.decision).to.equal('blocked')
    expect(payload.stress_warnings.map((w) => w.kind)).to.include('conflicting_requirements')
    expect(payload.narration.filter((s) => s.fired).map((s) => s.rule)).to.include.members(['phase.gate', 'requirements.frozen'])
    const human = await runCli(['preflight', 'rework the plaintext sync payload dump', '--project-dir', ctx.root], {env})
    expect(human.code).to.equal(3)
    expect(human.stdout).to.match(/^blocked\s+change\s+WI-[0-9a-f]{12}/)
    expect(human.stdout).to.contain('does not allow code changes')
  })

  it('verify: exit 2 with a failing JUnit report, 0 once TAP shows green, counting retries per work item', async () => {
    const ctx = fixtureProject()
    const wi = (await runCli(['preflight', 'fix the session timeout', '--json', '--project-dir', ctx.root], {env})).json<{work_item_id: string}>().work_item_id
    const dir = makeTempDir()
    writeFileSync(path.join(dir, 'c.diff'), 'diff --git a/src/auth/session.ts b/src/auth/session.ts\n--- a/src/auth/session.ts\n+++ b/src/auth/session.ts\n@@ -1 +1 @@\n-const T = 10\n+const T = 1800 // REQ-AUTH-002\n')
    writeFileSync(path.join(dir, 'junit.xml'), '<testsuites><testsuite name="a"><testcase name="TEST-AUTH-002"><failure/></testcase><testcase name="ok"/></testsuite></testsuites>')
    writeFileSync(path.join(dir, 'green.tap'), 'TAP version 13\nok 1 - TEST-AUTH-002\nok 2 - login\n1..2\n')
    const red = await runCli(['verify', '--diff', 'c.diff', '--tests', 'junit.xml', '--work-item-id', wi, '--json', '--project-dir', ctx.root], {env, cwd: dir})
    expect(red.code, red.stderr).to.equal(2)
    expect(red.json()).to.deep.include({equilibrium: false, retry_strategy: 'fix_tests', work_item_id: wi, retry_budget: {limit: 3, used: 1, remaining: 2}})
    const green = await runCli(['verify', '--diff', 'c.diff', '--tests', 'green.tap', '--work-item-id', wi, '--project-dir', ctx.root], {env, cwd: dir})
    expect(green.code, green.stderr).to.equal(0)
    expect(green.stdout).to.match(/^equilibrium\s+confidence/)
  })

  it('verify --stdin: exit 3 for stop-and-align; bad JSON and missing files are clear errors (exit 2)', async () => {
    const ctx = fixtureProject({config: 'verify:\n  threshold: 0.99\n'})
    const input = JSON.stringify({files_changed: ['src/a.ts'], test_results: {passed: 5, failed: 0}})
    const stop = await runCli(['verify', '--stdin', '--json', '--project-dir', ctx.root], {env, input})
    expect(stop.code).to.equal(3)
    expect(stop.json()).to.include({retry_strategy: 'stop', confidence_threshold: 0.99})
    const bad = await runCli(['verify', '--stdin', '--project-dir', ctx.root], {env, input: '{"diff": '})
    expect(bad.code).to.equal(2)
    expect(bad.stderr).to.contain('stdin is not valid JSON').and.not.to.match(/\n\s+at /)
    const missing = await runCli(['verify', '--tests', 'nope.xml', '--project-dir', ctx.root], {env})
    expect(missing.code).to.equal(2)
    expect(missing.stderr).to.contain('--tests nope.xml: no such file')
    const nothing = await runCli(['verify', '--project-dir', ctx.root], {env})
    expect(nothing.code).to.equal(2)
    expect(nothing.stderr).to.contain('Nothing to verify')
  })
})
