import {execFileSync} from 'node:child_process'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, {cwd, env: {...process.env, ...GIT_TEST_ENV}, encoding: 'utf8'})

describe('.govtool/ carries its own ignore file', () => {
  after(cleanupTempDirs)

  it('machine state never shows up in a repository that does not ignore .govtool/', async function () {
    this.timeout(60_000)
    const dir = makeTempDir()
    const env = isolatedEnv(makeTempDir())
    git(dir, 'init', '-q', '-b', 'main')
    writeFileSync(path.join(dir, 'README.md'), '# demo\n')
    git(dir, 'add', '-A')
    git(dir, 'commit', '-qm', 'init')

    const r = await runCli(['ledger', 'add', 'first change', '--json'], {cwd: dir, env})
    expect(r.code, r.stderr).to.equal(0)
    expect(readFileSync(path.join(dir, '.govtool', '.gitignore'), 'utf8')).to.contain('*')
    // only the governance file is a change; ledger-chain.txt, ledger-heads.json and caches are not
    expect(git(dir, 'status', '--porcelain').trim().split('\n')).to.deep.equal(['?? LEDGER.md'])
    git(dir, 'add', '-A')
    git(dir, 'commit', '-qm', 'ledger')
    expect(git(dir, 'ls-files').trim().split('\n').sort()).to.deep.equal(['LEDGER.md', 'README.md'])
    expect((await runCli(['ledger', 'add', 'second change'], {cwd: dir, env})).code).to.equal(0)
    expect(git(dir, 'status', '--porcelain').trim()).to.equal('M LEDGER.md')
  })

  it('an ignore file already in .govtool/ is left as it is', async function () {
    this.timeout(60_000)
    const dir = makeTempDir()
    mkdirSync(path.join(dir, '.govtool'))
    writeFileSync(path.join(dir, '.govtool', '.gitignore'), 'cache/\n')
    expect((await runCli(['ledger', 'add', 'a change'], {cwd: dir, env: isolatedEnv(makeTempDir())})).code).to.equal(0)
    expect(readFileSync(path.join(dir, '.govtool', '.gitignore'), 'utf8')).to.equal('cache/\n')
  })
})
