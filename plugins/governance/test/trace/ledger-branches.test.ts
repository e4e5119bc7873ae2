import {execFileSync, spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir, GIT_TEST_ENV} from 'govtool/testing'

import {runAudit} from '../../src/lib/trace/audit.js'
import {compressLedger} from '../../src/lib/trace/compress.js'
import {appendLedgerEntry, checkLedgerChain, currentBranch, NO_BRANCH, readLedgerHistory} from '../../src/lib/trace/ledger.js'
import {chainHash, formatLedgerEntry, parseLedgerText, verifyLedgerChain, verifyLedgerChainDetailed, type LedgerEntry} from '../../src/lib/trace/ledger-format.js'
import {healthyProject} from './helpers.js'

const GIT_ENV = {
  ...process.env,
  ...GIT_TEST_ENV,
  LC_ALL: 'C',
}

interface Repo {
  root: string
  ctx: ProjectContext
  ledger: string
  git: (...args: string[]) => string
  add: (description: string) => Promise<LedgerEntry>
  commit: (message: string) => void
}

function makeRepo(options: {healthy?: boolean} = {}): Repo {
  const root = makeTempDir('govtool-ledger-branches-')
  const git = (...args: string[]) => execFileSync('git', args, {cwd: root, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']}).trim()
  git('init', '--quiet', '--initial-branch=main')
  git('config', 'commit.gpgsign', 'false')
  if (options.healthy) healthyProject(root)
  writeFileSync(path.join(root, '.gitignore'), '.govtool/\n')
  writeFileSync(path.join(root, 'LEDGER.md'), '# Change Ledger\n')
  const ctx = new ProjectContext(root)
  const repo: Repo = {
    root,
    ctx,
    ledger: path.join(root, 'LEDGER.md'),
    git,
    add: (description) => appendLedgerEntry(ctx, {description, type: 'task', author: 'alice'}),
    commit(message) {
      git('add', '-A')
      git('commit', '--quiet', '-m', message)
    },
  }
  repo.commit('initial')
  return repo
}

/** Merges `branch` into the current one; a LEDGER.md conflict is resolved by keeping both sides' entries in timestamp order. */
function mergeKeepingBoth(repo: Repo, branch: string): void {
  const merge = spawnSync('git', ['merge', '--no-edit', '--quiet', branch], {cwd: repo.root, env: GIT_ENV, encoding: 'utf8'})
  if (merge.status === 0) return
  const side = (stage: number) => parseLedgerText(repo.git('show', `:${stage}:LEDGER.md`) + '\n', 'LEDGER.md')
  const [ours, theirs] = [side(2), side(3)]
  const block = (p: ReturnType<typeof side>, i: number) => ({
    entry: p.entries[i],
    text: p.lines.slice(p.spans[i].start, p.spans[i].end).join('\n').replace(/\s*$/, ''),
  })
  const seen = new Set(ours.entries.map((e) => e.chain_hash))
  const blocks = [...ours.entries.map((_, i) => block(ours, i)), ...theirs.entries.flatMap((e, i) => (seen.has(e.chain_hash) ? [] : [block(theirs, i)]))]
  blocks.sort((a, b) => (a.entry.timestamp < b.entry.timestamp ? -1 : a.entry.timestamp > b.entry.timestamp ? 1 : 0))
  const preamble = ours.lines.slice(0, ours.spans[0]?.start ?? ours.lines.length).join('\n').replace(/\s*$/, '')
  writeFileSync(repo.ledger, [preamble, ...blocks.map((b) => b.text)].join('\n\n') + '\n')
  repo.git('add', 'LEDGER.md')
  repo.git('commit', '--quiet', '--no-edit')
}

/** LEDGER.md rebuilt from entry blocks picked by index (`order`), as an editor would leave it. */
function rewrite(file: string, original: string, order: number[]): void {
  const p = parseLedgerText(original, 'LEDGER.md')
  const block = (i: number) => p.lines.slice(p.spans[i].start, p.spans[i].end).join('\n').replace(/\s*$/, '')
  writeFileSync(file, [p.lines.slice(0, p.spans[0].start).join('\n').replace(/\s*$/, ''), ...order.map((i) => block(i))].join('\n\n') + '\n')
}

const descriptions = (entries: readonly LedgerEntry[]) => entries.map((e) => e.description)

describe('trace: ledger across git branches', () => {
  after(cleanupTempDirs)

  it('reads the branch from .git/HEAD: branch name, detached HEAD, no repository, a worktree link', async () => {
    const repo = makeRepo()
    expect(await currentBranch(repo.root)).to.equal('main')
    repo.git('checkout', '--quiet', '-b', 'feature/login')
    mkdirSync(path.join(repo.root, 'sub'))
    expect(await currentBranch(path.join(repo.root, 'sub'))).to.equal('feature/login')
    repo.git('checkout', '--quiet', '--detach')
    expect(await currentBranch(repo.root)).to.equal(NO_BRANCH)
    const linked = makeTempDir()
    writeFileSync(path.join(linked, '.git'), `gitdir: ${path.join(repo.root, '.git')}\n`)
    expect(await currentBranch(linked)).to.equal(NO_BRANCH)
    repo.git('checkout', '--quiet', 'main')
    expect(await currentBranch(linked)).to.equal('main')
    expect(await currentBranch(makeTempDir())).to.equal(NO_BRANCH)
  })

  it('switching between branches that appended different entries keeps the chain healthy on both', async () => {
    const repo = makeRepo({healthy: true})
    await repo.add('Fork point')
    repo.commit('fork point')
    repo.git('checkout', '--quiet', '-b', 'feature')
    await repo.add('Feature one')
    await repo.add('Feature two')
    repo.commit('feature work')
    expect((await checkLedgerChain(repo.ctx)).problems).to.deep.equal([])

    repo.git('checkout', '--quiet', 'main') // LEDGER.md lacks the feature entries
    expect((await checkLedgerChain(repo.ctx)).problems).to.deep.equal([])
    await repo.add('Main one')
    repo.commit('main work')
    expect((await checkLedgerChain(repo.ctx)).problems).to.deep.equal([])

    repo.git('checkout', '--quiet', 'feature') // a different entry after the fork point
    expect((await checkLedgerChain(repo.ctx)).problems).to.deep.equal([])
    const audit = await runAudit(repo.ctx)
    expect(audit.issues.filter((i) => i.check.startsWith('ledger'))).to.deep.equal([])
    expect(audit.healthy).to.equal(true)

    // the witness holds every entry seen, on either branch; the heads one line per branch
    const witness = readFileSync(path.join(repo.root, '.govtool/ledger-chain.txt'), 'utf8').trim().split('\n')
    expect(witness).to.have.length(4)
    const heads = JSON.parse(readFileSync(path.join(repo.root, '.govtool/ledger-heads.json'), 'utf8')) as Record<string, {count: number}>
    expect(Object.keys(heads).sort()).to.deep.equal(['feature', 'main'])
    expect([heads.main.count, heads.feature.count]).to.deep.equal([2, 3])
  })

  it('a merge of two branches that both appended verifies; tampering with the merged ledger is still caught', async () => {
    const repo = makeRepo()
    await repo.add('Fork point')
    repo.commit('fork point')
    repo.git('branch', 'feature')
    const on = async (branch: string, description: string) => {
      repo.git('checkout', '--quiet', branch)
      await repo.add(description)
      repo.commit(description)
    }
    // interleaved in time, so the merged ledger (timestamp order) alternates between the branches
    await on('feature', 'Feature one')
    await on('main', 'Main one')
    await on('feature', 'Feature two')
    await on('main', 'Main two')
    mergeKeepingBoth(repo, 'feature')

    const history = await readLedgerHistory(repo.ctx)
    expect(descriptions(history.entries).sort()).to.deep.equal(['Feature one', 'Feature two', 'Fork point', 'Main one', 'Main two'])
    const merged = await checkLedgerChain(repo.ctx)
    expect(merged.problems).to.deep.equal([])
    expect(merged).to.deep.include({valid: true, checked: 5, entries: 5})
    // entries of each branch chain to their own predecessor, the first of each to the fork point
    const detail = verifyLedgerChainDetailed(history.entries)
    const at = (d: string) => descriptions(history.entries).indexOf(d)
    expect([at('Feature one'), at('Main one'), at('Feature two'), at('Main two')].map((i) => detail.parents[i])).to.deep.equal([
      at('Fork point'),
      at('Fork point'),
      at('Feature one'),
      at('Main one'),
    ])
    // appends chain to the last entry of the merged file
    await repo.add('After merge')
    expect((await checkLedgerChain(repo.ctx)).valid).to.equal(true)
    repo.commit('after merge')

    const original = readFileSync(repo.ledger, 'utf8')
    const entries = parseLedgerText(original, 'LEDGER.md').entries
    const index = (d: string) => descriptions(entries).indexOf(d)
    const all = entries.map((_, i) => i)
    const check = async () => {
      const result = await checkLedgerChain(repo.ctx)
      return result.problems.map((p) => ({kind: p.kind, line: p.line, message: p.message}))
    }

    // an edited entry
    writeFileSync(repo.ledger, original.replace('— Feature one', '— Feature 1'))
    expect(await check()).to.deep.equal([
      {kind: 'edited', line: entries[index('Feature one')].line, message: 'chain hash of ledger entry "Feature 1" does not match: the entry was edited, or the entry it chained to was removed or moved after it'},
    ])

    // an edited entry with every chain hash recomputed: the chain holds, the witness does not
    const forged = entries.map((e) => ({...e, description: e.description === 'Main one' ? 'Main 1' : e.description}))
    let prev = ''
    for (const e of forged) prev = e.chain_hash = chainHash(e, prev)
    writeFileSync(repo.ledger, '# Change Ledger\n\n' + forged.map((e) => formatLedgerEntry(e)).join('\n'))
    expect(verifyLedgerChain(parseLedgerText(readFileSync(repo.ledger, 'utf8'), 'LEDGER.md').entries).valid).to.equal(true)
    const witnessed = await check()
    expect(witnessed.map((p) => p.kind)).to.deep.equal(['witness', 'witness', 'witness', 'witness'])
    expect(witnessed[0].message).to.contain('"Main 1"').and.contain('.govtool/ledger-chain.txt')

    // a removed middle entry
    rewrite(repo.ledger, original, all.filter((i) => i !== index('Feature one')))
    expect((await check()).map((p) => [p.kind, p.message.split(':')[0]])).to.deep.equal([
      ['edited', 'chain hash of ledger entry "Feature two" does not match'],
      ['removed', 'entries were removed'],
    ])

    // reordered entries (an entry before the one it chains to)
    const swapped = [...all]
    ;[swapped[index('Feature one')], swapped[index('Feature two')]] = [index('Feature two'), index('Feature one')]
    rewrite(repo.ledger, original, swapped)
    expect((await check()).map((p) => p.kind)).to.deep.equal(['reordered'])

    // the merged branch's last entry, which no later entry chains to, removed
    rewrite(repo.ledger, original, all.filter((i) => i !== index('Feature two')))
    const removed = await check()
    expect(removed).to.have.length(1)
    expect(removed[0].kind).to.equal('removed')
    expect(removed[0].message).to.contain('this working copy saw 6 entries up to "After merge" on branch "main", the ledger now holds 5')

    // entries removed from the end on the same branch
    rewrite(repo.ledger, original, all.slice(0, -2))
    expect(await check()).to.deep.equal([
      {
        kind: 'truncated',
        line: entries.at(-3)!.line,
        message: `entries were removed from the end of the ledger: the last entry this working copy saw on branch "main" (${entries.at(-1)!.timestamp}, recorded in .govtool/ledger-heads.json) is missing`,
      },
    ])
    // ... which an append does not hide
    await repo.add('Covering up')
    expect((await check()).map((p) => p.kind)).to.deep.equal(['truncated'])
    // ... and which audit reports with file, line and a fix hint
    const issue = (await runAudit(repo.ctx)).issues.find((i) => i.check === 'ledger-chain')
    expect(issue).to.deep.include({severity: 'error', file: 'LEDGER.md', line: parseLedgerText(readFileSync(repo.ledger, 'utf8'), 'LEDGER.md').entries.at(-1)!.line})
    expect(issue?.hint).to.contain('.govtool/ledger-heads.json').and.contain('git log -p LEDGER.md')

    writeFileSync(repo.ledger, original)
    expect(await check()).to.deep.equal([])
  })

  it('a fresh clone (no witness) accepts the merged ledger and records it; compress keeps it verifiable', async () => {
    const repo = makeRepo()
    await repo.add('Fork point')
    repo.commit('fork point')
    repo.git('checkout', '--quiet', '-b', 'feature')
    for (let i = 1; i <= 3; i++) await repo.add(`Feature ${i}`)
    repo.commit('feature')
    repo.git('checkout', '--quiet', 'main')
    for (let i = 1; i <= 3; i++) await repo.add(`Main ${i}`)
    repo.commit('main')
    mergeKeepingBoth(repo, 'feature')
    rmSync(path.join(repo.root, '.govtool'), {recursive: true})

    expect((await checkLedgerChain(repo.ctx)).problems).to.deep.equal([])
    expect(readFileSync(path.join(repo.root, '.govtool/ledger-chain.txt'), 'utf8').trim().split('\n')).to.have.length(7)
    const result = await compressLedger(repo.ctx, {threshold: 10, keepRecent: 2})
    expect(result.moved).to.equal(5)
    expect((await checkLedgerChain(repo.ctx)).problems).to.deep.equal([])
    expect(descriptions((await readLedgerHistory(repo.ctx)).entries)).to.have.length(7)
  })

  it('verifies a large merged ledger quickly and still pins down one damaged entry', () => {
    // 4,000 entries: a fork, two long interleaved branches, then a branch that forked early merged at the end
    const entries: LedgerEntry[] = []
    const push = (description: string, prev: string) => {
      const timestamp = new Date(Date.UTC(2025, 0, 1) + entries.length * 1000).toISOString()
      const e: LedgerEntry = {timestamp, description, author: 'a', type: 'task', reqs: [], status: 'complete', chain_hash: '', line: entries.length + 1, fields: {}}
      e.chain_hash = chainHash(e, prev)
      entries.push(e)
      return e.chain_hash
    }
    const fork = push('fork', '')
    let [a, b] = [fork, fork]
    for (let i = 0; i < 1500; i++) {
      a = push(`a${i}`, a)
      b = push(`b${i}`, b)
    }
    let late = fork
    for (let i = 0; i < 999; i++) late = push(`late${i}`, late)
    const detail = verifyLedgerChainDetailed(entries)
    expect(detail.problems).to.deep.equal([])
    expect(detail.parents[3001]).to.equal(0)
    entries[2000] = {...entries[2000], description: 'edited'}
    expect(verifyLedgerChain(entries).problems.map((p) => [p.index, p.kind])).to.deep.equal([[2000, 'edited']])
  })
})
