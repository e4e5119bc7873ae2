import {existsSync, rmSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs} from 'govtool/testing'

import {commitWork, createBranch, listBranches, previewDiscard, pullBranch, pushBranch, sessionEnd, losesWork} from '../src/index.js'
import {cloneOf, makeRepo} from './helpers.js'

async function rejects(promise: Promise<unknown>): Promise<Error & {code?: string; hint?: string; exit?: number}> {
  try {
    await promise
  } catch (error) {
    return error as Error & {code?: string; hint?: string; exit?: number}
  }
  throw new Error('expected a rejection')
}

describe('vcs: commit', function () {
  this.timeout(30_000)
  after(cleanupTempDirs)

  it('takes the message from the last ledger entry; nothing staged: commits every tracked change, like git commit -a, never an untracked file', async () => {
    const repo = await makeRepo()
    repo.write('src/app.txt', 'hello\n')
    repo.commitAll('Add the app')
    repo.write('src/app.txt', 'hello, world\n')
    repo.write('id_rsa', 'a stray key file\n')
    repo.write('notes.txt', 'my notes\n')
    await repo.ledger('Change the app greeting')
    const result = await commitWork(repo.ctx)
    expect(result).to.include({message: 'Change the app greeting', message_source: 'ledger', ledger_updated: true, staged_only: false, branch: 'main', untracked_left_count: 2})
    expect(result.files).to.have.members(['LEDGER.md', 'src/app.txt'])
    expect(result.untracked_left).to.deep.equal(['id_rsa', 'notes.txt'])
    expect(result.audit).to.include({ran: true, healthy: true})
    expect(result.warnings).to.have.length(1)
    expect(result.warnings[0]).to.contain('like `git commit -a`').and.contain('2 untracked file(s) left out: id_rsa, notes.txt').and.contain('--include')
    expect(repo.git('log', '-1', '--format=%s')).to.equal('Change the app greeting')
    expect(repo.git('rev-parse', 'HEAD')).to.equal(result.sha)
    expect(repo.git('show', '--name-only', '--format=', 'HEAD').split('\n')).to.have.members(['LEDGER.md', 'src/app.txt'])
    expect(repo.git('status', '--porcelain')).to.equal('?? id_rsa\n?? notes.txt')
  })

  it('warns when LEDGER.md did not change, and commits only what is staged', async () => {
    const repo = await makeRepo()
    repo.write('a.txt', 'a\n')
    repo.write('b.txt', 'b\n')
    repo.git('add', 'a.txt')
    const result = await commitWork(repo.ctx, {message: 'Add a'})
    expect(result).to.include({ledger_updated: false, staged_only: true, message_source: 'flag'})
    expect(result.files).to.deep.equal(['a.txt'])
    expect(result.untracked_left).to.deep.equal(['b.txt'])
    expect(result.warnings.join('\n')).to.contain('LEDGER.md was not updated')
    expect(repo.git('status', '--porcelain')).to.equal('?? b.txt')
  })

  it('commits an untracked file only when named with include (files and directories), with what is staged or the tracked changes', async () => {
    const repo = await makeRepo()
    repo.write('a.txt', 'a\n')
    repo.write('docs/notes/one.md', '1\n')
    repo.write('docs/notes/two.md', '2\n')
    repo.write('stray.txt', 'stray\n')
    repo.git('add', 'a.txt')
    const result = await commitWork(repo.ctx, {message: 'Add a and the notes', audit: false, include: ['docs/notes']})
    expect(result).to.include({staged_only: true})
    expect(result.warnings.join('\n')).not.to.contain('git commit -a')
    expect(result.included).to.deep.equal(['docs/notes'])
    expect(result.files).to.deep.equal(['a.txt', 'docs/notes/one.md', 'docs/notes/two.md'])
    expect(repo.git('status', '--porcelain')).to.equal('?? stray.txt')

    // nothing staged, one file named: the tracked changes, like git commit -a, and that file
    repo.write('AGENTS.md', '# Agents\n\nChanged.\n')
    repo.write('other.txt', 'other\n')
    const named = await commitWork(repo.ctx, {message: 'Add stray', audit: false, include: ['stray.txt']})
    expect(named).to.include({staged_only: false})
    expect(named.files).to.deep.equal(['AGENTS.md', 'stray.txt'])
    expect(named.untracked_left).to.deep.equal(['other.txt'])
    expect(repo.git('status', '--porcelain')).to.equal('?? other.txt')

    const missing = await rejects(commitWork(repo.ctx, {message: 'x', audit: false, include: ['nope.txt']}))
    expect(missing.code).to.equal('E_NO_INPUT_FILE')
    repo.write('.gitignore', '.govtool/\n*.log\n')
    repo.write('debug.log', 'log\n')
    const ignored = await rejects(commitWork(repo.ctx, {message: 'x', audit: false, include: ['debug.log']}))
    expect(ignored.code).to.equal('E_INPUT')
    expect(ignored.message).to.contain('ignores it')
    expect((await rejects(commitWork(repo.ctx, {message: 'x', audit: false, include: ['../outside.txt']}))).code).to.equal('E_PATH_ESCAPE')
  })

  it('never stages .govtool/ machine state, even when .gitignore does not list it', async () => {
    const repo = await makeRepo()
    repo.write('.gitignore', '')
    repo.commitAll('unignore')
    repo.write('.govtool/pids/1.json', '{}')
    const clean = await rejects(commitWork(repo.ctx, {audit: false}))
    expect(clean.code).to.equal('E_NOTHING_TO_COMMIT')
    expect(clean.message).to.contain('the work tree is clean')
    repo.write('c.txt', 'c\n')
    const untracked = await rejects(commitWork(repo.ctx, {message: 'Add c', audit: false}))
    expect(untracked.code).to.equal('E_NOTHING_TO_COMMIT')
    expect(untracked.message).to.contain('1 untracked file(s) are not committed unless named: c.txt')
    expect(untracked.hint).to.contain('--include <path>')
    expect((await rejects(commitWork(repo.ctx, {message: 'x', audit: false, include: ['.govtool']}))).code).to.equal('E_INPUT')
    const result = await commitWork(repo.ctx, {message: 'Add c', audit: false, include: ['.']})
    expect(result.files).to.deep.equal(['c.txt'])
    expect(repo.git('show', '--name-only', '--format=', 'HEAD')).to.equal('c.txt')
  })

  // made-up secrets, assembled at run time so that this file holds none
  const GITHUB_TOKEN = ['ghp_', 'q7Xk2Lp9Rz4Tv8Nw3Hs6Jd1Fg5Bm0YcWaB3d'].join('')
  const API_KEY = ['8d9a7b6c', '5e4f3a2b1c0d9e8f7a6b5c4d'].join('')

  it('refuses a staged secret with file, line and kind, never the value, and leaves the index as it was', async () => {
    const repo = await makeRepo()
    repo.write('src/config.py', `DEBUG = True\nAPI_KEY = "${API_KEY}"\n`)
    repo.write('src/app.py', 'print("hi")\n')
    repo.git('add', 'src/config.py', 'src/app.py')
    const before = repo.git('rev-parse', 'HEAD')
    const error = await rejects(commitWork(repo.ctx, {message: 'Add config', audit: false}))
    expect(error.code).to.equal('E_SECRET_FOUND')
    expect(error.exit).to.equal(3)
    expect(error.message).to.contain('src/config.py:2: secret assigned in the file')
    expect(error.hint).to.contain('--allow-secret src/config.py')
    expect(`${error.message}${error.hint}`).not.to.contain(API_KEY.slice(0, 8))
    expect(repo.git('rev-parse', 'HEAD')).to.equal(before)
    expect(repo.git('status', '--porcelain')).to.equal('A  src/app.py\nA  src/config.py')
  })

  it('scans what it would stage (tracked changes, named files) before staging anything', async () => {
    const repo = await makeRepo()
    repo.write('settings.toml', 'debug = true\n')
    repo.commitAll('settings')
    repo.write('settings.toml', `debug = true\ntoken = "${GITHUB_TOKEN}"\n`)
    const tracked = await rejects(commitWork(repo.ctx, {message: 'x', audit: false}))
    expect(tracked.code).to.equal('E_SECRET_FOUND')
    expect(tracked.message).to.contain('settings.toml:2: GitHub token')
    expect(repo.git('status', '--porcelain')).to.equal('M settings.toml')
    repo.git('checkout', '--', 'settings.toml')
    repo.write('id_rsa', 'key\n')
    repo.write('.env', 'DEBUG=1\n')
    const named = await rejects(commitWork(repo.ctx, {message: 'x', audit: false, include: ['id_rsa', '.env']}))
    expect(named.message).to.contain('.env:1: .env file').and.contain('id_rsa:1: SSH private key file')
    expect(repo.git('status', '--porcelain')).to.equal('?? .env\n?? id_rsa')
    // an old secret is not the commit's doing: only added lines count
    repo.write('legacy.cfg', `api_key = ${API_KEY}\n`)
    repo.commitAll('legacy')
    repo.write('legacy.cfg', `api_key = ${API_KEY}\nname = demo\n`)
    expect((await commitWork(repo.ctx, {message: 'name', audit: false})).files).to.deep.equal(['legacy.cfg'])
  })

  it('--allow-secret lets a path through, records the exception in LEDGER.md (never the value) and commits it with the work', async () => {
    const repo = await makeRepo()
    repo.write('test/fixtures/creds.env.txt', `api_key = ${API_KEY}\n`)
    repo.write('src/app.py', `TOKEN = "${GITHUB_TOKEN}"\n`)
    repo.git('add', '.')
    const partly = await rejects(commitWork(repo.ctx, {message: 'x', audit: false, allowSecret: ['test/fixtures']}))
    expect(partly.message).to.contain('src/app.py:1: GitHub token').and.not.contain('creds')
    repo.git('rm', '--quiet', '--cached', 'src/app.py')
    const result = await commitWork(repo.ctx, {message: 'Add the fixture', audit: false, allowSecret: ['test/fixtures', 'docs']})
    expect(result.secrets_allowed).to.deep.equal([{file: 'test/fixtures/creds.env.txt', line: 1, kind: 'generic_secret'}])
    expect(result.files).to.deep.equal(['LEDGER.md', 'test/fixtures/creds.env.txt'])
    expect(result.warnings.join('\n')).to.contain('--allow-secret docs: no secret found there')
    const ledger = repo.git('show', 'HEAD:LEDGER.md')
    expect(ledger).to.contain('Secret scan exception: test/fixtures committed with --allow-secret')
    expect(ledger).to.contain('secret_allowed').and.contain('test/fixtures/creds.env.txt:1: secret assigned in the file')
    expect(ledger).not.to.contain(API_KEY.slice(0, 8))
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).to.equal('?? src/app.py')
  })

  it('works the same for a project in a folder of the repository: paths named from the project, reported from the top', async () => {
    const repo = await makeRepo()
    repo.write('web/app.cfg', 'debug = true\n')
    repo.commitAll('web')
    const ctx = new ProjectContext(path.join(repo.dir, 'web'))
    repo.write('web/app.cfg', `debug = true\napi_key = ${API_KEY}\n`)
    repo.write('web/notes.md', 'notes\n')
    const refused = await rejects(commitWork(ctx, {message: 'web', audit: false, include: ['notes.md']}))
    expect(refused.message).to.contain('web/app.cfg:2: secret assigned in the file')
    const result = await commitWork(ctx, {message: 'web', audit: false, include: ['notes.md', '.'], allowSecret: ['app.cfg']})
    expect(result.files).to.deep.equal(['web/LEDGER.md', 'web/app.cfg', 'web/notes.md'])
    expect(result.secrets_allowed).to.deep.equal([{file: 'web/app.cfg', line: 2, kind: 'generic_secret'}])
    expect(repo.read('web/LEDGER.md')).to.contain('Secret scan exception: web/app.cfg committed with --allow-secret')
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).to.equal('')
  })

  it('refuses on a failing audit, saying how to bypass; --no-audit commits anyway', async () => {
    const repo = await makeRepo()
    rmSync(path.join(repo.dir, 'AGENTS.md'))
    await repo.ledger('Remove agents file')
    const before = repo.git('rev-parse', 'HEAD')
    const error = await rejects(commitWork(repo.ctx))
    expect(error.code).to.equal('E_AUDIT_FAILED')
    expect(error.message).to.contain('AGENTS.md is missing')
    expect(error.hint).to.contain('--no-audit')
    expect(repo.git('rev-parse', 'HEAD')).to.equal(before)
    expect(repo.git('diff', '--cached', '--name-only')).to.equal('') // nothing staged by the refused attempt
    const result = await commitWork(repo.ctx, {audit: false})
    expect(result.audit).to.deep.equal({ran: false})
    expect(result.warnings.join('\n')).to.contain('--no-audit')
  })

  it('refuses with nothing to commit, and without any message source', async () => {
    const repo = await makeRepo()
    expect((await rejects(commitWork(repo.ctx))).code).to.equal('E_NOTHING_TO_COMMIT')
    rmSync(path.join(repo.dir, 'LEDGER.md'))
    const error = await rejects(commitWork(repo.ctx, {audit: false}))
    expect(error.code).to.equal('E_NO_MESSAGE')
    expect(error.hint).to.contain('-m')
  })

  it('--auto-push pushes after committing; a refused push leaves the commit and reports why', async () => {
    const repo = await makeRepo()
    repo.write('y.txt', 'y\n')
    await repo.ledger('Add y')
    const refused = await commitWork(repo.ctx, {autoPush: true})
    expect(refused.push).to.include({pushed: false})
    expect((refused.push as {error: string}).error).to.contain("protected branch 'main'")
    expect(repo.git('rev-parse', 'HEAD')).to.equal(refused.sha)

    repo.git('switch', '--quiet', '-c', 'add-x')
    repo.write('x.txt', 'x\n')
    await repo.ledger('Add x')
    const pushed = await commitWork(repo.ctx, {autoPush: true})
    expect(pushed.push).to.include({pushed: true, set_upstream: true, upstream: 'origin/add-x', commits: 2})
    expect(repo.git('--git-dir', repo.remote, 'rev-parse', 'add-x')).to.equal(pushed.sha)
  })
})

