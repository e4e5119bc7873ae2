// SPDX-License-Identifier: AGPL-3.0-only
/** `govtool-terminal [--dag-id ID] [--port N] [--no-open] [--governance-port N]` */
import {spawn} from 'node:child_process'
import {parseArgs} from 'node:util'

import {newSecret} from './security.js'
import {startTerminalServer} from './server.js'
import {configuredPort, dataDir} from './settings.js'

const USAGE = `Usage: govtool-terminal [--dag-id ID] [--port N] [--no-open] [--governance-port N] [--api-port N]

A local terminal with an agent pane, settings and a live dispatch view, served on 127.0.0.1 and opened in your browser.
It starts \`govtool governance-serve\` and \`govtool serve\` as managed children (govtool from PATH, or GOVTOOL_BIN); every model request goes through the governance server.

  --dag-id ID            open the dispatch panel on this run
  --port N               port of the terminal (default: a free one)
  --governance-port N    port of the governance server (default: governance_port in ~/.govtool/config.yml, else 7700)
  --api-port N           port of the API server (default: api_port in ~/.govtool/config.yml, else 8421)
  --no-open              print the address instead of opening a browser`

function openBrowser(url: string): void {
  const [command, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]]
  const child = spawn(command as string, args as string[], {stdio: 'ignore', detached: true})
  child.on('error', () => process.stderr.write(`Could not open a browser; open ${url}\n`))
  child.unref()
}

export async function main(argv: string[]): Promise<number> {
  let values
  try {
    ;({values} = parseArgs({args: argv, options: {'dag-id': {type: 'string'}, port: {type: 'string'}, 'governance-port': {type: 'string'}, 'api-port': {type: 'string'}, 'no-open': {type: 'boolean', default: false}, help: {type: 'boolean', short: 'h', default: false}}, strict: true}))
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`)
    return 2
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const dir = dataDir()
  const port = values.port === undefined ? 0 : Number(values.port)
  const governancePort = values['governance-port'] === undefined ? configuredPort(dir, 'governance_port', 7700) : Number(values['governance-port'])
  const servePort = values['api-port'] === undefined ? configuredPort(dir, 'api_port', 8421) : Number(values['api-port'])
  for (const [name, value] of [['--port', port], ['--governance-port', governancePort], ['--api-port', servePort]] as const) {
    if (!Number.isInteger(value) || value < 0 || value > 65_535) {
      process.stderr.write(`${name} must be a port number (0-65535).\n`)
      return 2
    }
  }
  const server = await startTerminalServer({port, secret: newSecret(), governancePort, servePort, dataDir: dir, cwd: process.cwd(), dagId: values['dag-id']})
  process.stdout.write(`govtool-terminal on ${server.url}\n`)
  if (!server.governance?.snapshot().command) process.stderr.write('govtool is not on PATH: the terminal runs without the governance gate (Settings > Governance shows a red dot).\n')
  if (!values['no-open']) openBrowser(server.url)
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  await server.close()
  return 0
}
