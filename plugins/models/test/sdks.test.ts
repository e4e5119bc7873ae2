// The anthropic and google backends driven through their official SDKs against local fakes that speak each
// provider's wire protocol (Anthropic /v1/messages SSE; Gemini :streamGenerateContent?alt=sse) on ephemeral
// loopback ports: streaming text, a tool call, usage with cached tokens, 429 + retry-after retried by the
// client, an unreachable forced provider, and keys kept out of errors, events and files.
import {readFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {ModelClient, anthropicMessages, geminiContents, loadGoogleSdk, selectBackend, type ChatMessage, type ChatRequest} from '../src/index.js'
import {anthropicEvents, fakeAnthropic, fakeGemini, geminiChunks} from './fakes.js'
import {expectValidEvents, failure, filesUnder, notesProject, ofType, parseLines} from './helpers.js'

const ANTHROPIC_KEY = 'sk-ant-api03-testkeyabcdefghijklmnopqrstuvwxyz0123456789'
const GEMINI_KEY = 'AIzaSyTestKeyabcdefghijklmnopqrstuvwxyz012'
const REQUEST: ChatRequest = {
  messages: [
    {role: 'system', content: 'be brief'},
    {role: 'user', content: 'read README.md'},
  ],
  tools: [{name: 'read_file', description: 'read a file', parameters: {type: 'object', properties: {path: {type: 'string'}}, required: ['path']}}],
}
const NO_DAEMON = {OLLAMA_HOST: 'http://127.0.0.1:9'}

function cliEnv(extra: NodeJS.ProcessEnv) {
  return isolatedEnv(makeTempDir('govtool-sdk-home-'), {...NO_DAEMON, TERMINAL_AI_BASE_URL: '', TERMINAL_AI_API_KEY: '', OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GEMINI_API_KEY: '', GOOGLE_API_KEY: '', ...extra})
}

describe('the hosted Anthropic provider through @anthropic-ai/sdk (ANTHROPIC_BASE_URL -> a local /v1/messages fake)', function () {
  this.timeout(60_000)
  after(cleanupTempDirs)

  it('streams text, joins input_json_delta into a tool call, counts cache reads and retries a 429 through the client', async () => {
    const fake = await fakeAnthropic([
      {kind: 'status', status: 429, headers: {'retry-after': '0'}, body: JSON.stringify({type: 'error', error: {type: 'rate_limit_error', message: 'slow down'}})},
      {kind: 'sse', events: anthropicEvents('Reading the file.', [{name: 'read_file', args: {path: 'README.md'}}])},
    ])
    try {
      const s = await selectBackend({env: {...NO_DAEMON, ANTHROPIC_API_KEY: ANTHROPIC_KEY, ANTHROPIC_BASE_URL: fake.url}, provider: 'anthropic'})
      expect(s.backend.provider).to.equal('anthropic')
      expect(s.backend.model).to.equal('claude-sonnet-4-6')
      expect(s.secrets).to.include(ANTHROPIC_KEY)
      const tokens: string[] = []
      const answer = await new ModelClient(s).chat(REQUEST, {onToken: (t) => tokens.push(t)})
      expect(tokens.length).to.be.greaterThan(1)
      expect(tokens.join('')).to.equal('Reading the file.')
      expect(answer.text).to.equal('Reading the file.')
      expect(answer.tool_calls).to.deep.equal([{id: 'toolu_fake0', name: 'read_file', args: {path: 'README.md'}}])
      expect(answer.finish_reason).to.equal('tool_calls')
      // input 100 + cache read 20 + cache creation 5; cached = the cache reads
      expect(answer.usage).to.deep.equal({input_tokens: 125, output_tokens: 30, cached_tokens: 20})
      expect(answer.attempts).to.equal(2)
      expect(fake.requests).to.have.length(2)
      const req = fake.requests[1]
      expect(req.path).to.equal('/v1/messages')
      // this SDK version sends the key as a bearer token; older ones used x-api-key
      expect([req.headers['x-api-key'], req.headers.authorization]).to.include.oneOf([ANTHROPIC_KEY, `Bearer ${ANTHROPIC_KEY}`])
      expect(req.headers['anthropic-version']).to.be.a('string')
      expect(req.body).to.deep.include({model: 'claude-sonnet-4-6', stream: true, system: 'be brief', max_tokens: 4096})
      expect(req.body.tools).to.deep.equal([{name: 'read_file', description: 'read a file', input_schema: REQUEST.tools![0].parameters}])
    } finally {
      await fake.close()
    }
  })

  it('sends tool calls back as tool_use blocks and their answers as tool_result blocks of one user turn', () => {
    const messages: ChatMessage[] = [
      {role: 'system', content: 'sys'},
      {role: 'user', content: 'do two things'},
      {role: 'assistant', content: 'ok', tool_calls: [{id: 't1', name: 'read_file', args: {path: 'a'}}, {id: 't2', name: 'git_status', args: {}}]},
      {role: 'tool', tool_call_id: 't1', content: 'A'},
      {role: 'tool', tool_call_id: 't2', content: ''},
    ]
    expect(anthropicMessages(messages)).to.deep.equal({
      system: 'sys',
      messages: [
        {role: 'user', content: [{type: 'text', text: 'do two things'}]},
        {
          role: 'assistant',
          content: [
            {type: 'text', text: 'ok'},
            {type: 'tool_use', id: 't1', name: 'read_file', input: {path: 'a'}},
            {type: 'tool_use', id: 't2', name: 'git_status', input: {}},
          ],
        },
        {
          role: 'user',
          content: [
            {type: 'tool_result', tool_use_id: 't1', content: 'A'},
            {type: 'tool_result', tool_use_id: 't2', content: '(empty)'},
          ],
        },
      ],
    })
  })

  it('a forced provider that is unreachable or has no key is an error naming it; keys stay out of errors', async () => {
    const down = await selectBackend({env: {...NO_DAEMON, ANTHROPIC_API_KEY: ANTHROPIC_KEY, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9'}, provider: 'anthropic'})
    const unreachable = await failure(new ModelClient(down).chat(REQUEST))
    expect(unreachable.code, unreachable.message).to.equal('E_MODEL_UNREACHABLE')
    expect(unreachable.message).to.contain('Anthropic')
    expect(unreachable.hint).to.contain('ANTHROPIC_BASE_URL')
    const noKey = await failure(selectBackend({env: NO_DAEMON, provider: 'anthropic'}))
    expect(noKey.code).to.equal('E_MODEL_UNREACHABLE')
    expect(noKey.message).to.contain('anthropic').and.contain('ANTHROPIC_API_KEY')
    const echo = JSON.stringify({type: 'error', error: {type: 'authentication_error', message: `invalid x-api-key ${ANTHROPIC_KEY}`}})
    const fake = await fakeAnthropic([
      {kind: 'status', status: 401, body: echo},
      {kind: 'status', status: 529, headers: {'retry-after': '0'}, body: echo},
      {kind: 'status', status: 529, headers: {'retry-after': '0'}, body: echo},
    ])
    try {
      const s = await selectBackend({env: {...NO_DAEMON, ANTHROPIC_API_KEY: ANTHROPIC_KEY, ANTHROPIC_BASE_URL: fake.url}, provider: 'anthropic'})
      const auth = await failure(new ModelClient(s).chat(REQUEST))
      expect(auth.code).to.equal('E_MODEL_HTTP')
      expect(auth.message).to.contain('401').and.not.contain(ANTHROPIC_KEY)
      expect(auth.hint).to.contain('ANTHROPIC_API_KEY')
      const overloaded = await failure(new ModelClient({...s, retries: 1}).chat(REQUEST))
      expect(overloaded.message).to.contain('529').and.contain('2 time(s)').and.not.contain(ANTHROPIC_KEY)
    } finally {
      await fake.close()
    }
  })

  it('is chosen automatically before openai and google when its key is set, after the OpenAI-compatible endpoint', async () => {
    const all = {...NO_DAEMON, ANTHROPIC_API_KEY: ANTHROPIC_KEY, OPENAI_API_KEY: 'sk-test-openaikey0123456789abcdef', GEMINI_API_KEY: GEMINI_KEY}
    const s = await selectBackend({env: all})
    expect(s.backend.provider).to.equal('anthropic')
    expect(s.secrets).to.include.members([ANTHROPIC_KEY, GEMINI_KEY])
    expect((await selectBackend({env: {...all, TERMINAL_AI_BASE_URL: 'http://127.0.0.1:9/v1'}})).backend.provider).to.equal('openai-compatible')
    expect((await selectBackend({env: {...all, ANTHROPIC_API_KEY: ''}})).backend.provider).to.equal('openai')
    expect((await selectBackend({env: {...all, GOVTOOL_ANTHROPIC_MODEL: 'claude-haiku-4-5'}})).backend.model).to.equal('claude-haiku-4-5')
  })

  it('chat --provider anthropic runs a tool loop end to end; the key reaches no event, session or credits file', async () => {
    const root = await notesProject()
    const fake = await fakeAnthropic([
      {kind: 'sse', events: anthropicEvents(`Reading notes (key ${ANTHROPIC_KEY}).`, [{name: 'read_file', args: {path: 'notes.md'}}])},
      {kind: 'sse', events: anthropicEvents('The notes say: first notes.')},
    ])
    try {
      const r = await runCli(['chat', 'read notes.md', '--provider', 'anthropic', '--profile', 'yolo', '--project-dir', root], {env: cliEnv({ANTHROPIC_API_KEY: ANTHROPIC_KEY, ANTHROPIC_BASE_URL: fake.url})})
      expect(r.code, r.stderr).to.equal(0)
      const events = parseLines(r.stdout)
      expectValidEvents(events)
      expect(ofType(events, 'ready')[0]).to.deep.include({provider: 'anthropic', model: 'claude-sonnet-4-6'})
      expect(ofType(events, 'tool_result')[0].output).to.equal('first notes\n')
      const done = ofType(events, 'task_complete')[0]
      expect(done.usage).to.deep.equal({input_tokens: 250, output_tokens: 60, cached_tokens: 40})
      expect(fake.requests).to.have.length(2)
      const second = fake.requests[1].body.messages as {role: string; content: {type: string; tool_use_id?: string}[]}[]
      expect(second.at(-1)!.content[0]).to.deep.include({type: 'tool_result', tool_use_id: 'toolu_fake0'})
      expect(r.stdout + r.stderr).to.not.contain(ANTHROPIC_KEY)
      const files = filesUnder(path.join(root, '.govtool'))
      expect(files.some((f) => f.endsWith('turns.jsonl'))).to.equal(true)
      for (const file of files) expect(readFileSync(file, 'utf8'), file).to.not.contain(ANTHROPIC_KEY)
      expect(readFileSync(path.join(root, '.govtool', 'credits.json'), 'utf8')).to.match(/"provider":\s*"anthropic"/)
    } finally {
      await fake.close()
    }
  })
})

describe('the hosted Gemini provider through @google/genai (httpOptions.baseUrl -> a local :streamGenerateContent fake)', function () {
  this.timeout(60_000)
  after(cleanupTempDirs)

  before(async function () {
    // an optional dependency: an installation without it skips (2.32.0 is pinned because it installs on Node 20)
    if (!(await loadGoogleSdk())) this.skip()
  })

  it('streams text, reads functionCall parts and usageMetadata (cached content), and retries a 429 through the client', async () => {
    const fake = await fakeGemini([
      {kind: 'status', status: 429, headers: {'retry-after': '0'}, body: JSON.stringify({error: {code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED'}})},
      {kind: 'sse', events: geminiChunks('Reading the file.', [{name: 'read_file', args: {path: 'README.md'}}])},
    ])
    try {
      const s = await selectBackend({env: {...NO_DAEMON, GEMINI_API_KEY: GEMINI_KEY, GOOGLE_GEMINI_BASE_URL: fake.url}, provider: 'google'})
      expect(s.backend.provider).to.equal('google')
      expect(s.backend.model).to.equal('gemini-2.5-flash')
      const tokens: string[] = []
      const client = new ModelClient(s)
      const answer = await client.chat(REQUEST, {onToken: (t) => tokens.push(t)})
      expect(tokens.length).to.be.greaterThan(1)
      expect(tokens.join('')).to.equal('Reading the file.')
      expect(answer.tool_calls).to.have.length(1)
      expect(answer.tool_calls[0]).to.deep.include({name: 'read_file', args: {path: 'README.md'}})
      expect(answer.finish_reason).to.equal('tool_calls')
      expect(answer.usage).to.deep.equal({input_tokens: 90, output_tokens: 25, cached_tokens: 40})
      expect(answer.attempts).to.equal(2)
      const req = fake.requests[1]
      expect(req.path).to.match(/^\/v1(beta)?\/models\/gemini-2\.5-flash:streamGenerateContent\?alt=sse$/)
      expect(req.headers['x-goog-api-key']).to.equal(GEMINI_KEY)
      expect(req.body.systemInstruction).to.deep.include({parts: [{text: 'be brief'}]})
      expect((req.body.tools as {functionDeclarations: unknown[]}[])[0].functionDeclarations).to.deep.equal([{name: 'read_file', description: 'read a file', parametersJsonSchema: REQUEST.tools![0].parameters}])
      // the next round sends the call back with the thought signature the model gave, and the answer as a functionResponse
      await client.chat({messages: [...REQUEST.messages, {role: 'assistant', content: answer.text, tool_calls: answer.tool_calls}, {role: 'tool', tool_call_id: answer.tool_calls[0].id, content: 'hello'}]})
      const contents = fake.requests[2].body.contents as {role: string; parts: Record<string, unknown>[]}[]
      expect(contents.map((c) => c.role)).to.deep.equal(['user', 'model', 'user'])
      expect(contents[1].parts.at(-1)).to.deep.include({thoughtSignature: 'c2lnbmF0dXJl'})
      expect(contents[2].parts[0]).to.deep.equal({functionResponse: {id: answer.tool_calls[0].id, name: 'read_file', response: {output: 'hello'}}})
    } finally {
      await fake.close()
    }
  })

  it('a forced provider that is unreachable is an error naming it; the key stays out of errors', async () => {
    const down = await selectBackend({env: {...NO_DAEMON, GOOGLE_API_KEY: GEMINI_KEY, GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:9'}, provider: 'google'})
    const unreachable = await failure(new ModelClient(down).chat(REQUEST))
    expect(unreachable.code, unreachable.message).to.equal('E_MODEL_UNREACHABLE')
    expect(unreachable.message).to.contain('Gemini')
    const noKey = await failure(selectBackend({env: NO_DAEMON, provider: 'google'}))
    expect(noKey.message).to.contain('google').and.contain('GEMINI_API_KEY')
    const echo = JSON.stringify({error: {code: 400, message: `API key not valid: ${GEMINI_KEY}`, status: 'INVALID_ARGUMENT'}})
    const fake = await fakeGemini([{kind: 'status', status: 400, body: echo}])
    try {
      const s = await selectBackend({env: {...NO_DAEMON, GEMINI_API_KEY: GEMINI_KEY, GOOGLE_GEMINI_BASE_URL: fake.url}, provider: 'google'})
      const bad = await failure(new ModelClient(s).chat(REQUEST))
      expect(bad.code).to.equal('E_MODEL_HTTP')
      expect(bad.message).to.contain('400').and.not.contain(GEMINI_KEY)
    } finally {
      await fake.close()
    }
  })

  it('is chosen after anthropic and openai, and chat --provider google runs a tool loop with the key written nowhere', async () => {
    expect((await selectBackend({env: {...NO_DAEMON, GEMINI_API_KEY: GEMINI_KEY}})).backend.provider).to.equal('google')
    expect((await selectBackend({env: {...NO_DAEMON, GEMINI_API_KEY: GEMINI_KEY, GOVTOOL_GOOGLE_MODEL: 'gemini-2.5-pro'}})).backend.model).to.equal('gemini-2.5-pro')
    const root = await notesProject()
    const fake = await fakeGemini([
      {kind: 'sse', events: geminiChunks(`Reading notes (key ${GEMINI_KEY}).`, [{name: 'read_file', args: {path: 'notes.md'}}])},
      {kind: 'sse', events: geminiChunks('The notes say: first notes.')},
    ])
    try {
      const r = await runCli(['chat', 'read notes.md', '--provider', 'google', '--profile', 'yolo', '--project-dir', root], {env: cliEnv({GEMINI_API_KEY: GEMINI_KEY, GOOGLE_GEMINI_BASE_URL: fake.url})})
      expect(r.code, r.stderr).to.equal(0)
      const events = parseLines(r.stdout)
      expectValidEvents(events)
      expect(ofType(events, 'ready')[0]).to.deep.include({provider: 'google', model: 'gemini-2.5-flash'})
      expect(ofType(events, 'tool_result')[0].output).to.equal('first notes\n')
      expect(r.stdout + r.stderr).to.not.contain(GEMINI_KEY)
      for (const file of filesUnder(path.join(root, '.govtool'))) expect(readFileSync(file, 'utf8'), file).to.not.contain(GEMINI_KEY)
    } finally {
      await fake.close()
    }
  })
})

describe('gemini contents (no SDK needed)', () => {
  it('maps system text, tool calls and tool answers, merging consecutive turns', () => {
    const {system, contents} = geminiContents(
      [
        {role: 'system', content: 'sys'},
        {role: 'user', content: 'hi'},
        {role: 'assistant', content: '', tool_calls: [{id: 'c1', name: 'git_status', args: {}}]},
        {role: 'tool', tool_call_id: 'c1', content: 'clean'},
        {role: 'user', content: 'and?'},
      ],
      new Map([['c1', 'sig']]),
    )
    expect(system).to.equal('sys')
    expect(contents).to.deep.equal([
      {role: 'user', parts: [{text: 'hi'}]},
      {role: 'model', parts: [{functionCall: {id: 'c1', name: 'git_status', args: {}}, thoughtSignature: 'sig'}]},
      {role: 'user', parts: [{functionResponse: {id: 'c1', name: 'git_status', response: {output: 'clean'}}}, {text: 'and?'}]},
    ])
  })
})

