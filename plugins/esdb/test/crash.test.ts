import {spawn, type ChildProcess} from 'node:child_process'
import {writeFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {expect} from 'chai'
import {cleanupTempDirs} from 'govtool/testing'

import {appendRecords, esdbStatus, openStore, verifyChain, type WalEntry} from '../src/index.js'
import {makeProject, walLines, type Project} from './helpers.js'

// The writer runs the compiled library (plugins/esdb/dist): build before running these tests.
const WRITER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'writer.mjs')
const STALE_MS = 2000

interface Writer {
  child: ChildProcess
  /** seq -> record id of every record the writer acknowledged (printed after its append resolved) */
  acked: Map<number, string>
  /** resolves when the writer is loaded and waiting at the start barrier */
  ready: Promise<void>
  /** resolves when the writer acknowledged its first batch */
  firstAck: Promise<void>
  exited: Promise<{code: number | null; signal: NodeJS.Signals | null; stderr: string}>
}

function startWriter(project: Project, prefix: string, count: number | 'forever', maxBatch: number, goFile?: string): Writer {
  const args = [WRITER, project.dir, prefix, String(count), String(maxBatch), String(STALE_MS), ...(goFile ? [goFile] : [])]
  const child = spawn(process.execPath, args, {stdio: ['ignore', 'pipe', 'pipe']})
  const acked = new Map<number, string>()
  let buffer = ''
  let stderr = ''
  let onAck: () => void = () => {}
  let onReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => {
    onReady = resolve
  })
  const firstAck = new Promise<void>((resolve) => {
    onAck = resolve
  })
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk
    const lines = buffer.split('\n')
    buffer = lines.pop() ?? ''
    for (const line of lines) {
      if (line === 'ready') {
        onReady()
        continue
      }
      const [seq, id] = line.split(' ')
      acked.set(Number(seq), id)
    }
    if (acked.size > 0) onAck()
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<{code: number | null; signal: NodeJS.Signals | null; stderr: string}>((resolve) => {
    child.on('close', (code, signal) => resolve({code, signal, stderr}))
  })
  return {child, acked, ready, firstAck, exited}
}

/** The WAL's entries by seq; a writer killed mid-append may leave a torn last line, which the store skips too. */
function entriesBySeq(project: Project): Map<number, WalEntry> {
  const lines = walLines(project.paths)
  const entries: WalEntry[] = []
  for (const [i, line] of lines.entries()) {
    try {
      entries.push(JSON.parse(line) as WalEntry)
    } catch (error) {
      if (i < lines.length - 1) throw error
    }
  }
  return new Map(entries.map((e) => [e.seq, e]))
}

describe('esdb crash safety and concurrent writers (child processes)', function () {
  this.timeout(90_000)
  after(cleanupTempDirs)

  it('SIGKILLed writers at random points never break the chain nor lose an acknowledged record', async () => {
    const project = makeProject()
    const allAcked = new Map<number, string>()
    const runs = 12
    let killedWhileWriting = 0
    for (let run = 0; run < runs; run++) {
      const writer = startWriter(project, `run${run}`, 'forever', 40)
      // random points: every fourth run during start-up or while waiting for the previous writer's stale lock;
      // the others a random 0-250 ms after the writer's first acknowledged batch (mid-batch, mid-fsync,
      // between the WAL write and the head update, between batches)
      const sleep = (ms: number) => new Promise((resolve) => {
        setTimeout(resolve, ms)
      })
      if (run % 4 === 3) await sleep(Math.floor(Math.random() * 600))
      else await Promise.race([writer.firstAck.then(() => sleep(Math.floor(Math.random() * 250))), writer.exited])
      writer.child.kill('SIGKILL')
      const {signal, stderr} = await writer.exited
      expect(signal, stderr).to.equal('SIGKILL')
      if (writer.acked.size > 0) killedWhileWriting++
      const report = await verifyChain(project.paths)
      expect(report.ok, `run ${run}: ${report.problem}`).to.equal(true)
      const entries = entriesBySeq(project)
      for (const [seq, id] of writer.acked) {
        expect(entries.get(seq)?.record_id, `run ${run}: acknowledged seq ${seq}`).to.equal(id)
        allAcked.set(seq, id)
      }
    }
    expect(killedWhileWriting, 'some writers were killed after acknowledging appends').to.be.greaterThan(0)
    // the next append takes over the dead writer's lock once stale, sets aside any torn tail, and continues the chain
    const last = await appendRecords(project.ctx, [{id: 'after-crashes', kind: 'work_item'}], {lockStaleMs: STALE_MS})
    const report = await verifyChain(project.paths)
    expect(report).to.include({ok: true, torn_tail: false, last_seq: last.last_seq})
    const entries = entriesBySeq(project)
    for (const [seq, id] of allAcked) expect(entries.get(seq)?.record_id).to.equal(id)
    const status = await esdbStatus(project.ctx)
    expect(status.chain_valid).to.equal(true)
    expect(status.record_count).to.equal(entries.size)
    expect(status.record_count).to.be.at.least(allAcked.size + 1)
  })

  it('4 concurrent writer processes produce one valid chain with contiguous seq and every record once', async () => {
    const project = makeProject()
    const perWriter = 150
    const go = path.join(project.dir, 'go')
    const writers = Array.from({length: 4}, (_, i) => startWriter(project, `w${i}`, perWriter, 12, go))
    await Promise.all(writers.map((w) => Promise.race([w.ready, w.exited])))
    writeFileSync(go, '')
    const results = await Promise.all(writers.map((w) => w.exited))
    for (const r of results) expect(r.code, r.stderr).to.equal(0)
    const report = await verifyChain(project.paths)
    expect(report).to.include({ok: true, first_seq: 1, last_seq: 4 * perWriter, entries: 4 * perWriter})
    const entries = walLines(project.paths).map((l) => JSON.parse(l) as WalEntry)
    expect(entries.map((e) => e.seq)).to.deep.equal(Array.from({length: 4 * perWriter}, (_, i) => i + 1))
    expect(new Set(entries.map((e) => e.record_id)).size).to.equal(4 * perWriter)
    for (const w of writers) {
      expect(w.acked.size).to.equal(perWriter)
      for (const [seq, id] of w.acked) expect(entries[seq - 1].record_id).to.equal(id)
    }
    // the writers really interleaved (batches from different processes alternate in the WAL)
    const owners = entries.map((e) => e.record_id.split('-')[0])
    const switches = owners.filter((o, i) => i > 0 && o !== owners[i - 1]).length
    expect(switches).to.be.greaterThan(3)
    const store = openStore(project.ctx)
    expect(await store.count({kind: 'work_item'})).to.equal(4 * perWriter)
    await store.close()
  })
})
