/** `verify` with no change given takes it from git: real repositories, the real binary. */
import {execFileSync} from 'node:child_process'
import {mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {fixtureProject} from './helpers.js'

interface VerifyJson {
  equilibrium: boolean
  retry_strategy: string
  files_changed: string[]
  evidence: {size: {lines_added: number; lines_removed: number}; linkage: {touched: string[]}}
  change_set: {source: string; against: string | null; commit: string | null; untracked: string[]}
  warnings?: string[]
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, {cwd, env: {...process.env, ...GIT_TEST_ENV}, encoding: 'utf8'}).trim()

function repo(root: string): string {
  git(root, 'init', '-q', '-b', 'main')
  git(root, 'add', '-A')
  git(root, 'commit', '-q', '-m', 'first')
  return git(root, 'rev-parse', 'HEAD')
}

describe('verify: the change set from git', () => {
  const env = isolatedEnv(makeTempDir())
  after(cleanupTempDirs)

  it('takes the work tree, the index and untracked files against HEAD, leaves .govtool/ out, and says so', async () => {
    const ctx = fixtureProject()
    const head = repo(ctx.root)
    const tap = path.join(makeTempDir(), 'green.tap')
    writeFileSync(tap, 'TAP version 13\nok 1 - TEST-AUTH-002\n1..1\n')

    const clean = await runCli(['verify', '--json', '--project-dir', ctx.root], {env})
    expect(clean.code, clean.stderr).to.equal(2)
    const empty = clean.json<VerifyJson>()
    expect(empty).to.deep.include({equilibrium: false, retry_strategy: 'expand_scope', files_changed: []})
    expect(empty.change_set).to.deep.equal({source: 'git', against: 'HEAD', commit: head, untracked: []})
    expect(empty.warnings?.[0]).to.equal(`No change was given, so verify took it from git: the work tree and index against HEAD (${head.slice(0, 12)}): no change.`)

    writeFileSync(path.join(ctx.root, 'LEDGER.md'), 'changed in the work tree\n', {flag: 'a'})
    mkdirSync(path.join(ctx.root, 'src'))
    writeFileSync(path.join(ctx.root, 'src', 'auth.ts'), 'export const timeout = 30 // REQ-AUTH-002\nexport const retries = 3\n')
    writeFileSync(path.join(ctx.root, 'staged.ts'), 'export {}\n')
    git(ctx.root, 'add', 'staged.ts')
    mkdirSync(path.join(ctx.root, '.govtool'), {recursive: true})
    writeFileSync(path.join(ctx.root, '.govtool', 'state.json'), '{}\n')
    writeFileSync(path.join(ctx.root, '.gitignore'), 'ignored.log\n')
    writeFileSync(path.join(ctx.root, 'ignored.log'), 'noise\n')

    const r = await runCli(['verify', '--tests', tap, '--json', '--project-dir', ctx.root], {env})
    expect(r.code, r.stderr).to.equal(0)
    const result = r.json<VerifyJson>()
    expect(result.equilibrium).to.equal(true)
    expect(result.files_changed).to.deep.equal(['.gitignore', 'LEDGER.md', 'src/auth.ts', 'staged.ts'])
    expect(result.change_set).to.deep.equal({source: 'git', against: 'HEAD', commit: head, untracked: ['.gitignore', 'src/auth.ts']})
    // the untracked file's lines count as added lines
    expect(result.evidence.size.lines_added).to.equal(1 + 2 + 1 + 1)
    expect(result.warnings?.[0]).to.contain('4 file(s), 2 of them untracked')

    const human = await runCli(['verify', '--tests', tap, '--project-dir', ctx.root], {env})
    expect(human.code).to.equal(0)
    expect(human.stderr).to.match(/^warning: No change was given, so verify took it from git: the work tree and index against HEAD/)
    expect(human.stdout).to.contain(`Change set: from git, against HEAD (${head.slice(0, 12)}); untracked files included: .gitignore, src/auth.ts`)

    // a change given is judged as given, and says so
    const given = await runCli(['verify', '--changed', 'src/auth.ts', '--tests', tap, '--json', '--project-dir', ctx.root], {env})
    expect(given.json<VerifyJson>()).to.deep.include({files_changed: ['src/auth.ts'], change_set: {source: 'input', against: null, commit: null, untracked: []}})
    expect(given.json<VerifyJson>().warnings).to.equal(undefined)
  })

  it('--base compares with the merge base, so the branch commits count; a bad base or one combined with a given change is refused', async () => {
    const ctx = fixtureProject()
    const first = repo(ctx.root)
    git(ctx.root, 'checkout', '-q', '-b', 'feature')
    writeFileSync(path.join(ctx.root, 'feature.ts'), 'export const a = 1\nexport const b = 2\n')
    git(ctx.root, 'add', 'feature.ts')
    git(ctx.root, 'commit', '-q', '-m', 'feature')
    // main moves on after the branch point: its own changes are not the branch's
    git(ctx.root, 'checkout', '-q', 'main')
    writeFileSync(path.join(ctx.root, 'main-only.ts'), 'x\n')
    git(ctx.root, 'add', 'main-only.ts')
    git(ctx.root, 'commit', '-q', '-m', 'main moves')
    git(ctx.root, 'checkout', '-q', 'feature')

    const headOnly = await runCli(['verify', '--json', '--project-dir', ctx.root], {env})
    expect(headOnly.json<VerifyJson>().files_changed).to.deep.equal([])
    const branch = await runCli(['verify', '--base', 'main', '--json', '--project-dir', ctx.root], {env})
    const result = branch.json<VerifyJson>()
    expect(result.files_changed).to.deep.equal(['feature.ts'])
    expect(result.change_set).to.deep.equal({source: 'git', against: 'main', commit: first, untracked: []})
    expect(result.warnings?.[0]).to.contain('commits since main')

    const unknown = await runCli(['verify', '--base', 'nope', '--project-dir', ctx.root], {env})
    expect(unknown.code).to.equal(1)
    expect(unknown.stderr).to.contain('--base nope: no such branch or commit').and.to.contain('Branches: feature, main')
    const both = await runCli(['verify', '--base', 'main', '--changed', 'a.ts', '--project-dir', ctx.root], {env})
    expect(both.code).to.equal(2)
    expect(both.stderr).to.contain('--base takes the change from git; it cannot be combined with a change given as --changed')
  })

  it('a project in a subdirectory of the repository sees its own changes, with paths relative to it', async () => {
    const outer = makeTempDir()
    writeFileSync(path.join(outer, 'README.md'), 'outer\n')
    const ctx = fixtureProject()
    const sub = path.join(outer, 'services', 'notes')
    mkdirSync(path.dirname(sub), {recursive: true})
    execFileSync('cp', ['-r', ctx.root, sub])
    repo(outer)
    writeFileSync(path.join(outer, 'README.md'), 'outer, changed\n')
    writeFileSync(path.join(sub, 'docs', 'TESTS.md'), '\n', {flag: 'a'})
    writeFileSync(path.join(sub, 'new.ts'), 'export {}\n')
    const r = await runCli(['verify', '--json', '--project-dir', sub], {env})
    expect(r.json<VerifyJson>().files_changed).to.deep.equal(['docs/TESTS.md', 'new.ts'])
  })

  it('outside a git repository, with no change given, it is an input error that says how to give one', async () => {
    const ctx = fixtureProject()
    const r = await runCli(['verify', '--json', '--project-dir', ctx.root], {env})
    expect(r.code).to.equal(2)
    const error = r.json<{error: {code: string; message: string; hint: string}}>().error
    expect(error.code).to.equal('E_INPUT')
    expect(error.message).to.contain('Nothing to verify').and.to.contain('not in a git repository')
    expect(error.hint).to.contain('--changed')
  })
})
