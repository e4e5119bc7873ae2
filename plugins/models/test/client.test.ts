import {readFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool/core'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {ModelClient, OllamaBackend, OpenAICompatibleBackend, StubBackend, retryDelay, selectBackend, type ChatRequest, type Selection} from '../src/index.js'
import {daemonLines, fakeDaemon, fakeOpenAI, openaiChunks} from './fakes.js'
import {failure, filesUnder} from './helpers.js'

const KEY = 'sk-test-abcdefghijklmnopqrstuvwxyz123456'
const REQUEST: ChatRequest = {messages: [{role: 'system', content: 'be brief'}, {role: 'user', content: 'read README.md'}], tools: [{name: 'read_file', description: 'read', parameters: {type: 'object', properties: {path: {type: 'string'}}}}]}

function selection(backend: Selection['backend'], retries = 3): Selection {
  return {backend, reason: 'forced', timeoutMs: 5000, retries, secrets: [KEY]}
}

function openai(url: string, timeoutMs = 5000) {
  return new OpenAICompatibleBackend({baseUrl: url, apiKey: KEY, model: 'fake-model', contextWindow: 16_000, timeoutMs})
}

describe('model client against an OpenAI-compatible fake (SSE)', () => {
  after(cleanupTempDirs)

  it('streams tokens, joins tool-call deltas, reads the usage chunk and sends the key only as a header', async () => {
    const fake = await fakeOpenAI([{kind: 'sse', chunks: openaiChunks('Looking at the file now.', [{name: 'read_file', args: {path: 'README.md'}}])}])
    try {
      const tokens: string[] = []
      const client = new ModelClient(selection(openai(fake.url)))
      const answer = await client.chat(REQUEST, {onToken: (t) => tokens.push(t)})
      expect(tokens.join('')).to.equal('Looking at the file now.')
      expect(tokens.length).to.be.greaterThan(1)
      expect(answer.text).to.equal('Looking at the file now.')
      expect(answer.tool_calls).to.deep.equal([{id: 'call_0', name: 'read_file', args: {path: 'README.md'}}])
      expect(answer.usage).to.deep.equal({input_tokens: 120, output_tokens: 30, cached_tokens: 20})
      expect(answer.finish_reason).to.equal('tool_calls')
      expect(answer.attempts).to.equal(1)
      const sent = fake.requests[0]
      expect(sent.path).to.equal('/v1/chat/completions')
      expect(sent.headers.authorization).to.equal(`Bearer ${KEY}`)
      expect(sent.body.stream).to.equal(true)
      expect(sent.body.stream_options).to.deep.equal({include_usage: true})
      expect((sent.body.tools as unknown[]).length).to.equal(1)
    } finally {
      await fake.close()
    }
  })

  it('retries a 429 honouring retry-after and a 503, then answers', async () => {
    const fake = await fakeOpenAI([
      {kind: 'status', status: 429, headers: {'retry-after': '0.05'}},
      {kind: 'status', status: 503, headers: {'retry-after-ms': '10'}},
      {kind: 'sse', chunks: openaiChunks('ok')},
    ])
    try {
      const answer = await new ModelClient(selection(openai(fake.url))).chat(REQUEST)
      expect(answer.text).to.equal('ok')
      expect(answer.attempts).to.equal(3)
      expect(fake.requests).to.have.length(3)
    } finally {
      await fake.close()
    }
  })

  it('gives up after the retries with an error naming the status and never the key', async () => {
    const fake = await fakeOpenAI([
      {kind: 'status', status: 429, headers: {'retry-after': '0'}, body: JSON.stringify({error: {message: `rate limited for key ${KEY}`}})},
      {kind: 'status', status: 429, headers: {'retry-after': '0'}, body: JSON.stringify({error: {message: `rate limited for key ${KEY}`}})},
    ])
    try {
      const error = await failure(new ModelClient(selection(openai(fake.url), 1)).chat(REQUEST))
      expect(error.code).to.equal('E_MODEL_HTTP')
      expect(error.message).to.contain('429')
      expect(error.message).not.to.contain(KEY)
      expect(error.message).to.contain('[REDACTED]')
    } finally {
      await fake.close()
    }
  })

  it('reports a stream cut midway as a protocol error, and a stream without [DONE] or finish too', async () => {
    const chunks = openaiChunks('a reply that never ends properly')
    const fake = await fakeOpenAI([{kind: 'cut', chunks: chunks.slice(0, 3)}, {kind: 'sse', chunks: chunks.slice(0, 3), noDone: true}])
    try {
      const tokens: string[] = []
      const error = await failure(new ModelClient(selection(openai(fake.url))).chat(REQUEST, {onToken: (t) => tokens.push(t)}))
      expect(error.code).to.equal('E_MODEL_PROTOCOL')
      expect(tokens.length).to.be.greaterThan(0)
      expect((await failure(new ModelClient(selection(openai(fake.url))).chat(REQUEST))).code).to.equal('E_MODEL_PROTOCOL')
    } finally {
      await fake.close()
    }
  })

  it('times out a slow first token and cancels by AbortSignal', async () => {
    const fake = await fakeOpenAI([{kind: 'sse', chunks: openaiChunks('late'), firstDelayMs: 400}, {kind: 'sse', chunks: openaiChunks('late'), firstDelayMs: 400}])
    try {
      const timeout = await failure(new ModelClient({...selection(openai(fake.url, 100)), timeoutMs: 100}).chat(REQUEST))
      expect(timeout.code).to.equal('E_MODEL_TIMEOUT')
      const controller = new AbortController()
      setTimeout(() => controller.abort(), 50)
      const cancelled = await failure(new ModelClient(selection(openai(fake.url))).chat(REQUEST, {signal: controller.signal}))
      expect(cancelled.code).to.equal('E_MODEL_CANCELLED')
    } finally {
      await fake.close()
    }
  })

  it('an unreachable endpoint is an error naming it', async () => {
    const error = await failure(new ModelClient(selection(openai('http://127.0.0.1:9/v1'))).chat(REQUEST))
    expect(error.code).to.equal('E_MODEL_UNREACHABLE')
    expect(error.message).to.contain('127.0.0.1:9')
  })

  it('records every call in credits with its task and session, and writes the key nowhere', async () => {
    const root = makeTempDir('govtool-models-credits-')
    const ctx = new ProjectContext(root)
    const fake = await fakeOpenAI([{kind: 'status', status: 429, headers: {'retry-after': '0'}}, {kind: 'sse', chunks: openaiChunks(`echo ${KEY}`)}])
    try {
      const client = new ModelClient(selection(openai(fake.url)), {project: ctx, task: 'chat', session_id: 'sess_000000000001'})
      await client.chat(REQUEST)
      await client.close()
      const credits = readFileSync(path.join(root, '.govtool', 'credits.json'), 'utf8')
      expect(credits).to.match(/"task":\s*"chat"/)
      expect(credits).to.contain('sess_000000000001')
      for (const file of filesUnder(path.join(root, '.govtool'))) expect(readFileSync(file, 'utf8'), file).not.to.contain(KEY)
    } finally {
      await fake.close()
    }
  })
})

describe('model client against a fake local daemon (NDJSON)', () => {
  it('streams /api/chat, normalises tool calls and reads usage from the done line', async () => {
    const fake = await fakeDaemon([{lines: daemonLines('Reading it.', [{name: 'read_file', args: {path: 'README.md'}}])}])
    try {
      const tokens: string[] = []
      const answer = await new ModelClient(selection(new OllamaBackend(fake.url, 'qwen2.5-coder:7b', 8192, 5000))).chat(REQUEST, {onToken: (t) => tokens.push(t)})
      expect(tokens.join('')).to.equal('Reading it.')
      expect(answer.tool_calls).to.deep.equal([{id: 'call_0', name: 'read_file', args: {path: 'README.md'}}])
      expect(answer.usage).to.deep.equal({input_tokens: 88, output_tokens: 12, cached_tokens: 0})
      expect(answer.provider).to.equal('ollama')
      expect(fake.requests[0].path).to.equal('/api/chat')
      expect(fake.requests[0].body.stream).to.equal(true)
      expect((fake.requests[0].body.options as {num_ctx: number}).num_ctx).to.equal(8192)
    } finally {
      await fake.close()
    }
  })

  it('a daemon error (model not pulled) is an error saying to pull it', async () => {
    const fake = await fakeDaemon([{status: 404, error: "model 'x' not found"}])
    try {
      const error = await failure(new ModelClient(selection(new OllamaBackend(fake.url, 'x', 8192, 5000))).chat(REQUEST))
      expect(error.code).to.equal('E_MODEL_HTTP')
      expect(error.message).to.contain('not found')
    } finally {
      await fake.close()
    }
  })
})

describe('the hosted OpenAI provider through the openai SDK (pointed at the fake by OPENAI_BASE_URL)', () => {
  it('streams, joins tool calls, reads usage and retries a 429 through the client, never the SDK', async () => {
    const fake = await fakeOpenAI([{kind: 'status', status: 429, headers: {'retry-after': '0'}}, {kind: 'sse', chunks: openaiChunks('From the SDK.', [{name: 'read_file', args: {path: 'a.md'}}])}])
    try {
      const s = await selectBackend({env: {OLLAMA_HOST: 'http://127.0.0.1:9', OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.url}, provider: 'openai'})
      expect(s.backend.provider).to.equal('openai')
      expect(s.secrets).to.include(KEY)
      const tokens: string[] = []
      const answer = await new ModelClient(s).chat(REQUEST, {onToken: (t) => tokens.push(t)})
      expect(tokens.join('')).to.equal('From the SDK.')
      expect(answer.tool_calls).to.deep.equal([{id: 'call_0', name: 'read_file', args: {path: 'a.md'}}])
      expect(answer.usage).to.deep.equal({input_tokens: 120, output_tokens: 30, cached_tokens: 20})
      expect(answer.attempts).to.equal(2)
      expect(fake.requests).to.have.length(2)
      expect(fake.requests[1].headers.authorization).to.equal(`Bearer ${KEY}`)
    } finally {
      await fake.close()
    }
  })

  it('is chosen automatically after the daemon and the OpenAI-compatible endpoint, and a forced one without a key fails', async () => {
    const s = await selectBackend({env: {OLLAMA_HOST: 'http://127.0.0.1:9', OPENAI_API_KEY: KEY}})
    expect(s.backend.provider).to.equal('openai')
    const error = await failure(selectBackend({env: {OLLAMA_HOST: 'http://127.0.0.1:9'}, provider: 'openai'}))
    expect(error.code).to.equal('E_MODEL_UNREACHABLE')
    expect(error.message).to.contain('OPENAI_API_KEY')
  })
})

describe('stub and backend selection', () => {
  it('the stub gives the same answer to the same input, with a plan and a tool call', async () => {
    const a = await new StubBackend().chat(REQUEST, {})
    const b = await new StubBackend().chat(REQUEST, {})
    expect(a).to.deep.equal(b)
    expect(a.text).to.match(/^Plan:\n1\. /)
    expect(a.tool_calls).to.deep.equal([{id: 'call_stub_1', name: 'read_file', args: {path: 'README.md'}}])
    const plain = await new StubBackend().chat({messages: [{role: 'user', content: 'hello'}]}, {})
    expect(plain.tool_calls).to.deep.equal([])
  })

  it('selects in the spec order and fails loudly for a forced backend that does not answer', async () => {
    const env = {OLLAMA_HOST: 'http://127.0.0.1:9'}
    expect((await selectBackend({env: {...env, GOVTOOL_DISABLE_REAL_CHAT: '1'}})).backend.provider).to.equal('stub')
    expect((await selectBackend({env})).reason).to.equal('fallback')
    expect((await selectBackend({env: {...env, TERMINAL_AI_BASE_URL: 'http://127.0.0.1:9/v1'}})).backend.provider).to.equal('openai-compatible')
    const error = await failure(selectBackend({env, provider: 'ollama'}))
    expect(error.code).to.equal('E_MODEL_UNREACHABLE')
    expect(error.message).to.contain('ollama').and.contain('127.0.0.1:9')
    expect((await failure(selectBackend({env, provider: 'openai-compatible'}))).code).to.equal('E_MODEL_UNREACHABLE')
    expect((await failure(selectBackend({env, provider: 'nope'}))).code).to.equal('E_BAD_PROVIDER')
    const daemon = await fakeDaemon([])
    try {
      const s = await selectBackend({env: {OLLAMA_HOST: daemon.url, TERMINAL_AI_BASE_URL: 'http://127.0.0.1:9/v1'}})
      expect(s.backend.provider).to.equal('ollama')
      expect(s.backend.model).to.equal('qwen2.5-coder:7b')
    } finally {
      await daemon.close()
    }
  })

  it('retry delays honour retry-after seconds, dates and ms, else back off exponentially', () => {
    const h = (o: Record<string, string>) => new Headers(o)
    expect(retryDelay(h({'retry-after': '2'}), 1, 1000, 60_000, () => 0)).to.equal(2000)
    expect(retryDelay(h({'retry-after-ms': '150'}), 1, 1000, 60_000, () => 0)).to.equal(150)
    const date = new Date(Date.now() + 5000).toUTCString()
    expect(retryDelay(h({'retry-after': date}), 1, 1000, 60_000, () => 0)).to.be.within(3000, 5000)
    expect(retryDelay(h({}), 3, 1000, 60_000, () => 0)).to.equal(2000)
    expect(retryDelay(h({'retry-after': '999'}), 1, 1000, 60_000, () => 0)).to.equal(60_000)
  })
})