describe('vcs: push', function () {
  this.timeout(30_000)
  after(cleanupTempDirs)

  it('refuses a direct push to a protected branch; --force skips the checks and says so', async () => {
    const repo = await makeRepo({strategy: 'gitflow'})
    repo.git('switch', '--quiet', 'develop')
    repo.write('d.txt', 'd\n')
    repo.commitAll('on develop')
    const error = await rejects(pushBranch(repo.ctx))
    expect(error.code).to.equal('E_PROTECTED_BRANCH')
    expect(error.message).to.contain("'develop'").and.contain('gitflow')
    expect(error.hint).to.contain('--force')
    const forced = await pushBranch(repo.ctx, {force: true})
    expect(forced).to.include({forced: true, commits: 1, branch: 'develop'})
    expect(forced.skipped_checks).to.deep.equal(['protected-branch', 'audit'])
    expect(repo.git('--git-dir', repo.remote, 'rev-parse', 'develop')).to.equal(repo.git('rev-parse', 'HEAD'))
  })

  it('refuses while the audit fails; sets the upstream on the first push of a branch', async () => {
    const repo = await makeRepo()
    repo.git('switch', '--quiet', '-c', 'feature/a')
    rmSync(path.join(repo.dir, 'AGENTS.md'))
    repo.commitAll('drop agents')
    const error = await rejects(pushBranch(repo.ctx))
    expect(error.code).to.equal('E_AUDIT_FAILED')
    expect(error.hint).to.contain('--force')
    repo.write('AGENTS.md', '# Agents\n')
    repo.commitAll('restore agents')
    const result = await pushBranch(repo.ctx)
    expect(result).to.include({set_upstream: true, upstream: 'origin/feature/a', forced: false, commits: 2})
    expect(result.checks.map((c) => [c.name, c.ok])).to.deep.equal([
      ['protected-branch', true],
      ['audit', true],
      ['upstream', true],
    ])
    expect(repo.git('rev-parse', '--abbrev-ref', 'feature/a@{upstream}')).to.equal('origin/feature/a')
  })

  it('reports a rejected (non-fast-forward) push with the way out', async () => {
    const repo = await makeRepo()
    repo.git('switch', '--quiet', '-c', 'shared')
    await pushBranch(repo.ctx)
    const other = cloneOf(repo)
    other.git('switch', '--quiet', 'shared')
    other.write('theirs.txt', 't\n')
    other.git('add', '-A')
    other.git('commit', '--quiet', '-m', 'theirs')
    other.git('push', '--quiet')
    repo.write('mine.txt', 'm\n')
    repo.commitAll('mine')
    const error = await rejects(pushBranch(repo.ctx))
    expect(error.code).to.equal('E_PUSH_REJECTED')
    expect(error.hint).to.contain('govtool pull')
  })

  it('refuses without a remote', async () => {
    const repo = await makeRepo({push: false})
    repo.git('remote', 'remove', 'origin')
    repo.git('switch', '--quiet', '-c', 'x')
    expect((await rejects(pushBranch(repo.ctx))).code).to.equal('E_NO_REMOTE')
  })
})

