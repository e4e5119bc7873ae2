import {appendFileSync, mkdirSync, readFileSync} from 'node:fs'

import {expect} from 'chai'
import {cleanupTempDirs} from 'govtool/testing'

import {dagStatus, eventsFile, listDags, readEvents, startDispatch, subscribe, type DispatchEvent} from '../src/index.js'
import {FakePool, fileEvents, node, peakRunning, tempProject} from './helpers.js'

describe('dispatch core: events, scheduler, subscription', function () {
  this.timeout(30_000)
  after(cleanupTempDirs)

  it('runs a diamond in dependency order and writes the spec envelope with seq and ms timestamps', async () => {
    const ctx = tempProject()
    const pool = new FakePool(4)
    const handle = startDispatch(ctx, {task: 'diamond', dag_id: 'diamond1', plan: [node('a'), node('b', ['a']), node('c', ['a']), node('d', ['b', 'c'])], pool})
    expect(handle.dag_id).to.equal('diamond1')
    const summary = await handle.done
    expect(summary.equilibrium).to.equal(true)
    expect(summary.counts).to.deep.equal({total: 4, completed: 4, failed: 0, blocked: 0})
    const events = fileEvents(ctx, 'diamond1')
    expect(events.map((e) => e.seq)).to.deep.equal(events.map((_, i) => i + 1))
    for (const e of events) {
      expect(Object.keys(e).sort()).to.deep.equal(['dag_id', 'event_type', 'node_id', 'payload', 'seq', 'ts'])
      expect(e.ts).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      expect(e.dag_id).to.equal('diamond1')
    }
    const order = events.filter((e) => e.event_type === 'node_started').map((e) => e.node_id)
    expect(order[0]).to.equal('a')
    expect(order[3]).to.equal('d')
    const started = events.find((e) => e.event_type === 'node_started' && e.node_id === 'd')!
    expect(started.payload).to.deep.equal({role: 'coder', depends_on: ['b', 'c']})
    const last = events.at(-1)!
    expect(last.event_type).to.equal('dag_done')
    expect(last.node_id).to.equal('')
    expect((last.payload as {equilibrium: boolean}).equilibrium).to.equal(true)
    // d started only after b and c completed
    const at = (type: string, id: string) => events.findIndex((e) => e.event_type === type && e.node_id === id)
    expect(at('node_started', 'd')).to.be.greaterThan(at('node_completed', 'b'))
    expect(at('node_started', 'd')).to.be.greaterThan(at('node_completed', 'c'))
  })

  for (const maxWorkers of [1, 2, 3, 5]) {
    it(`never runs more than max_workers=${maxWorkers} at once on a wide fan-out (from the events)`, async () => {
      const ctx = tempProject()
      const plan = [node('root'), ...Array.from({length: 20}, (_, i) => node(`leaf-${i}`, ['root'])), node('join', Array.from({length: 20}, (_, i) => `leaf-${i}`))]
      const pool = new FakePool(64, undefined, 5)
      const summary = await startDispatch(ctx, {task: 'fan', dag_id: `fan${maxWorkers}`, plan, pool, max_workers: maxWorkers}).done
      expect(summary.counts.completed).to.equal(22)
      const events = fileEvents(ctx, `fan${maxWorkers}`)
      expect(peakRunning(events)).to.equal(Math.min(maxWorkers, 20))
      expect(pool.peak).to.equal(Math.min(maxWorkers, 20))
    })
  }

  it('fail-forward: exactly the transitive dependents of a failed node are BLOCKED, independent ones complete', async () => {
    const ctx = tempProject()
    // a -> b -> c -> d ; a -> e ; f independent ; g depends on f and b ; h depends on e
    const plan = [node('a'), node('b', ['a']), node('c', ['b']), node('d', ['c']), node('e', ['a']), node('f'), node('g', ['f', 'b']), node('h', ['e'])]
    const pool = new FakePool(4, (job) => (job.node.id === 'b' ? {ok: false, error: 'compile error'} : {ok: true, summary: 'ok'}))
    const summary = await startDispatch(ctx, {task: 'ff', dag_id: 'ff1', plan, pool}).done
    expect(summary.failed.map((r) => r.node_id)).to.deep.equal(['b'])
    expect(summary.failed[0].error).to.equal('compile error')
    expect([...summary.blocked].sort()).to.deep.equal(['c', 'd', 'g'])
    expect(summary.completed.map((r) => r.node_id).sort()).to.deep.equal(['a', 'e', 'f', 'h'])
    expect(summary.equilibrium).to.equal(false)
    const events = fileEvents(ctx, 'ff1')
    const blocked = events.filter((e) => e.event_type === 'node_blocked')
    expect(blocked.map((e) => [e.node_id, (e.payload as {because_of: string}).because_of]).sort()).to.deep.equal([
      ['c', 'b'],
      ['d', 'b'],
      ['g', 'b'],
    ])
    expect(pool.ran).to.not.include.members(['c', 'd', 'g'])
    const status = await dagStatus(ctx, 'ff1')
    expect(status.nodes).to.deep.equal({a: 'completed', b: 'failed', c: 'blocked', d: 'blocked', e: 'completed', f: 'completed', g: 'blocked', h: 'completed'})
    expect(status.state).to.equal('done')
  })

  it('a worker that throws fails its node; two failures block the union of their dependents', async () => {
    const ctx = tempProject()
    const plan = [node('x'), node('y'), node('xy', ['x', 'y']), node('z', ['y']), node('w')]
    const pool = new FakePool(2, (job) => {
      if (job.node.id === 'x') throw new Error('worker crashed')
      return job.node.id === 'y' ? {ok: false, error: 'nope'} : {ok: true}
    })
    const summary = await startDispatch(ctx, {task: 't', dag_id: 'two', plan, pool}).done
    expect(summary.failed.map((r) => r.node_id).sort()).to.deep.equal(['x', 'y'])
    expect(summary.failed.find((r) => r.node_id === 'x')!.error).to.equal('worker crashed')
    expect([...summary.blocked].sort()).to.deep.equal(['xy', 'z'])
    expect(fileEvents(ctx, 'two').filter((e) => e.event_type === 'node_blocked' && e.node_id === 'xy')).to.have.length(1)
  })

  it('subscribe replays persisted events then streams live ones, no gaps, no duplicates, from any seq', async () => {
    const ctx = tempProject()
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const pool = new FakePool(2, async (job) => {
      if (job.node.id === 'late') await gate
      return {ok: true, summary: job.node.id}
    })
    const handle = startDispatch(ctx, {task: 'sub', dag_id: 'sub1', plan: [node('a'), node('b', ['a']), node('late', ['b']), node('after', ['late'])], pool})
    await handle.built
    // wait until some events are persisted, then subscribe from the start and from seq 2
    while ((await readEvents(ctx, 'sub1')).length < 5) await new Promise((r) => setTimeout(r, 5))
    const collect = async (afterSeq: number) => {
      const out: DispatchEvent[] = []
      for await (const e of subscribe(ctx, 'sub1', {afterSeq})) out.push(e)
      return out
    }
    const all = collect(0)
    const tail = collect(2)
    setTimeout(release, 50)
    const [a, t] = await Promise.all([all, tail])
    await handle.done
    const persisted = fileEvents(ctx, 'sub1')
    expect(a.map((e) => e.seq)).to.deep.equal(persisted.map((e) => e.seq))
    expect(t.map((e) => e.seq)).to.deep.equal(persisted.slice(2).map((e) => e.seq))
    expect(a.at(-1)!.event_type).to.equal('dag_done')
    // a subscriber of a finished run gets the replay and ends
    const again = await collect(0)
    expect(again).to.deep.equal(persisted)
  })

  it('a subscription to a run that does not exist, or whose plan could not be built, ends with E_DISPATCH_NOT_FOUND', async () => {
    const ctx = tempProject()
    const drain = async (id: string) => {
      for await (const e of subscribe(ctx, id, {pollMs: 20})) void e
    }
    try {
      await drain('nothing-here')
      expect.fail('a subscription to nothing ended quietly')
    } catch (error) {
      expect((error as {code?: string}).code).to.equal('E_DISPATCH_NOT_FOUND')
    }
  })

  it('a run whose event log cannot be written ends with that error instead of hanging', async () => {
    const ctx = tempProject()
    mkdirSync(eventsFile(ctx, 'nolog'), {recursive: true})
    const handle = startDispatch(ctx, {task: 't', dag_id: 'nolog', plan: [node('a'), node('b', ['a']), node('c', ['b'])], pool: new FakePool(1, undefined, 5)})
    try {
      await handle.done
      expect.fail('the run ended without its events')
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).to.equal('EISDIR')
    }
  })

  it('skips a torn last line and an unparsable line when reading', async () => {
    const ctx = tempProject()
    await startDispatch(ctx, {task: 't', dag_id: 'torn', plan: [node('a')], pool: new FakePool(1)}).done
    const file = eventsFile(ctx, 'torn')
    const clean = readFileSync(file, 'utf8')
    appendFileSync(file, '{"seq": 99, "dag_id": "torn", "event_')
    const events = await readEvents(ctx, 'torn')
    expect(events.length).to.equal(clean.trim().split('\n').length)
    const got: DispatchEvent[] = []
    for await (const e of subscribe(ctx, 'torn', {follow: false})) got.push(e)
    expect(got.length).to.equal(events.length)
  })

  it('lists runs with counts and rejects a dag id that is not a path component', async () => {
    const ctx = tempProject()
    await startDispatch(ctx, {task: 'one', dag_id: 'r1', plan: [node('a')], pool: new FakePool(1)}).done
    await startDispatch(ctx, {task: 'two', dag_id: 'r2', plan: [node('a'), node('b')], pool: new FakePool(1, (j) => ({ok: j.node.id === 'a'}))}).done
    const list = await listDags(ctx)
    expect(list.count).to.equal(2)
    expect(list.runs.map((r) => [r.dag_id, r.completed, r.failed])).to.deep.equal([
      ['r1', 1, 0],
      ['r2', 1, 1],
    ])
    expect((await dagStatus(ctx)).dag_id).to.equal('r2')
    for (const bad of ['../x', 'a/b', '-x', '.hidden', 'x'.repeat(65)]) {
      expect(() => startDispatch(ctx, {task: 't', dag_id: bad, plan: [node('a')], pool: new FakePool(1)}), bad).to.throw(/Invalid dag id/)
    }
    expect(() => startDispatch(ctx, {task: 't', dag_id: 'r1', plan: [node('a')], pool: new FakePool(1)})).to.throw(/already exists/)
  })

  it('generates a 12-hex dag id when none is given', async () => {
    const ctx = tempProject()
    const handle = startDispatch(ctx, {task: 't', plan: [node('a')], pool: new FakePool(1)})
    expect(handle.dag_id).to.match(/^[0-9a-f]{12}$/)
    await handle.done
  })
})
