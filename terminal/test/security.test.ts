// SPDX-License-Identifier: AGPL-3.0-only
import {expect} from 'chai'
import {WebSocket} from 'ws'

import {raw, startTerminal, type Started} from './helpers.js'

function upgrade(port: number, headers: Record<string, string>): Promise<{opened: boolean; status?: number}> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/pty`, {headers})
    ws.on('open', () => {
      ws.close()
      resolve({opened: true})
    })
    ws.on('unexpected-response', (_req, res) => {
      resolve({opened: false, status: res.statusCode})
      res.resume()
    })
    ws.on('error', () => resolve({opened: false}))
  })
}

describe('terminal server security', () => {
  let t: Started
  let host: string
  before(async () => {
    t = await startTerminal()
    host = `127.0.0.1:${t.server.port}`
  })
  after(() => t.close())

  it('binds loopback only and prints a launch URL with the secret', () => {
    expect(t.server.url).to.match(new RegExp(`^http://127\\.0\\.0\\.1:${t.server.port}/\\?t=`))
    expect(t.server.url).to.contain(t.secret)
  })

  it('refuses every request without the secret (401 JSON)', async () => {
    for (const pathname of ['/', '/app.js', '/api/terminal/state', '/gov/health']) {
      const res = await raw(t.server.port, pathname, {host})
      expect(res.status, pathname).to.equal(401)
      expect(JSON.parse(res.body).error.code).to.equal('E_NO_SESSION')
    }
  })

  it('refuses a wrong secret in the URL and a wrong cookie', async () => {
    expect((await raw(t.server.port, '/?t=nope', {host})).status).to.equal(401)
    expect((await raw(t.server.port, '/', {host, cookie: `govtool_terminal_${t.server.port}=nope`})).status).to.equal(401)
  })

  it('exchanges the secret for an HttpOnly SameSite=Strict cookie and redirects to a clean URL', async () => {
    const res = await raw(t.server.port, `/?t=${t.secret}`, {host})
    expect(res.status).to.equal(302)
    expect(res.headers.location).to.equal('/')
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).to.contain(`govtool_terminal_${t.server.port}=${t.secret}`).and.contain('HttpOnly').and.contain('SameSite=Strict')
    const page = await raw(t.server.port, '/', {host, cookie: t.cookie})
    expect(page.status).to.equal(200)
    expect(page.body).to.contain('govtool terminal')
  })

  it('refuses a foreign Host (403 JSON), even with the cookie or the secret', async () => {
    for (const bad of ['evil.example:80', `evil.example:${t.server.port}`, '127.0.0.1:1']) {
      const res = await raw(t.server.port, '/', {host: bad, cookie: t.cookie})
      expect(res.status, bad).to.equal(403)
      expect(JSON.parse(res.body).error.code).to.equal('E_FOREIGN_HOST')
    }
    expect((await raw(t.server.port, `/?t=${t.secret}`, {host: 'evil.example'})).status).to.equal(403)
  })

  it('refuses a foreign Origin (403 JSON), even with the cookie', async () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:1', 'null']) {
      const res = await raw(t.server.port, '/api/terminal/state', {host, origin, cookie: t.cookie})
      expect(res.status, origin).to.equal(403)
      expect(JSON.parse(res.body).error.code).to.equal('E_FOREIGN_ORIGIN')
    }
    const own = await raw(t.server.port, '/api/terminal/update-channel', {host, origin: `http://${host}`, cookie: t.cookie, 'content-type': 'application/json'}, 'PUT', '{"channel":"Stable"}')
    expect(own.status).to.equal(200)
  })

  it('refuses the WebSocket upgrade without the cookie, with a foreign Origin or a foreign Host', async () => {
    expect(await upgrade(t.server.port, {})).to.deep.equal({opened: false, status: 401})
    expect(await upgrade(t.server.port, {cookie: t.cookie, origin: 'https://evil.example'})).to.deep.equal({opened: false, status: 403})
    expect(await upgrade(t.server.port, {cookie: t.cookie, host: 'evil.example'})).to.deep.equal({opened: false, status: 403})
    expect(await upgrade(t.server.port, {cookie: t.cookie, origin: `http://${host}`})).to.deep.equal({opened: true})
  })

  it('runs a shell over the WebSocket and resizes it', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${t.server.port}/pty?cols=80&rows=24`, {headers: {cookie: t.cookie}})
    let output = ''
    ws.on('message', (data) => (output += data.toString()))
    await new Promise((resolve) => ws.once('open', resolve))
    ws.send(JSON.stringify({t: 'r', c: 123, r: 45}))
    ws.send(JSON.stringify({t: 'i', d: 'stty size; echo done-$((6*7))\r'}))
    const deadline = Date.now() + 10_000
    while (!output.includes('done-42') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    ws.close()
    expect(output).to.contain('45 123').and.contain('done-42')
  })
})
