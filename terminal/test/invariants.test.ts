// SPDX-License-Identifier: AGPL-3.0-only
/**
 * I1 (the terminal never calls a model API) and I2 (all governance HTTP targets 127.0.0.1): the agent pane's
 * model requests reach the governance port, and nothing in the terminal's code or page names another host.
 */
import {expect} from 'chai'
import {readdirSync, readFileSync} from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import {freePort, raw, seedNotesProject, startTerminal, TERMINAL_ROOT} from './helpers.js'

/** A stand-in governance server recording every request and answering chat completions. */
async function fakeGovernance(port: number): Promise<{requests: string[]; close(): Promise<void>}> {
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      requests.push(`${req.method} ${req.url} host=${req.headers.host}`)
      if (req.url === '/health') {
        res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({status: 'ok', version: '9.9.9'}))
        return
      }
      const stream = (JSON.parse(body || '{}') as {stream?: boolean}).stream
      const message = {role: 'assistant', content: 'Answer from the gate.'}
      if (stream) {
        res.writeHead(200, {'content-type': 'text/event-stream'})
        res.write(`data: ${JSON.stringify({id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'gate', choices: [{index: 0, delta: message, finish_reason: null}]})}\n\n`)
        res.write(`data: ${JSON.stringify({id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'gate', choices: [{index: 0, delta: {}, finish_reason: 'stop'}], usage: {prompt_tokens: 10, completion_tokens: 4, total_tokens: 14}})}\n\n`)
        res.end('data: [DONE]\n\n')
      } else {
        res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({id: 'c1', object: 'chat.completion', created: 0, model: 'gate', choices: [{index: 0, message, finish_reason: 'stop'}], usage: {prompt_tokens: 10, completion_tokens: 4, total_tokens: 14}}))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  return {requests, close: () => new Promise((resolve) => server.close(() => resolve()))}
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((d) => (d.isDirectory() ? sourceFiles(path.join(dir, d.name)) : /\.(ts|mjs|js|html)$/.test(d.name) ? [path.join(dir, d.name)] : []))
}

describe('terminal: I1 and I2', function () {
  this.timeout(90_000)

  it('an agent-pane turn sends its model request to 127.0.0.1:<governance_port>/v1/chat/completions', async () => {
    const governancePort = await freePort()
    const gate = await fakeGovernance(governancePort)
    const t = await startTerminal({governancePort, servePort: await freePort(), manageGovernance: false, manageServe: true, env: {GOVTOOL_DISABLE_REAL_CHAT: '', OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GEMINI_API_KEY: '', GOOGLE_API_KEY: '', TERMINAL_AI_BASE_URL: 'http://model.invalid/v1', TERMINAL_AI_API_KEY: 'sk-never-leaves'}})
    try {
      await seedNotesProject(t.project)
      const host = {host: `127.0.0.1:${t.server.port}`, cookie: t.cookie}
      const deadline = Date.now() + 60_000
      while (!JSON.parse((await raw(t.server.port, '/api/terminal/state', host)).body).serve?.healthy) {
        if (Date.now() > deadline) throw new Error('serve did not start')
        await new Promise((r) => setTimeout(r, 200))
      }
      const turn = await raw(t.server.port, '/api/agent/chat', {...host, 'content-type': 'application/json', accept: 'text/event-stream'}, 'POST', JSON.stringify({message: 'write notes.md with hello', profile: 'standard'}))
      expect(turn.status).to.equal(200)
      expect(turn.body).to.contain('event: result')
      const chats = gate.requests.filter((r) => r.startsWith('POST /v1/chat/completions'))
      expect(chats.length, JSON.stringify(gate.requests) + turn.body).to.be.greaterThan(0)
      for (const r of chats) expect(r).to.contain(`host=127.0.0.1:${governancePort}`)
      expect(turn.body).not.to.contain('sk-never-leaves')
    } finally {
      await t.close()
      await gate.close()
    }
  })

  it('the server makes outbound requests only through proxy.ts, to 127.0.0.1; the page talks to its own origin only', () => {
    const files = sourceFiles(path.join(TERMINAL_ROOT, 'src'))
    const outbound = files.filter((f) => /\bfetch\(|http\.request\(|https\b|new WebSocket\(/.test(readFileSync(f, 'utf8')))
    expect(outbound.map((f) => path.relative(TERMINAL_ROOT, f)).sort()).to.deep.equal(['src/page/dom.ts', 'src/page/agent.ts', 'src/page/terminal.ts', 'src/server/proxy.ts'].sort())
    const proxy = readFileSync(path.join(TERMINAL_ROOT, 'src', 'server', 'proxy.ts'), 'utf8')
    expect(proxy).to.contain("export const LOOPBACK = '127.0.0.1'")
    expect(proxy.match(/http\.request\(\{host: LOOPBACK/g)).to.have.length(1)
    expect(proxy.match(/fetch\(`http:\/\/\$\{LOOPBACK\}:/g)).to.have.length(1)
    for (const f of files.filter((f) => f.includes(`${path.sep}page${path.sep}`))) {
      // relative URLs only: the page never names a host
      expect(readFileSync(f, 'utf8'), f).not.to.match(/fetch\(\s*['"`]https?:/)
    }
    const bundle = readFileSync(path.join(TERMINAL_ROOT, 'dist', 'public', 'app.js'), 'utf8')
    for (const host of ['api.openai.com', 'api.anthropic.com', 'generativelanguage.googleapis.com', 'openrouter.ai', 'api.groq.com', 'api.mistral.ai', 'api.together.xyz', 'api.deepseek.com', 'localhost:11434', '127.0.0.1:11434']) {
      expect(bundle, host).not.to.contain(host)
    }
  })
})
