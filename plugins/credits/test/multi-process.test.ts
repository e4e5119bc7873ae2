import {execFile} from 'node:child_process'
import {mkdirSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {promisify} from 'node:util'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {CREDITS_FILE, Pacer, WINDOW_FILE, creditsSummary, loadCreditsFile, saveProfile, validateProfileInput} from '../src/index.js'

const run = promisify(execFile)
const here = path.dirname(fileURLToPath(import.meta.url))
const worker = (name: string) => path.join(here, 'fixtures', name)

/** Runs a TypeScript fixture in its own node process. */
function spawnTs(script: string, args: string[]): Promise<{stdout: string; stderr: string}> {
  return run(process.execPath, ['--import', 'tsx', worker(script), ...args], {cwd: path.resolve(here, '..', '..', '..'), timeout: 60_000})
}

describe('credits across processes', function () {
  this.timeout(90_000)
  after(cleanupTempDirs)

  it('6 processes x 10 records -> 60 entries, none lost, file still one valid JSON array', async () => {
    const dir = makeTempDir()
    await Promise.all(Array.from({length: 6}, (_, i) => spawnTs('record-worker.ts', [dir, '10', `p${i}`])))
    const text = readFileSync(path.join(dir, '.govtool', CREDITS_FILE), 'utf8')
    const parsed = JSON.parse(text) as {id: string; task: string}[]
    expect(parsed).to.have.length(60)
    expect(new Set(parsed.map((e) => e.id)).size).to.equal(60)
    for (let p = 0; p < 6; p++) for (let i = 0; i < 10; i++) expect(parsed.some((e) => e.task === `p${p}-${i}`), `p${p}-${i}`).to.equal(true)
    const loaded = await loadCreditsFile(path.join(dir, '.govtool', CREDITS_FILE))
    expect(loaded.problems).to.deep.equal([])
    const summary = await creditsSummary(new ProjectContext(dir), {all: true})
    expect(summary.entries).to.equal(60)
  })

  it('two real processes sharing one limit never admit more than it within the window', async () => {
    const dir = makeTempDir()
    const ctx = new ProjectContext(dir)
    // 8 requests per minute at target 1.0; each process wants 10 (20 in all), for up to 4 s
    await saveProfile(ctx, validateProfileInput({provider: 'openai', model: 'gpt-4o', rpm: 8, tpm: 1_000_000, target: 1, concurrency: 20}))
    const barrier = path.join(dir, 'barrier')
    mkdirSync(barrier)
    const outs = await Promise.all([0, 1].map(() => spawnTs('pacer-worker.ts', [dir, '10', '20', '4000', barrier, '2'])))
    const results = outs.map((o) => JSON.parse(o.stdout) as {pid: number; intervals: {start: number}[]; errors: string[]})
    for (const r of results) expect(r.errors).to.deep.equal([])
    const admitted = results.flatMap((r) => r.intervals.map((i) => i.start))
    // the whole run fits in one 60 s window: the two together never exceed the limit
    expect(Math.max(...admitted) - Math.min(...admitted)).to.be.lessThan(60_000)
    expect(admitted.length).to.be.at.most(8)
    expect(admitted.length).to.be.at.least(1)
    // what the shared window holds after both settled is what they really used
    const state = JSON.parse(readFileSync(path.join(dir, '.govtool', WINDOW_FILE), 'utf8')) as {keys: Record<string, {charges: {requests: number; lease?: string}[]; slots: object}>}
    const key = state.keys['openai/gpt-4o']
    expect(key.charges.reduce((n, c) => n + c.requests, 0)).to.equal(admitted.length)
    expect(key.charges.filter((c) => c.lease)).to.have.length(0)
    expect(key.slots).to.deep.equal({})
  })

  it('gives one shared pacer per project inside a process', async () => {
    const dir = makeTempDir()
    const a = await Pacer.shared(new ProjectContext(dir))
    const b = await Pacer.shared(new ProjectContext(dir))
    expect(a).to.equal(b)
    expect(await Pacer.shared(new ProjectContext(makeTempDir()))).to.not.equal(a)
  })

  it('two real processes sharing a concurrency of 1 never overlap', async () => {
    const dir = makeTempDir()
    const ctx = new ProjectContext(dir)
    await saveProfile(ctx, validateProfileInput({provider: 'openai', model: 'gpt-4o', rpm: 1000, tpm: 1_000_000, target: 1, concurrency: 1}))
    const barrier = path.join(dir, 'barrier')
    mkdirSync(barrier)
    const outs = await Promise.all([0, 1].map(() => spawnTs('pacer-worker.ts', [dir, '4', '100', '20000', barrier, '2'])))
    const results = outs.map((o) => JSON.parse(o.stdout) as {pid: number; intervals: {start: number; end: number}[]; errors: string[]})
    for (const r of results) expect(r.errors).to.deep.equal([])
    const all = results.flatMap((r) => r.intervals).sort((a, b) => a.start - b.start)
    expect(all.length).to.be.at.least(1)
    for (let i = 1; i < all.length; i++) expect(all[i].start, 'requests of the two processes overlapped').to.be.at.least(all[i - 1].end)
  })
})
