/**
 * The path from install to a first governed change, walked as a new user would on an existing small project
 * with code and tests and real git: `import`, then exactly the commands its "Next" steps list (placeholders
 * filled in), an accepted preflight for a fix, the project's own tests, verify taking the change from git, and
 * the commit. No governance file is edited by hand: the only file written after the import is the fix itself.
 */
import {execFileSync, spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

const BUGGY = 'export function add(a, b) {\n  return a - b\n}\n'
const FIXED = 'export function add(a, b) {\n  return a + b\n}\n'

function write(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), {recursive: true})
  writeFileSync(path.join(root, file), text)
}

/** The words of a command line as a POSIX shell splits them (double quotes only; what the steps use). */
function words(line: string): string[] {
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => (m[1] === undefined ? m[2] : m[1].replaceAll(/\\(.)/g, '$1')))
}

/** A small existing JavaScript project: one module with a bug, its test (node's test runner), one commit. */
function existingProject(root: string, gitEnv: NodeJS.ProcessEnv): void {
  write(root, 'package.json', `${JSON.stringify({name: 'calc', version: '0.1.0', type: 'module', scripts: {test: 'node --test'}}, null, 2)}\n`)
  write(root, 'src/calc/index.js', BUGGY)
  write(root, 'test/calc.test.js', "import {test} from 'node:test'\nimport assert from 'node:assert/strict'\nimport {add} from '../src/calc/index.js'\n\ntest('add sums its arguments', () => {\n  assert.equal(add(1, 2), 3)\n})\n")
  execFileSync('git', ['init', '--quiet', '--initial-branch', 'main'], {cwd: root, env: gitEnv})
  execFileSync('git', ['add', '--all'], {cwd: root, env: gitEnv})
  execFileSync('git', ['commit', '--quiet', '-m', 'calc'], {cwd: root, env: gitEnv})
}

describe('the first half hour: from import to a first governed change', function () {
  this.timeout(300_000)
  after(cleanupTempDirs)

  it('import, then its Next steps: an accepted preflight for a fix, verify from git, commit', async () => {
    const root = path.join(makeTempDir('govtool-first-path-'), 'calc')
    mkdirSync(root)
    const env = isolatedEnv(makeTempDir())
    const gitEnv = {...process.env, ...GIT_TEST_ENV}
    const git = (...args: string[]) => execFileSync('git', args, {cwd: root, env: gitEnv, encoding: 'utf8'}).trim()
    existingProject(root, gitEnv)

    const imported = await runCli(['import', '--json'], {cwd: root, env})
    expect(imported.code, imported.stderr).to.equal(0)
    const result = imported.json<{phase: {phase: string; source: string; reason: string}; next_steps: string[]}>()
    expect(result.phase).to.deep.include({phase: 'implementation', source: 'detected'})
    expect(result.phase.reason).to.contain('1 source file(s) and 1 test file(s) in test (node:test)')
    const steps = result.next_steps
    expect(steps.at(-1)).to.match(/^govtool commit -m /)

    let workItem: string | undefined
    const fill = (line: string) =>
      line
        .replace('<what is wrong>', 'add subtracts instead of adding')
        .replace('<WI-... from preflight>', workItem ?? '<no work item yet>')
        .replace('<what the fix changes>', 'Fix calc add: it subtracted')
    const ran: string[] = []
    for (const line of steps) {
      const step = fill(line)
      expect(step, 'a placeholder left unfilled').not.to.match(/<[^>]+>/)
      ran.push(step)
      const [command, ...args] = words(step)
      if (command === 'git') {
        git(...args)
        continue
      }
      if (command === 'node') {
        // the project's test run, its report redirected where verify reads it
        const at = args.indexOf('>')
        const run = spawnSync(process.execPath, args.slice(0, at), {cwd: root, env: gitEnv, encoding: 'utf8'})
        expect(run.status, `${step}\n${run.stdout}${run.stderr}`).to.equal(0)
        writeFileSync(path.join(root, args[at + 1]), run.stdout)
        continue
      }
      expect(command).to.equal('govtool')
      const r = await runCli([...args, '--json'], {cwd: root, env})
      expect(r.code, `${step}\n${r.stdout}\n${r.stderr}`).to.equal(0)
      if (args[0] === 'preflight') {
        const decision = r.json<{decision: string; work_item_id: string; requirement_ids: string[]; intent: string}>()
        expect(decision).to.deep.include({decision: 'accepted', intent: 'change', requirement_ids: ['REQ-CALC-001']})
        workItem = decision.work_item_id
        // the change the preflight accepted: the one file anyone edits after the import
        write(root, 'src/calc/index.js', FIXED)
      }
      if (args[0] === 'verify') {
        const verdict = r.json<{equilibrium: boolean; files_changed: string[]; change_set: {source: string; against: string}; evidence: {linkage: {touched: string[]}}; warnings: string[]}>()
        expect(verdict.equilibrium).to.equal(true)
        expect(verdict.change_set).to.deep.include({source: 'git', against: 'HEAD'})
        expect(verdict.files_changed).to.deep.equal(['LEDGER.md', 'src/calc/index.js'])
        expect(verdict.evidence.linkage.touched).to.deep.equal(['REQ-CALC-001'])
        expect(verdict.warnings[0]).to.contain('No change was given, so verify took it from git')
      }
    }
    expect(ran.map((s) => words(s).slice(0, 2).join(' '))).to.deep.equal([
      'govtool import',
      'git add',
      'govtool commit',
      'govtool preflight',
      'node --test',
      'govtool verify',
      'git add',
      'govtool commit',
    ])

    // three commits: the project's, the adoption of governance, the fix with its ledger entry
    expect(git('log', '--format=%s').split('\n')).to.deep.equal(['Fix calc add: it subtracted', 'Bring the project under govtool governance', 'calc'])
    expect(git('show', '--name-only', '--format=', 'HEAD').split('\n')).to.deep.equal(['LEDGER.md', 'src/calc/index.js'])
    expect(git('show', '--name-only', '--format=', 'HEAD~1').split('\n')).to.include.members(['scaffold.yml', 'AGENTS.md', 'docs/REQUIREMENTS.md', 'docs/TESTS.md', 'docs/architecture.md'])
    expect(readFileSync(path.join(root, 'LEDGER.md'), 'utf8')).to.contain(workItem!)
    // nothing left behind: govtool's machine state ignores itself (.govtool/.gitignore)
    expect(git('status', '--porcelain')).to.equal('')
    expect((await runCli(['audit', '--json'], {cwd: root, env})).json<{healthy: boolean}>().healthy).to.equal(true)
  })
})
