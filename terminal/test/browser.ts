// SPDX-License-Identifier: AGPL-3.0-only
/**
 * Real Chromium for the browser tests: playwright-core drives the system's /usr/bin/chromium (installed by
 * .ci/run with the system package manager). Without it, the browser tests skip and say why.
 */
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type {BrowserContext, Page} from 'playwright-core'

import {raw, type Started} from './helpers.js'

export const CHROMIUM = process.env.GOVTOOL_CHROMIUM ?? '/usr/bin/chromium'

export function skipWithoutChromium(ctx: Mocha.Context): void {
  if (!existsSync(CHROMIUM)) {
    console.log(`    (skipped: no Chromium at ${CHROMIUM}; .ci/run installs it with apt-get)`)
    ctx.skip()
  }
}

export interface Chromium {
  context: BrowserContext
  page: Page
  close(): Promise<void>
}

export async function launchChromium(): Promise<Chromium> {
  const {chromium} = await import('playwright-core')
  const profile = mkdtempSync(path.join(os.tmpdir(), 'govtool-chromium-'))
  // a fresh --user-data-dir per launch (playwright passes it for a persistent context)
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: {width: 1280, height: 800},
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  const page = context.pages()[0] ?? (await context.newPage())
  return {
    context,
    page,
    async close() {
      await context.close()
      rmSync(profile, {recursive: true, force: true})
    },
  }
}

/** Types into the xterm and waits until its buffer shows `expected`. */
export async function typeAndRead(page: Page, input: string, expected: string, timeout = 15_000): Promise<string> {
  await page.locator('#term .xterm').click()
  // a clean prompt line whatever an earlier step left on it (readline's unix-line-discard)
  await page.keyboard.press('Control+U')
  await page.keyboard.type(input)
  await page.keyboard.press('Enter')
  await page.waitForFunction((text) => window.govtoolTerminal?.view.text().includes(text), expected, {timeout})
  return page.evaluate(() => window.govtoolTerminal!.view.text())
}

/**
 * Waits until the terminal reports its managed children healthy (`servers`), then opens the app in a new
 * Chromium and waits for the page to be ready.
 */
export async function openApp(t: Started, servers: ('governance' | 'serve')[] = []): Promise<Chromium> {
  const deadline = Date.now() + 60_000
  while (servers.length > 0 && Date.now() < deadline) {
    const s = JSON.parse((await raw(t.server.port, '/api/terminal/state', {host: `127.0.0.1:${t.server.port}`, cookie: t.cookie})).body)
    if (servers.every((name) => s[name]?.healthy)) break
    await new Promise((r) => setTimeout(r, 200))
  }
  const c = await launchChromium()
  await c.page.goto(t.server.url)
  await c.page.waitForFunction(() => window.govtoolTerminal?.ready)
  return c
}
