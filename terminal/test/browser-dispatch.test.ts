// SPDX-License-Identifier: AGPL-3.0-only
import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {openApp, skipWithoutChromium, type Chromium} from './browser.js'
import {freePort, raw, seedNotesProject, startTerminal, type Started} from './helpers.js'

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
function pngSize(file: string): {width: number; height: number} {
  const data = readFileSync(file)
  expect(data.subarray(0, 8).toString('hex')).to.equal('89504e470d0a1a0a')
  expect(data.subarray(12, 16).toString('ascii')).to.equal('IHDR')
  return {width: data.readUInt32BE(16), height: data.readUInt32BE(20)}
}

describe('terminal in Chromium: the dispatch panel', function () {
  this.timeout(180_000)
  // a run picked from the saved-runs list now and then renders late under the full suite: one more try
  this.retries(1)
  let t: Started
  let c: Chromium
  let shots: string
  const host = () => ({host: `127.0.0.1:${t.server.port}`, cookie: t.cookie})
  before(async function () {
    skipWithoutChromium(this)
    shots = mkdtempSync(path.join(os.tmpdir(), 'govtool-terminal-shots-'))
    t = await startTerminal({governancePort: await freePort(), servePort: await freePort(), manageGovernance: true, env: {GOVTOOL_DISABLE_REAL_CHAT: '1'}})
    await seedNotesProject(t.project)
    c = await openApp(t, ['governance', 'serve'])
  })
  after(async () => {
    await c?.close()
    await t?.close()
    if (shots) rmSync(shots, {recursive: true, force: true})
  })

  it('watches a run with a failure (coloured DAG, edges, Gantt), retries the failed node, and screenshots it', async () => {
    const plan = [
      {id: 'notes', title: 'write notes.md with hello', role: 'coder', depends_on: []},
      {id: 'vague', title: 'make it better', role: 'researcher', depends_on: []},
      {id: 'review', title: 'review notes.md', role: 'reviewer', depends_on: ['notes', 'vague']},
    ]
    const started = await raw(t.server.port, '/serve/api/dispatch/run', {...host(), 'content-type': 'application/json'}, 'POST', JSON.stringify({task: 'notes then review', plan}))
    expect(started.status, started.body).to.equal(202)
    const dagId = JSON.parse(started.body).dag_id as string
    await c.page.goto(`http://127.0.0.1:${t.server.port}/?dag=${encodeURIComponent(dagId)}`)
    await c.page.waitForSelector('#view-dispatch.active')
    expect(await c.page.textContent('#dispatch-dag')).to.equal(dagId)
    await c.page.waitForFunction(() => document.getElementById('dispatch-status')?.dataset.done === 'true', undefined, {timeout: 90_000})
    const statuses = await c.page.$$eval('#dag-svg g.node', (gs) => Object.fromEntries(gs.map((g) => [g.getAttribute('data-id'), g.getAttribute('data-status')])))
    expect(statuses.vague).to.equal('FAILED')
    expect(statuses.review).to.equal('BLOCKED')
    expect(Object.keys(statuses)).to.have.members(['notes', 'vague', 'review'])
    // status colours of the spec
    const fills = await c.page.$$eval('#dag-svg g.node', (gs) => Object.fromEntries(gs.map((g) => [g.getAttribute('data-status'), g.querySelector('rect')?.getAttribute('fill')])))
    expect(fills.FAILED).to.equal('#ea4335')
    expect(fills.BLOCKED).to.equal('#f9ab00')
    // review never started, so its one known edge is from the node that blocked it; edges behind the nodes
    expect(await c.page.$$eval('#dag-svg path.edge', (ps) => ps.map((p) => `${p.getAttribute('data-from')}>${p.getAttribute('data-to')}`))).to.include('vague>review')
    expect(await c.page.$eval('#dag-svg', (svg) => [...svg.children].map((ch) => ch.getAttribute('class') ?? ch.tagName))).to.deep.equal(['defs', 'edges', 'nodes'])
    expect(await c.page.$$eval('#gantt-svg rect.gantt-bar', (rs) => rs.length)).to.be.greaterThan(0)

    await c.page.click('#dag-svg g.node[data-id=vague]')
    expect(await c.page.textContent('#detail-payload')).to.contain('Governance preflight blocked')
    expect(await c.page.$('#node-abort')).to.equal(null)
    const before = path.join(shots, 'dispatch-failed.png')
    await c.page.screenshot({path: before})
    expect(pngSize(before)).to.deep.equal({width: 1280, height: 800})
    expect(statSync(before).size).to.be.greaterThan(10_000)

    await c.page.click('#node-retry')
    await c.page.waitForFunction((id) => (document.getElementById('dispatch-dag')?.textContent ?? '').startsWith(`${id}-retry-vague`), dagId, {timeout: 30_000})
    await c.page.waitForFunction(() => document.getElementById('dispatch-status')?.dataset.done === 'true', undefined, {timeout: 90_000})
    const retried = await c.page.$$eval('#dag-svg g.node', (gs) => gs.map((g) => g.getAttribute('data-id')))
    expect(retried).to.deep.equal(['vague'])
    const after = path.join(shots, 'dispatch-retry.png')
    await c.page.screenshot({path: after})
    expect(pngSize(after)).to.deep.equal({width: 1280, height: 800})
    expect(await c.page.isVisible('#dag-svg g.node[data-id=vague]')).to.equal(true)
    const list = JSON.parse((await raw(t.server.port, '/serve/api/dispatch/list', host())).body)
    expect(JSON.stringify(list)).to.contain(`${dagId}-retry-vague`)
    // the saved runs, and back to the original one from the list
    await c.page.focus('#dispatch-runs')
    await c.page.waitForFunction(() => document.querySelectorAll('#dispatch-runs option').length >= 3)
    await c.page.selectOption('#dispatch-runs', dagId)
    await c.page.waitForFunction((id) => document.getElementById('dispatch-dag')?.textContent === id && document.getElementById('dispatch-status')?.dataset.done === 'true', dagId)
    expect(await c.page.$$eval('#dag-svg g.node', (gs) => gs.length)).to.equal(3)
  })
})
