/**
 * The dispatch HTTP/SSE surface over the real dispatcher (@govtool/plugin-dispatch: its event log on disk, its
 * scheduler, retry and abort), with a worker pool the test controls in place of model calls.
 */
import {cpSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {abortReason, eventsFile, type NodeJob, type NodeOutcome, type WorkerPool} from '@govtool/plugin-dispatch'
import {expect} from 'chai'
import {ProjectContext} from 'govtool/core'
import {cleanupTempDirs, isolatedEnv, makeTempDir} from 'govtool/testing'

import {dispatchService, startApiServer, type ApiServer} from '../src/index.js'
import {connectSse, readUntil} from './sse-client.js'

const NOTES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'preflight', 'test', 'fixtures', 'notes')

/** Nodes answer from `decide`; a node can be held until the test releases it or its abort flag is set. */
class TestPool implements WorkerPool {
  readonly size = 4
  private readonly gates = new Map<string, () => void>()
  constructor(
    private readonly ctx: ProjectContext,
    private readonly decide: (job: NodeJob) => NodeOutcome = () => ({ok: true, summary: 'done'}),
    private readonly hold: ReadonlySet<string> = new Set(),
  ) {}

  release(nodeId: string): void {
    this.gates.get(nodeId)?.()
  }

  async run(job: NodeJob): Promise<NodeOutcome> {
    if (this.hold.has(job.node.id) && !job.dag_id.includes('-retry-')) {
      // the executor's checkpoint, as the real one polls it during a model call
      const reason = await new Promise<string | undefined>((resolve) => {
        this.gates.set(job.node.id, () => resolve(undefined))
        const poll = setInterval(() => {
          const why = abortReason(this.ctx, job.dag_id, job.node.id)
          if (why) {
            clearInterval(poll)
            resolve(why)
          }
        }, 20)
        this.gates.set(job.node.id, () => (clearInterval(poll), resolve(undefined)))
      })
      if (reason) return {ok: false, error: `Aborted: ${reason}`}
    }
    return this.decide(job)
  }
}

const plan = [
  {id: 'design', title: 'design it', role: 'architect', depends_on: []},
  {id: 'build', title: 'build it', role: 'coder', depends_on: ['design']},
]

