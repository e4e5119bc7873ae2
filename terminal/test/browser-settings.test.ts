// SPDX-License-Identifier: AGPL-3.0-only
import {expect} from 'chai'
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import type {Page} from 'playwright-core'

import {openApp, skipWithoutChromium, typeAndRead, type Chromium} from './browser.js'
import {freePort, raw, startTerminal, type Started} from './helpers.js'

async function openSettings(page: Page, name: string): Promise<void> {
  await page.click('#tabs button[data-view=settings]')
  await page.click(`#settings-${name}`)
  await page.waitForSelector(`#settings-page[data-page=${name}][data-ready=true]`)
}

async function press(page: Page, id: string, expected: string | RegExp): Promise<string> {
  await page.click(`#esdb-${id}`)
  await page.waitForFunction(() => !['', '…'].includes(document.getElementById('esdb-out')?.textContent ?? ''))
  const text = (await page.textContent('#esdb-out')) ?? ''
  expect(text, id).to.match(typeof expected === 'string' ? new RegExp(expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : expected)
  expect(text, id).not.to.match(/^Error/)
  return text
}

describe('terminal in Chromium: settings', function () {
  this.timeout(120_000)
  let t: Started
  let c: Chromium
  before(async function () {
    skipWithoutChromium(this)
    t = await startTerminal({governancePort: await freePort(), manageGovernance: true})
    mkdirSync(path.join(t.project, '.govtool', 'eval'), {recursive: true})
    const run = (task: string, condition: string, rep: number, cost: number, passed: boolean) => JSON.stringify({task, condition, rep, tokens: 1000 * rep, cost_usd: cost, passed, quality: passed ? 0.9 : 0.2, rework_turns: passed ? 0 : 2})
    writeFileSync(path.join(t.project, '.govtool', 'eval', 'runs.jsonl'), [run('login-fix', 'governed', 1, 0.02, true), run('login-fix', 'governed', 2, 0.04, false), run('login-fix', 'bare', 1, 0.01, false)].join('\n') + '\n')
    c = await openApp(t, ['governance'])
  })
  after(async () => {
    await c?.close()
    await t?.close()
  })

  it('Governance: green dot, version, endpoint, channel pill, VRAM (unknown without nvidia-smi), num_ctx, phase', async () => {
    await openSettings(c.page, 'governance')
    expect(await c.page.getAttribute('#gov-health-dot', 'data-health')).to.equal('green')
    expect(await c.page.textContent('#gov-version')).to.match(/^\d+\.\d+\.\d+/)
    expect(await c.page.textContent('#gov-endpoint')).to.equal(`http://127.0.0.1:${t.server.governance ? JSON.parse((await raw(t.server.port, '/api/terminal/state', {host: `127.0.0.1:${t.server.port}`, cookie: t.cookie})).body).governance.port : 0}`)
    expect(await c.page.textContent('#gov-channel')).to.equal('Latest')
    expect(await c.page.textContent('#gov-phase')).to.match(/readiness \d+%/)
    const vram = (await c.page.textContent('#gov-vram')) ?? ''
    if (vram.startsWith('unknown')) expect(await c.page.textContent('#gov-recommended')).to.contain('unknown')
    await c.page.fill('#num-ctx', '8192')
    await c.page.click('#num-ctx-save')
    await c.page.waitForFunction(() => document.getElementById('num-ctx-out')?.textContent?.includes('8192'))
    expect(readFileSync(path.join(t.home, 'govtool-terminal_num_ctx'), 'utf8').trim()).to.equal('8192')
  })

  it('ESDB: count and chain, and each button runs its operation through the governance server', async () => {
    await openSettings(c.page, 'esdb')
    await c.page.waitForFunction(() => document.getElementById('esdb-chain')?.textContent === 'valid')
    expect(await c.page.textContent('#esdb-count')).to.match(/^\d+$/)
    await press(c.page, 'refresh', '"chain_valid": true')
    await press(c.page, 'export', 'esdb_export.json')
    expect(JSON.parse(readFileSync(path.join(t.project, '.govtool', 'esdb_export.json'), 'utf8'))).to.have.property('record_count')
    await press(c.page, 'backup', 'esdb_backup_')
    expect(readdirSync(path.join(t.project, '.govtool', 'backups')).some((f) => f.startsWith('esdb_backup_'))).to.equal(true)
    await press(c.page, 'import', '"record_count"')
    await press(c.page, 'rollback', '"steps_requested": 1')
    await press(c.page, 'compact', '"ok": true')
  })

  it('About: switching the update channel persists it in {data_dir}/govtool-terminal_update_channel, across a reload', async () => {
    await openSettings(c.page, 'about')
    await c.page.selectOption('#about-channel', 'Stable')
    await c.page.waitForFunction(() => document.getElementById('about-status')?.textContent?.includes('Stable (saved)'))
    expect(readFileSync(path.join(t.home, 'govtool-terminal_update_channel'), 'utf8')).to.equal('Stable\n')
    await c.page.reload()
    await c.page.waitForFunction(() => window.govtoolTerminal?.ready)
    await openSettings(c.page, 'about')
    expect(await c.page.inputValue('#about-channel')).to.equal('Stable')
    await c.page.click('#about-check')
    await c.page.waitForFunction(() => /govtool \d/.test(document.getElementById('about-status')?.textContent ?? ''))
    await openSettings(c.page, 'governance')
    expect(await c.page.textContent('#gov-channel')).to.equal('Stable')
  })

  it('Agents > AI Providers: R, C, L columns; Sync Scores does not interrupt the shell', async () => {
    await openSettings(c.page, 'providers')
    const headers = await c.page.$$eval('#providers-scores th', (ths) => ths.map((th) => th.textContent))
    expect(headers).to.include.members(['R', 'C', 'L'])
    expect(await c.page.$$eval('#providers-scores tbody tr', (rows) => rows.length)).to.be.greaterThan(0)
    await c.page.click('#providers-sync')
    await c.page.waitForFunction(() => !['', '…'].includes(document.getElementById('providers-out')?.textContent ?? ''))
    expect(await c.page.textContent('#providers-out')).not.to.match(/^Error/)
    await c.page.click('#tabs button[data-view=terminal]')
    await typeAndRead(c.page, 'echo still-$((40+2))', 'still-42')
  })

  it('Skills and Eval: the installed skills, the run history and cost-of-pass', async () => {
    await openSettings(c.page, 'skills')
    expect(await c.page.textContent('#settings-page')).to.match(/No skills installed|Skill/)
    await openSettings(c.page, 'eval')
    expect(await c.page.$$eval('#eval-runs tbody tr', (rows) => rows.length)).to.equal(3)
    const cop = await c.page.$$eval('#eval-cost-of-pass tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)))
    expect(cop).to.deep.include(['login-fix', 'governed', '2', '50%', '$0.0300', '$0.0600'])
    expect(cop).to.deep.include(['login-fix', 'bare', '1', '0%', '$0.0100', '∞ (no pass)'])
  })
})
