// SPDX-License-Identifier: AGPL-3.0-only
import {expect} from 'chai'

import {findGovtool} from '../src/server/child.js'
import {freePort, raw, startTerminal, type Started} from './helpers.js'

async function state(t: Started): Promise<{governance: {healthy: boolean; version: string | null; child: {state: string; pid: number | null; restarts: number} | null}}> {
  const res = await raw(t.server.port, '/api/terminal/state', {host: `127.0.0.1:${t.server.port}`, cookie: t.cookie})
  return JSON.parse(res.body)
}

async function until<T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms
  let last: T = await probe()
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`)
    await new Promise((r) => setTimeout(r, 150))
    last = await probe()
  }
  return last
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('terminal: the managed governance server (I3)', function () {
  this.timeout(90_000)

  it('spawns govtool governance-serve at start-up, restarts it when it dies, stops it on exit', async () => {
    const governancePort = await freePort()
    const t = await startTerminal({governancePort, manageGovernance: true})
    try {
      const up = await until('the governance server', () => state(t), (s) => s.governance.healthy)
      expect(up.governance.version).to.be.a('string')
      const first = up.governance.child!.pid!
      expect(up.governance.child!.state).to.equal('running')
      // the page reaches it through the same-origin proxy
      const health = await raw(t.server.port, '/gov/health', {host: `127.0.0.1:${t.server.port}`, cookie: t.cookie})
      expect(JSON.parse(health.body).status).to.equal('ok')
      process.kill(first, 'SIGKILL')
      const again = await until('the restart', () => state(t), (s) => s.governance.healthy && s.governance.child!.pid !== first && s.governance.child!.pid !== null)
      expect(again.governance.child!.restarts).to.equal(1)
      const second = again.governance.child!.pid!
      await t.server.close()
      expect(alive(second)).to.equal(false)
      expect(t.server.governance!.snapshot().state).to.equal('stopped')
    } finally {
      await t.close()
    }
  })

  it('without govtool on PATH: state missing, the terminal still serves and the proxy answers 502 JSON', async () => {
    const t = await startTerminal({governancePort: await freePort(), manageGovernance: true, env: {GOVTOOL_BIN: '', PATH: '/nonexistent'}})
    try {
      const s = await state(t)
      expect(s.governance.healthy).to.equal(false)
      expect(s.governance.child!.state).to.equal('missing')
      const res = await raw(t.server.port, '/gov/health', {host: `127.0.0.1:${t.server.port}`, cookie: t.cookie})
      expect(res.status).to.equal(502)
      expect(JSON.parse(res.body).error.code).to.equal('E_UPSTREAM_DOWN')
      expect((await raw(t.server.port, '/', {host: `127.0.0.1:${t.server.port}`, cookie: t.cookie})).status).to.equal(200)
    } finally {
      await t.close()
    }
  })

  it('finds govtool through GOVTOOL_BIN (a script runs with this node) or PATH', () => {
    expect(findGovtool({GOVTOOL_BIN: '/x/bin/run.js'})).to.deep.equal({command: process.execPath, prefix: ['/x/bin/run.js']})
    expect(findGovtool({PATH: '/nonexistent'})).to.equal(undefined)
  })
})
