/** The ollama operations outside the command line: pull's progress events (SSE over HTTP) and cancellation. */
import {expect} from 'chai'
import {executeOperation, ProjectContext, projectContext, type OperationIO, type ProgressEvent} from 'govtool/core'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {ollamaPullOp} from '../src/ops/daemon.js'
import {startFakeDaemon, type FakeDaemon} from './fake-daemon.js'

function httpIO(signal = new AbortController().signal): OperationIO & {events: ProgressEvent[]} {
  const events: ProgressEvent[] = []
  return {signal, progress: (e) => void events.push(e), warn() {}, json: true, interactive: false, events}
}

describe('ollama operations over a non-CLI transport', () => {
  let daemon: FakeDaemon
  let saved: string | undefined
  const ctx = () => projectContext(new ProjectContext(makeTempDir()), 'http')

  before(async () => {
    daemon = await startFakeDaemon({
      'tiny:1b': {kind: 'ok', layers: [{digest: 'sha256:' + 'd'.repeat(64), total: 3000}, {digest: 'sha256:' + 'e'.repeat(64), total: 1000}], steps: 4},
      'slow:1b': {kind: 'hang'},
    })
    saved = process.env.OLLAMA_HOST
    process.env.OLLAMA_HOST = daemon.hostPort
  })
  after(async () => {
    if (saved === undefined) delete process.env.OLLAMA_HOST
    else process.env.OLLAMA_HOST = saved
    await daemon.close()
    cleanupTempDirs()
  })

  it('pull reports progress through io.progress (bytes over the layers), then returns the result', async () => {
    const io = httpIO()
    const result = await executeOperation(ollamaPullOp, ctx(), {model: 'tiny:1b'}, io)
    expect(result).to.include({model: 'tiny:1b', status: 'success', layers: 2, total_bytes: 4000})
    expect(io.events[0]).to.deep.equal({message: 'pulling manifest'})
    expect(io.events.map((e) => e.message)).to.include.members(['pulling dddddddddddd', 'pulling eeeeeeeeeeee', 'success'])
    const last = io.events.at(-1)!
    expect(last).to.deep.equal({message: 'success', done: 4000, total: 4000, unit: 'bytes'})
    const done = io.events.filter((e) => e.done !== undefined).map((e) => e.done!)
    expect(done).to.deep.equal([...done].sort((a, b) => a - b))
    // one event per change, not one per daemon line
    expect(new Set(io.events.map((e) => JSON.stringify(e))).size).to.equal(io.events.length)
  })

  it('a client going away (io.signal) interrupts the pull: E_PULL_INTERRUPTED, resumable', async () => {
    const controller = new AbortController()
    const io = httpIO(controller.signal)
    const running = executeOperation(ollamaPullOp, ctx(), {model: 'slow:1b'}, {...io, progress: (e) => (io.events.push(e), e.done !== undefined && controller.abort())})
    try {
      await running
      expect.fail('should have been interrupted')
    } catch (error) {
      expect(error).to.include({code: 'E_PULL_INTERRUPTED', exit: 130})
      expect((error as Error).message).to.contain('interrupted at 10%')
    }
  })
})
