import {execFileSync} from 'node:child_process'
import {existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext, events} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {compressLedger} from '../../src/lib/trace/compress.js'
import {appendLedgerEntries, appendLedgerEntry, checkLedgerChain, ledgerAuthor, readLedger, readLedgerHistory} from '../../src/lib/trace/ledger.js'
import {forgetVerifiedChains, verifiedStats} from '../../src/lib/trace/ledger-verified.js'
import {PARSED_MIN_BYTES, forgetParsedLedgers, ledgerParseStats} from '../../src/lib/trace/ledger-parsed.js'
import {countOpenTodos, parseLedgerText, verifyLedgerChain} from '../../src/lib/trace/ledger-format.js'
import {write} from './helpers.js'

async function ledgerWith(n: number): Promise<{root: string; ctx: ProjectContext}> {
  const root = makeTempDir()
  const ctx = new ProjectContext(root)
  for (let i = 1; i <= n; i++) {
    await appendLedgerEntry(ctx, {description: `Change ${i}`, type: i % 2 ? 'feature' : 'fix', author: 'alice', reqs: [`REQ-${String(i).padStart(3, '0')}`]})
  }
  return {root, ctx}
}

describe('trace: ledger', () => {
  after(cleanupTempDirs)

  it('resolves the author in one place: given, GOVTOOL_AUTHOR, git author name, user.name (re-read when it changes)', async () => {
    const root = makeTempDir()
    const ctx = new ProjectContext(root)
    const env: NodeJS.ProcessEnv = {PATH: process.env.PATH, HOME: root, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1'}
    execFileSync('git', ['init', '-q'], {cwd: root, env})
    execFileSync('git', ['config', 'user.name', 'Ada'], {cwd: root, env})
    expect(await ledgerAuthor(ctx, undefined, env)).to.equal('Ada')
    execFileSync('git', ['config', 'user.name', 'Grace  Hopper'], {cwd: root, env})
    expect(await ledgerAuthor(ctx, undefined, env), 'a changed user.name is seen').to.equal('Grace Hopper')
    expect(await ledgerAuthor(ctx, undefined, {...env, GIT_AUTHOR_NAME: 'Linus'})).to.equal('Linus')
    expect(await ledgerAuthor(ctx, undefined, {...env, GIT_AUTHOR_NAME: 'Linus', GOVTOOL_AUTHOR: 'agent-7'})).to.equal('agent-7')
    expect(await ledgerAuthor(ctx, ' bob ', {...env, GOVTOOL_AUTHOR: 'agent-7'})).to.equal('bob')
  })

  it('appends in a linked git worktree (.git is a file) and sees user.name change in the main repository', async () => {
    const home = makeTempDir()
    const main = path.join(home, 'main')
    const env: NodeJS.ProcessEnv = {PATH: process.env.PATH, HOME: home, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1'}
    const git = (cwd: string, ...args: string[]) => execFileSync('git', args, {cwd, env})
    execFileSync('git', ['init', '-q', main], {env})
    git(main, 'config', 'user.name', 'Ada')
    writeFileSync(path.join(main, 'README.md'), '# x\n')
    git(main, 'add', '-A')
    git(main, '-c', 'user.email=a@example.com', 'commit', '-qm', 'init')
    const linked = path.join(home, 'linked')
    git(main, 'worktree', 'add', '-q', linked)
    expect(statSync(path.join(linked, '.git')).isFile()).to.equal(true)
    const ctx = new ProjectContext(linked)
    expect(await ledgerAuthor(ctx, undefined, env)).to.equal('Ada')
    git(main, 'config', 'user.name', 'Grace')
    expect(await ledgerAuthor(ctx, undefined, env), "the main repository's config is part of the remembered answer's key").to.equal('Grace')
    // the same as an entry appended there without an author (preflight's path), which once failed with ENOTDIR
    const previous = {...process.env}
    Object.assign(process.env, {HOME: home, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GOVTOOL_AUTHOR: '', GIT_AUTHOR_NAME: ''})
    try {
      const entry = await appendLedgerEntry(ctx, {description: 'Change in a worktree', type: 'fix'})
      expect(entry.author).to.equal('Grace')
    } finally {
      for (const key of ['HOME', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM', 'GOVTOOL_AUTHOR', 'GIT_AUTHOR_NAME']) {
        if (previous[key] === undefined) delete process.env[key]
        else process.env[key] = previous[key]
      }
    }
  })

  it('appends hash-chained entries in the REFERENCE format and reads them back', async () => {
    const root = makeTempDir()
    const ctx = new ProjectContext(root)
    const seen: string[] = []
    const off = events.on('ledger.appended', (e) => {
      seen.push(`${e.type}:${e.chain_hash}`)
    })
    const a = await appendLedgerEntry(ctx, {description: 'Add login', type: 'feature', author: 'alice', reqs: ['REQ-AUTH-001', 'REQ-AUTH-002']})
    const b = await appendLedgerEntry(ctx, {description: 'Preflight accepted', type: 'preflight', author: 'govtool', status: 'accepted', fields: {'Work item': 'WI-0123456789ab'}})
    off()
    const text = readFileSync(path.join(root, 'LEDGER.md'), 'utf8')
    expect(text.startsWith('# Change Ledger\n')).to.equal(true)
    expect(text).to.contain(`## ${a.timestamp} — Add login\n- **Author:** alice\n- **Type:** feature\n- **REQs affected:** REQ-AUTH-001, REQ-AUTH-002\n- **Status:** complete\n- **Chain hash:** ${a.chain_hash}\n`)
    expect(text).to.contain('- **Work item:** WI-0123456789ab\n')
    expect(a.chain_hash).to.match(/^[0-9a-f]{16}$/)
    const {entries, problems} = await readLedger(ctx)
    expect(problems).to.deep.equal([])
    expect(entries).to.deep.equal([a, b])
    expect(seen).to.deep.equal([`feature:${a.chain_hash}`, `preflight:${b.chain_hash}`])
    const chainFile = readFileSync(path.join(root, '.govtool/ledger-chain.txt'), 'utf8').trim().split('\n')
    expect(chainFile).to.have.length(2)
    expect(chainFile[1].startsWith(b.chain_hash)).to.equal(true)
    expect((await checkLedgerChain(ctx)).valid).to.equal(true)
  })

  it('appends several entries in one write, each chained to the one before, and the chain verifies', async () => {
    const {root, ctx} = await ledgerWith(3)
    const batch = await appendLedgerEntries(ctx, [
      {description: 'Preflight accepted', type: 'preflight', status: 'accepted', fields: {'Work item': 'WI-0123456789ab'}},
      {description: 'Work proposal', type: 'work_proposal', status: 'proposed', reqs: ['REQ-001']},
    ])
    const {entries, problems} = await readLedger(ctx)
    expect(problems).to.deep.equal([])
    expect(entries.slice(3)).to.deep.equal(batch)
    expect(readFileSync(path.join(root, '.govtool/ledger-chain.txt'), 'utf8').trim().split('\n')).to.have.length(5)
    expect((await checkLedgerChain(ctx)).valid).to.equal(true)
    // the next single append chains on from the batch, from the tail record or from a full parse alike
    const next = await appendLedgerEntry(ctx, {description: 'After the batch', type: 'fix'})
    rmSync(path.join(root, '.govtool/cache/ledger-tail.json'))
    const last = await appendLedgerEntry(ctx, {description: 'Without the tail record', type: 'fix'})
    expect((await readLedger(ctx)).entries.slice(-2)).to.deep.equal([next, last])
    expect((await checkLedgerChain(ctx)).valid).to.equal(true)
    // one bad input appends nothing
    const before = readFileSync(path.join(root, 'LEDGER.md'), 'utf8')
    let failed = false
    try {
      await appendLedgerEntries(ctx, [{description: 'fine', type: 'fix'}, {description: ' ', type: 'fix'}])
    } catch {
      failed = true
    }
    expect(failed).to.equal(true)
    expect(readFileSync(path.join(root, 'LEDGER.md'), 'utf8')).to.equal(before)
  })

  it('refuses invalid input: unknown type, empty description, reserved field', async () => {
    const ctx = new ProjectContext(makeTempDir())
    for (const bad of [
      {description: 'x', type: 'bogus'},
      {description: '  ', type: 'task'},
      {description: 'x', type: 'task', fields: {Author: 'mallory'}},
      {description: 'x', type: 'task', reqs: ['REQ 1']},
    ]) {
      const error = await appendLedgerEntry(ctx, bad as never).then(() => undefined, (e: Error) => e)
      expect(error, JSON.stringify(bad)).to.be.instanceOf(Error)
    }
  })

  it('detects an edited, a reordered, a removed and a hand-inserted entry', async () => {
    const {root, ctx} = await ledgerWith(4)
    const file = path.join(root, 'LEDGER.md')
    const original = readFileSync(file, 'utf8')

    writeFileSync(file, original.replace('Change 2', 'Change two'))
    let result = await checkLedgerChain(ctx)
    expect(result.valid).to.equal(false)
    expect(result.problems[0].message).to.contain('Change two')
    expect(result.problems[0].line).to.equal(parseLedgerText(original, 'LEDGER.md').entries[1].line)

    const parsed = parseLedgerText(original, 'LEDGER.md')
    const block = (i: number) => parsed.lines.slice(parsed.spans[i].start, parsed.spans[i].end).join('\n')
    writeFileSync(file, [parsed.lines.slice(0, parsed.spans[0].start).join('\n'), block(0), block(2), block(1), block(3)].join('\n') + '\n')
    result = await checkLedgerChain(ctx)
    expect(result.valid).to.equal(false)
    expect(result.problems.map((p) => [p.kind, p.message.split(' (')[0]])).to.deep.equal([['reordered', 'ledger entry "Change 3" chains to a later entry']])

    writeFileSync(file, [parsed.lines.slice(0, parsed.spans[0].start).join('\n'), block(0), block(2), block(3)].join('\n') + '\n')
    expect((await checkLedgerChain(ctx)).problems.map((p) => p.message).join()).to.contain('Change 3')

    writeFileSync(file, [parsed.lines.slice(0, parsed.spans[0].start).join('\n'), block(0), block(1), block(2)].join('\n') + '\n')
    result = await checkLedgerChain(ctx)
    expect(result.valid).to.equal(false)
    expect(result.problems[0]).to.deep.include({kind: 'truncated', line: parsed.entries[2].line})
    expect(result.problems[0].message).to.contain('entries were removed from the end of the ledger')

    writeFileSync(file, original + '\n## 2025-01-01T00:00:00.000Z — sneaked in\n- **Author:** mallory\n')
    result = await checkLedgerChain(ctx)
    expect(result.problems.map((p) => p.message).join()).to.contain('has no chain hash')

    writeFileSync(file, original)
    expect((await checkLedgerChain(ctx)).valid).to.equal(true)
  })

  it('accepts unhashed legacy entries before the chain and chains new entries after them', async () => {
    const root = makeTempDir()
    const ctx = new ProjectContext(root)
    write(root, 'LEDGER.md', '# Change Ledger\n\n## 2024-01-02 — Old work\n- **Author**: bob\n- **Type**: task\n- **REQs affected**: REQ-001\n- **Status**: done\n')
    const e = await appendLedgerEntry(ctx, {description: 'New work', type: 'task', author: 'alice'})
    const {entries} = await readLedger(ctx)
    expect(entries.map((x) => [x.description, x.author, x.reqs])).to.deep.equal([
      ['Old work', 'bob', ['REQ-001']],
      ['New work', 'alice', []],
    ])
    const result = verifyLedgerChain(entries)
    expect(result).to.deep.include({valid: true, checked: 1, unchained: 1})
    expect(e.line).to.equal(entries[1].line)
  })

  it('reports a malformed entry heading with its line', () => {
    const parsed = parseLedgerText('# Change Ledger\n\n## 2025-13 — x\n- **Chain hash:** nothex\n\n## 2025-01-01T00:00:00Z\n', 'LEDGER.md')
    expect(parsed.problems.map((p) => [p.line, p.message.split(' (')[0]])).to.deep.equal([
      [3, 'ledger entry heading has a malformed timestamp "2025-13"'],
      [4, 'malformed chain hash "nothex"'],
      [6, 'ledger entry heading has no description'],
    ])
  })

  it('counts open TODOs but not checked ones', () => {
    expect(countOpenTodos('- [ ] a\n- [x] TODO done\n* [ ] b\nTODO: c\nnothing\n- [X] d')).to.equal(3)
  })

  it('compresses a 600-line ledger without losing an entry, keeping the chain verifiable', async () => {
    const {root, ctx} = await ledgerWith(90)
    const before = (await readLedger(ctx)).entries
    expect(readFileSync(path.join(root, 'LEDGER.md'), 'utf8').split('\n').length).to.be.greaterThan(600)
    const result = await compressLedger(ctx, {threshold: 500, keepRecent: 10})
    expect(result).to.deep.include({compressed: true, moved: 80, kept: 10, archive: 'docs/ledger-archive.md'})
    expect(result.lines_after).to.be.lessThan(100)
    const history = await readLedgerHistory(ctx)
    expect(history.entries.map(({file: _f, line: _l, ...rest}) => rest)).to.deep.equal(before.map(({line: _l, ...rest}) => rest))
    expect((await readLedger(ctx)).entries.map((e) => e.description)).to.deep.equal(before.slice(80).map((e) => e.description))
    expect((await checkLedgerChain(ctx)).valid).to.equal(true)

    // appends continue the chain; a second compress moves the rest (not the already archived ones) again
    await appendLedgerEntry(ctx, {description: 'After compress', type: 'task', author: 'alice'})
    expect((await checkLedgerChain(ctx)).valid).to.equal(true)
    const again = await compressLedger(ctx, {threshold: 10, keepRecent: 0})
    expect(again.moved).to.equal(11)
    const all = await readLedgerHistory(ctx)
    expect(all.entries.map((e) => e.description)).to.deep.equal([...before.map((e) => e.description), 'After compress'])
    expect((await checkLedgerChain(ctx)).valid).to.equal(true)
    // with every entry archived, the next append chains to the archive's last entry
    await appendLedgerEntry(ctx, {description: 'Fresh ledger', type: 'task', author: 'alice'})
    expect((await checkLedgerChain(ctx)).valid).to.equal(true)
  })

  it('a compress interrupted after writing the archive loses and duplicates nothing', async () => {
    const {root, ctx} = await ledgerWith(30)
    const ledgerBefore = readFileSync(path.join(root, 'LEDGER.md'), 'utf8')
    await compressLedger(ctx, {threshold: 50, keepRecent: 5})
    writeFileSync(path.join(root, 'LEDGER.md'), ledgerBefore) // as if the second write never happened
    const history = await readLedgerHistory(ctx)
    expect(history.entries.map((e) => e.description)).to.deep.equal(Array.from({length: 30}, (_, i) => `Change ${i + 1}`))
    expect((await checkLedgerChain(ctx)).valid).to.equal(true)
    const rerun = await compressLedger(ctx, {threshold: 50, keepRecent: 5})
    expect(rerun.moved).to.equal(25)
    const archive = parseLedgerText(readFileSync(path.join(root, 'docs/ledger-archive.md'), 'utf8'), 'a').entries
    expect(archive.map((e) => e.description)).to.deep.equal(Array.from({length: 25}, (_, i) => `Change ${i + 1}`))
  })

  it('does nothing under the threshold and validates its options', async () => {
    const {ctx} = await ledgerWith(3)
    expect((await compressLedger(ctx)).compressed).to.equal(false)
    expect(await compressLedger(ctx, {threshold: 0}).then(() => 'ok', (e: Error) => e.message)).to.contain('--threshold')
    expect(await compressLedger(new ProjectContext(makeTempDir())).then(() => 'ok', (e: Error) => e.message)).to.contain('does not exist')
  })

  describe('the memo of an intact verification (.govtool/cache/ledger-verified.json)', () => {
    const memoFile = (root: string) => path.join(root, '.govtool', 'cache', 'ledger-verified.json')
    /** runs checkLedgerChain as a new process would (only the memo file known) and says whether it verified */
    async function check(ctx: ProjectContext): Promise<{valid: boolean; verified: boolean; kinds: string[]}> {
      forgetVerifiedChains()
      const before = verifiedStats.verifications
      const r = await checkLedgerChain(ctx)
      return {valid: r.valid, verified: verifiedStats.verifications > before, kinds: r.problems.map((p) => p.kind ?? '')}
    }

    it('verifies once, then answers from the memo while every input is the same, in process and from the file', async () => {
      const {root, ctx} = await ledgerWith(5)
      expect(await check(ctx)).to.deep.equal({valid: true, verified: true, kinds: []})
      expect(existsSync(memoFile(root))).to.equal(true)
      const hits = verifiedStats.hits
      const again = await checkLedgerChain(ctx)
      expect(again).to.deep.include({valid: true, checked: 5, unchained: 0, entries: 5})
      expect(verifiedStats.hits, 'the second call in a process').to.equal(hits + 1)
      expect(await check(ctx), 'a new process reads the memo file').to.deep.equal({valid: true, verified: false, kinds: []})
      await appendLedgerEntry(ctx, {description: 'Change 6', type: 'task', author: 'alice'})
      expect(await check(ctx), 'an append is new input').to.deep.equal({valid: true, verified: true, kinds: []})
      expect((await checkLedgerChain(ctx)).entries).to.equal(6)
    })

    it('a flipped byte with the same size and mtime is verified, and reported, every time', async () => {
      const {root, ctx} = await ledgerWith(4)
      expect((await check(ctx)).valid).to.equal(true)
      const file = path.join(root, 'LEDGER.md')
      const good = readFileSync(file, 'utf8')
      const {atime, mtime} = statSync(file)
      writeFileSync(file, good.replace('Change 2', 'Chbnge 2'))
      utimesSync(file, atime, mtime)
      for (let i = 0; i < 2; i++) {
        const r = await check(ctx)
        expect(r.valid).to.equal(false)
        expect(r.verified).to.equal(true)
        expect(r.kinds).to.not.deep.equal([])
      }
      writeFileSync(file, good)
      expect(await check(ctx), 'the original bytes are the remembered input again').to.deep.equal({valid: true, verified: false, kinds: []})
    })

    it('a changed witness, heads file or branch is new input; a damaged memo is ignored', async () => {
      const {root, ctx} = await ledgerWith(3)
      expect((await check(ctx)).verified).to.equal(true)
      const witness = path.join(root, '.govtool', 'ledger-chain.txt')
      const lines = readFileSync(witness, 'utf8').trim().split('\n')
      // a witness that recorded another digest for an entry's timestamp: the entry was changed after it was seen
      writeFileSync(witness, `${lines.join('\n')}\n${'0'.repeat(64)} ${lines[1].split(' ')[1]}\n`)
      expect(await check(ctx)).to.deep.equal({valid: true, verified: true, kinds: []})
      writeFileSync(witness, `${[lines[0], `${'0'.repeat(64)} ${lines[1].split(' ')[1]}`, lines[2]].join('\n')}\n`)
      expect(await check(ctx)).to.deep.equal({valid: false, verified: true, kinds: ['witness']})
      writeFileSync(witness, `${lines.join('\n')}\n`)
      expect((await check(ctx)).valid).to.equal(true)
      const heads = path.join(root, '.govtool', 'ledger-heads.json')
      const headsText = readFileSync(heads, 'utf8')
      const recorded = JSON.parse(headsText) as Record<string, {count: number}>
      for (const head of Object.values(recorded)) head.count = 9
      writeFileSync(heads, JSON.stringify(recorded))
      expect(await check(ctx)).to.deep.equal({valid: false, verified: true, kinds: ['removed']})
      writeFileSync(heads, headsText)
      expect((await check(ctx)).valid).to.equal(true)
      execFileSync('git', ['init', '-q', '-b', 'other'], {cwd: root})
      expect((await check(ctx)).verified, 'another branch').to.equal(true)
      writeFileSync(memoFile(root), '{"v":1,"key":"x"')
      expect(await check(ctx)).to.deep.equal({valid: true, verified: true, kinds: []})
      expect(await check(ctx), 'rewritten').to.deep.equal({valid: true, verified: false, kinds: []})
    })
  })

  describe('the parse of a large ledger kept across processes (.govtool/cache/ledger-parsed-*.json)', () => {
    it('a large ledger is parsed once per content; the kept parse equals a fresh one; edits, damage and small ledgers parse', async () => {
      const root = makeTempDir()
      const ctx = new ProjectContext(root)
      for (let k = 0; k < 4; k++) await appendLedgerEntries(ctx, Array.from({length: 100}, (_, i) => ({description: `Change ${k * 100 + i}`, type: 'task' as const, author: 'bench', reqs: ['REQ-001'], fields: {'Work item': `WI-${String(k * 100 + i).padStart(12, '0')}`}})))
      const file = path.join(root, 'LEDGER.md')
      const cacheFile = path.join(root, '.govtool', 'cache', 'ledger-parsed-LEDGER.md.json')
      const text = readFileSync(file, 'utf8')
      expect(text.length).to.be.greaterThan(PARSED_MIN_BYTES)
      const fresh = parseLedgerText(text, 'LEDGER.md')
      const first = await readLedgerHistory(ctx)
      expect(existsSync(cacheFile)).to.equal(true)
      // another process: same text, read from the file (nothing parsed)
      const {hits, parses} = {hits: ledgerParseStats.cacheHits, parses: ledgerParseStats.parses}
      forgetParsedLedgers()
      const again = await readLedgerHistory(new ProjectContext(root))
      expect([ledgerParseStats.cacheHits - hits, ledgerParseStats.parses - parses]).to.deep.equal([1, 0])
      expect(again.ledger).to.deep.equal(fresh)
      expect(first.ledger).to.deep.equal(fresh)
      expect((await readLedger(ctx)).entries).to.deep.equal(fresh.entries)
      // an edit is another key: parsed again
      const edited = text.replace('Change 7\n', 'Chbnge 7\n')
      const before = ledgerParseStats.parses
      const h = await readLedgerHistory(ctx, {archiveText: undefined, ledgerText: edited})
      expect(ledgerParseStats.parses).to.equal(before + 1)
      expect(h.ledger).to.deep.equal(parseLedgerText(edited, 'LEDGER.md'))
      // a damaged cache file is parsed again
      writeFileSync(cacheFile, '{"v":1,')
      forgetParsedLedgers()
      const b2 = ledgerParseStats.parses
      expect((await readLedgerHistory(ctx)).ledger).to.deep.equal(fresh)
      expect(ledgerParseStats.parses).to.equal(b2 + 1)
      forgetParsedLedgers()
      expect((await readLedgerHistory(ctx)).ledger, 'rewritten').to.deep.equal(fresh)
      expect(ledgerParseStats.parses).to.equal(b2 + 1)
      // a small ledger keeps no file
      const small = makeTempDir()
      await appendLedgerEntry(new ProjectContext(small), {description: 'one', type: 'task', author: 'a'})
      await readLedgerHistory(new ProjectContext(small))
      expect(existsSync(path.join(small, '.govtool', 'cache', 'ledger-parsed-LEDGER.md.json'))).to.equal(false)
    })
  })
})
