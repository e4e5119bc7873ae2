import {spawn} from 'node:child_process'
import {cpSync, readdirSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {expect} from 'chai'
import {BIN, cleanupTempDirs, isolatedEnv, makeTempDir, REPO_ROOT, runCli} from 'govtool/testing'

import {MCP_TOOL_OPERATIONS} from '../src/lib/tools.js'

/** The preflight plugin's fixture: 15 requirements, tests, a ledger, phase implementation. */
const NOTES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'preflight', 'test', 'fixtures', 'notes')

interface ToolResult {
  isError?: boolean
  content: Array<{type: string; text?: string}>
  structuredContent?: Record<string, unknown>
}

function notesProject(): {dir: string; env: NodeJS.ProcessEnv} {
  const dir = makeTempDir('govtool-mcp-serve-')
  cpSync(NOTES, dir, {recursive: true})
  return {dir, env: {...isolatedEnv(makeTempDir('govtool-mcp-home-')), GOVTOOL_CHECK_RESULTS: '1'}}
}

/** The SDK's own client, spawning `node bin/run.js mcp serve` over stdio. */
async function connect(dir: string, env: NodeJS.ProcessEnv): Promise<{client: Client; stderr: () => string}> {
  const transport = new StdioClientTransport({command: process.execPath, args: [BIN, 'mcp', 'serve', '--project-dir', dir], env: env as Record<string, string>, stderr: 'pipe'})
  let stderr = ''
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
  const client = new Client({name: 'govtool-test', version: '1.0.0'})
  await client.connect(transport)
  return {client, stderr: () => stderr}
}

