// SPDX-License-Identifier: AGPL-3.0-only
import {expect} from 'chai'

import {launchChromium, skipWithoutChromium, typeAndRead, type Chromium} from './browser.js'
import {startTerminal, type Started} from './helpers.js'

describe('terminal in Chromium: the shell', function () {
  this.timeout(90_000)
  let t: Started
  let c: Chromium
  before(async function () {
    skipWithoutChromium(this)
    t = await startTerminal()
    c = await launchChromium()
  })
  after(async () => {
    await c?.close()
    await t?.close()
  })

  it('opens the launch URL, drops the secret from the address bar, and runs `echo hello` in the pty', async () => {
    await c.page.goto(t.server.url)
    expect(c.page.url()).to.equal(`http://127.0.0.1:${t.server.port}/`)
    await c.page.waitForFunction(() => window.govtoolTerminal?.ready)
    const text = await typeAndRead(c.page, 'echo hello', '\nhello')
    expect(text.split('\n').some((line) => line.trim() === 'hello')).to.equal(true)
  })

  it('keeps a scrollback beyond the screen and resizes the pty with the window', async () => {
    await typeAndRead(c.page, 'seq 1 300; echo end-of-seq', 'end-of-seq')
    const lines = await c.page.evaluate(() => window.govtoolTerminal!.view.term.buffer.active.length)
    expect(lines).to.be.greaterThan(300)
    await c.page.setViewportSize({width: 900, height: 600})
    await c.page.waitForFunction(() => window.govtoolTerminal!.view.term.cols < 110)
    const cols = await c.page.evaluate(() => window.govtoolTerminal!.view.term.cols)
    const text = await typeAndRead(c.page, 'echo cols=$(tput cols)', `cols=${cols}`)
    expect(text).to.contain(`cols=${cols}`)
  })

  it('copies the selection with Ctrl+Shift+C and pastes with Ctrl+Shift+V', async () => {
    await c.context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: `http://127.0.0.1:${t.server.port}`})
    await typeAndRead(c.page, 'echo copy-me-123', 'copy-me-123')
    await c.page.evaluate(() => {
      const term = window.govtoolTerminal!.view.term
      const buffer = term.buffer.active
      for (let i = buffer.length - 1; i >= 0; i--) {
        const line = buffer.getLine(i)?.translateToString(true) ?? ''
        if (line.trim() === 'copy-me-123') {
          term.select(0, i, 'copy-me-123'.length)
          return
        }
      }
    })
    await c.page.keyboard.press('Control+Shift+C')
    expect(await c.page.evaluate(() => navigator.clipboard.readText())).to.equal('copy-me-123')
    await c.page.keyboard.type('echo pasted:')
    await c.page.keyboard.press('Control+Shift+V')
    await c.page.keyboard.press('Enter')
    await c.page.waitForFunction(() => window.govtoolTerminal!.view.text().includes('pasted:copy-me-123'))
  })
})
