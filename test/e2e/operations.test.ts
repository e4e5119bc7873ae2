import {cpSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import type {AddressInfo} from 'node:net'
import path from 'node:path'

import Router from '@koa/router'
import {Config} from '@oclif/core'
import {expect} from 'chai'
import {commandId, ERROR_CODES, jsonSchemaOf, parseOperationArgv, inputFromCli, ProjectContext, projectContext, readFileFields, toolDescription, type AnyOperation} from 'govtool/core'
import {errorEnvelope, loopbackGuard, mountOperations, operationPath} from 'govtool/http'
import {cleanupTempDirs, isolatedEnv, loadOperations, makeTempDir, REPO_ROOT, runCli} from 'govtool/testing'
import Koa from 'koa'

const SNAPSHOT = path.join(REPO_ROOT, 'test', 'operation-results.schema.json')

/** Splits an example command line (`<%= config.bin %> esdb rollback --steps 3 --json`) into argv words. */
function exampleArgv(example: string, op: AnyOperation): string[] | undefined {
  const words: string[] = []
  for (const m of example.replace('<%= config.bin %>', '').matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3])
  const command = (op.command ?? op.id.replaceAll('.', ' ')).split(' ')
  if (command.some((w, i) => words[i] !== w)) return undefined
  // shell syntax, and absolute paths (a server confines paths to its project by design: tested apart)
  if (words.some((w) => /[|<>;&$`]/.test(w) || path.isAbsolute(w))) return undefined
  return words.slice(command.length)
}

const VOLATILE_NUMBERS = new Set(['ms', 'elapsed_ms', 'duration_ms', 'took_ms', 'bytes', 'wal_bytes', 'bytes_before', 'bytes_after', 'pid', 'pgid', 'started_at'])

/** Replaces what legitimately differs between two runs (times, durations, hashes over times) with markers. */
function normalise(value: unknown, root: string, key = ''): unknown {
  if (typeof value === 'string') {
    return value
      .replaceAll(root, '<root>')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z?/g, '<ts>')
      .replace(/\d{8}T\d{6}Z/g, '<ts>')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z/g, '<ts>')
      .replace(/logs\/\d+-/g, 'logs/<pid>-')
      // chat's block and session ids (`blk_` / `sess_` + 12 hex, as the older tool wrote them)
      .replace(/\b(blk|sess)_[0-9a-f]{12}\b/g, '$1_<hex>')
      .replace(/\b[0-9a-f]{12,64}\b/g, '<hex>')
  }
  if (typeof value === 'number') return VOLATILE_NUMBERS.has(key) ? 0 : value
  if (Array.isArray(value)) return value.map((v) => normalise(v, root))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, root, k)]))
  return value
}

describe('operation layer', function () {
  // one CLI process and one HTTP call per example of every operation: about a minute on a quiet 2-core machine, over ten at
  // load average 10 (a loaded fresh-clone run timed out at 10 minutes); a correctness test, never a timing one
  this.timeout(1_500_000)
  let operations: AnyOperation[]
  before(async () => {
    operations = await loadOperations()
  })
  after(cleanupTempDirs)

  it('every command of govtool and its plugins is a declared operation', async () => {
    const config = await Config.load(REPO_ROOT)
    const ids = new Map(operations.map((op) => [commandId(op), op.id]))
    const notOperations = config.commands
      .filter((c) => c.pluginName === 'govtool' || c.pluginName?.startsWith('@govtool/'))
      .filter((c) => {
        const operationId = (c as unknown as {operationId?: string}).operationId
        return !operationId || operationId !== ids.get(c.id)
      })
      .map((c) => c.id)
    expect(notOperations, 'commands that are not generated from an operation').to.deep.equal([])
    expect(new Set(operations.map((op) => op.id)).size, 'operation ids are unique').to.equal(operations.length)
  })

  it('freezes every result schema in test/operation-results.schema.json', () => {
    const schemas = Object.fromEntries([...operations].sort((a, b) => a.id.localeCompare(b.id)).map((op) => [op.id, jsonSchemaOf(op.result)]))
    if (process.env.UPDATE_SURFACE) writeFileSync(SNAPSHOT, JSON.stringify(schemas, null, 2) + '\n')
    const frozen = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as typeof schemas
    expect(schemas, 'a result shape changed: if on purpose, run UPDATE_SURFACE=1 npm run test:only and list it in the change').to.deep.equal(frozen)
  })

  it('describes every operation as a tool whose input schema is a JSON object schema', () => {
    for (const op of operations) {
      const tool = toolDescription(op)
      expect(tool.name, op.id).to.match(/^[a-zA-Z0-9_-]{1,64}$/)
      expect(tool.inputSchema.type, op.id).to.equal('object')
      expect(tool.description.length, op.id).to.be.greaterThan(10)
    }
  })

  it('confines paths to the project over HTTP', async () => {
    const project = makeTempDir('govtool-ops-confine-')
    const app = new Koa()
    const router = new Router()
    mountOperations(router, operations, {context: projectContext(new ProjectContext(project), 'http')})
    app.use(errorEnvelope()).use(loopbackGuard()).use(router.routes())
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const {port} = server.address() as AddressInfo
      const response = await fetch(`http://127.0.0.1:${port}/esdb/export`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({output: '../outside.json'})})
      expect(response.status).to.equal(403)
      expect(((await response.json()) as {error: {code: string}}).error.code).to.equal('E_PATH_ESCAPE')
    } finally {
      server.close()
    }
  })

  it('gives identical results through the CLI and through an HTTP server mounting every operation', async () => {
    const pristine = makeTempDir('govtool-ops-pristine-')
    const home = makeTempDir('govtool-ops-home-')
    const env = isolatedEnv(home, {GOVTOOL_UPDATE_HOST: 'http://127.0.0.1:9', OLLAMA_HOST: 'http://127.0.0.1:9', GOVTOOL_HUB_URL: 'http://127.0.0.1:9', GOVTOOL_HUB_DATASETS_URL: 'http://127.0.0.1:9'})
    const init = await runCli(['init', '--config', path.join(REPO_ROOT, 'test', 'fixtures', 'ops-scaffold.yml'), '--output-dir', pristine, '--guided'], {env})
    expect(init.code, init.stderr).to.equal(0)
    const source = path.join(pristine, 'ops-demo')
    const work = path.join(makeTempDir('govtool-ops-work-'), 'ops-demo')
    const saved = {...process.env}
    Object.assign(process.env, env)
    const compared: string[] = []
    try {
      // servers (effect 'serve') run until stopped; their own tests cover them
      for (const op of operations.filter((o) => o.effect !== 'serve')) {
        for (const example of op.examples ?? []) {
          const argv = exampleArgv(example, op)
          if (!argv) continue
          const parsed = parseOperationArgv(op, argv.filter((a) => a !== '--json'))
          if (!parsed) continue
          let raw: Record<string, unknown>
          try {
            raw = inputFromCli(op, parsed)
          } catch {
            continue
          }
          rmSync(work, {recursive: true, force: true})
          cpSync(source, work, {recursive: true})
          // a passthrough command (exec) hands every word after its own to the child: govtool's flags go first
          const own = ['--json', ...(op.project ? ['--project-dir', work] : [])]
          const words = argv.filter((a) => a !== '--json')
          const cli = await runCli([...(op.command ?? op.id.replaceAll('.', ' ')).split(' '), ...(op.cli?.passthrough ? [...own, ...words] : [...words, ...own])], {cwd: work, env})
          let viaCli: unknown
          try {
            // a JSON-lines command (dispatch run) streams events first: its result is the last line
            viaCli = JSON.parse(op.cli?.jsonLines ? (cli.stdout.trim().split('\n').at(-1) ?? '') : cli.stdout)
          } catch {
            throw new Error(`${op.id}: ${example}: the CLI printed no JSON (exit ${cli.code}): ${cli.stderr.slice(0, 500)}`)
          }

          rmSync(work, {recursive: true, force: true})
          cpSync(source, work, {recursive: true})
          // the CLI reads the files its file fields name; over HTTP the same fields carry the contents
          const cwdBefore = process.cwd()
          process.chdir(work)
          try {
            raw = await readFileFields(op, raw)
          } catch {
            continue
          } finally {
            process.chdir(cwdBefore)
          }
          const app = new Koa()
          const router = new Router()
          mountOperations(router, operations, {context: projectContext(new ProjectContext(work), 'http')})
          app.use(errorEnvelope()).use(loopbackGuard()).use(router.routes())
          const server = app.listen(0, '127.0.0.1')
          await new Promise((resolve) => server.once('listening', resolve))
          const cwd = process.cwd()
          process.chdir(work)
          try {
            const {port} = server.address() as AddressInfo
            const response = await fetch(`http://127.0.0.1:${port}${operationPath(op)}`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(raw)})
            const viaHttp = (await response.json()) as {error?: {code: keyof typeof ERROR_CODES}}
            const label = `${op.id}: ${example}`
            if (viaHttp.error) expect(response.status, label).to.equal(ERROR_CODES[viaHttp.error.code].http)
            else expect(response.status, label).to.equal(200)
            expect(normalise(viaHttp, work), label).to.deep.equal(normalise(viaCli, work))
            compared.push(op.id)
          } finally {
            process.chdir(cwd)
            server.close()
          }
        }
      }
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
      Object.assign(process.env, saved)
    }
    const uncovered = operations.filter((op) => op.effect !== 'serve').map((op) => op.id).filter((id) => !compared.includes(id))
    expect(uncovered, 'operations without an example that both transports ran').to.deep.equal([])
  })
})