describe('mcp serve', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)

  it('lists the governance operations as tools with their input schemas and hints', async () => {
    const {dir, env} = notesProject()
    const {client} = await connect(dir, env)
    try {
      const {tools} = await client.listTools()
      expect(tools.map((t) => t.name)).to.deep.equal(MCP_TOOL_OPERATIONS.map((id) => id.replaceAll('.', '_')))
      const preflight = tools.find((t) => t.name === 'preflight')!
      expect(preflight.inputSchema.type).to.equal('object')
      expect(preflight.inputSchema.required).to.deep.equal(['utterance'])
      expect(Object.keys(preflight.inputSchema.properties ?? {})).to.deep.equal(['utterance', 'verbose', 'stress'])
      expect(preflight.description).to.match(/^Decide whether a request may proceed/)
      expect(tools.find((t) => t.name === 'esdb_status')!.annotations).to.include({readOnlyHint: true, destructiveHint: false})
      expect(tools.find((t) => t.name === 'ledger_add')!.annotations?.readOnlyHint).to.equal(false)
      expect(client.getServerVersion()?.name).to.equal('govtool')
    } finally {
      await client.close()
    }
  })

  it('answers preflight as the CLI does: an accepted and a rejected request', async () => {
    const {dir, env} = notesProject()
    const {client, stderr} = await connect(dir, env)
    try {
      const accepted = (await client.callTool({name: 'preflight', arguments: {utterance: 'fix the login timeout'}})) as ToolResult
      expect(accepted.isError ?? false).to.equal(false)
      expect(accepted.structuredContent).to.include({decision: 'accepted', intent: 'change'})
      expect(accepted.structuredContent?.requirement_ids).to.include('REQ-AUTH-002')
      expect(JSON.parse(accepted.content[0].text!)).to.deep.equal(accepted.structuredContent)

      const rejected = (await client.callTool({name: 'preflight', arguments: {utterance: 'delete LEDGER.md and start a fresh one'}})) as ToolResult
      // a refusal is the tool's answer, not a tool error
      expect(rejected.isError ?? false).to.equal(false)
      expect(rejected.structuredContent?.decision).to.equal('rejected')
      expect(String(rejected.structuredContent?.instruction)).to.match(/LEDGER\.md is a protected path/)

      const cli = await runCli(['preflight', 'delete LEDGER.md and start a fresh one', '--json', '--project-dir', dir], {env})
      expect(cli.code).to.equal(3)
      expect(cli.json()).to.deep.equal(rejected.structuredContent)
      expect(stderr()).to.match(/govtool MCP server on stdio for .*: 11 tools/)
    } finally {
      await client.close()
    }
  })

  it('answers bad input with a tool error carrying the govtool code and hint, and keeps serving', async () => {
    const {dir, env} = notesProject()
    const {client} = await connect(dir, env)
    try {
      const wrongType = (await client.callTool({name: 'preflight', arguments: {utterance: 42}})) as ToolResult
      expect(wrongType.isError).to.equal(true)
      expect(wrongType.content[0].text).to.match(/^E_INPUT: Invalid input: utterance: Expected string, received number\.\nHint: The arguments are a JSON object/)
      expect(wrongType.structuredContent?.error).to.include({code: 'E_INPUT', exit: 2})

      const unknownField = (await client.callTool({name: 'ledger_list', arguments: {since: '2025-01-01', project_dir: '/etc'}})) as ToolResult
      expect(unknownField.isError).to.equal(true)
      expect(unknownField.content[0].text).to.contain("Unknown argument 'project_dir'")

      const badDate = (await client.callTool({name: 'ledger_list', arguments: {since: 'yesterday'}})) as ToolResult
      expect(badDate.isError).to.equal(true)
      expect(badDate.content[0].text).to.match(/since: must be a date as YYYY-MM-DD/)

      // an operation's own refusal (stdin is a command-line option) is a tool error too
      const stdin = (await client.callTool({name: 'verify', arguments: {stdin: true}})) as ToolResult
      expect(stdin.isError).to.equal(true)
      expect(stdin.structuredContent?.error).to.include({code: 'E_INPUT'})

      let protocolError: Error | undefined
      try {
        await client.callTool({name: 'rm_rf', arguments: {}})
      } catch (error) {
        protocolError = error as Error
      }
      expect(protocolError?.message).to.match(/Unknown tool 'rm_rf'/)

      // still serving
      const status = (await client.callTool({name: 'esdb_status', arguments: {}})) as ToolResult
      expect(status.isError ?? false).to.equal(false)
      expect(status.structuredContent).to.include({chain_valid: true})
    } finally {
      await client.close()
    }
  })

  it('writes through the operations: ledger_add records an entry that ledger_list and audit see', async () => {
    const {dir, env} = notesProject()
    const {client} = await connect(dir, env)
    try {
      const added = (await client.callTool({name: 'ledger_add', arguments: {description: 'Shorten the session timeout', type: 'fix', reqs: ['REQ-AUTH-002'], author: 'agent'}})) as ToolResult
      expect(added.isError ?? false, added.content[0].text).to.equal(false)
      expect(readFileSync(path.join(dir, 'LEDGER.md'), 'utf8')).to.contain('Shorten the session timeout')
      const listed = (await client.callTool({name: 'ledger_list', arguments: {}})) as ToolResult
      const entries = listed.structuredContent?.entries as Array<{description: string; reqs: string[]}>
      expect(entries.at(-1)).to.include({description: 'Shorten the session timeout'})
      expect(entries.at(-1)?.reqs).to.deep.equal(['REQ-AUTH-002'])
      const trace = (await client.callTool({name: 'req_trace', arguments: {}})) as ToolResult
      expect(trace.isError ?? false, trace.content[0].text).to.equal(false)
      const verify = (await client.callTool({name: 'verify', arguments: {files_changed: ['src/auth/session.ts'], test_results: {passed: 3, failed: 1}}})) as ToolResult
      expect(verify.structuredContent).to.include({equilibrium: false, retry_strategy: 'fix_tests'})
    } finally {
      await client.close()
    }
  })

  it('exits 0 when its stdin closes', async () => {
    const {dir, env} = notesProject()
    const child = spawn(process.execPath, [BIN, 'mcp', 'serve', '--project-dir', dir], {env, stdio: ['pipe', 'pipe', 'pipe']})
    let stdout = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')))
    child.stdin.end()
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).to.equal(0)
    // stdout belongs to the protocol: nothing else is printed on it
    expect(stdout).to.equal('')
  })

  it('loads the SDK only in mcp serve', async () => {
    // the bundle's chunks that hold the SDK, found by a string the SDK defines
    const fast = path.join(REPO_ROOT, 'dist', 'fast')
    const sdkChunks = readdirSync(fast).filter((f) => f.endsWith('.js') && readFileSync(path.join(fast, f), 'utf8').includes('io.modelcontextprotocol/related-task'))
    expect(sdkChunks.length).to.be.greaterThan(0)
    const script = `
      import {register} from 'node:module'
      import {MessageChannel} from 'node:worker_threads'
      const {port1, port2} = new MessageChannel()
      const seen = []
      port1.on('message', (url) => seen.push(url))
      const hooks = 'let port; export function initialize(d) { port = d.port } export async function load(url, context, next) { port.postMessage(url); return next(url, context) }'
      register('data:text/javascript,' + encodeURIComponent(hooks), {data: {port: port2}, transferList: [port2]})
      const {runFast} = await import(${JSON.stringify(path.join(fast, 'index.js'))})
      const code = await runFast(process.argv.slice(1))
      await import(${JSON.stringify(path.join(REPO_ROOT, 'plugins', 'mcp', 'dist', 'operations.js'))})
      await new Promise((resolve) => setTimeout(resolve, 100))
      port1.close()
      process.stderr.write('\\nLOADED ' + JSON.stringify({code, seen}) + '\\n')
    `
    const run = (args: string[]) =>
      new Promise<{code: number; seen: string[]}>((resolve, reject) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], {env: isolatedEnv(makeTempDir()), stdio: ['ignore', 'pipe', 'pipe']})
        let stderr = ''
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
        child.on('close', () => {
          const line = stderr.split('\n').find((l) => l.startsWith('LOADED '))
          if (line) resolve(JSON.parse(line.slice(7)) as {code: number; seen: string[]})
          else reject(new Error(stderr))
        })
      })
    const isSdk = (url: string) => url.includes('@modelcontextprotocol') || sdkChunks.some((c) => url.endsWith(`/${c}`))
    const other = await run(['mcp', 'generate', 'search the team wiki', '--json'])
    expect(other.code).to.equal(0)
    expect(other.seen.length).to.be.greaterThan(5)
    expect(other.seen.filter(isSdk)).to.deep.equal([])
    // the probe sees the SDK when it does load: mcp serve, whose stdin (/dev/null) ends at once
    const serve = await run(['mcp', 'serve', '--project-dir', makeTempDir()])
    expect(serve.code).to.equal(0)
    expect(serve.seen.filter(isSdk).length).to.be.greaterThan(0)
  })
})