describe('vcs: pull', function () {
  this.timeout(30_000)
  after(cleanupTempDirs)

  it('pulls new commits; flags conflicts in governance files', async () => {
    const repo = await makeRepo()
    const other = cloneOf(repo)
    other.write('feature.txt', 'f\n')
    other.write('LEDGER.md', `${repo.read('LEDGER.md')}\n## 2030-01-01T00:00:00.000Z — Their entry\n`)
    other.git('add', '-A')
    other.git('commit', '--quiet', '-m', 'theirs')
    other.git('push', '--quiet')

    repo.write('LEDGER.md', `${repo.read('LEDGER.md')}\n## 2030-01-02T00:00:00.000Z — Our entry\n`)
    repo.commitAll('ours')
    const result = await pullBranch(repo.ctx)
    expect(result.conflicts).to.deep.equal(['LEDGER.md'])
    expect(result.governance_conflicts).to.deep.equal(['LEDGER.md'])
    expect(result.warnings.join('\n')).to.contain('Conflicts in governance files: LEDGER.md')
    expect(existsSync(path.join(repo.dir, 'feature.txt'))).to.equal(true)
  })

  it('fast-forwards when there is no conflict; refuses when local changes would be overwritten', async () => {
    const repo = await makeRepo()
    const other = cloneOf(repo)
    other.write('AGENTS.md', '# Agents v2\n')
    other.git('commit', '--quiet', '-am', 'agents v2')
    other.git('push', '--quiet')
    repo.write('AGENTS.md', '# local edit\n')
    const error = await rejects(pullBranch(repo.ctx))
    expect(error.code).to.equal('E_PULL_BLOCKED')
    expect(error.hint).to.contain('--discard')
    repo.git('checkout', '--', 'AGENTS.md')
    const result = await pullBranch(repo.ctx)
    expect(result).to.include({updated: true, mode: 'merge', source: 'origin/main'})
    expect(result.conflicts).to.deep.equal([])
    expect(repo.read('AGENTS.md')).to.equal('# Agents v2\n')
  })

  it('--discard resets to the remote branch; --clean also removes untracked files but keeps .govtool/', async () => {
    const repo = await makeRepo()
    const origin = repo.git('rev-parse', 'HEAD')
    repo.write('local.txt', 'l\n')
    repo.commitAll('local commit')
    repo.write('AGENTS.md', '# changed\n')
    repo.write('untracked.txt', 'u\n')
    repo.write('.govtool/state.json', '{}\n')

    const preview = await previewDiscard(repo.ctx, false)
    expect(preview).to.deep.include({commits: 1, changed: ['AGENTS.md'], untracked: [], source: 'origin/main'})
    expect(losesWork(preview)).to.equal(true)
    const discarded = await pullBranch(repo.ctx, 'discard')
    expect(discarded.discarded).to.deep.equal({commits: 1, files: ['AGENTS.md'], untracked_removed: []})
    expect(repo.git('rev-parse', 'HEAD')).to.equal(origin)
    expect(existsSync(path.join(repo.dir, 'untracked.txt'))).to.equal(true)

    const cleaned = await pullBranch(repo.ctx, 'clean')
    expect(cleaned.discarded.untracked_removed).to.deep.equal(['untracked.txt'])
    expect(existsSync(path.join(repo.dir, 'untracked.txt'))).to.equal(false)
    expect(existsSync(path.join(repo.dir, '.govtool', 'state.json'))).to.equal(true)
    expect(losesWork(await previewDiscard(repo.ctx, true))).to.equal(false)
  })
})

