/**
 * The governance server answering agent hooks over HTTP (POST /hooks/<client>/<event>, Claude Code's "http"
 * hooks) with the CLI hook's decisions, failing closed with a 2xx blocking answer, and refusing chat requests
 * that carry a secret.
 */
import {execFileSync} from 'node:child_process'
import {cpSync, writeFileSync} from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {expect} from 'chai'
import {ProjectContext} from 'govtool/core'
import {cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {startGovernanceServer, type GovernanceServer} from '../src/index.js'

const NOTES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'preflight', 'test', 'fixtures', 'notes')
// built from pieces so that this file holds no key itself
const GITHUB_TOKEN = ['ghp', '_', 'R7tq2Lx9Vb4Nw8Kz1Pd6Hs3Jm5Fy0Ca2Ue7X'].join('')

function project(): ProjectContext {
  const dir = makeTempDir('govtool-hooks-http-')
  cpSync(NOTES, dir, {recursive: true})
  writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), 'agent:\n  permissions:\n    preset: standard\n')
  const git = (...args: string[]) => execFileSync('git', args, {cwd: dir, env: {...process.env, ...GIT_TEST_ENV}, stdio: 'pipe'})
  git('init', '-q', '-b', 'main')
  git('add', '-A')
  git('commit', '-qm', 'initial')
  return new ProjectContext(dir, ENV)
}

const ENV = isolatedEnv(makeTempDir('govtool-hooks-http-home-'))

function post(url: string, body: string, headers: Record<string, string> = {}): Promise<{status: number; headers: http.IncomingHttpHeaders; body: string}> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {method: 'POST', headers: {'content-type': 'application/json', ...headers}}, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (d: string) => (text += d))
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: text}))
    })
    req.on('error', reject)
    req.end(body)
  })
}

function claudePayload(root: string, event: string, fields: Record<string, unknown>): string {
  return JSON.stringify({session_id: 'b7e1c2d3-0000-4000-8000-000000000002', transcript_path: '/home/dev/.claude/projects/app/s.jsonl', cwd: root, permission_mode: 'default', hook_event_name: event, ...fields})
}

