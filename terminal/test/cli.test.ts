// SPDX-License-Identifier: AGPL-3.0-only
import {expect} from 'chai'
import {spawn, spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {freePort, GOVTOOL_BIN, raw, TERMINAL_ROOT} from './helpers.js'

const BIN = path.join(TERMINAL_ROOT, 'bin', 'govtool-terminal.js')

describe('govtool-terminal (the binary)', function () {
  this.timeout(90_000)

  it('--help prints the usage; an unknown flag exits 2 with the usage', () => {
    const help = spawnSync(process.execPath, [BIN, '--help'], {encoding: 'utf8'})
    expect(help.status).to.equal(0)
    expect(help.stdout).to.contain('Usage: govtool-terminal [--dag-id ID] [--port N] [--no-open] [--governance-port N]')
    const bad = spawnSync(process.execPath, [BIN, '--frobnicate'], {encoding: 'utf8'})
    expect(bad.status).to.equal(2)
    expect(bad.stderr).to.contain('Usage:')
    const port = spawnSync(process.execPath, [BIN, '--port', 'x', '--no-open'], {encoding: 'utf8'})
    expect(port.status).to.equal(2)
    expect(port.stderr).to.contain('--port must be a port number')
  })

  it('--no-open prints the launch URL (with --dag-id), serves it, and on SIGTERM stops its managed children and exits 0', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'govtool-terminal-cli-'))
    const [governancePort, apiPort] = [await freePort(), await freePort()]
    const child = spawn(process.execPath, [BIN, '--no-open', '--dag-id', 'dag-1', '--governance-port', String(governancePort), '--api-port', String(apiPort)], {cwd: home, env: {...process.env, GOVTOOL_HOME: home, GOVTOOL_BIN}, stdio: ['ignore', 'pipe', 'pipe']})
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = ''
        child.stdout.on('data', (d) => {
          out += String(d)
          const m = /govtool-terminal on (\S+)/.exec(out)
          if (m) resolve(m[1])
        })
        child.once('exit', (code) => reject(new Error(`exited ${code}`)))
      })
      expect(url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/\?t=[\w-]{43}&dag=dag-1$/)
      const port = Number(new URL(url).port)
      const launch = await raw(port, new URL(url).pathname + new URL(url).search, {host: `127.0.0.1:${port}`})
      expect(launch.status).to.equal(302)
      expect(launch.headers.location).to.equal('/?dag=dag-1')
      const cookie = String(launch.headers['set-cookie']).split(';')[0]
      const deadline = Date.now() + 60_000
      let state = JSON.parse((await raw(port, '/api/terminal/state', {host: `127.0.0.1:${port}`, cookie})).body)
      while (!(state.governance.healthy && state.serve.healthy) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200))
        state = JSON.parse((await raw(port, '/api/terminal/state', {host: `127.0.0.1:${port}`, cookie})).body)
      }
      expect(state.dag_id).to.equal('dag-1')
      expect(state.governance.healthy && state.serve.healthy).to.equal(true)
      const pids = [state.governance.child.pid, state.serve.child.pid] as number[]
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      child.kill('SIGTERM')
      expect(await exited).to.equal(0)
      for (const pid of pids) expect(() => process.kill(pid, 0), String(pid)).to.throw()
    } finally {
      child.kill('SIGKILL')
      rmSync(home, {recursive: true, force: true})
    }
  })
})
