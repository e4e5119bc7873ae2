import {appendFileSync, existsSync, mkdirSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {buildCheckpoint, type CheckpointPayload} from '../../src/lib/trace/checkpoint.js'
import {AUDIT_CHECKS, PHASE_CHECKS, governanceFindings} from '../../src/lib/trace/findings.js'
import {appendLedgerEntries, appendLedgerEntry, ledgerParseStats} from '../../src/lib/trace/ledger.js'
import {forgetParsedLedgers} from '../../src/lib/trace/ledger-parsed.js'
import {SUMMARY_FILE, ledgerSummary, recentEntries, summaryStats} from '../../src/lib/trace/ledger-summary.js'
import {forgetVerifiedChains, verifiedStats} from '../../src/lib/trace/ledger-verified.js'
import {readLedger} from '../../src/lib/trace/ledger.js'
import {phaseChecklists} from '../../src/lib/trace/phase.js'
import {healthyProject} from './helpers.js'

// issue 14, seventh pass: what checkpoint and audit need of the ledger is kept across runs, keyed by every input's
// identity; any write to an input (whatever its size and mtime say) is read again.
describe('trace: the ledger summary', function () {
  this.timeout(60_000)
  after(cleanupTempDirs)

  // file times are coarse: a summary is kept only for inputs changed more than 200 ms before it was computed
  const settle = () => sleep(250)
  /** a new process: nothing remembered in memory, only the memo files */
  const fresh = () => {
    forgetParsedLedgers()
    forgetVerifiedChains()
  }
  const strip = (cp: CheckpointPayload) => ({...cp, ts: '', anchor: ''})

  const project = async (entries = 60) => {
    const root = makeTempDir()
    healthyProject(root)
    const ctx = new ProjectContext(root)
    await appendLedgerEntries(
      ctx,
      Array.from({length: entries}, (_, i) => ({description: `Change ${i}${i % 5 === 0 ? ` for WI-${(0x1_00_00_00 + i).toString(16)}` : ''}`, type: i % 11 === 0 ? ('preflight' as const) : ('task' as const), author: 'test'})),
    )
    await settle()
    return {root, ctx, ledger: path.join(root, 'LEDGER.md')}
  }
  /** checkpoint, audit findings and checklists, computed through the summary (kept when the inputs have settled) */
  const observe = async (ctx: ProjectContext) => {
    fresh()
    return {checkpoint: strip(await buildCheckpoint(ctx)), audit: await governanceFindings(ctx, AUDIT_CHECKS), lists: await phaseChecklists(ctx)}
  }
  /** a copy of the project's files without .govtool/ */
  const withoutState = (root: string) => {
    const copy = makeTempDir()
    for (const f of ['LEDGER.md', 'scaffold.yml', 'AGENTS.md', 'docs/REQUIREMENTS.md', 'docs/TESTS.md', 'docs/architecture.md']) {
      if (existsSync(path.join(root, f))) {
        const to = path.join(copy, f)
        mkdirSync(path.dirname(to), {recursive: true})
        writeFileSync(to, readFileSync(path.join(root, f)))
      }
    }
    return copy
  }

  it('a warm checkpoint and audit read the summary only: no parse, no parse memo, no verification, the same answers', async () => {
    const {root, ctx} = await project()
    const cold = await observe(ctx)
    expect(summaryStats.kept, 'kept').to.be.greaterThan(0)
    expect(existsSync(path.join(root, '.govtool', 'cache', SUMMARY_FILE))).to.equal(true)
    const stats = {...ledgerParseStats, ...verifiedStats, hits: summaryStats.hits, computed: summaryStats.computed}
    const warm = await observe(ctx)
    expect(warm).to.deep.equal(cold)
    expect(summaryStats.computed - stats.computed, 'computed').to.equal(0)
    expect(summaryStats.hits - stats.hits, 'memo read once per command').to.equal(3)
    expect(ledgerParseStats.parses - stats.parses, 'parses').to.equal(0)
    expect(ledgerParseStats.cacheHits - stats.cacheHits, 'parse memo reads').to.equal(0)
    expect(verifiedStats.verifications - stats.verifications, 'verifications').to.equal(0)
    expect(cold.checkpoint.last_preflight?.description).to.equal('Change 55 for WI-1000037')
    expect(cold.checkpoint.recent_wis).to.deep.equal(['WI-1000037', 'WI-1000032', 'WI-100002d'])
  })

  it('recentEntries keeps what checkpoint reads: the last preflight and the entries naming the last three work items', async () => {
    const {ctx} = await project(40)
    const {entries} = await readLedger(ctx)
    const recent = recentEntries(entries)
    expect(recent.map((e) => e.description)).to.deep.equal(['Change 25 for WI-1000019', 'Change 30 for WI-100001e', 'Change 33', 'Change 35 for WI-1000023'])
    // no preflight at all, and fewer than three work items: every entry naming one
    expect(recentEntries(entries.slice(0, 6)).map((e) => e.description)).to.deep.equal(['Change 0 for WI-1000000', 'Change 5 for WI-1000005'])
  })

  it('reads a ledger rewritten in place with the same length and its mtime restored, and reports the edit', async () => {
    const {root, ctx, ledger} = await project()
    await observe(ctx)
    const before = statSync(ledger)
    const text = readFileSync(ledger, 'utf8')
    writeFileSync(ledger, text.replace('Change 42', 'Chbnge 42'))
    utimesSync(ledger, before.atime, before.mtime)
    expect(statSync(ledger).size).to.equal(before.size)
    expect(Math.abs(statSync(ledger).mtimeMs - before.mtimeMs)).to.be.lessThan(1)
    const {computed, hits} = summaryStats
    const after = await observe(ctx)
    expect(summaryStats.computed - computed).to.be.greaterThan(0)
    expect(summaryStats.hits - hits, 'no answer from the memo').to.equal(0)
    expect(after.audit.some((f) => f.check === 'ledger-chain'), 'the edit is reported').to.equal(true)
    expect(after.checkpoint.health).to.equal('issues')
    // the same as a project that never had a memo
    expect(after.audit).to.deep.equal(await governanceFindings(new ProjectContext(root), AUDIT_CHECKS))
  })

  it('reads an appended ledger: the new entry is the last preflight and counted', async () => {
    const {ctx} = await project()
    const cold = await observe(ctx)
    await appendLedgerEntry(ctx, {description: 'Checked WI-2000000', type: 'preflight', author: 'test'})
    const after = await observe(ctx)
    expect(after.checkpoint.last_preflight?.description).to.equal('Checked WI-2000000')
    expect(after.checkpoint.recent_wis[0]).to.equal('WI-2000000')
    expect(cold.checkpoint.last_preflight?.description).to.equal('Change 55 for WI-1000037')
    const summary = await ledgerSummary(ctx)
    expect(summary?.entries).to.equal(61)
    expect(summary?.chain).to.include({valid: true, entries: 61})
  })

  it('reads a truncated ledger and a torn last line, and reports both', async () => {
    const {ctx, ledger} = await project()
    await observe(ctx)
    await settle()
    await observe(ctx)
    const text = readFileSync(ledger, 'utf8')
    // the last entry removed (in place: same inode)
    truncateSync(ledger, text.lastIndexOf('\n## '))
    const truncated = await observe(ctx)
    expect(truncated.audit.map((f) => f.check)).to.include('ledger-chain')
    expect(truncated.checkpoint.last_preflight?.description).to.equal('Change 55 for WI-1000037')
    const entries = (await ledgerSummary(ctx))?.entries
    expect(entries).to.equal(59)
    // restored, settled and remembered again; then a write cut short
    writeFileSync(ledger, text)
    await settle()
    await observe(ctx)
    expect((await observe(ctx)).audit.filter((f) => f.check.startsWith('ledger'))).to.deep.equal([])
    appendFileSync(ledger, '\n## 2026-11-26T12:00:00.000Z — torn')
    const torn = await observe(ctx)
    expect(torn.audit.filter((f) => f.check.startsWith('ledger')).length, 'the torn entry is reported').to.be.greaterThan(0)
  })

  it('keeps nothing for inputs changed just now, for a broken chain, or where .govtool/ does not exist', async () => {
    const {root, ctx, ledger} = await project()
    const memo = path.join(root, '.govtool', 'cache', SUMMARY_FILE)
    // just appended: racy, computed and not kept
    await appendLedgerEntry(ctx, {description: 'Now', type: 'task', author: 'test'})
    fresh()
    const kept = summaryStats.kept
    expect((await ledgerSummary(ctx))?.entries).to.equal(61)
    expect(summaryStats.kept).to.equal(kept)
    expect(existsSync(memo)).to.equal(false)
    // broken: never kept, however old
    writeFileSync(ledger, readFileSync(ledger, 'utf8').replace('Change 3', 'Chbnge 3'))
    await settle()
    const audit = (await observe(ctx)).audit
    expect(audit.map((f) => f.check)).to.include('ledger-chain')
    expect(existsSync(memo)).to.equal(false)
    // no .govtool/: nothing written
    const bare = withoutState(root)
    await settle()
    expect((await ledgerSummary(new ProjectContext(bare)))?.entries).to.equal(61)
    expect(existsSync(path.join(bare, '.govtool'))).to.equal(false)
  })

  it('the phase checklists count user entries and the chain as before', async () => {
    const {ctx} = await project()
    await observe(ctx)
    const lists = (await observe(ctx)).lists
    const items = Object.values(lists).flat()
    expect(items.find((i) => i.item === 'ledger records the work')?.detail).to.equal('54 task/feature/fix/migration entries')
    expect(items.find((i) => i.item.startsWith('trace vault sealed'))?.detail).to.equal('60 chained entries verified')
    expect((await governanceFindings(ctx, PHASE_CHECKS)).filter((f) => f.check.startsWith('ledger'))).to.deep.equal([])
  })
})
