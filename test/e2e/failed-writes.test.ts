/**
 * A command that fails has written nothing (issue 14): invalid input to each writer (credits record, ledger
 * add, req add, test add, req remove) exits non-zero and leaves every file of the project as it was, state
 * included. Each case is checked against a digest of the whole project taken just before.
 */
import {createHash} from 'node:crypto'
import {execFileSync} from 'node:child_process'
import {mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

/**
 * Every file below `dir` with the sha256 of its content. Left out: .git, and the parse caches of
 * .govtool/cache/, which any reader (a read-only command too) refreshes from the governance files.
 */
function snapshot(dir: string, base = dir): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const file = path.join(dir, entry.name)
    const rel = path.relative(base, file)
    if (entry.name === '.git' || rel === path.join('.govtool', 'cache')) continue
    if (entry.isDirectory()) Object.assign(out, snapshot(file, base))
    else if (entry.isSymbolicLink()) out[rel] = `link`
    else out[rel] = createHash('sha256').update(readFileSync(file)).digest('hex')
  }
  return out
}

describe('a command that fails writes nothing', function () {
  this.timeout(180_000)
  after(cleanupTempDirs)
  let root: string
  let env: NodeJS.ProcessEnv

  before(async () => {
    root = makeTempDir('govtool-failed-writes-')
    env = isolatedEnv(makeTempDir())
    const gitEnv = {...process.env, ...GIT_TEST_ENV}
    writeFileSync(path.join(root, 'package.json'), '{"name": "demo", "version": "0.1.0"}\n')
    execFileSync('git', ['init', '--quiet', '--initial-branch', 'main'], {cwd: root, env: gitEnv})
    execFileSync('git', ['add', '--all'], {cwd: root, env: gitEnv})
    execFileSync('git', ['commit', '--quiet', '-m', 'demo'], {cwd: root, env: gitEnv})
    expect((await runCli(['import', '--json'], {cwd: root, env})).code).to.equal(0)
    expect((await runCli(['req', 'add', 'REQ-001', '-d', 'The tool prints its version.', '--status', 'implemented'], {cwd: root, env})).code).to.equal(0)
    expect((await runCli(['credits', 'record', '--provider', 'openai', '--model', 'gpt-4o', '--tokens-in', '1', '--tokens-out', '1', '--task', 'seed'], {cwd: root, env})).code).to.equal(0)
  })

  const fails = async (args: string[]) => {
    const before = snapshot(root)
    const r = await runCli(args, {cwd: root, env})
    expect(r.code, `${args.join(' ')} should fail: ${r.stdout}`).to.not.equal(0)
    expect(snapshot(root), `${args.join(' ')} changed files`).to.deep.equal(before)
    return r
  }
  const credits = ['credits', 'record', '--provider', 'openai', '--model', 'gpt-4o', '--task', 't']

  it('credits record: an invalid timestamp, token count or attempt', async () => {
    const r = await fails([...credits, '--tokens-in', '1', '--tokens-out', '1', '--timestamp', '99999', '--json'])
    expect(r.json<{error: {code: string}}>().error.code).to.equal('E_BAD_TIMESTAMP')
    await fails([...credits, '--tokens-in', '1', '--tokens-out', '1', '--timestamp', '2025-13-45'])
    await fails([...credits, '--tokens-in', '-1', '--tokens-out', '1'])
    await fails([...credits, '--tokens-in', '1', '--tokens-out', '1', '--attempt', '0'])
  })

  it('credits record: a broken budget file fails the command before the entry is appended', async () => {
    const budget = path.join(root, '.govtool', 'credits-budget.json')
    writeFileSync(budget, '{"monthly_cap_usd": "lots"}\n')
    try {
      const r = await fails([...credits, '--tokens-in', '1', '--tokens-out', '1', '--json'])
      expect(r.json<{error: {code: string}}>().error.code).to.equal('E_BAD_BUDGET')
    } finally {
      rmSync(budget)
    }
  })

  it('ledger add, req add and test add with invalid input', async () => {
    await fails(['ledger', 'add', 'a change', '--type', 'nonsense'])
    await fails(['ledger', 'add', '   '])
    await fails(['req', 'add', 'REQ-002', '-d', 'x', '--status', 'bogus'])
    await fails(['req', 'add', 'REQ-002', '-d', 'x', '--priority', 'P9'])
    await fails(['req', 'add', 'REQ-001', '-d', 'duplicate'])
    await fails(['test', 'add', 'TEST-001', '-r', 'REQ-999'])
    await fails(['test', 'add', 'not-a-test', '-r', 'REQ-001'])
    await fails(['credits', 'record', '--provider', 'openai', '--model', 'gpt-4o', '--tokens-in', '1', '--tokens-out', '1', '--task', 't', '--cached-in', '5'])
  })

  it('req remove refuses before removing when the ledger entry it owes could not be written', async () => {
    const ledger = path.join(root, 'LEDGER.md')
    const outside = path.join(makeTempDir(), 'elsewhere.md')
    writeFileSync(outside, readFileSync(ledger))
    rmSync(ledger)
    symlinkSync(outside, ledger)
    try {
      const r = await fails(['req', 'remove', 'REQ-001', '--reason', 'merged', '--json'])
      expect(r.json<{error: {code: string}}>().error.code).to.equal('E_SYMLINK')
      expect(readFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), 'utf8')).to.contain('REQ-001')
    } finally {
      rmSync(ledger)
      writeFileSync(ledger, readFileSync(outside))
      mkdirSync(path.join(root, 'docs'), {recursive: true})
    }
  })
})