describe('serve: dispatch over the real dispatcher', function () {
  this.timeout(60_000)
  const servers: ApiServer[] = []
  after(cleanupTempDirs)
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close(2000)))
  })

  async function serve(pool: (ctx: ProjectContext) => TestPool) {
    const dir = makeTempDir('govtool-api-dispatch-')
    cpSync(NOTES, dir, {recursive: true})
    const env = isolatedEnv(makeTempDir('govtool-api-dispatch-home-'))
    const ctx = new ProjectContext(dir, env)
    const testPool = pool(ctx)
    const server = await startApiServer({project: ctx, port: 0, env, dispatch: await dispatchService(ctx, {env, pool: () => testPool})})
    servers.push(server)
    const call = (route: string, body?: unknown) =>
      fetch(`${server.url}${route}`, {method: body === undefined ? 'GET' : 'POST', headers: {authorization: `Bearer ${server.token}`, 'content-type': 'application/json'}, body: body === undefined ? undefined : JSON.stringify(body)})
    const events = async (dagId: string, lastEventId?: string) => readUntil(await connectSse(`${server.url}/api/dispatch/events?dag_id=${dagId}`, {token: server.token, lastEventId}), () => false)
    return {server, ctx, pool: testPool, call, events}
  }

  it('runs a DAG in the server: dag_id at once, events replayed then live with id = seq, status and list', async () => {
    const {server, ctx, pool, call, events} = await serve((c) => new TestPool(c, undefined, new Set(['build'])))
    const res = await call('/api/dispatch/run', {task: 'design and build the parser', plan})
    expect(res.status).to.equal(202)
    const {dag_id} = (await res.json()) as {dag_id: string}
    // at once, before the DAG is even built: the stream waits for the first event rather than answering 404
    const conn = await connectSse(`${server.url}/api/dispatch/events?dag_id=${dag_id}`, {token: server.token})
    expect(conn.status).to.equal(200)
    const first = await readUntil(conn, (e) => e.event === 'node_started' && JSON.parse(e.data).node_id === 'build')
    expect(first.map((e) => e.event)).to.deep.equal(['node_started', 'node_completed', 'node_started'])
    const status = (await (await call(`/api/dispatch/status?dag_id=${dag_id}`)).json()) as {state: string; nodes: Record<string, string>; last_seq: number}
    expect(status).to.deep.include({state: 'running', nodes: {design: 'completed', build: 'running'}, last_seq: 3})
    // a second client: the three persisted events, then the live ones; a client that leaves stops nothing
    const replayed = await connectSse(`${server.url}/api/dispatch/events?dag_id=${dag_id}&access_token=${server.token}`)
    const replay = await readUntil(replayed, (e) => e.id === '3')
    replayed.close()
    conn.close()
    expect(replay.map((e) => e.id)).to.deep.equal(['1', '2', '3'])
    pool.release('build')
    const rest = await events(dag_id, '3')
    expect(rest.map((e) => [e.id, e.event])).to.deep.equal([
      ['4', 'node_completed'],
      ['5', 'dag_done'],
    ])
    const done = JSON.parse(rest[1].data) as {dag_id: string; event_type: string; node_id: string; ts: string; seq: number; payload: {equilibrium: boolean}}
    expect(done).to.deep.include({dag_id, event_type: 'dag_done', node_id: '', seq: 5})
    expect(done.payload.equilibrium).to.equal(true)
    // the SSE data is the persisted line
    const lines = readFileSync(eventsFile(ctx, dag_id), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as unknown)
    expect(lines.map((l) => (l as {seq: number}).seq)).to.deep.equal([1, 2, 3, 4, 5])
    expect(lines[4]).to.deep.equal(done)
    const list = (await (await call('/api/dispatch/list')).json()) as {runs: {dag_id: string; state: string; completed: number; failed: number}[]}
    expect(list.runs).to.have.length(1)
    expect(list.runs[0]).to.deep.include({dag_id, state: 'done', completed: 2, failed: 0})
    expect((await fetch(`${server.url}/api/dispatch/events?dag_id=${dag_id}`, {headers: {authorization: `Bearer ${server.token}`, 'last-event-id': '5'}})).status).to.equal(204)
  })

  it('aborts a running node and retries it over HTTP', async () => {
    const {call, events} = await serve((c) => new TestPool(c, undefined, new Set(['design'])))
    const {dag_id} = (await (await call('/api/dispatch/run', {task: 'design and build', plan, max_workers: 2})).json()) as {dag_id: string}
    const conn = await connectSse(`${servers[0].url}/api/dispatch/events?dag_id=${dag_id}`, {token: servers[0].token})
    await readUntil(conn, (e) => e.event === 'node_started')
    const aborted = await call('/api/dispatch/abort', {dag_id, node_id: 'design'})
    expect(aborted.status).to.equal(200)
    expect(await aborted.json()).to.deep.equal({ok: true, dag_id, node_id: 'design', status: 'abort signalled'})
    const rest = await readUntil(conn, () => false)
    expect(rest.map((e) => e.event)).to.deep.equal(['node_failed', 'node_blocked', 'dag_done'])
    expect((JSON.parse(rest[0].data) as {payload: {error: string}}).payload.error).to.match(/^Aborted: /)
    expect((JSON.parse(rest[1].data) as {payload: {because_of: string}}).payload.because_of).to.equal('design')
    // a finished run has nothing to abort
    const late = await call('/api/dispatch/abort', {dag_id, node_id: 'design'})
    expect(late.status).to.equal(409)
    expect(((await late.json()) as {error: {code: string}}).error.code).to.equal('E_DISPATCH_STATE')

    const retried = await call('/api/dispatch/retry', {dag_id, node_id: 'design'})
    expect(retried.status).to.equal(202)
    const retry = (await retried.json()) as {dag_id: string; retry_of: unknown}
    expect(retry).to.deep.include({dag_id: `${dag_id}-retry-design`, retry_of: {dag_id, node_id: 'design'}})
    const retryEvents = await events(retry.dag_id)
    expect(retryEvents.map((e) => e.event)).to.deep.equal(['node_started', 'node_completed', 'dag_done'])
    const status = (await (await call(`/api/dispatch/status?dag_id=${retry.dag_id}`)).json()) as {parent_dag_id: string; nodes: Record<string, string>}
    expect(status).to.deep.include({parent_dag_id: dag_id, nodes: {design: 'completed'}})
    // a completed node is never re-run
    const again = await call('/api/dispatch/retry', {dag_id: retry.dag_id, node_id: 'design'})
    expect(again.status).to.equal(409)
  })

  it('answers unknown runs and nodes 404 JSON and bad ids 400 JSON', async () => {
    const {call} = await serve((c) => new TestPool(c))
    const none = await call('/api/dispatch/status')
    expect(none.status).to.equal(404)
    expect(((await none.json()) as {error: {code: string}}).error.code).to.equal('E_DISPATCH_NOT_FOUND')
    for (const route of ['/api/dispatch/status?dag_id=nope', '/api/dispatch/events?dag_id=nope']) {
      const res = await call(route)
      expect(res.status, route).to.equal(404)
      expect(((await res.json()) as {error: {code: string}}).error.code).to.equal('E_DISPATCH_NOT_FOUND')
    }
    for (const [route, body] of [
      ['/api/dispatch/retry', {dag_id: 'nope', node_id: 'a'}],
      ['/api/dispatch/abort', {dag_id: 'nope', node_id: 'a'}],
      ['/api/dispatch/abort', {dag_id: 'nope'}],
    ] as const) {
      const res = await call(route, body)
      expect(res.status, `${route} ${JSON.stringify(body)}`).to.equal(404)
    }
    const bad = await call('/api/dispatch/status?dag_id=../../etc')
    expect(bad.status).to.equal(400)
    const cyclic = await call('/api/dispatch/run', {task: 'x', plan: [{id: 'a', title: 'a', role: 'coder', depends_on: ['a']}]})
    expect(cyclic.status).to.be.within(400, 499)
  })
})
