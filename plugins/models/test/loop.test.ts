import {existsSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {PassThrough} from 'node:stream'

import {expect} from 'chai'
import {GovError, ProjectContext} from 'govtool/core'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {
  EventWriter,
  NO_DECISIONS,
  OpenAICompatibleBackend,
  StreamDecisions,
  StubBackend,
  fitHistory,
  readTurns,
  runChatTurn,
  scriptedDecisions,
  type DecisionSource,
  type Selection,
  type TurnOptions,
  type TurnRecord,
} from '../src/index.js'
import {fakeOpenAI, openaiChunks} from './fakes.js'
import {expectValidEvents, notesProject, ofType} from './helpers.js'

const stub = (): Selection => ({backend: new StubBackend(), reason: 'forced', timeoutMs: 5000, retries: 0, secrets: []})
const viaFake = (url: string): Selection => ({
  backend: new OpenAICompatibleBackend({baseUrl: url, apiKey: 'sk-loop-abcdefghijklmnopqrstuvwxyz', model: 'fake-model', contextWindow: 16_000, timeoutMs: 5000}),
  reason: 'forced',
  timeoutMs: 5000,
  retries: 0,
  secrets: ['sk-loop-abcdefghijklmnopqrstuvwxyz'],
})

async function turn(root: string, message: string, options: Partial<TurnOptions> = {}) {
  const events = new EventWriter()
  const result = await runChatTurn(new ProjectContext(root), {message, profile: 'standard', decisions: NO_DECISIONS, decision_timeout_ms: 1000, selection: stub(), events, ...options})
  expectValidEvents(events.events)
  return {result, events: events.events}
}

describe('chat agent loop', function () {
  this.timeout(30_000)
  after(cleanupTempDirs)

  it('yolo writes without asking and shows the diff block first', async () => {
    const root = await notesProject()
    const {result, events} = await turn(root, 'write notes.md with hello world', {profile: 'yolo'})
    expect(readFileSync(path.join(root, 'notes.md'), 'utf8')).to.equal('hello world\n')
    const diff = ofType(events, 'block_start').find((e) => e.kind === 'diff')!
    expect(diff.payload.path).to.equal('notes.md')
    expect(String(diff.payload.body)).to.contain('-first notes').and.contain('+hello world')
    expect(ofType(events, 'block_complete').find((e) => e.block_id === diff.block_id)!.payload.status).to.equal('accept')
    expect(ofType(events, 'tool_request')).to.have.length(0)
    expect(result.status).to.equal('completed')
    expect(result.tool_calls[0]).to.include({name: 'write_file', ok: true})
    expect(ofType(events, 'task_complete')[0].success).to.equal(true)
    expect(events.at(-1)!.type).to.equal('turn_done')
  })

  it('standard asks for the diff: accepted writes, rejected keeps the file and its comment becomes the reviewer comment', async () => {
    const root = await notesProject()
    await turn(root, 'write notes.md with accepted text', {decisions: scriptedDecisions([{approved: true}])})
    expect(readFileSync(path.join(root, 'notes.md'), 'utf8')).to.equal('accepted text\n')
    const {result} = await turn(root, 'write notes.md with rejected text', {decisions: scriptedDecisions([{approved: false, note: 'use a heading'}])})
    expect(readFileSync(path.join(root, 'notes.md'), 'utf8')).to.equal('accepted text\n')
    expect(result.reviewer_comment).to.equal('use a heading')
    expect(result.tool_calls[0].output).to.contain('rejected: use a heading')
    const turns = await readTurns(new ProjectContext(root), result.session_id)
    expect(turns[0].reviewer_comment).to.equal('use a heading')
  })

  it('safe emits tool_request and waits: approve runs the tool, deny is a result the model sees', async () => {
    const root = await notesProject()
    const approved = await turn(root, 'read notes.md', {profile: 'safe', decisions: scriptedDecisions([{approved: true}])})
    expect(ofType(approved.events, 'tool_request')).to.have.length(1)
    expect(ofType(approved.events, 'tool_result')[0]).to.include({ok: true, output: 'first notes\n'})
    const denied = await turn(root, 'read notes.md', {profile: 'safe', decisions: scriptedDecisions([{approved: false, note: 'not now'}])})
    expect(ofType(denied.events, 'tool_result')[0]).to.include({ok: false})
    expect(ofType(denied.events, 'tool_result')[0].output).to.contain('not now')
    expect(denied.result.status).to.equal('completed')
  })

  it('standard runs reads without asking and asks before run_shell (which runs through the tracked runner)', async () => {
    const root = await notesProject()
    const read = await turn(root, 'read notes.md')
    expect(ofType(read.events, 'tool_request')).to.have.length(0)
    expect(ofType(read.events, 'tool_result')[0].ok).to.equal(true)
    const shell = await turn(root, 'run `cat notes.md` to check the notes file', {decisions: scriptedDecisions([{approved: true}])})
    expect(ofType(shell.events, 'tool_request')[0].name).to.equal('run_shell')
    const result = ofType(shell.events, 'tool_result')[0]
    expect(result.ok).to.equal(true)
    expect(result.output).to.contain('exit 0').and.contain('first notes')
    expect(existsSync(path.join(root, '.govtool', 'logs'))).to.equal(true)
  })

  it('stdin decisions: a timeout denies, garbage ends the turn with E_BAD_DECISION and a valid session', async () => {
    const root = await notesProject()
    const silent = new PassThrough()
    const timedOut = await turn(root, 'write notes.md with never', {decisions: new StreamDecisions(silent), decision_timeout_ms: 50})
    expect(readFileSync(path.join(root, 'notes.md'), 'utf8')).to.equal('first notes\n')
    const diff = ofType(timedOut.events, 'block_start').find((e) => e.kind === 'diff')!
    expect(ofType(timedOut.events, 'block_complete').find((e) => e.block_id === diff.block_id)!.payload.status).to.equal('timeout')
    silent.end()

    const garbage = new PassThrough()
    garbage.end('this is not json\n')
    const events = new EventWriter()
    let error: unknown
    try {
      await runChatTurn(new ProjectContext(root), {message: 'write notes.md with garbage', profile: 'standard', session_id: 'sess_aaaaaaaaaaaa', decisions: new StreamDecisions(garbage), decision_timeout_ms: 1000, selection: stub(), events})
    } catch (e) {
      error = e
    }
    expect(error).to.be.instanceOf(GovError)
    expect((error as GovError).code).to.equal('E_BAD_DECISION')
    expectValidEvents(events.events)
    expect(ofType(events.events, 'error')[0].code).to.equal('E_BAD_DECISION')
    const turns = await readTurns(new ProjectContext(root), 'sess_aaaaaaaaaaaa')
    expect(turns).to.have.length(1)
    expect(turns[0].status).to.equal('failed')
  })

  it('a decision of the wrong type is refused too', async () => {
    const wrong = new PassThrough()
    wrong.end('{"type":"tool_decision","decision":"accept"}\n')
    const source: DecisionSource = new StreamDecisions(wrong)
    let code = ''
    try {
      await source.next('diff_decision', 1000)
    } catch (e) {
      code = (e as GovError).code
    }
    expect(code).to.equal('E_BAD_DECISION')
    const ok = new PassThrough()
    ok.end('{"type":"tool_decision","decision":"deny","reason":"no"}\n')
    expect(await new StreamDecisions(ok).next('tool_decision', 1000)).to.deep.equal({approved: false, note: 'no'})
  })

  it('tools stay inside the project: no ../ and no symlink escapes; agent.permissions denies what the preset lacks', async () => {
    const root = await notesProject()
    const outside = makeTempDir('govtool-outside-')
    writeFileSync(path.join(outside, 'secret.txt'), 'outside secret')
    symlinkSync(outside, path.join(root, 'link'))
    const fake = await fakeOpenAI([
      {kind: 'sse', chunks: openaiChunks('', [{name: 'read_file', args: {path: '../x.txt'}}, {name: 'read_file', args: {path: 'link/secret.txt'}}, {name: 'write_file', args: {path: 'link/new.txt', content: 'x'}}])},
      {kind: 'sse', chunks: openaiChunks('done')},
    ])
    try {
      const {events} = await turn(root, 'read notes.md', {profile: 'yolo', selection: viaFake(fake.url)})
      const results = ofType(events, 'tool_result')
      expect(results.map((r) => r.ok)).to.deep.equal([false, false, false])
      expect(results[0].output).to.contain('outside the project')
      expect(results[1].output).to.contain('symbolic link')
      expect(existsSync(path.join(outside, 'new.txt'))).to.equal(false)
      // the model saw the denials as tool messages
      const second = fake.requests[1].body.messages as {role: string; content: string}[]
      expect(second.filter((m) => m.role === 'tool')).to.have.length(3)
    } finally {
      await fake.close()
    }
    const narrow = await notesProject('read_only')
    const fake2 = await fakeOpenAI([{kind: 'sse', chunks: openaiChunks('', [{name: 'run_shell', args: {command: 'touch pwned'}}])}, {kind: 'sse', chunks: openaiChunks('ok')}])
    try {
      const {events} = await turn(narrow, 'read notes.md', {profile: 'yolo', selection: viaFake(fake2.url)})
      expect(ofType(events, 'tool_result')[0].output).to.contain('denied by agent.permissions')
      expect(existsSync(path.join(narrow, 'pwned'))).to.equal(false)
      // tools the preset lacks are not even offered to the model
      expect((fake2.requests[0].body.tools as {function: {name: string}}[]).map((t) => t.function.name)).to.not.include('run_shell')
    } finally {
      await fake2.close()
    }
  })

  it('a request preflight does not accept ends without a model call, saying decision, instruction and work item', async () => {
    const root = await notesProject()
    const fake = await fakeOpenAI([])
    try {
      const {result, events} = await turn(root, 'continue', {selection: viaFake(fake.url)})
      expect(fake.requests).to.have.length(0)
      const pre = ofType(events, 'preflight')[0]
      expect(pre.decision).to.equal('needs_clarification')
      expect(pre.work_item_id).to.match(/^WI-/)
      expect(pre.instruction.length).to.be.greaterThan(10)
      expect(result.exit_code).to.equal(2)
      expect(result.status).to.equal('not_accepted')
      expect(ofType(events, 'task_complete')[0].success).to.equal(false)
    } finally {
      await fake.close()
    }
  })

  it('replays a session as context (the reviewer comment included) and never stores the key', async () => {
    const root = await notesProject()
    const key = 'sk-loop-abcdefghijklmnopqrstuvwxyz'
    const fake = await fakeOpenAI([{kind: 'sse', chunks: openaiChunks(`first answer ${key}`)}, {kind: 'sse', chunks: openaiChunks('second answer')}])
    try {
      const first = await turn(root, 'read notes.md', {selection: viaFake(fake.url), comment: 'keep it short'})
      await turn(root, 'what is in the notes file?', {selection: viaFake(fake.url), session_id: first.result.session_id, parent_session: 'sess_parent000001'})
      const sent = fake.requests[1].body.messages as {role: string; content: string}[]
      expect(sent.map((m) => m.content).join('\n')).to.contain('read notes.md').and.contain('first answer').and.contain('keep it short')
      const file = path.join(root, '.govtool', 'sessions', first.result.session_id, 'turns.jsonl')
      const text = readFileSync(file, 'utf8')
      expect(text.trim().split('\n')).to.have.length(2)
      expect(text).to.not.contain(key)
      expect((JSON.parse(text.trim().split('\n')[1]) as TurnRecord).parent_session).to.equal('sess_parent000001')
    } finally {
      await fake.close()
    }
  })

  it('keeps the context under 80% of the window by dropping the oldest turns', () => {
    const turnOf = (i: number): TurnRecord => ({role: 'user', utterance: `request ${i} ${'x'.repeat(400)}`, profile: 'standard', intent: 'read_only', reviewer_comment: null, parent_session: null, timestamp: '2026-01-01T00:00:00Z', decision: 'accepted', work_item_id: 'WI-1', reply: 'y'.repeat(400), tool_calls: [], usage: {input_tokens: 0, output_tokens: 0, cached_tokens: 0}, provider: 'stub', model: 'm', status: 'completed'})
    const turns = Array.from({length: 30}, (_, i) => turnOf(i))
    const fitted = fitHistory(turns, [{role: 'user', content: 'now'}], 2048)
    expect(fitted.fill).to.be.at.most(0.8)
    expect(fitted.dropped).to.be.greaterThan(0)
    expect(fitted.messages[0].role).to.equal('system')
    expect(fitted.messages.at(-1)!.content).to.equal('y'.repeat(400))
    expect(fitted.messages.map((m) => m.content).join('')).to.contain('request 29').and.not.contain('request 0 ')
  })
})
