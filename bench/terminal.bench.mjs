/* global window -- the page.evaluate callbacks run in the browser */
// govtool-terminal (terminal/): time to interactive (launch URL to a shell prompt in the page), rendering a DAG of
// 500 nodes in the dispatch panel, and pty -> page throughput (bytes from the shell's output to xterm's buffer).
// Real Chromium (/usr/bin/chromium) through playwright-core; without it the rows say so. Short runs.
import {existsSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

const CHROMIUM = process.env.GOVTOOL_CHROMIUM ?? '/usr/bin/chromium'

export default async function terminalBench(lib) {
  if (!existsSync(CHROMIUM)) return [{name: 'terminal benches', value: NaN, unit: '', note: `skipped: no Chromium at ${CHROMIUM}`}]
  const {startTerminalServer} = await import(pathToFileURL(path.join(lib.REPO_ROOT, 'terminal', 'dist', 'server', 'server.js')).href)
  const {chromium} = await import('playwright-core')
  const home = lib.tempDir('govtool-bench-terminal-')
  const secret = 'bench-secret'
  const env = {...process.env, GOVTOOL_HOME: home, GOVTOOL_TERMINAL_SHELL: '/bin/bash', PS1: '$ '}
  const server = await startTerminalServer({port: 0, secret, governancePort: 1, dataDir: home, cwd: home, manageGovernance: false, env})
  const context = await chromium.launchPersistentContext(lib.tempDir('govtool-bench-chromium-'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: {width: 1280, height: 800},
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  const rows = []
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    const tti = []
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      await page.goto(server.url)
      await page.waitForFunction(() => window.govtoolTerminal?.ready && window.govtoolTerminal.view.received() > 0)
      tti.push(performance.now() - started)
    }
    rows.push({name: 'time to interactive (launch URL to shell prompt in the page)', value: lib.median(tti), unit: 'ms', target: '< 1500 ms'})

    const dag = await page.evaluate(() => {
      const nodes = []
      for (let i = 0; i < 500; i++) nodes.push({id: `n${i}`, depends_on: i === 0 ? [] : [`n${Math.floor(i / 2)}`, ...(i > 3 ? [`n${i - 3}`] : [])]})
      const times = []
      for (let r = 0; r < 5; r++) times.push(window.govtoolTerminal.renderDag(nodes))
      return times
    })
    rows.push({name: 'DAG render, 500 nodes (events -> layout -> SVG)', value: lib.median(dag), unit: 'ms', target: '< 250 ms'})

    const bytes = 8 * 1024 * 1024
    await page.locator('#term .xterm').click()
    const before = await page.evaluate(() => window.govtoolTerminal.view.received())
    const started = performance.now()
    await page.keyboard.type(`head -c ${bytes} /dev/zero | tr '\\0' 'x' | fold -w 120; echo BENCH-$((40+2))-DONE`)
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => window.govtoolTerminal.view.text().includes('BENCH-42-DONE'), undefined, {timeout: 120_000, polling: 50})
    const seconds = (performance.now() - started) / 1000
    const received = (await page.evaluate(() => window.govtoolTerminal.view.received())) - before
    rows.push({name: 'pty -> page throughput (8 MiB of output into xterm)', value: received / 1024 / 1024 / seconds, unit: 'MB/s', target: '> 2 MB/s', note: `${(received / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(2)} s`})
  } finally {
    await context.close()
    await server.close()
  }
  return rows
}
