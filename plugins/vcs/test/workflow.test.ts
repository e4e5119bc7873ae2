import {existsSync, rmSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
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

  it('takes the message from the last ledger entry and commits every change when nothing is staged', async () => {
    const repo = await makeRepo()
    repo.write('src/app.txt', 'hello\n')
    await repo.ledger('Add the app greeting')
    const result = await commitWork(repo.ctx)
    expect(result).to.include({message: 'Add the app greeting', message_source: 'ledger', ledger_updated: true, staged_only: false, branch: 'main'})
    expect(result.files).to.have.members(['LEDGER.md', 'src/app.txt'])
    expect(result.audit).to.include({ran: true, healthy: true})
    expect(result.warnings).to.deep.equal([])
    expect(repo.git('log', '-1', '--format=%s')).to.equal('Add the app greeting')
    expect(repo.git('rev-parse', 'HEAD')).to.equal(result.sha)
    expect(repo.git('status', '--porcelain')).to.equal('')
  })

  it('warns when LEDGER.md did not change, and commits only what is staged', async () => {
    const repo = await makeRepo()
    repo.write('a.txt', 'a\n')
    repo.write('b.txt', 'b\n')
    repo.git('add', 'a.txt')
    const result = await commitWork(repo.ctx, {message: 'Add a'})
    expect(result).to.include({ledger_updated: false, staged_only: true, message_source: 'flag'})
    expect(result.files).to.deep.equal(['a.txt'])
    expect(result.warnings.join('\n')).to.contain('LEDGER.md was not updated')
    expect(repo.git('status', '--porcelain')).to.equal('?? b.txt')
  })

  it('never stages .govtool/ machine state, even when .gitignore does not list it', async () => {
    const repo = await makeRepo()
    repo.write('.gitignore', '')
    repo.commitAll('unignore')
    repo.write('.govtool/pids/1.json', '{}')
    expect((await rejects(commitWork(repo.ctx, {audit: false}))).code).to.equal('E_NOTHING_TO_COMMIT')
    repo.write('c.txt', 'c\n')
    const result = await commitWork(repo.ctx, {message: 'Add c', audit: false})
    expect(result.files).to.deep.equal(['c.txt'])
    expect(repo.git('show', '--name-only', '--format=', 'HEAD')).to.equal('c.txt')
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
