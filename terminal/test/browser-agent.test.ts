// SPDX-License-Identifier: AGPL-3.0-only
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import path from 'node:path'

import {openApp, skipWithoutChromium, type Chromium} from './browser.js'
import {freePort, seedNotesProject, startTerminal, type Started} from './helpers.js'

describe('terminal in Chromium: the agent pane', function () {
  this.timeout(120_000)
  let t: Started
  let c: Chromium
  before(async function () {
    skipWithoutChromium(this)
    t = await startTerminal({governancePort: await freePort(), servePort: await freePort(), manageGovernance: true, env: {GOVTOOL_DISABLE_REAL_CHAT: '1'}})
    await seedNotesProject(t.project)
    c = await openApp(t, ['governance', 'serve'])
  })
  after(async () => {
    await c?.close()
    await t?.close()
  })

  it('runs a chat turn against the stub: plan, messages, a tool call approved, a diff accepted and applied', async () => {
    await c.page.selectOption('#agent-profile', 'safe')
    await c.page.fill('#agent-input', 'write notes.md with hello from the agent')
    await c.page.click('#agent-send')
    await c.page.waitForSelector('#agent-log .tool-approve', {timeout: 20_000}).catch(async (error) => {
      console.log(await c.page.textContent('#agent-log'), JSON.stringify(t.server.serve?.snapshot()))
      throw error
    })
    expect(await c.page.$$eval('#agent-log .block.plan li', (items) => items.length)).to.be.greaterThan(0)
    expect(await c.page.textContent('#agent-log .block.tool_call')).to.contain('write_file')
    await c.page.click('#agent-log .tool-approve')
    await c.page.waitForSelector('#agent-log .block.diff .diff-accept', {timeout: 30_000})
    expect(await c.page.textContent('#agent-log .block.diff pre.diff')).to.contain('hello from the agent')
    await c.page.fill('#agent-log .block.diff .diff-comment', 'looks right')
    await c.page.click('#agent-log .block.diff .diff-accept')
    await c.page.waitForFunction(() => document.getElementById('agent')?.dataset.turns === '1', undefined, {timeout: 30_000})
    expect(await c.page.textContent('#agent-log .block.diff .status')).to.equal('accept')
    expect(readFileSync(path.join(t.project, 'notes.md'), 'utf8')).to.contain('hello from the agent')
    expect(await c.page.textContent('#agent-log')).to.contain('Done:')
    const pct = await c.page.textContent('#agent-fill .fill-pct')
    expect(pct).to.match(/^\d+%$/)
  })

  it('fills the footer bar from the turn\'s usage and compresses before the next turn at 80%', async () => {
    // a recorded task_complete at 82% of the 8192-token window the pane uses without a num_ctx
    await c.page.evaluate(() => window.govtoolTerminal!.agent!.render({type: 'task_complete', summary: 'wrote notes.md', usage: {input_tokens: 6700, output_tokens: 20}}))
    expect(await c.page.textContent('#agent-fill .fill-pct')).to.equal('82%')
    expect(await c.page.getAttribute('#agent-fill .bar', 'class')).to.contain('warn')
    const sent: string[] = []
    c.page.on('request', (r) => {
      if (r.url().endsWith('/api/agent/chat')) sent.push(r.postData() ?? '')
    })
    await c.page.selectOption('#agent-profile', 'standard')
    await c.page.fill('#agent-input', 'read notes.md')
    await c.page.click('#agent-send')
    await c.page.waitForFunction(() => document.getElementById('agent')?.dataset.turns === '2', undefined, {timeout: 60_000})
    expect(await c.page.textContent('#agent-compression')).to.equal('context compressed (80%)')
    const body = JSON.parse(sent[0])
    expect(body).not.to.have.property('session_id')
    expect(body.message).to.contain('Summary of the conversation so far').and.contain('wrote notes.md').and.contain('read notes.md')
    const pct = Number((await c.page.textContent('#agent-fill .fill-pct'))!.replace('%', ''))
    expect(pct).to.be.lessThan(80)
  })

  it('denies a tool, and rejects a diff with a comment: nothing is written', async () => {
    const before = readFileSync(path.join(t.project, 'notes.md'), 'utf8')
    await c.page.selectOption('#agent-profile', 'safe')
    await c.page.fill('#agent-input', 'write notes.md with denied text')
    await c.page.click('#agent-send')
    await c.page.waitForSelector('#agent-log .tool-deny', {timeout: 30_000})
    await c.page.click('#agent-log .tool-deny')
    await c.page.waitForFunction(() => document.getElementById('agent')?.dataset.turns === '3', undefined, {timeout: 30_000})
    expect(await c.page.textContent('#agent-log')).to.contain('denied by the user')
    await c.page.fill('#agent-input', 'write notes.md with rejected text')
    await c.page.click('#agent-send')
    await c.page.waitForSelector('#agent-log .tool-approve', {timeout: 30_000})
    await c.page.click('#agent-log .tool-approve')
    await c.page.waitForSelector('#agent-log .block.diff .diff-reject', {timeout: 30_000})
    await c.page.fill('#agent-log .block.diff .diff-comment', 'use a heading')
    await c.page.click('#agent-log .block.diff .diff-reject')
    await c.page.waitForFunction(() => document.getElementById('agent')?.dataset.turns === '4', undefined, {timeout: 30_000})
    const statuses = await c.page.$$eval('#agent-log .block.diff .status', (els) => els.map((e) => e.textContent))
    expect(statuses.at(-1)).to.equal('reject')
    expect(await c.page.textContent('#agent-log')).to.contain('use a heading')
    expect(readFileSync(path.join(t.project, 'notes.md'), 'utf8')).to.equal(before)
  })
})
