import http from 'node:http'
import type {AddressInfo} from 'node:net'

import {expect} from 'chai'

import {OllamaClient, type PullProgress} from '../src/index.js'
import {startFakeDaemon, TAGS, type FakeDaemon} from './fake-daemon.js'

async function rejected(p: Promise<unknown>): Promise<Error & {code?: string; exit?: number; hint?: string}> {
  try {
    await p
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a rejection')
}

describe('OllamaClient against a fake daemon', () => {
  let daemon: FakeDaemon
  let client: OllamaClient

  before(async () => {
    daemon = await startFakeDaemon({
      'tiny:1b': {kind: 'ok', layers: [{digest: 'sha256:' + 'a'.repeat(64), total: 4000}, {digest: 'sha256:' + 'b'.repeat(64), total: 1000}]},
      'broken:1b': {kind: 'error-midway', message: 'digest mismatch, file must be downloaded again'},
      'dropped:1b': {kind: 'drop-midway'},
      'slow:1b': {kind: 'hang'},
      'forbidden:1b': {kind: 'http-error', status: 500, message: 'registry unavailable'},
    })
    client = new OllamaClient({baseUrl: daemon.url})
  })
  after(() => daemon.close())

  it('reads the version, the installed models and the loaded ones', async () => {
    expect(await client.version()).to.equal('0.5.7')
    const tags = await client.tags()
    expect(tags.map((m) => m.name)).to.deep.equal(['llama3.2:3b', 'qwen2.5-coder:7b'])
    expect(tags[1]).to.include({size: TAGS.models[0].size, modified_at: TAGS.models[0].modified_at})
    expect((await client.ps()).map((m) => m.name)).to.deep.equal(['qwen2.5-coder:7b'])
    expect(await client.reachable()).to.equal(true)
  })

  it('honours OLLAMA_HOST in host:port form', async () => {
    expect(await new OllamaClient({env: {OLLAMA_HOST: daemon.hostPort}}).version()).to.equal('0.5.7')
  })

  it('pulls with streamed progress reaching 100% and sends the real request body', async () => {
    const seen: PullProgress[] = []
    const result = await client.pull('tiny:1b', {onProgress: (p) => seen.push(p)})
    expect(result).to.include({model: 'tiny:1b', status: 'success', layers: 2, total_bytes: 5000})
    expect(seen[0].status).to.equal('pulling manifest')
    expect(seen.some((p) => p.percent > 0 && p.percent < 100)).to.equal(true)
    expect(seen.at(-1)!.status).to.equal('success')
    expect(seen.filter((p) => p.total_bytes > 0).at(-1)!.completed_bytes).to.equal(5000)
    const req = daemon.requests.find((r) => r.path === '/api/pull' && r.body.includes('tiny:1b'))!
    expect(JSON.parse(req.body)).to.deep.equal({model: 'tiny:1b', stream: true})
  })

  it('fails clearly when the daemon reports an error midway', async () => {
    const err = await rejected(client.pull('broken:1b'))
    expect(err.message).to.equal('Pull of broken:1b failed: digest mismatch, file must be downloaded again')
    expect(err).to.include({code: 'E_PULL_FAILED', exit: 1})
  })

  it('reports an unknown model from the daemon error line', async () => {
    const err = await rejected(client.pull('nosuch:1b'))
    expect(err.message).to.contain('file does not exist')
  })

  it('fails clearly when the connection drops midway', async () => {
    const err = await rejected(client.pull('dropped:1b'))
    expect(err.code).to.equal('E_PULL_INCOMPLETE')
    expect(err.message).to.contain('ended before the pull of dropped:1b finished, at 40%')
    expect(err.hint).to.contain('resumes')
  })

  it('stops on abort and says the pull can be resumed', async () => {
    const controller = new AbortController()
    const err = await rejected(client.pull('slow:1b', {signal: controller.signal, onProgress: (p) => p.total_bytes > 0 && controller.abort()}))
    expect(err).to.include({code: 'E_PULL_INTERRUPTED', exit: 130})
    expect(err.hint).to.match(/again to resume/)
  })

  it('turns an HTTP error into a message carrying the daemon error', async () => {
    const err = await rejected(client.pull('forbidden:1b'))
    expect(err.message).to.equal('Pull of forbidden:1b failed: registry unavailable')
  })

  it('says how to start the daemon when nothing listens', async () => {
    const server = http.createServer()
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const {port} = server.address() as AddressInfo
    await new Promise<void>((r) => server.close(() => r()))
    const down = new OllamaClient({baseUrl: `http://127.0.0.1:${port}`})
    const err = await rejected(down.tags())
    expect(err.code).to.equal('E_OLLAMA_DOWN')
    expect(err.message).to.contain(`127.0.0.1:${port} is not reachable (ECONNREFUSED)`)
    expect(err.hint).to.contain('ollama serve')
    expect(await down.reachable()).to.equal(false)
    expect((await rejected(down.pull('tiny:1b'))).code).to.equal('E_OLLAMA_DOWN')
  })

  it('rejects a daemon answer of the wrong shape', async () => {
    const server = http.createServer((_req, res) => res.end('{"models": "nope"}'))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const {port} = server.address() as AddressInfo
    try {
      const err = await rejected(new OllamaClient({baseUrl: `http://127.0.0.1:${port}`}).tags())
      expect(err.code).to.equal('E_OLLAMA_PROTOCOL')
    } finally {
      await new Promise<void>((r) => server.close(() => r()))
    }
  })
})
