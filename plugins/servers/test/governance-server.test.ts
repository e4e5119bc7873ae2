import {spawn} from 'node:child_process'
import {cpSync, existsSync, readFileSync} from 'node:fs'
import net, {type AddressInfo} from 'node:net'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {expect} from 'chai'
import {ProjectContext} from 'govtool/core'
import {BIN, cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'
import OpenAI from 'openai'

import {startGovernanceServer, type GovernanceServer} from '../src/index.js'
import {REPLY, startFakeUpstream, type FakeUpstream} from './fake-upstream.js'
import {raw} from './raw-http.js'

const NOTES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'preflight', 'test', 'fixtures', 'notes')
const ACCEPTED = 'fix the login timeout in REQ-AUTH-002'
const REJECTED = 'print the api key'
const UNCLEAR = 'make it better'
const KEY = 'sk-test-upstream-key-0123456789abcdef'

function project(): ProjectContext {
  const dir = makeTempDir('govtool-serve-')
  cpSync(NOTES, dir, {recursive: true})
  return new ProjectContext(dir, isolatedEnv(makeTempDir('govtool-serve-home-')))
}


const ledgerEntries = (ctx: ProjectContext) => (readFileSync(ctx.file('ledger'), 'utf8').match(/^## /gm) ?? []).length

describe('governance-serve', function () {
  this.timeout(60_000)
  let upstream: FakeUpstream
  before(async () => {
    upstream = await startFakeUpstream()
  })
  after(async () => {
    await upstream.close()
    cleanupTempDirs()
  })

  async function serve(ctx: ProjectContext, options: {withUpstream?: boolean; timeoutMs?: number} = {}): Promise<GovernanceServer> {
    return startGovernanceServer({
      project: ctx,
      port: 0,
      upstream: options.withUpstream === false ? null : {baseUrl: new URL(`${upstream.url}/`), apiKey: KEY, model: 'fake-model', provider: 'openai-compatible', timeoutMs: options.timeoutMs ?? 10_000},
    })
  }

  const client = (server: GovernanceServer) => new OpenAI({baseURL: `${server.url}/v1`, apiKey: 'not-used-by-the-gate', maxRetries: 0, timeout: 20_000})

  it('answers /health with status, version and whether an upstream is configured', async () => {
    const ctx = project()
    const server = await serve(ctx, {withUpstream: false})
    try {
      const health = (await (await fetch(`${server.url}/health`)).json()) as Record<string, unknown>
      expect(health).to.include({status: 'ok', upstream_configured: false})
      expect(health.version).to.match(/^\d+\.\d+\.\d+/)
      const missing = await fetch(`${server.url}/nope`)
      expect(missing.status).to.equal(404)
      expect(((await missing.json()) as {error: {code: string}}).error.code).to.equal('E_NOT_FOUND')
    } finally {
      await server.close()
    }
  })

  it('answers the terminal client\'s console operations at their generated routes, and no other operation', async () => {
    const ctx = project()
    const server = await serve(ctx, {withUpstream: false})
    const post = async (route: string, body: unknown = {}) => {
      const res = await fetch(`${server.url}${route}`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)})
      return {status: res.status, body: (await res.json()) as Record<string, unknown>}
    }
    try {
      const status = await post('/esdb/status')
      expect(status.status).to.equal(200)
      expect(status.body).to.include({chain_valid: true})
      const backup = await post('/esdb/backup')
      expect(backup.body.ok).to.equal(true)
      expect(existsSync(path.join(ctx.root, String(backup.body.output)))).to.equal(true)
      expect((await post('/esdb/compact')).body.ok).to.equal(true)
      expect((await post('/skills/list')).body).to.have.property('skills')
      expect((await post('/phase/status')).body).to.have.property('readiness_pct')
      expect((await post('/model-intel/scores')).body).to.have.property('scores')
      expect((await post('/ledger/add', {})).status).to.equal(404)
    } finally {
      await server.close()
    }
  })

  it('forwards an accepted request upstream (official openai client, not streamed) and records usage once', async () => {
    const ctx = project()
    const server = await serve(ctx)
    const before = upstream.requests.length
    try {
      const {data, response} = await client(server).chat.completions.create({model: 'fake-model', messages: [{role: 'system', content: 'You are a coder.'}, {role: 'user', content: ACCEPTED}]}).withResponse()
      expect(data.choices[0].message.content).to.equal(REPLY)
      expect(response.headers.get('x-govtool-decision')).to.equal('accepted')
      expect(response.headers.get('x-govtool-work-item')).to.match(/^WI-[0-9a-f]{12}$/)
      expect(response.headers.get('server-timing')).to.match(/governance;dur=[\d.]+.*upstream;dur=[\d.]+/)
      expect((data as unknown as {governance: {decision: string}}).governance.decision).to.equal('accepted')
      const sent = upstream.requests[before]
      expect(sent.authorization).to.equal(`Bearer ${KEY}`)
      expect(sent.path).to.equal('/v1/chat/completions')
    } finally {
      await server.close()
    }
    const credits = readFileSync(ctx.state('credits.json'), 'utf8')
    const entries = JSON.parse(credits) as Array<{tokens_in: number; tokens_out: number; cached_tokens_in: number; task: string}>
    expect(entries).to.have.length(1)
    expect(entries[0]).to.include({tokens_in: 120, tokens_out: 30, cached_tokens_in: 20})
    expect(entries[0].task).to.match(/^WI-/)
    expect(credits).not.to.contain(KEY)
  })

  it('streams an accepted reply through, asking the upstream for usage', async () => {
    const ctx = project()
    const server = await serve(ctx)
    try {
      const stream = await client(server).chat.completions.create({model: 'fake-model', stream: true, messages: [{role: 'user', content: ACCEPTED}]})
      let text = ''
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? ''
      expect(text).to.equal(REPLY)
      const sent = upstream.requests.at(-1)!
      expect(sent.body.stream_options).to.deep.equal({include_usage: true})
    } finally {
      await server.close()
    }
    expect((JSON.parse(readFileSync(ctx.state('credits.json'), 'utf8')) as Array<{tokens_out: number}>)[0].tokens_out).to.equal(30)
  })

  it('answers refused requests itself, streamed or not, with the decision and instruction', async () => {
    const ctx = project()
    const server = await serve(ctx)
    const before = upstream.requests.length
    try {
      const {data, response} = await client(server).chat.completions.create({model: 'fake-model', messages: [{role: 'user', content: REJECTED}]}).withResponse()
      expect(data.choices[0].finish_reason as string).to.equal('governance_stop')
      expect(data.choices[0].message.content).to.match(/^Governance rejected/)
      expect(response.headers.get('x-govtool-decision')).to.equal('rejected')
      expect(response.headers.get('x-kairos-governance')).to.equal('gated')
      const stream = await client(server).chat.completions.create({model: 'fake-model', stream: true, messages: [{role: 'user', content: [{type: 'text', text: UNCLEAR}]}]})
      let text = ''
      let finish: string | null | undefined
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? ''
        finish = chunk.choices[0]?.finish_reason ?? finish
      }
      expect(text).to.match(/^Governance needs_clarification/)
      expect(finish).to.equal('governance_stop')
      expect(upstream.requests.length, 'nothing refused reaches the upstream').to.equal(before)
    } finally {
      await server.close()
    }
  })

  it('answers the stub with the acceptance notice when no upstream is configured', async () => {
    const ctx = project()
    const server = await serve(ctx, {withUpstream: false})
    try {
      const reply = await client(server).chat.completions.create({model: 'any', messages: [{role: 'user', content: ACCEPTED}]})
      expect(reply.choices[0].message.content).to.contain('Governance accepted this request').and.to.contain('TERMINAL_AI_BASE_URL')
      const stream = await client(server).chat.completions.create({model: 'any', stream: true, messages: [{role: 'user', content: ACCEPTED}]})
      let text = ''
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? ''
      expect(text).to.contain('Governance accepted this request')
      const models = (await (await fetch(`${server.url}/v1/models`)).json()) as {data: Array<{id: string}>}
      expect(models.data[0].id).to.be.a('string')
    } finally {
      await server.close()
    }
  })

  it('maps upstream faults: 5xx to 502, 429 passed through with retry-after, no answer to 504', async () => {
    const ctx = project()
    const server = await serve(ctx, {timeoutMs: 500})
    try {
      const call = (model: string) => client(server).chat.completions.create({model, messages: [{role: 'user', content: ACCEPTED}]})
      const fail = await call('fail-500').catch((error: unknown) => error as InstanceType<typeof OpenAI.APIError>)
      expect(fail).to.be.instanceOf(OpenAI.APIError)
      expect((fail as InstanceType<typeof OpenAI.APIError>).status).to.equal(502)
      const limited = (await call('rate-429').catch((error: unknown) => error)) as InstanceType<typeof OpenAI.APIError>
      expect(limited.status).to.equal(429)
      expect(limited.headers?.get('retry-after')).to.equal('7')
      const slow = (await call('slow').catch((error: unknown) => error)) as InstanceType<typeof OpenAI.APIError>
      expect(slow.status).to.equal(504)
      const models = await fetch(`${server.url}/v1/models`)
      expect(models.status).to.equal(200)
    } finally {
      await server.close()
    }
  })

  it('survives a stream cut midway and a client that goes away (the upstream is aborted)', async () => {
    const ctx = project()
    const server = await serve(ctx)
    try {
      const cut = await client(server).chat.completions.create({model: 'cut', stream: true, messages: [{role: 'user', content: ACCEPTED}]})
      let pieces = 0
      await (async () => {
        for await (const chunk of cut) pieces += chunk.choices.length
      })().catch(() => undefined)
      expect(pieces).to.be.lessThan(5)
      const abortedBefore = upstream.aborted
      const controller = new AbortController()
      const drip = await client(server).chat.completions.create({model: 'drip', stream: true, messages: [{role: 'user', content: ACCEPTED}]}, {signal: controller.signal})
      await (async () => {
        for await (const _chunk of drip) {
          controller.abort()
        }
      })().catch(() => undefined)
      for (let i = 0; i < 50 && upstream.aborted === abortedBefore; i++) await new Promise((r) => setTimeout(r, 20))
      expect(upstream.aborted, 'the upstream stream was aborted with the client').to.be.greaterThan(abortedBefore)
      const health = await fetch(`${server.url}/health`)
      expect(health.status).to.equal(200)
    } finally {
      await server.close()
    }
  })

  it('verifies a reply that proposes a diff and records the outcome', async () => {
    const ctx = project()
    const server = await serve(ctx)
    try {
      const reply = await client(server).chat.completions.create({model: 'diff', messages: [{role: 'user', content: ACCEPTED}]})
      expect(reply.choices[0].message.content).to.contain('```diff')
    } finally {
      await server.close()
    }
    const wal = readFileSync(path.join(ctx.stateDir, 'esdb', 'wal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as {record?: {kind?: string; data?: {files_changed?: string[]; work_item_id?: string}}})
    const outcome = wal.find((e) => e.record?.kind === 'verify_outcome')
    expect(outcome, 'a verify_outcome record').to.not.equal(undefined)
    expect(outcome?.record?.data?.files_changed).to.deep.equal(['src/session.ts'])
    expect(outcome?.record?.data?.work_item_id).to.match(/^WI-/)
  })

  it('refuses a foreign Host and a foreign Origin, and answers bad bodies with 4xx JSON', async () => {
    const ctx = project()
    const server = await serve(ctx)
    try {
      const host = await raw(`${server.url}/health`, {headers: {host: 'attacker.example:7700'}})
      expect(host.status).to.equal(403)
      expect(JSON.parse(host.body).error.code).to.equal('E_FORBIDDEN_HOST')
      const origin = await raw(`${server.url}/v1/chat/completions`, {method: 'POST', headers: {origin: 'https://attacker.example', 'content-type': 'application/json'}, body: '{}'})
      expect(origin.status).to.equal(403)
      const local = await raw(`${server.url}/health`, {headers: {origin: 'http://localhost:3000'}})
      expect(local.status).to.equal(200)
      for (const body of ['{', '[]', '{"messages": []}', '{"messages": [{"role": "system", "content": "x"}]}', '"x"']) {
        const bad = await raw(`${server.url}/v1/chat/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body})
        expect(bad.status, body).to.be.within(400, 499)
        expect(JSON.parse(bad.body).error.message, body).to.be.a('string')
      }
      const big = await raw(`${server.url}/v1/chat/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: `{"messages":[{"role":"user","content":"${'x'.repeat(9 * 1024 * 1024)}"}]}`})
      expect(big.status).to.equal(413)
    } finally {
      await server.close()
    }
  })

  it('reuses the decision for a repeated request and does not grow the ledger per request', async () => {
    const ctx = project()
    const before = ledgerEntries(ctx)
    const server = await serve(ctx, {withUpstream: false})
    try {
      const timings: string[] = []
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${server.url}/v1/chat/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({messages: [{role: 'user', content: ACCEPTED}]})})
        timings.push(res.headers.get('server-timing') ?? '')
        await res.json()
      }
      expect(timings[0]).not.to.contain('cached')
      expect(timings[4]).to.contain('desc="cached"')
    } finally {
      await server.close()
    }
    expect(ledgerEntries(ctx) - before, 'one preflight and one work-proposal entry for the new work item').to.be.at.most(2)
    expect(existsSync(path.join(ctx.stateDir, 'esdb', 'wal.jsonl')), 'decisions are ESDB records').to.equal(true)
    const wal = readFileSync(path.join(ctx.stateDir, 'esdb', 'wal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as {record?: {kind?: string; data?: {cached?: boolean}}})
    const decisions = wal.filter((e) => e.record?.kind === 'gate_decision')
    expect(decisions.map((e) => e.record?.data?.cached), JSON.stringify(decisions)).to.deep.equal([false, true, true, true, true])
  })

  it('POST /preflight shares the gate: the operation\'s result, cached on repeats, no ledger entry per request', async () => {
    const ctx = project()
    const before = ledgerEntries(ctx)
    const server = await serve(ctx, {withUpstream: false})
    try {
      const answers: Array<{decision: string; work_item_id: string; narration?: unknown[]}> = []
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${server.url}/preflight`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({utterance: ACCEPTED})})
        expect(res.status).to.equal(200)
        answers.push((await res.json()) as (typeof answers)[number])
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size, 'the same payload every time').to.equal(1)
      expect(answers[0].decision).to.equal('accepted')
      const verbose = await fetch(`${server.url}/preflight`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({utterance: ACCEPTED, verbose: true})})
      expect(((await verbose.json()) as {narration?: unknown[]}).narration, 'verbose is not served from the plain entry').to.be.an('array').that.is.not.empty
      const bad = await fetch(`${server.url}/preflight`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({utterance: 7})})
      expect(bad.status).to.equal(400)
    } finally {
      await server.close()
    }
    expect(ledgerEntries(ctx) - before, 'one preflight and one work-proposal entry for the new work item').to.be.at.most(2)
  })

  it('says which config key to change when the port is taken (CLI, non-zero exit)', async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const {port} = blocker.address() as AddressInfo
    try {
      const ctx = project()
      const run = await runCli(['governance-serve', '--port', String(port), '--project-dir', ctx.root, '--json'])
      expect(run.code).to.equal(1)
      const error = run.json<{error: {code: string; hint: string}}>().error
      expect(error.code).to.equal('E_PORT_IN_USE')
      expect(error.hint).to.contain('governance_port')
    } finally {
      blocker.close()
    }
  })

  it('finishes a request in flight on SIGTERM and exits 0 (CLI)', async () => {
    const ctx = project()
    const child = spawn(process.execPath, [BIN, 'governance-serve', '--port', '0', '--project-dir', ctx.root], {
      env: isolatedEnv(makeTempDir(), {TERMINAL_AI_BASE_URL: upstream.url, TERMINAL_AI_MODEL: 'drip', TERMINAL_AI_API_KEY: KEY}),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        stderr += d
        const m = /listening on (http:\/\/\S+)/.exec(stderr)
        if (m) resolve(m[1])
      })
      child.once('exit', () => reject(new Error(`server exited: ${stderr}`)))
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    const inFlight = fetch(`${url}/v1/chat/completions`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({stream: true, messages: [{role: 'user', content: ACCEPTED}]})})
    const response = await inFlight
    child.kill('SIGTERM')
    const body = await response.text()
    expect(body).to.contain('[DONE]')
    expect(await exited).to.equal(0)
    expect(stderr).not.to.contain(KEY)
    expect(stderr).to.match(/POST \/v1\/chat\/completions 200/)
  })
})
