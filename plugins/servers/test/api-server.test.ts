import {spawn} from 'node:child_process'
import {cpSync, existsSync, readFileSync, statSync} from 'node:fs'
import http from 'node:http'
import type {AddressInfo} from 'node:net'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {expect} from 'chai'
import {ProjectContext} from 'govtool/core'
import {BIN, cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {startApiServer, type ApiServer, type DispatchService} from '../src/index.js'
import {FakeDispatch} from './fake-dispatch.js'
import {connectSse, readUntil} from './sse-client.js'
import {raw} from './raw-http.js'

const NOTES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'preflight', 'test', 'fixtures', 'notes')

function setup(): {ctx: ProjectContext; env: NodeJS.ProcessEnv} {
  const dir = makeTempDir('govtool-api-')
  cpSync(NOTES, dir, {recursive: true})
  const env = isolatedEnv(makeTempDir('govtool-api-home-'))
  return {ctx: new ProjectContext(dir, env), env}
}


const errorCode = (body: string) => (JSON.parse(body) as {error: {code: string}}).error.code

describe('serve (the API server)', function () {
  this.timeout(60_000)
  const servers: ApiServer[] = []
  after(cleanupTempDirs)
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close(2000)))
  })

  async function serve(options: {dispatch?: DispatchService | null; heartbeatMs?: number} = {}) {
    const {ctx, env} = setup()
    const server = await startApiServer({project: ctx, port: 0, env, dispatch: options.dispatch ?? null, heartbeatMs: options.heartbeatMs})
    servers.push(server)
    const call = (route: string, init: {method?: string; body?: unknown; token?: string | null; headers?: Record<string, string>} = {}) =>
      fetch(`${server.url}${route}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {...(init.token === null ? {} : {authorization: `Bearer ${init.token ?? server.token}`}), ...(init.body === undefined ? {} : {'content-type': 'application/json'}), ...init.headers},
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
    return {server, ctx, env, call}
  }

  describe('access token', () => {
    it('is created on first use, private to the user, and the same for every later server', async () => {
      const {server, env} = await serve()
      const file = path.join(env.GOVTOOL_HOME!, 'serve-token')
      expect(server.tokenFile).to.equal(file)
      expect(statSync(file).mode & 0o777).to.equal(0o600)
      expect(statSync(path.dirname(file)).mode & 0o777).to.equal(0o700)
      expect(readFileSync(file, 'utf8').trim()).to.equal(server.token).and.match(/^gtk_[\w-]{43}$/)
      const printed = await runCli(['serve', '--print-token'], {env})
      expect(printed.code, printed.stderr).to.equal(0)
      expect(printed.stdout.trim()).to.equal(server.token)
    })

    it('is required on every request but /health: Bearer header, or ?access_token= on a GET only', async () => {
      const {server, call} = await serve()
      expect((await call('/health', {token: null})).status).to.equal(200)
      const none = await call('/esdb/status', {body: {}, token: null})
      expect(none.status).to.equal(401)
      expect(none.headers.get('www-authenticate')).to.match(/^Bearer/)
      expect(((await none.json()) as {error: {code: string}}).error.code).to.equal('E_UNAUTHORIZED')
      const wrong = await call('/esdb/status', {body: {}, token: `${server.token}x`})
      expect(wrong.status).to.equal(401)
      expect(await wrong.text()).not.to.include(server.token)
      expect((await call('/esdb/status', {body: {}})).status).to.equal(200)
      expect((await call('/api/dispatch/list', {token: null})).status).to.equal(401)
      // the query form is for EventSource clients (GET); a POST must carry the header
      expect((await fetch(`${server.url}/api/model-intel/sync?access_token=${server.token}`)).status).to.not.equal(401)
      expect((await fetch(`${server.url}/esdb/status?access_token=${server.token}`, {method: 'POST'})).status).to.equal(401)
    })
  })

  describe('the command', () => {
    it('serves until SIGTERM, ends open event streams at once, and exits 0 with its JSON result (no token in it)', async () => {
      const {ctx, env} = setup()
      const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', '--project-dir', ctx.root], {env, stdio: ['ignore', 'pipe', 'pipe']})
      let stdout = ''
      let stderr = ''
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (d: string) => {
          stderr += d
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)
          if (m) resolve(m[1])
        })
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)))
      })
      const token = readFileSync(path.join(env.GOVTOOL_HOME!, 'serve-token'), 'utf8').trim()
      expect((await fetch(`${url}/health`)).status).to.equal(200)
      const {dag_id} = (await (await fetch(`${url}/api/dispatch/run`, {method: 'POST', headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json'}, body: JSON.stringify({task: 'read the notes'})})).json()) as {dag_id: string}
      const events = await connectSse(`${url}/api/dispatch/events?dag_id=${dag_id}`, {token})
      await readUntil(events, (e) => e.event === 'dag_done')
      // an idle stream of a run that never ends: the stop must not wait for it
      const chat = await connectSse(`${url}/api/chat`, {method: 'POST', token, body: {message: 'read scaffold.yml', profile: 'safe'}})
      await readUntil(chat, (e) => e.event === 'tool_request')
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited, stderr).to.equal(0)
      const rest = await readUntil(chat, () => false)
      expect(rest.at(-1)?.event).to.not.equal('result')
      const result = JSON.parse(stdout) as Record<string, unknown>
      expect(result).to.include({ok: true, stopped_by: 'SIGTERM', token: null})
      expect(stdout).to.not.include(token)
      expect(stderr).to.match(/POST \/api\/dispatch\/run 202/)
      expect(stderr, 'the access log never prints query strings or tokens').to.not.include(token)
    })
  })

  describe('loopback guard', () => {
    it('refuses a non-loopback Host and a non-loopback Origin with 403 JSON, even with the token', async () => {
      const {server} = await serve()
      const auth = {authorization: `Bearer ${server.token}`}
      const host = await raw(`${server.url}/health`, {headers: {host: 'attacker.example:8421', ...auth}})
      expect(host.status).to.equal(403)
      expect(errorCode(host.body)).to.equal('E_FORBIDDEN_HOST')
      const origin = await raw(`${server.url}/api/dispatch/list`, {headers: {origin: 'https://attacker.example', ...auth}})
      expect(origin.status).to.equal(403)
      expect(errorCode(origin.body)).to.equal('E_FORBIDDEN_ORIGIN')
      const nullOrigin = await raw(`${server.url}/health`, {headers: {origin: 'null'}})
      expect(nullOrigin.status).to.equal(403)
      // a loopback page gets its CORS preflight answered without the token, and CORS headers on the real call
      const preflight = await raw(`${server.url}/api/chat`, {method: 'OPTIONS', headers: {origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type'}})
      expect(preflight.status).to.equal(204)
      expect(preflight.headers['access-control-allow-origin']).to.equal('http://localhost:5173')
      expect(preflight.headers['access-control-allow-headers']).to.match(/Authorization/)
      const health = await raw(`${server.url}/health`, {headers: {origin: 'http://127.0.0.1:5173'}})
      expect(health.status).to.equal(200)
      expect(health.headers['access-control-allow-origin']).to.equal('http://127.0.0.1:5173')
    })
  })

  describe('errors', () => {
    it('answers unknown routes 404 JSON and bad bodies 4xx JSON', async () => {
      const {call} = await serve({dispatch: new FakeDispatch()})
      const missing = await call('/api/nope')
      expect(missing.status).to.equal(404)
      expect(((await missing.json()) as {error: {code: string}}).error.code).to.equal('E_NOT_FOUND')
      const notJson = await call('/api/dispatch/run', {method: 'POST', headers: {'content-type': 'application/json'}, body: undefined})
      expect(notJson.status).to.equal(400)
      expect(((await notJson.json()) as {error: {code: string}}).error.code).to.equal('E_INPUT')
      for (const [route, body, code] of [
        ['/api/dispatch/run', {task: ''}, 'E_INPUT'],
        ['/api/dispatch/run', {task: 'x', max_workers: 0}, 'E_INPUT'],
        ['/api/dispatch/run', {task: 'x', workers: 2}, 'E_INPUT'],
        ['/api/dispatch/retry', {dag_id: 'd'}, 'E_INPUT'],
        ['/api/chat', {profile: 'safe'}, 'E_INPUT'],
        ['/api/chat/decision', {turn_id: 't', type: 'tool_decision', decision: 'maybe'}, 'E_NOT_FOUND'],
        ['/esdb/status', {nope: 1}, 'E_INPUT'],
      ] as const) {
        const res = await call(route, {body})
        expect(res.status, route).to.be.within(400, 499)
        expect(((await res.json()) as {error: {code: string}}).error.code, `${route} ${JSON.stringify(body)}`).to.equal(code)
      }
      const text = await call('/api/dispatch/run', {method: 'POST', headers: {'content-type': 'text/html'}, body: undefined})
      expect(text.status).to.equal(415)
      const method = await call('/api/dispatch/run')
      expect(method.status).to.equal(405)
      expect(((await method.json()) as {error: {code: string}}).error.code).to.equal('E_METHOD')
    })
  })

  describe('settings operations and model-intel sync', () => {
    it('serves the settings pages through the generated operation routes (same JSON as the CLI)', async () => {
      const {call, ctx, env} = await serve()
      const phase = (await (await call('/phase/show', {body: {}})).json()) as {phase: string}
      const cli = await runCli(['phase', 'show', '--json', '--project-dir', ctx.root], {env})
      expect(phase).to.deep.equal(cli.json())
      const esdb = (await (await call('/esdb/status', {body: {}})).json()) as {record_count: number}
      expect(esdb.record_count).to.be.a('number')
      expect((await call('/skills/list', {body: {}})).status).to.equal(200)
      expect((await call('/credits/summary', {body: {}})).status).to.equal(200)
      expect((await call('/checkpoint', {body: {}})).status).to.equal(200)
      expect(((await (await call('/channel/get', {body: {}})).json()) as {channel: string}).channel).to.be.a('string')
      // only the settings pages' operations: nothing that commits, pushes or runs programs
      expect((await call('/commit', {body: {}})).status).to.equal(404)
      expect((await call('/exec', {body: {}})).status).to.equal(404)
    })

    it('syncs model-intel without holding other requests, one sync for concurrent callers', async () => {
      let hits = 0
      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      const hub = http.createServer((req, res) => {
        hits++
        void held.then(() => res.writeHead(503, {'content-type': 'application/json'}).end('{"error":"down for the test"}'))
      })
      await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve))
      const saved = {url: process.env.GOVTOOL_HUB_URL, datasets: process.env.GOVTOOL_HUB_DATASETS_URL}
      process.env.GOVTOOL_HUB_URL = `http://127.0.0.1:${(hub.address() as AddressInfo).port}`
      process.env.GOVTOOL_HUB_DATASETS_URL = process.env.GOVTOOL_HUB_URL
      try {
        const {call} = await serve()
        const first = call('/api/model-intel/sync').then((r) => r.json())
        const second = call('/api/model-intel/sync').then((r) => r.json())
        // while the hub holds the sync, the server answers everything else
        while (hits === 0) await new Promise((resolve) => setTimeout(resolve, 5))
        expect((await call('/health')).status).to.equal(200)
        expect((await call('/esdb/status', {body: {}})).status).to.equal(200)
        release()
        const [a, b] = (await Promise.all([first, second])) as {synced: boolean; errors: string[]}[]
        expect(a).to.deep.equal(b)
        expect(a.synced).to.equal(false)
        expect(a.errors.join(' ')).to.include('503')
        expect(hits, 'one sync for both callers').to.equal(1)
      } finally {
        process.env.GOVTOOL_HUB_URL = saved.url
        process.env.GOVTOOL_HUB_DATASETS_URL = saved.datasets
        if (saved.url === undefined) delete process.env.GOVTOOL_HUB_URL
        if (saved.datasets === undefined) delete process.env.GOVTOOL_HUB_DATASETS_URL
        hub.close()
      }
    })
  })

  describe('chat over SSE', () => {
    it('runs a turn, asks for a tool decision, takes it by POST and streams the whole turn', async () => {
      const {server, call, ctx} = await serve()
      const conn = await connectSse(`${server.url}/api/chat`, {method: 'POST', token: server.token, body: {message: 'read scaffold.yml', profile: 'safe'}})
      expect(conn.status).to.equal(200)
      const turnId = conn.headers.get('x-govtool-turn-id')!
      expect(turnId).to.match(/^turn_[0-9a-f]{16}$/)
      const before = await readUntil(conn, (e) => e.event === 'tool_request')
      expect(before[0]).to.include({event: 'turn', id: '1'})
      expect(JSON.parse(before[0].data)).to.deep.equal({turn_id: turnId})
      expect(before.map((e) => e.event)).to.include.members(['ready', 'preflight', 'block_start', 'token', 'tool_call'])
      expect(before.map((e) => Number(e.id))).to.deep.equal(before.map((_, i) => i + 1))
      const request = JSON.parse(before.at(-1)!.data) as {name: string; args: {path: string}}
      expect(request).to.deep.include({name: 'read_file'})
      // a diff decision is not what the turn waits for
      const wrongKind = await call('/api/chat/decision', {body: {turn_id: turnId, type: 'diff_decision', decision: 'accept'}})
      expect(wrongKind.status).to.equal(409)
      expect(((await wrongKind.json()) as {error: {code: string}}).error.code).to.equal('E_NO_PENDING_DECISION')
      const badValue = await call('/api/chat/decision', {body: {turn_id: turnId, type: 'tool_decision', decision: 'maybe'}})
      expect(badValue.status).to.equal(400)
      expect(((await badValue.json()) as {error: {code: string}}).error.code).to.equal('E_BAD_DECISION')
      const ok = await call('/api/chat/decision', {body: {turn_id: turnId, type: 'tool_decision', decision: 'approve'}})
      expect(ok.status).to.equal(200)
      expect(await ok.json()).to.deep.equal({ok: true, turn_id: turnId, type: 'tool_decision', approved: true})
      const after = await readUntil(conn, () => false)
      const toolResult = after.find((e) => e.event === 'tool_result')
      expect(JSON.parse(toolResult!.data), toolResult!.data).to.include({name: 'read_file', ok: true})
      expect(after.map((e) => e.event)).to.include.members(['task_complete', 'turn_done'])
      const result = after.at(-1)!
      expect(result.event).to.equal('result')
      const turn = JSON.parse(result.data) as {status: string; tool_calls: {name: string; args: unknown; ok: boolean; output: string}[]; session_id: string}
      expect(turn.status).to.equal('completed')
      expect(turn.tool_calls).to.have.length(1)
      expect(turn.tool_calls[0]).to.include({name: 'read_file', ok: true})
      expect(turn.tool_calls[0].args).to.deep.equal({path: 'scaffold.yml'})
      expect(turn.tool_calls[0].output).to.be.a('string').and.not.equal('')
      expect(existsSync(path.join(ctx.stateDir, 'sessions', turn.session_id, 'turns.jsonl'))).to.equal(true)
      // the turn has ended: nothing is pending any more
      expect((await call('/api/chat/decision', {body: {turn_id: turnId, type: 'tool_decision', decision: 'approve'}})).status).to.equal(409)
    })

    it('takes a diff decision for a write: a rejected diff writes nothing and keeps the comment for the retry', async () => {
      const {server, call, ctx} = await serve()
      const conn = await connectSse(`${server.url}/api/chat`, {method: 'POST', token: server.token, body: {message: 'write notes.md with hello', profile: 'standard'}})
      const turnId = conn.headers.get('x-govtool-turn-id')!
      const seen = await readUntil(conn, (e) => e.event === 'block_start' && (JSON.parse(e.data) as {kind: string}).kind === 'diff')
      expect((JSON.parse(seen.at(-1)!.data) as {payload: {path: string; body: string}}).payload).to.deep.include({path: 'notes.md'})
      const res = await call('/api/chat/decision', {body: {turn_id: turnId, type: 'diff_decision', decision: 'reject', comment: 'call it NOTES.md'}})
      expect(await res.json()).to.deep.include({ok: true, approved: false})
      const rest = await readUntil(conn, () => false)
      const turn = JSON.parse(rest.at(-1)!.data) as {reviewer_comment: string | null}
      expect(turn.reviewer_comment).to.equal('call it NOTES.md')
      expect(existsSync(path.join(ctx.root, 'notes.md'))).to.equal(false)
    })

    it('keeps a turn running when its client goes away; the client re-attaches with Last-Event-ID', async () => {
      const {server, call} = await serve()
      const conn = await connectSse(`${server.url}/api/chat`, {method: 'POST', token: server.token, body: {message: 'read scaffold.yml', profile: 'safe'}})
      const turnId = conn.headers.get('x-govtool-turn-id')!
      const seen = await readUntil(conn, (e) => e.event === 'tool_request')
      conn.close()
      // the question is still open: the turn outlived its connection
      const deny = await call('/api/chat/decision', {body: {turn_id: turnId, type: 'tool_decision', decision: 'deny', reason: 'not now'}})
      expect(deny.status).to.equal(200)
      const again = await connectSse(`${server.url}/api/chat/events?turn_id=${turnId}&access_token=${server.token}`, {lastEventId: seen.at(-1)!.id})
      expect(again.status).to.equal(200)
      const rest = await readUntil(again, () => false)
      expect(Number(rest[0].id)).to.equal(Number(seen.at(-1)!.id) + 1)
      expect(rest.map((e) => Number(e.id))).to.deep.equal(rest.map((_, i) => Number(seen.at(-1)!.id) + 1 + i))
      expect(JSON.parse(rest.find((e) => e.event === 'tool_result')!.data)).to.include({ok: false})
      expect(JSON.parse(rest.at(-1)!.data)).to.include({status: 'completed'})
      expect((await call('/api/chat/events?turn_id=turn_0000000000000000')).status).to.equal(404)
    })
  })

  describe('dispatch over HTTP and SSE', () => {
    it('starts a run at once, replays the persisted events then streams live ones, and ends after dag_done', async () => {
      const dispatch = new FakeDispatch()
      const {server, call} = await serve({dispatch})
      const started = await call('/api/dispatch/run', {body: {task: 'add a login page'}})
      expect(started.status).to.equal(202)
      const {dag_id, events_url} = (await started.json()) as {dag_id: string; events_url: string}
      expect(events_url).to.equal(`/api/dispatch/events?dag_id=${dag_id}`)
      dispatch.emit(dag_id, 'node_started', 'plan', {role: 'architect', depends_on: []})
      dispatch.emit(dag_id, 'node_completed', 'plan', {esdb_record_id: 'r1', summary: 'planned'})
      const conn = await connectSse(`${server.url}${events_url}`, {token: server.token})
      const replayed = await readUntil(conn, (e) => e.id === '2')
      expect(replayed.map((e) => [e.id, e.event])).to.deep.equal([
        ['1', 'node_started'],
        ['2', 'node_completed'],
      ])
      expect(JSON.parse(replayed[0].data)).to.deep.include({dag_id, event_type: 'node_started', node_id: 'plan', seq: 1, payload: {role: 'architect', depends_on: []}})
      dispatch.emit(dag_id, 'node_started', 'code', {role: 'coder', depends_on: ['plan']})
      dispatch.emit(dag_id, 'node_completed', 'code', {esdb_record_id: 'r2', summary: 'coded'})
      dispatch.emit(dag_id, 'dag_done', '', {equilibrium: true})
      const live = await readUntil(conn, () => false)
      expect(live.map((e) => [e.id, e.event])).to.deep.equal([
        ['3', 'node_started'],
        ['4', 'node_completed'],
        ['5', 'dag_done'],
      ])
      const status = (await (await call(`/api/dispatch/status?dag_id=${dag_id}`)).json()) as {nodes: {id: string; status: string}[]}
      expect(status.nodes.map((n) => [n.id, n.status])).to.deep.equal([
        ['plan', 'COMPLETED'],
        ['code', 'COMPLETED'],
      ])
      const list = (await (await call('/api/dispatch/list')).json()) as {runs: {dag_id: string}[]}
      expect(list.runs.map((r) => r.dag_id)).to.deep.equal([dag_id])
      // a reconnect past the end of a finished run: 204, so an EventSource stops reconnecting
      expect((await call(`${events_url}`, {headers: {'last-event-id': '5'}})).status).to.equal(204)
      for (const route of [`/api/dispatch/events?dag_id=nope`, '/api/dispatch/status?dag_id=nope']) {
        const res = await call(route)
        expect(res.status, route).to.equal(404)
        expect(((await res.json()) as {error: {code: string}}).error.code).to.equal('E_DISPATCH_NOT_FOUND')
      }
      // without dag_id: the most recent run, as `govtool dispatch status`
      expect(((await (await call('/api/dispatch/status')).json()) as {dag_id: string}).dag_id).to.equal(dag_id)
      expect((await call('/api/dispatch/status?dag_id=')).status).to.equal(400)
    })

    it('resumes from Last-Event-ID with no gap and no duplicate', async () => {
      const dispatch = new FakeDispatch()
      const {server} = await serve({dispatch})
      dispatch.create('dag-resume', 'resume', [{id: 'a', role: 'coder', depends_on: []}])
      for (let i = 0; i < 10; i++) dispatch.emit('dag-resume', 'node_progress', 'a', {i})
      const first = await connectSse(`${server.url}/api/dispatch/events?dag_id=dag-resume`, {token: server.token})
      const part = await readUntil(first, (e) => e.id === '4')
      first.close()
      for (let i = 10; i < 20; i++) dispatch.emit('dag-resume', 'node_progress', 'a', {i})
      const second = await connectSse(`${server.url}/api/dispatch/events?dag_id=dag-resume&access_token=${server.token}`, {lastEventId: part.at(-1)!.id})
      const live = readUntil(second, (e) => e.event === 'dag_done')
      dispatch.emit('dag-resume', 'dag_done', '', {equilibrium: true})
      const rest = await live
      const ids = [...part, ...rest].map((e) => Number(e.id))
      expect(ids).to.deep.equal(Array.from({length: 21}, (_, i) => i + 1))
      expect(rest.filter((e) => e.event === 'node_progress').map((e) => (JSON.parse(e.data) as {payload: {i: number}}).payload.i)).to.deep.equal(Array.from({length: 16}, (_, i) => i + 4))
    })

    it('retries a failed node and aborts a running one over HTTP', async () => {
      const dispatch = new FakeDispatch()
      const {server, call} = await serve({dispatch})
      const {dag_id} = (await (await call('/api/dispatch/run', {body: {task: 'two nodes', max_workers: 2}})).json()) as {dag_id: string}
      dispatch.emit(dag_id, 'node_started', 'plan', {role: 'architect', depends_on: []})
      const aborted = await call('/api/dispatch/abort', {body: {dag_id, node_id: 'plan'}})
      expect(aborted.status).to.equal(200)
      expect(await aborted.json()).to.deep.equal({ok: true, dag_id, node_id: 'plan', status: 'abort signalled (plan)'})
      dispatch.emit(dag_id, 'node_blocked', 'code', {because_of: 'plan'})
      dispatch.emit(dag_id, 'dag_done', '', {equilibrium: false})
      const events = await readUntil(await connectSse(`${server.url}/api/dispatch/events?dag_id=${dag_id}`, {token: server.token}), () => false)
      const failed = events.find((e) => e.event === 'node_failed')!
      expect((JSON.parse(failed.data) as {payload: {error: string}}).payload.error).to.match(/^Aborted: /)
      const retried = await call('/api/dispatch/retry', {body: {dag_id, node_id: 'plan'}})
      expect(retried.status).to.equal(202)
      const retry = (await retried.json()) as {dag_id: string; retry_of: unknown; events_url: string}
      expect(retry).to.deep.include({dag_id: `${dag_id}-retry-plan`, retry_of: {dag_id, node_id: 'plan'}})
      const retryEvents = await readUntil(await connectSse(`${server.url}${retry.events_url}`, {token: server.token}), () => false)
      expect(retryEvents.map((e) => e.event)).to.deep.equal(['node_started', 'node_completed', 'dag_done'])
      for (const [route, body] of [
        ['/api/dispatch/retry', {dag_id: 'nope', node_id: 'a'}],
        ['/api/dispatch/abort', {dag_id: 'nope'}],
      ] as const) {
        const res = await call(route, {body})
        expect(res.status, route).to.equal(404)
      }
    })

    it('delivers every event in order to 100 concurrent subscribers, replay and live', async () => {
      const dispatch = new FakeDispatch()
      const {server} = await serve({dispatch})
      dispatch.create('dag-fan', 'fan-out', [{id: 'a', role: 'coder', depends_on: []}])
      for (let i = 0; i < 50; i++) dispatch.emit('dag-fan', 'node_progress', 'a', {i})
      const agent = new http.Agent({keepAlive: true, maxSockets: 200})
      // node:http clients (fetch would pool them under its own limits): each counts and checks its ids
      let attached = 0
      const subscribers = Array.from({length: 100}, () =>
        new Promise<number[]>((resolve, reject) => {
          const req = http.get(`${server.url}/api/dispatch/events?dag_id=dag-fan`, {agent, headers: {authorization: `Bearer ${server.token}`}}, (res) => {
            attached++
            let text = ''
            res.setEncoding('utf8').on('data', (d: string) => (text += d))
            res.on('end', () => resolve([...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))))
          })
          req.on('error', reject)
        }),
      )
      // wait until every subscriber is attached, then the live half
      while (attached < 100) await new Promise((r) => setTimeout(r, 5))
      // one subscription to the dispatcher serves them all
      expect(dispatch.readers).to.equal(1)
      for (let i = 50; i < 200; i++) dispatch.emit('dag-fan', 'node_progress', 'a', {i})
      dispatch.emit('dag-fan', 'dag_done', '', {equilibrium: true})
      const received = await Promise.all(subscribers)
      agent.destroy()
      const want = Array.from({length: 201}, (_, i) => i + 1)
      for (const ids of received) expect(ids).to.deep.equal(want)
    })

    it('sends heartbeat comments on an idle stream', async () => {
      const dispatch = new FakeDispatch()
      const {server} = await serve({dispatch, heartbeatMs: 50})
      dispatch.create('dag-idle', 'idle', [{id: 'a', role: 'coder', depends_on: []}])
      const text = await new Promise<string>((resolve, reject) => {
        const req = http.get(`${server.url}/api/dispatch/events?dag_id=dag-idle`, {headers: {authorization: `Bearer ${server.token}`}}, (res) => {
          let body = ''
          res.setEncoding('utf8').on('data', (d: string) => {
            body += d
            if ((body.match(/^: hb$/gm) ?? []).length >= 2) {
              req.destroy()
              resolve(body)
            }
          })
        })
        req.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)))
      })
      expect(text).to.match(/^retry: 1000$/m)
      expect(text.match(/^: hb$/gm)!.length).to.be.at.least(2)
    })
  })
})
