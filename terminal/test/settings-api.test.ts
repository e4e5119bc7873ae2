// SPDX-License-Identifier: AGPL-3.0-only
import {expect} from 'chai'
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {configuredPort} from '../src/server/settings.js'
import {raw, startTerminal} from './helpers.js'

describe('terminal: its own settings API', () => {
  it('recommends num_ctx from the detected VRAM, keeps the user\'s choice, and validates channel and num_ctx', async () => {
    const t = await startTerminal({env: {GOVTOOL_TERMINAL_VRAM_GB: '12'}})
    try {
      const headers = {host: `127.0.0.1:${t.server.port}`, cookie: t.cookie, 'content-type': 'application/json'}
      const state = JSON.parse((await raw(t.server.port, '/api/terminal/state', headers)).body)
      expect(state).to.deep.include({recommended_num_ctx: 16384, num_ctx: 16384, update_channel: 'Latest'})
      expect(state.vram).to.deep.equal({gb: 12, source: 'GOVTOOL_TERMINAL_VRAM_GB'})
      expect(existsSync(path.join(t.home, 'govtool-terminal_update_channel'))).to.equal(false)
      const bad = await raw(t.server.port, '/api/terminal/update-channel', headers, 'PUT', '{"channel":"Nightly"}')
      expect(bad.status).to.equal(400)
      expect(JSON.parse(bad.body).error.message).to.contain('Latest or Stable')
      expect((await raw(t.server.port, '/api/terminal/num-ctx', headers, 'PUT', '{"num_ctx":12}')).status).to.equal(400)
      expect((await raw(t.server.port, '/api/terminal/num-ctx', headers, 'PUT', '{"num_ctx":8192}')).status).to.equal(200)
      expect((await raw(t.server.port, '/api/terminal/update-channel', headers, 'PUT', '{"channel":"Stable"}')).status).to.equal(200)
      const after = JSON.parse((await raw(t.server.port, '/api/terminal/state', headers)).body)
      expect(after).to.deep.include({num_ctx: 8192, recommended_num_ctx: 16384, update_channel: 'Stable'})
      expect(readFileSync(path.join(t.home, 'govtool-terminal_update_channel'), 'utf8')).to.equal('Stable\n')
      expect((await raw(t.server.port, '/api/terminal/update-channel', headers, 'PUT', '{not json')).status).to.equal(400)
    } finally {
      await t.close()
    }
  })

  it('reads governance_port and api_port from ~/.govtool/config.yml, else the defaults', async () => {
    const t = await startTerminal()
    try {
      expect(configuredPort(t.home, 'governance_port', 7700)).to.equal(7700)
      writeFileSync(path.join(t.home, 'config.yml'), 'governance_port: 7711\napi_port: 8499\n')
      expect(configuredPort(t.home, 'governance_port', 7700)).to.equal(7711)
      expect(configuredPort(t.home, 'api_port', 8421)).to.equal(8499)
    } finally {
      await t.close()
    }
  })
})