describe('governance-serve: agent hooks over HTTP, secrets in requests', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)

  async function serve(ctx: ProjectContext): Promise<GovernanceServer> {
    return startGovernanceServer({project: ctx, port: 0, upstream: null})
  }

  it('answers Claude Code hooks with the same JSON as the CLI hook; no objection is 200 with an empty body', async () => {
    const ctx = project()
    const server = await serve(ctx)
    try {
      const root = ctx.root
      const cases = [
        ['PreToolUse', claudePayload(root, 'PreToolUse', {tool_name: 'Write', tool_input: {file_path: path.join(root, 'LEDGER.md'), content: '# forged\n'}})],
        ['PreToolUse', claudePayload(root, 'PreToolUse', {tool_name: 'Bash', tool_input: {command: `curl -H "Authorization: token ${GITHUB_TOKEN}" https://api.github.com`}})],
        ['UserPromptSubmit', claudePayload(root, 'UserPromptSubmit', {prompt: 'delete the ledger and start over'})],
      ] as const
      for (const [event, body] of cases) {
        const res = await post(`${server.url}/hooks/claude-code/${event}`, body)
        expect(res.status).to.equal(200)
        expect(res.headers['content-type']).to.match(/^application\/json/)
        const cli = await runCli(['hook', 'claude-code', event, '--project-dir', root], {env: ENV, input: body})
        expect(cli.code, cli.stderr).to.equal(0)
        expect(JSON.parse(res.body), body).to.deep.equal(JSON.parse(cli.stdout))
        expect(res.body).not.to.contain(GITHUB_TOKEN)
      }
      const deny = JSON.parse((await post(`${server.url}/hooks/claude-code/PreToolUse`, cases[0][1])).body) as {hookSpecificOutput: {permissionDecision: string}}
      expect(deny.hookSpecificOutput.permissionDecision).to.equal('deny')

      const allowed = await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePayload(root, 'PreToolUse', {tool_name: 'Bash', tool_input: {command: 'npm test'}}))
      expect(allowed.status).to.equal(200)
      expect(allowed.body).to.equal('')
      expect(allowed.headers['x-govtool-decision']).to.equal('allow')
    } finally {
      await server.close()
    }
  })

  it('fails closed with a 2xx blocking answer (Claude Code ignores error statuses), and keeps the Host/Origin refusals', async () => {
    const ctx = project()
    const server = await serve(ctx)
    try {
      const bad = await post(`${server.url}/hooks/claude-code/PreToolUse`, 'not json')
      expect(bad.status).to.equal(200)
      expect(bad.headers['x-govtool-error']).to.equal('E_HOOK_INPUT')
      const out = JSON.parse(bad.body) as {hookSpecificOutput: {hookEventName: string; permissionDecision: string; permissionDecisionReason: string}}
      expect(out.hookSpecificOutput.permissionDecision).to.equal('deny')
      expect(out.hookSpecificOutput.permissionDecisionReason).to.match(/^The PreToolUse hook input is not JSON/)
      const prompt = JSON.parse((await post(`${server.url}/hooks/claude-code/UserPromptSubmit`, '{"prompt": 42}')).body) as {decision: string; reason: string}
      expect(prompt.decision).to.equal('block')
      expect(prompt.reason).to.contain('has no "prompt" string')
      // a config that does not validate: the gate cannot decide, so the call is blocked
      writeFileSync(path.join(ctx.root, 'docs', 'GOVTOOL.yml'), 'agent:\n  permissions:\n    preset: superuser\n')
      const broken = JSON.parse((await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePayload(ctx.root, 'PreToolUse', {tool_name: 'Bash', tool_input: {command: 'ls'}}))).body) as typeof out
      expect(broken.hookSpecificOutput.permissionDecision).to.equal('deny')
      expect(broken.hookSpecificOutput.permissionDecisionReason).to.contain('GOVTOOL.yml')

      const host = await post(`${server.url}/hooks/claude-code/PreToolUse`, '{}', {host: 'attacker.example:7700'})
      expect(host.status).to.equal(403)
      const origin = await post(`${server.url}/hooks/claude-code/PreToolUse`, '{}', {origin: 'https://attacker.example'})
      expect(origin.status).to.equal(403)
      const unknown = await post(`${server.url}/hooks/windsurf/PreToolUse`, '{}')
      expect(unknown.status).to.equal(404)
      expect(JSON.parse(unknown.body).error.code).to.equal('E_NOT_FOUND')
    } finally {
      await server.close()
    }
  })

  it('the proxy refuses a request whose messages, diffs or tool call arguments carry a key, naming where and what kind, never the value', async () => {
    const ctx = project()
    const server = await serve(ctx)
    try {
      const chat = (messages: unknown[]) => post(`${server.url}/v1/chat/completions`, JSON.stringify({model: 'm', messages}))
      const diff = ['Apply this:', '```diff', 'diff --git a/src/config.ts b/src/config.ts', '--- a/src/config.ts', '+++ b/src/config.ts', '@@ -1,1 +1,2 @@', " export const region = 'eu'", `+export const token = '${GITHUB_TOKEN}'`, '```'].join('\n')
      const inDiff = await chat([{role: 'user', content: diff}])
      expect(inDiff.status).to.equal(403)
      const error = JSON.parse(inDiff.body) as {error: {message: string; code: string}}
      expect(error.error.code).to.equal('E_SECRET_FOUND')
      expect(error.error.message).to.contain('messages[0] src/config.ts line 2: GitHub token')
      expect(inDiff.body).not.to.contain(GITHUB_TOKEN)

      const toolCall = await chat([
        {role: 'user', content: 'fix the login timeout in REQ-AUTH-002'},
        {role: 'assistant', content: null, tool_calls: [{id: 'call_1', type: 'function', function: {name: 'write_file', arguments: JSON.stringify({path: '.env', content: `A=1\nGITHUB_TOKEN=${GITHUB_TOKEN}\n`})}}]},
        {role: 'tool', tool_call_id: 'call_1', content: 'ok'},
        {role: 'user', content: 'now run the tests'},
      ])
      expect(toolCall.status).to.equal(403)
      expect(JSON.parse(toolCall.body).error.message).to.contain('messages[1].tool_calls[0].arguments line 2: GitHub token')
      expect(toolCall.body).not.to.contain(GITHUB_TOKEN)

      const clean = await chat([{role: 'user', content: 'fix the login timeout in REQ-AUTH-002; the token comes from process.env.GITHUB_TOKEN'}])
      expect(clean.status).to.equal(200)
    } finally {
      await server.close()
    }
  })
})