describe('vcs: branches', function () {
  this.timeout(30_000)
  after(cleanupTempDirs)

  it('gitflow: features start from develop, hotfixes from main; list annotates roles', async () => {
    const repo = await makeRepo({strategy: 'gitflow'})
    repo.git('switch', '--quiet', 'develop')
    repo.write('dev.txt', 'd\n')
    repo.commitAll('develop work')
    const feature = await createBranch(repo.ctx, 'login')
    expect(feature).to.include({branch: 'feature/login', base: 'develop', from: 'develop', pr_target: 'develop', switched: true, strategy: 'gitflow'})
    expect(repo.git('rev-parse', 'HEAD')).to.equal(repo.git('rev-parse', 'develop'))
    const hotfix = await createBranch(repo.ctx, 'hotfix/crash', {switchTo: false})
    expect(hotfix).to.include({branch: 'hotfix/crash', base: 'main', switched: false})
    expect(repo.git('rev-parse', 'hotfix/crash')).to.equal(repo.git('rev-parse', 'main'))
    expect(repo.git('branch', '--show-current')).to.equal('feature/login')

    const list = await listBranches(repo.ctx)
    expect(list.strategy).to.equal('gitflow')
    expect(list.branches.map((b) => [b.name, b.role, b.protected, b.current])).to.deep.equal([
      ['main', 'production (protected)', true, false],
      ['develop', 'integration (protected)', true, false],
      ['feature/login', 'feature -> develop', false, true],
      ['hotfix/crash', 'hotfix -> main + develop', false, false],
    ])
    expect(list.branches.find((b) => b.name === 'hotfix/crash')).to.include({ahead: 0, behind: 0})
  })

  it('refuses protected names, foreign gitflow prefixes, existing branches and a missing base', async () => {
    const repo = await makeRepo({strategy: 'gitflow', push: false})
    expect((await rejects(createBranch(repo.ctx, 'develop'))).code).to.equal('E_BRANCH_NAME')
    expect((await rejects(createBranch(repo.ctx, 'topic/x'))).code).to.equal('E_BRANCH_NAME')
    expect((await rejects(createBranch(repo.ctx, 'bad name'))).code).to.equal('E_BRANCH_NAME')
    await createBranch(repo.ctx, 'a')
    expect((await rejects(createBranch(repo.ctx, 'feature/a'))).code).to.equal('E_BRANCH_EXISTS')
    repo.git('switch', '--quiet', 'main')
    repo.git('branch', '-D', 'develop')
    const error = await rejects(createBranch(repo.ctx, 'b'))
    expect(error.code).to.equal('E_NO_BASE_BRANCH')
    expect(error.hint).to.contain('git branch develop main')
  })

  it('trunk-based: short-lived branches from main, also from origin/main when main is not local', async () => {
    const repo = await makeRepo({strategy: 'trunk-based'})
    const created = await createBranch(repo.ctx, 'fix/flaky')
    expect(created).to.include({branch: 'fix/flaky', base: 'main', from: 'main', role: 'short-lived fix branch -> main'})
    repo.git('branch', '-D', 'main')
    const second = await createBranch(repo.ctx, 'chore/deps')
    expect(second.from).to.equal('origin/main')
  })
})

