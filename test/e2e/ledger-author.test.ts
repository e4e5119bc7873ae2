/**
 * Every ledger entry's author comes from one place (ledgerAuthor in the governance plugin): the entries that
 * import, preflight, `ledger add` and `agent permissions-check` append name the same person, git's user.name,
 * else the operating-system user; and a read-only question leaves LEDGER.md alone.
 */
import {execFileSync} from 'node:child_process'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

interface Entry {
  type: string
  author: string
  description: string
}

/** A small Python repository (code and a test), a git repository without commits; `name` as its user.name. */
function repository(name?: string): string {
  const root = makeTempDir('govtool-author-')
  mkdirSync(path.join(root, 'src'))
  mkdirSync(path.join(root, 'tests'))
  writeFileSync(path.join(root, 'src', 'app.py'), 'def parse(text):\n    return text.split("=")\n')
  writeFileSync(path.join(root, 'tests', 'test_app.py'), 'from src.app import parse\n\ndef test_parse():\n    assert parse("a=b") == ["a", "b"]\n')
  execFileSync('git', ['init', '-q'], {cwd: root, env: {...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1'}})
  if (name) execFileSync('git', ['config', 'user.name', name], {cwd: root})
  return root
}

/** The environment of a user with no author override: no GOVTOOL_AUTHOR, no GIT_AUTHOR_NAME, no global git config. */
function plainEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = isolatedEnv(makeTempDir('govtool-author-home-'), extra)
  delete env.GIT_AUTHOR_NAME
  if (!('GOVTOOL_AUTHOR' in extra)) delete env.GOVTOOL_AUTHOR
  return env
}

async function govtool(root: string, env: NodeJS.ProcessEnv, ...args: string[]) {
  return runCli([...args, '--project-dir', root], {env, cwd: root})
}

async function entries(root: string, env: NodeJS.ProcessEnv): Promise<Entry[]> {
  const list = await govtool(root, env, 'ledger', 'list', '--json')
  expect(list.code, list.stderr).to.equal(0)
  return list.json<{entries: Entry[]}>().entries
}

describe('ledger authors: one source for every entry', function () {
  this.timeout(180_000)
  after(cleanupTempDirs)

  it('names git user.name as the author of every entry, whichever command appends it', async () => {
    const root = repository('Ada Lovelace')
    const env = plainEnv()
    expect((await govtool(root, env, 'import')).code).to.equal(0)
    expect((await govtool(root, env, 'phase', 'set', 'implementation', '--force')).code).to.equal(0)
    expect((await govtool(root, env, 'req', 'add', 'REQ-APP-001', '--component', 'app', '--priority', 'P1', '--description', 'The app parses the config file')).code).to.equal(0)
    const accepted = await govtool(root, {...env, GOVTOOL_TIMING: '1'}, 'preflight', 'fix the config parsing in REQ-APP-001', '--json')
    expect(accepted.json()).to.include({decision: 'accepted', intent: 'change'})
    // git is asked for the author while the work item is written, not after (issue 14)
    const marks = [...accepted.stderr.matchAll(/preflight (ledger author asked|work item written)/g)].map((m) => m[1])
    expect(marks).to.deep.equal(['ledger author asked', 'work item written'])
    expect((await govtool(root, env, 'ledger', 'add', 'Fix config parsing', '--type', 'fix')).code).to.equal(0)
    expect((await govtool(root, env, 'agent', 'permissions-check', 'publish')).code).to.equal(3)

    const before = readFileSync(path.join(root, 'LEDGER.md'), 'utf8')
    const question = await govtool(root, env, 'preflight', 'explain how the config is parsed', '--json')
    expect(question.json()).to.include({decision: 'accepted', intent: 'read_only'})
    expect(readFileSync(path.join(root, 'LEDGER.md'), 'utf8'), 'a read-only question leaves LEDGER.md as it was').to.equal(before)

    const all = await entries(root, env)
    expect(all.map((e) => e.type)).to.deep.equal(['task', 'preflight', 'work_proposal', 'fix', 'permission_denied'])
    expect(new Set(all.map((e) => e.author))).to.deep.equal(new Set(['Ada Lovelace']))

    // an explicit author, and the GOVTOOL_AUTHOR override, still win
    await govtool(root, env, 'ledger', 'add', 'Reviewed by Bob', '--author', 'Bob')
    await govtool(root, plainEnv({GOVTOOL_AUTHOR: 'ci-bot'}), 'preflight', 'fix the config parsing in REQ-APP-001')
    expect((await entries(root, env)).slice(-2).map((e) => e.author)).to.deep.equal(['Bob', 'ci-bot'])
  })

  it('falls back to the operating-system user when git has no user.name', async () => {
    const root = repository()
    const env = plainEnv()
    expect((await govtool(root, env, 'import')).code).to.equal(0)
    expect((await govtool(root, env, 'ledger', 'add', 'First change')).code).to.equal(0)
    const authors = (await entries(root, env)).map((e) => e.author)
    expect(authors).to.deep.equal([os.userInfo().username, os.userInfo().username])
  })

  it('remembers git\'s answer across processes, and a changed user.name is asked again', async () => {
    const root = repository('Ada Lovelace')
    const env = plainEnv()
    expect((await govtool(root, env, 'import')).code).to.equal(0)
    const cacheFile = path.join(root, '.govtool', 'cache', 'git-author.json')
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as {key: string; author: string}
    expect(cached.author).to.equal('Ada Lovelace')
    // the next process takes the author from the cache, without starting git (a planted answer for the same key shows it)
    writeFileSync(cacheFile, JSON.stringify({...cached, author: 'From The Cache'}))
    expect((await govtool(root, env, 'ledger', 'add', 'Second change')).code).to.equal(0)
    // `git config user.name` rewrites .git/config: the key changes and git is asked again
    execFileSync('git', ['config', 'user.name', 'Grace Hopper'], {cwd: root})
    expect((await govtool(root, env, 'ledger', 'add', 'Third change')).code).to.equal(0)
    // a damaged cache file is a miss, never an error
    writeFileSync(cacheFile, '{not json')
    expect((await govtool(root, env, 'ledger', 'add', 'Fourth change')).code).to.equal(0)
    const authors = (await entries(root, env)).map((e) => e.author)
    expect(authors).to.deep.equal(['Ada Lovelace', 'From The Cache', 'Grace Hopper', 'Grace Hopper'])
  })
})
