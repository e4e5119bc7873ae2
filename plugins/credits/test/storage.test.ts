import {appendFileSync, readFileSync, statSync, truncateSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {CREDITS_FILE, ROLLUP_FILE, creditsSummary, loadCreditsFile, recordUsage, type UsageInput} from '../src/index.js'
import {loadMonths} from '../src/lib/rollup.js'

const use = (over: Partial<UsageInput> = {}): UsageInput => ({provider: 'openai', model: 'gpt-4o-mini', tokens_in: 1000, tokens_out: 100, task: 'a', ...over})

describe('credits.json storage', () => {
  after(cleanupTempDirs)

  it('stays one valid JSON array, one entry per line, after every append', async () => {
    const ctx = new ProjectContext(makeTempDir())
    const file = ctx.state(CREDITS_FILE)
    await recordUsage(ctx, use({task: 'first'}))
    expect(JSON.parse(readFileSync(file, 'utf8'))).to.have.length(1)
    await recordUsage(ctx, [use({task: 'second'}), use({task: 'third'})])
    const text = readFileSync(file, 'utf8')
    const parsed = JSON.parse(text) as {task: string}[]
    expect(parsed.map((e) => e.task)).to.deep.equal(['first', 'second', 'third'])
    expect(text.split('\n').filter((l) => l.startsWith('{'))).to.have.length(3)
    expect(text.endsWith('}\n]\n')).to.equal(true)
  })

  it('appends in place: the bytes before the last entry never change', async () => {
    const ctx = new ProjectContext(makeTempDir())
    const file = ctx.state(CREDITS_FILE)
    await recordUsage(ctx, use())
    const before = readFileSync(file)
    const ino = statSync(file).ino
    await recordUsage(ctx, use({task: 'b'}))
    const after = readFileSync(file)
    expect(statSync(file).ino).to.equal(ino)
    expect(after.subarray(0, before.length - 3).equals(before.subarray(0, before.length - 3))).to.equal(true)
  })

  it('reads and appends to a file of the older tool (pretty-printed, estimated_cost_usd)', async () => {
    const ctx = new ProjectContext(makeTempDir())
    const file = ctx.state(CREDITS_FILE)
    await ctx.ensureStateDir()
    const legacy = [{timestamp: '2025-05-02T10:00:00.123456', session_id: '20250502-1000', model: 'gpt-4o', provider: 'openai', tokens_in: 100, tokens_out: 10, estimated_cost_usd: 0.5, task: 'old', duration_seconds: 1.5}]
    writeFileSync(file, JSON.stringify(legacy, null, 2))
    await recordUsage(ctx, use({task: 'new', timestamp: '2025-05-03T00:00:00Z'}))
    const loaded = await loadCreditsFile(file)
    expect(loaded.problems).to.deep.equal([])
    expect(loaded.entries.map((e) => [e.task, e.cost_usd])).to.deep.equal([
      ['old', 0.5],
      ['new', loaded.entries[1].cost_usd],
    ])
    expect(loaded.entries[0]).to.include({session_id: '20250502-1000', cached_tokens_in: 0})
    const s = await creditsSummary(ctx, {month: '2025-05'})
    expect(s.entries).to.equal(2)
    expect(s.cost_usd).to.be.closeTo(0.5 + loaded.entries[1].cost_usd!, 1e-12)
  })

  it('tolerates a torn last entry (interrupted write), reports it, and repairs the file on the next append', async () => {
    const ctx = new ProjectContext(makeTempDir())
    const file = ctx.state(CREDITS_FILE)
    await recordUsage(ctx, [use({task: 'kept1'}), use({task: 'kept2'})])
    // simulate a crash in the middle of an append: the closing bracket is gone and half an entry is there
    const text = readFileSync(file, 'utf8')
    truncateSync(file, Buffer.byteLength(text) - 3)
    appendFileSync(file, ',\n{"id":"c-x","timestamp":"2025-')
    const loaded = await loadCreditsFile(file)
    expect(loaded.entries.map((e) => e.task)).to.deep.equal(['kept1', 'kept2'])
    expect(loaded.problems[0]).to.match(/incomplete last entry/)
    const {warnings} = await recordUsage(ctx, use({task: 'after'}))
    expect(warnings.join('\n')).to.match(/repaired/)
    expect((JSON.parse(readFileSync(file, 'utf8')) as {task: string}[]).map((e) => e.task)).to.deep.equal(['kept1', 'kept2', 'after'])
  })

  it('refuses to rewrite a file damaged in the middle, naming the line', async () => {
    const ctx = new ProjectContext(makeTempDir())
    const file = ctx.state(CREDITS_FILE)
    await ctx.ensureStateDir()
    writeFileSync(file, '[\n{"timestamp":"2025-01-01","provider":"a","model":"b","tokens_in":1,"tokens_out":1},\n{oops},\n{"timestamp":"2025-01-01","provider":"a","model":"b","tokens_in":1,"tokens_out":1}\n')
    let error: {message: string; code: string} | undefined
    await recordUsage(ctx, use()).catch((e) => (error = e))
    expect(error?.code).to.equal('E_BAD_CREDITS')
    expect(error?.message).to.contain(':3')
    expect(readFileSync(file, 'utf8')).to.contain('{oops}')
  })

  it('skips invalid entries with a problem instead of failing', async () => {
    const ctx = new ProjectContext(makeTempDir())
    const file = ctx.state(CREDITS_FILE)
    await ctx.ensureStateDir()
    writeFileSync(file, JSON.stringify([{timestamp: 'yesterday', provider: 'a', model: 'b', tokens_in: 1, tokens_out: 1}, {timestamp: '2025-01-01T00:00:00Z', provider: 'a', model: 'b', tokens_in: 1, tokens_out: 1, cost_usd: 1}]))
    const loaded = await loadCreditsFile(file)
    expect(loaded.entries).to.have.length(1)
    expect(loaded.problems[0]).to.match(/entry 1 skipped: timestamp/)
  })
})

describe('summary cache (credits-rollup.json)', () => {
  after(cleanupTempDirs)

  const totals = async (ctx: ProjectContext) => {
    const s = await creditsSummary(ctx, {all: true})
    return {entries: s.entries, cost: s.cost_usd, tasks: s.by_task.map((t) => [t.task, t.entries])}
  }

  it('gives the same totals from the cache as from a full read, and folds new entries in', async () => {
    const ctx = new ProjectContext(makeTempDir())
    await recordUsage(ctx, Array.from({length: 50}, (_, i) => use({task: `t${i % 5}`, tokens_in: 1000 + i})))
    const via = async () => (await loadMonths(ctx.state(CREDITS_FILE), ctx.state(ROLLUP_FILE))).via
    expect(await via()).to.equal('full-read') // no cache yet: reads everything, saves the cache
    const first = await totals(ctx)
    expect(await via()).to.equal('cache') // nothing appended since
    const cache = JSON.parse(readFileSync(ctx.state(ROLLUP_FILE), 'utf8')) as {source: {offset: number}}
    expect(cache.source.offset).to.be.greaterThan(0)
    await recordUsage(ctx, [use({task: 'late'}), use({task: 'late'})])
    expect(await via()).to.equal('cache') // two entries appended: folded on top of the cache
    const viaCache = await totals(ctx)
    expect(viaCache.entries).to.equal(first.entries + 2)
    // delete the cache: a full read agrees
    writeFileSync(ctx.state(ROLLUP_FILE), 'not json')
    expect(await totals(ctx)).to.deep.equal(viaCache)
  })

  it('notices that credits.json was replaced or edited and rebuilds', async () => {
    const ctx = new ProjectContext(makeTempDir())
    const file = ctx.state(CREDITS_FILE)
    await recordUsage(ctx, [use({task: 'x'}), use({task: 'y'})])
    await totals(ctx)
    // an edit in place (same inode) that changes an existing entry
    const text = readFileSync(file, 'utf8').replace('"task":"y"', '"task":"z"')
    writeFileSync(file, text)
    expect((await loadMonths(file, ctx.state(ROLLUP_FILE))).via).to.equal('full-read')
    expect((await totals(ctx)).tasks.map((t) => t[0]).sort()).to.deep.equal(['x', 'z'])
    // a replaced file
    writeFileSync(file + '.new', '[\n]\n')
    const {renameSync} = await import('node:fs')
    renameSync(file + '.new', file)
    expect((await totals(ctx)).entries).to.equal(0)
  })

  it('is folded by record itself as the file grows, so summary has little to read', async () => {
    const ctx = new ProjectContext(makeTempDir())
    await recordUsage(ctx, use())
    await totals(ctx) // creates the cache
    const bigBatch = Array.from({length: 2000}, (_, i) => use({task: `bulk-${i % 7}`}))
    await recordUsage(ctx, bigBatch) // crosses a 256 KiB boundary
    const cache = JSON.parse(readFileSync(ctx.state(ROLLUP_FILE), 'utf8')) as {source: {offset: number}}
    const size = statSync(ctx.state(CREDITS_FILE)).size
    expect(size - cache.source.offset).to.be.lessThan(10)
    expect((await totals(ctx)).entries).to.equal(2001)
  })
})

describe('credits files in a project', () => {
  after(cleanupTempDirs)

  it('keeps everything under .govtool/', async () => {
    const dir = makeTempDir()
    const ctx = new ProjectContext(dir)
    await recordUsage(ctx, use())
    await creditsSummary(ctx)
    expect(path.dirname(ctx.state(CREDITS_FILE))).to.equal(path.join(dir, '.govtool'))
  })
})