describe('vcs: session-end', function () {
  this.timeout(30_000)
  after(cleanupTempDirs)

  it('lists what needs doing: uncommitted changes and an unrecorded ledger', async () => {
    const repo = await makeRepo()
    repo.write('src/work.txt', 'w\n')
    const result = await sessionEnd(repo.ctx)
    expect(result.clean).to.equal(false)
    const byName = Object.fromEntries(result.checks.map((c) => [c.name, c]))
    expect(byName.uncommitted).to.include({status: 'fail'})
    expect(byName.uncommitted.items).to.deep.equal(['src/work.txt'])
    expect(byName.ledger).to.include({status: 'fail'})
    expect(byName.audit).to.include({status: 'ok'})
    expect(byName.todos).to.include({status: 'ok'})
    expect(result.needs_action).to.have.length(2)
    expect(existsSync(repo.ctx.state('session.json'))).to.equal(false)
  })

  it('passes once the work is recorded and committed, records the session end, and warns about unpushed commits', async () => {
    const repo = await makeRepo()
    repo.write('src/work.txt', 'w\n')
    await repo.ledger('Add work - [ ] TODO follow up')
    repo.commitAll('work')
    const result = await sessionEnd(repo.ctx)
    const byName = Object.fromEntries(result.checks.map((c) => [c.name, c]))
    expect(result.clean, JSON.stringify(result.checks)).to.equal(true)
    expect(byName.ledger.message).to.contain('LEDGER.md updated this session')
    expect(byName.unpushed).to.include({status: 'warn'})
    expect(byName.todos).to.include({status: 'warn'})
    expect(result.open_todos).to.equal(1)
    expect(existsSync(repo.ctx.state('session.json'))).to.equal(true)

    // the next session starts at the recorded end: committed work without a ledger entry is flagged
    repo.write('src/more.txt', 'm\n')
    repo.commitAll('more work')
    const next = await sessionEnd(repo.ctx)
    expect(next.session_start).to.not.equal(null)
    expect(next.checks.find((c) => c.name === 'ledger')).to.include({status: 'fail'})
    expect(next.checks.find((c) => c.name === 'ledger')!.items).to.deep.equal(['src/more.txt'])
  })

  it('fails on an unhealthy audit', async () => {
    const repo = await makeRepo()
    rmSync(path.join(repo.dir, 'AGENTS.md'))
    await repo.ledger('Remove agents')
    repo.commitAll('remove agents')
    const result = await sessionEnd(repo.ctx)
    expect(result.audit_healthy).to.equal(false)
    expect(result.checks.find((c) => c.name === 'audit')).to.include({status: 'fail'})
    expect(result.clean).to.equal(false)
  })
})
