import {execFile} from 'node:child_process'
import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {expect} from 'chai'
import {BIN, cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {fakeOpenAI, openaiChunks} from './fakes.js'
import {expectValidEvents, filesUnder, notesProject, ofType, parseLines} from './helpers.js'

const HERE = path.dirname(fileURLToPath(import.meta.url))

function env(extra: NodeJS.ProcessEnv = {}) {
  return isolatedEnv(makeTempDir('govtool-chat-home-'), {OLLAMA_HOST: 'http://127.0.0.1:9', TERMINAL_AI_BASE_URL: '', TERMINAL_AI_API_KEY: '', ...extra})
}

function pty(steps: [string, string][], args: string[], options: {cwd: string; env: NodeJS.ProcessEnv}): Promise<{code: number; out: string}> {
  return new Promise((resolve) => {
    execFile('python3', [path.join(HERE, 'pty-drive.py'), JSON.stringify(steps), process.execPath, BIN, ...args], {cwd: options.cwd, env: options.env, timeout: 60_000}, (error, stdout) => {
      resolve({code: error ? ((error as {code?: number}).code ?? 1) : 0, out: stdout})
    })
  })
}

describe('chat and run from the command line', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)

  it('chat prints JSONL block events (every one valid) and exits 0 when the turn completed', async () => {
    const root = await notesProject()
    const r = await runCli(['chat', 'read', 'notes.md', '--project-dir', root], {env: env()})
    expect(r.code, r.stderr).to.equal(0)
    const events = parseLines(r.stdout)
    expectValidEvents(events)
    expect(events[0].type).to.equal('ready')
    expect(events.at(-1)!.type).to.equal('turn_done')
    expect(ofType(events, 'tool_result')[0].output).to.equal('first notes\n')
    const session = ofType(events, 'task_complete')[0].session_id
    expect(session).to.match(/^sess_[0-9a-f]{12}$/)
    expect(existsSync(path.join(root, '.govtool', 'sessions', session, 'turns.jsonl'))).to.equal(true)
    expect(readFileSync(path.join(root, '.govtool', 'credits.json'), 'utf8')).to.match(/"task":\s*"chat"/)
  })

  it('--interactive reads decisions from stdin; garbage exits 2 with the session file still valid', async () => {
    const root = await notesProject()
    const ok = await runCli(['chat', 'write notes.md with from stdin', '--interactive', '--project-dir', root], {env: env(), input: '{"type":"diff_decision","decision":"accept"}\n'})
    expect(ok.code, ok.stderr).to.equal(0)
    expect(readFileSync(path.join(root, 'notes.md'), 'utf8')).to.equal('from stdin\n')
    const bad = await runCli(['chat', 'write notes.md with garbage', '--interactive', '--session-id', 'sess_bbbbbbbbbbbb', '--project-dir', root], {env: env(), input: 'approve please\n'})
    expect(bad.code).to.equal(2)
    expect(bad.stderr).to.contain('not JSON')
    expect(bad.stderr).to.not.match(/\n\s+at /)
    expectValidEvents(parseLines(bad.stdout))
    const lines = readFileSync(path.join(root, '.govtool', 'sessions', 'sess_bbbbbbbbbbbb', 'turns.jsonl'), 'utf8').trim().split('\n')
    expect(lines).to.have.length(1)
    expect(JSON.parse(lines[0]).status).to.equal('failed')
    expect(readFileSync(path.join(root, 'notes.md'), 'utf8')).to.equal('from stdin\n')
  })

  it('a request preflight does not accept exits with its decision code; bad input exits 2', async () => {
    const root = await notesProject()
    const r = await runCli(['chat', 'continue', '--project-dir', root], {env: env()})
    expect(r.code).to.equal(2)
    expect(ofType(parseLines(r.stdout), 'preflight')[0].decision).to.equal('needs_clarification')
    const badProfile = await runCli(['chat', 'hello', '--profile', 'reckless', '--project-dir', root], {env: env()})
    expect(badProfile.code).to.equal(2)
    const badSession = await runCli(['chat', 'read notes.md', '--session-id', '../escape', '--project-dir', root], {env: env()})
    expect(badSession.code).to.equal(2)
  })

  it('a forced backend that does not answer is an error naming it, never a stub reply', async () => {
    const root = await notesProject()
    const r = await runCli(['chat', 'read notes.md', '--provider', 'ollama', '--project-dir', root], {env: env()})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.contain('ollama').and.contain('127.0.0.1:9')
    expect(r.stdout).to.not.contain('Stub reply')
  })

  it('the API key reaches no event, session, credits, log, ledger or error', async () => {
    const root = await notesProject()
    const key = 'sk-proj-SECRETabcdefghijklmnopqrstuv0123'
    const fake = await fakeOpenAI([
      {kind: 'sse', chunks: openaiChunks(`I was called with ${key}`, [{name: 'run_shell', args: {command: 'echo $TERMINAL_AI_API_KEY'}}])},
      {kind: 'status', status: 401, body: JSON.stringify({error: {message: `bad key ${key}`}})},
    ])
    try {
      const r = await runCli(['chat', 'read notes.md', '--provider', 'openai-compatible', '--profile', 'yolo', '--project-dir', root], {env: env({TERMINAL_AI_BASE_URL: fake.url, TERMINAL_AI_API_KEY: key, TERMINAL_AI_MODEL: 'fake-model'})})
      expect(r.code).to.equal(1)
      expect(fake.requests[0].headers.authorization).to.equal(`Bearer ${key}`)
      expect(r.stdout + r.stderr).to.not.contain(key)
      expect(r.stdout).to.contain('[REDACTED]')
      for (const file of [...filesUnder(path.join(root, '.govtool')), ...filesUnder(path.join(root, 'docs'))]) expect(readFileSync(file, 'utf8'), file).to.not.contain(key)
    } finally {
      await fake.close()
    }
  })

  it('chat --json gives the turn with its events as one JSON result', async () => {
    const root = await notesProject()
    const r = await runCli(['chat', 'read notes.md', '--profile', 'yolo', '--json', '--project-dir', root], {env: env()})
    expect(r.code, r.stderr).to.equal(0)
    const result = r.json<{status: string; events: unknown[]; provider: string}>()
    expect(result.status).to.equal('completed')
    expect(result.provider).to.equal('stub')
    expectValidEvents(result.events)
  })

  it('run --task runs one task end to end and prints the reply as text', async () => {
    const root = await notesProject()
    const r = await runCli(['run', '--task', 'read notes.md', '--project-dir', root], {env: env()})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stdout).to.contain('[tool] read_file').and.contain('[ok] first notes').and.contain('Done: read_file')
    const blocked = await runCli(['run', '--task', 'continue', '--project-dir', root], {env: env()})
    expect(blocked.code).to.equal(2)
    expect(blocked.stdout).to.contain('[governance] needs_clarification')
  })

  it('the REPL in a pseudo-terminal: /why, /help, a request, Ctrl-C cancels the turn in flight, /exit', async () => {
    const root = await notesProject()
    const lastUser = (body: Record<string, unknown>) => (body.messages as {role: string; content: string}[]).filter((m) => m.role === 'user').at(-1)?.content ?? ''
    const fake = await fakeOpenAI([], (body) => (lastUser(body).includes('please') ? {kind: 'sse', chunks: openaiChunks('slow answer'), firstDelayMs: 20_000} : {kind: 'sse', chunks: openaiChunks('quick answer')}))
    try {
      const {code, out} = await pty(
        [
          ['govtool> ', '/why\r'],
          ['why: on', '/help\r'],
          ['/history', 'read notes.md please\r'],
          ['[why] work item WI-', ''],
          ['', '\u0003'],
          ['(cancelled)', 'what is in the notes file?\r'],
          ['quick answer', '/history\r'],
          ['2. what is in the notes file?', '/exit\r'],
        ],
        ['run', '--provider', 'openai-compatible', '--project-dir', root],
        {cwd: root, env: env({TERMINAL_AI_BASE_URL: fake.url, TERMINAL_AI_MODEL: 'fake-model'})},
      )
      expect(code, out).to.equal(0)
      expect(out).to.contain('requirements REQ-001')
      expect(out).to.not.contain('slow answer')
    } finally {
      await fake.close()
    }
  })
})
