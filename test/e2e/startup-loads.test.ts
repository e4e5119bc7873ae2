/**
 * Start-up of the common commands (issue 14): what a command must NOT load is asserted, not how long it takes
 * (timings on a shared machine prove nothing; bench/commands.bench.mjs measures them). Each command runs as a
 * whole process (bin/run.js) with a probe preloaded that records every module loaded (CommonJS from the module
 * cache, ES modules through a load hook, which reports only what is not CommonJS) and counts WebAssembly
 * compilations. checkpoint and audit count ESDB
 * records and check its chain without the query index (sql.js and its WASM), and no common command loads
 * oclif's plugin list (@oclif/core), execa or yaml's 72 separate files. A control shows the probe sees each. The
 * hot commands run from one CommonJS bundle each, compiled through the code cache (seen in its debug lines, not
 * by the probe); what their code loads lazily is checked on the ES bundle, built from the same sources.
 */
import {spawnSync} from 'node:child_process'
import {closeSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {Config} from '@oclif/core'
import {expect} from 'chai'
import {corePluginList} from 'govtool/core'
import {BIN, cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir, REPO_ROOT} from 'govtool/testing'

const PROBE = `
import Module, {register} from 'node:module'
import {writeFileSync} from 'node:fs'
import {createHook} from 'node:async_hooks'
import {MessageChannel} from 'node:worker_threads'
const {port1, port2} = new MessageChannel()
const esm = []
port1.on('message', (url) => esm.push(url))
port1.unref()
const hooks = 'let port; export function initialize(d) { port = d.port } export async function load(url, context, next) { const r = await next(url, context); if (r.format !== "commonjs") port.postMessage(url); return r }'
register('data:text/javascript,' + encodeURIComponent(hooks), {data: {port: port2}, transferList: [port2]})
let wasm = 0
let stdin = false
const stdinGetter = Object.getOwnPropertyDescriptor(process, 'stdin')
Object.defineProperty(process, 'stdin', {configurable: true, enumerable: stdinGetter.enumerable, get() { stdin = true; return stdinGetter.get.call(this) }})
const streams = []
// asynchronous file operations (each a round trip to libuv's thread pool, which the first one starts)
let fsAsync = 0
createHook({init(_id, type) { if (type.startsWith('FSREQ')) fsAsync++ }}).enable()
for (const name of ['stdout', 'stderr']) {
  const getter = Object.getOwnPropertyDescriptor(process, name)
  Object.defineProperty(process, name, {configurable: true, enumerable: getter.enumerable, get() { if (!streams.includes(name)) streams.push(name); return getter.get.call(this) }})
}
for (const name of ['compile', 'instantiate', 'compileStreaming', 'instantiateStreaming']) {
  const original = WebAssembly[name]
  if (original) WebAssembly[name] = function (...args) { wasm++; return original.apply(this, args) }
}
process.on('exit', () => writeFileSync(process.env.GOVTOOL_PROBE_OUT, JSON.stringify({esm, cjs: Object.keys(Module._cache), wasm, stdin, streams, fsAsync, builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13))})))
`

interface Loaded {
  code: number | null
  stdout: string
  modules: string[]
  /** the ES modules loaded after the probe (Node's ES loader at work) */
  esm: string[]
  /** Node's builtin modules loaded (process.moduleLoadList) */
  builtins: string[]
  /** whether process.stdin was created (touched) */
  stdin: boolean
  /** which of process.stdout and process.stderr were created (touched) */
  streams: string[]
  /** asynchronous file operations started (fs/promises, callbacks) */
  fsAsync: number
  wasm: number
  /** the hot command bundle it ran from (compiled through the code cache, so not in the module lists), if any */
  hot: string | undefined
  /** the libraries compiled through the code cache (its debug lines: `yaml.cjs`, `zod-v3.cjs`, the hot bundle) */
  libraries: string[]
}

describe('start-up: what common commands do not load', function () {
  this.timeout(180_000)
  after(cleanupTempDirs)
  let root: string
  let env: NodeJS.ProcessEnv
  let probe: string

  const run = (args: string[], input?: string, extra: NodeJS.ProcessEnv = {}): Loaded => {
    const out = path.join(makeTempDir('govtool-probe-'), 'loaded.json')
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(probe).href, BIN, ...args], {cwd: root, env: {...env, GOVTOOL_PROBE_OUT: out, GOVTOOL_CODE_CACHE_DEBUG: '1', ...extra}, encoding: 'utf8', input})
    const data = JSON.parse(readFileSync(out, 'utf8')) as {esm: string[]; cjs: string[]; wasm: number; builtins: string[]; stdin: boolean; streams: string[]; fsAsync: number}
    const hot = /^govtool code cache: (hot-\S+\.cjs) /m.exec(r.stderr)?.[1]
    const libraries = [...r.stderr.matchAll(/^govtool code cache: (\S+) /gm)].map((m) => m[1])
    return {code: r.status, stdout: r.stdout, modules: [...data.esm, ...data.cjs], esm: data.esm, builtins: data.builtins, stdin: data.stdin, streams: data.streams, fsAsync: data.fsAsync, wasm: data.wasm, hot, libraries}
  }
  /** ran without oclif: from its hot bundle, or through the ES bundle's runner */
  const fastPath = (loaded: Loaded) => loaded.hot !== undefined || has(loaded, 'dist/fast/index.js')
  const has = (loaded: Loaded, part: string) => loaded.modules.some((m) => m.replaceAll('\\', '/').includes(part))

  before(() => {
    probe = path.join(makeTempDir('govtool-probe-'), 'probe.mjs')
    writeFileSync(probe, PROBE)
    root = makeTempDir('govtool-startup-')
    env = isolatedEnv(makeTempDir(), GIT_TEST_ENV)
    mkdirSync(path.join(root, 'docs', 'governance'), {recursive: true})
    mkdirSync(path.join(root, '.github', 'workflows'), {recursive: true})
    const reqs = ['# Requirements', '']
    const tests = ['# Tests', '']
    for (let i = 1; i <= 20; i++) {
      const id = `REQ-CORE-${String(i).padStart(3, '0')}`
      reqs.push(`### ${id}: Notes feature ${i}`, '- **Status:** implemented', '- **Priority:** P2', `- **Description:** The notes service stores note ${i}.`, '')
      tests.push(`### TEST-CORE-${String(i).padStart(3, '0')}: Checks feature ${i}`, `- **Covers:** ${id}`, '')
    }
    writeFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), reqs.join('\n'))
    writeFileSync(path.join(root, 'docs', 'TESTS.md'), tests.join('\n'))
    writeFileSync(path.join(root, 'scaffold.yml'), 'name: startup\ntype: generic\ndescription: start-up\nvcs_platform: github\naee_phase: implementation\n')
    writeFileSync(path.join(root, 'AGENTS.md'), '# AGENTS.md\n\nRead `docs/REQUIREMENTS.md`.\n')
    writeFileSync(path.join(root, 'docs', 'governance', 'workflow.md'), '# Workflow\n')
    writeFileSync(path.join(root, 'docs', 'architecture.md'), '# Architecture\n\n- core: serves REQ-CORE-001\n')
    writeFileSync(path.join(root, '.github', 'workflows', 'ci.yml'), 'name: CI\non: [push]\njobs:\n  gov:\n    runs-on: ubuntu-latest\n    steps:\n      - run: govtool audit\n')
    writeFileSync(path.join(root, 'LEDGER.md'), '# Change Ledger\n')
    spawnSync('git', ['init', '-q'], {cwd: root, env})
    // an ESDB store with records: what checkpoint counts and audit verifies
    for (const args of [['sync'], ['esdb', 'migrate', '--json'], ['ledger', 'add', 'first entry', '--json']]) {
      const r = spawnSync(process.execPath, [BIN, ...args], {cwd: root, env, encoding: 'utf8'})
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).to.equal(0)
    }
  })

  it('the plugin list read without oclif is the one oclif loads, and is not used once the user has plugins', async () => {
    const saved = process.env.GOVTOOL_DATA_DIR
    const data = makeTempDir('govtool-data-')
    process.env.GOVTOOL_DATA_DIR = data
    try {
      const shape = (list: {name: string; version: string; type: string; root: string; pjson: {govtool?: unknown}}[]) =>
        list.map((p) => ({name: p.name, version: p.version, type: p.type, root: p.root, govtool: p.pjson.govtool ?? null})).sort((a, b) => a.name.localeCompare(b.name))
      const core = corePluginList(REPO_ROOT)
      expect(core).to.not.equal(undefined)
      const oclif = await Config.load(REPO_ROOT)
      expect(shape(core!.getPluginsList() as never)).to.deep.equal(shape(oclif.getPluginsList() as never))
      // a linked or installed plugin: oclif reads the list
      writeFileSync(path.join(data, 'package.json'), JSON.stringify({oclif: {plugins: [{name: 'x', type: 'link', root: data}]}}))
      expect(corePluginList(REPO_ROOT)).to.equal(undefined)
      writeFileSync(path.join(data, 'package.json'), JSON.stringify({oclif: {plugins: []}}))
      expect(corePluginList(REPO_ROOT)).to.not.equal(undefined)
    } finally {
      if (saved === undefined) delete process.env.GOVTOOL_DATA_DIR
      else process.env.GOVTOOL_DATA_DIR = saved
    }
  })

  it('the probe sees oclif, sql.js and its WASM when they load', () => {
    const status = run(['esdb', 'status', '--json'])
    expect(status.code).to.equal(0)
    expect(has(status, 'sql.js'), 'esdb status queries the index').to.equal(true)
    expect(status.wasm).to.be.greaterThan(0)
    const help = run(['checkpoint', '--help'])
    expect(has(help, '@oclif/core'), 'help goes to oclif').to.equal(true)
  })

  it('checkpoint and audit count and verify the ESDB without the query index, and load no oclif, execa or unbundled yaml', () => {
    const checkpoint = run(['checkpoint', '--json'])
    expect(checkpoint.code).to.equal(0)
    const payload = JSON.parse(checkpoint.stdout) as {esdb_records: number; esdb_chain_valid: boolean; req_count: number}
    expect(payload.esdb_records).to.be.greaterThan(0)
    expect(payload.esdb_chain_valid).to.equal(true)
    expect(payload.req_count).to.equal(20)
    const audit = run(['audit', '--json'])
    expect(audit.code, audit.stdout).to.equal(0)
    // the CommonMark parser: the phase checklists and audit never read AGENTS.md's references, which need it
    const fast = path.join(REPO_ROOT, 'dist', 'fast')
    const markdownChunks = readdirSync(fast).filter((f) => f.endsWith('.js') && readFileSync(path.join(fast, f), 'utf8').includes('function fromMarkdown('))
    expect(markdownChunks.length).to.be.greaterThan(0)
    const phase = run(['phase', 'show', '--json'])
    expect(phase.code).to.equal(0)
    expect([checkpoint.hot, audit.hot, phase.hot]).to.deep.equal(['hot-governance-health.cjs', 'hot-governance-health.cjs', 'hot-governance-phase.cjs'])
    // which modules ran is seen in the ES bundle's chunks (a hot bundle is one file): the same sources, the same lazy imports
    for (const [name, args] of [['checkpoint', ['checkpoint', '--json']], ['audit', ['audit', '--json']], ['phase show', ['phase', 'show', '--json']]] as const) {
      const loaded = run([...args], undefined, {GOVTOOL_NO_HOT: '1'})
      expect(loaded.hot, name).to.equal(undefined)
      expect(has(loaded, 'dist/fast/index.js'), `${name} ran through the ES bundle`).to.equal(true)
      expect(loaded.modules.filter((m) => markdownChunks.some((c) => m.endsWith(`/${c}`))), `${name} loads micromark`).to.deep.equal([])
      expect(has(loaded, 'sql.js'), `${name} loads sql.js`).to.equal(false)
    }
    for (const [name, loaded] of [['checkpoint', checkpoint], ['audit', audit]] as const) {
      expect(fastPath(loaded), `${name} ran through the bundled fast path`).to.equal(true)
      expect(has(loaded, 'sql.js'), `${name} loads sql.js`).to.equal(false)
      expect(loaded.wasm, `${name} compiles WASM`).to.equal(0)
      expect(has(loaded, '@oclif/core'), `${name} loads oclif`).to.equal(false)
      expect(has(loaded, 'node_modules/execa') || has(loaded, 'node_modules/cross-spawn'), `${name} loads execa`).to.equal(false)
      expect(has(loaded, 'node_modules/yaml/'), `${name} loads yaml's separate files`).to.equal(false)
    }
  })

  it('a hot command runs without Node\'s ES loader: bin/run.js is CommonJS and loads no ES module (start-up, fifth pass)', () => {
    const change = JSON.stringify({files_changed: ['src/notes.ts'], test_results: {passed: 3, failed: 0}})
    for (const [args, input] of [[['channel', 'get']], [['req', 'list', '--json']], [['checkpoint', '--json']], [['audit', '--json']], [['verify', '--stdin', '--json'], change]] as [string[], string?][]) {
      const loaded = run(args, input)
      const name = args.slice(0, 2).join(' ')
      expect(loaded.hot, `${name} ran from its hot bundle`).to.not.equal(undefined)
      expect(has(loaded, 'bin/run.js'), `${name}: bin/run.js ran as CommonJS`).to.equal(true)
      expect(loaded.esm, `${name} loaded ES modules`).to.deep.equal([])
    }
    // node:child_process (and node:net) only with a git process, node:crypto only with a hash or a write: channel get
    // needs neither, req list no git (its project is a repository)
    const channel = run(['channel', 'get'])
    expect(channel.builtins, 'channel get').to.not.include.members(['child_process'])
    expect(channel.builtins, 'channel get').to.not.include.members(['crypto'])
    const control = run(['checkpoint', '--json'])
    expect(control.builtins, 'checkpoint asks git').to.include.members(['child_process', 'crypto'])
    // the ESDB chain's timing is process.hrtime: the `performance` global would load node:perf_hooks
    expect(control.builtins, 'checkpoint').to.not.include('perf_hooks')
    expect(run(['req', 'list', '--json']).builtins, 'req list').to.not.include.members(['child_process'])
    // node:fs/promises on first call in a hot bundle (scripts/bundle-fast.mjs lazyFsPromises, start-up twelfth pass):
    // channel get and a warm req list (synchronous reads) never load it; phase show, which calls it, does (the control)
    expect(channel.builtins, 'channel get').to.not.include('fs/promises')
    expect(run(['req', 'list', '--json']).builtins, 'req list').to.not.include('fs/promises')
    const phase = run(['phase', 'show', '--json'])
    expect(phase.code, phase.stdout).to.equal(0)
    expect(phase.builtins, 'phase show calls it').to.include('fs/promises')
    // process.stdin (a stream created on first access) only for a command that reads it or asks a terminal
    for (const args of [['req', 'list'], ['checkpoint'], ['ledger', 'list'], ['channel', 'get']]) expect(run(args).stdin, args.join(' ')).to.equal(false)
    expect(run(['verify', '--stdin', '--json'], change).stdin, 'verify --stdin reads it').to.equal(true)
    // the others still go through the ES bundle
    const esdb = run(['esdb', 'status', '--json'])
    expect(esdb.hot).to.equal(undefined)
    expect(esdb.esm.some((m) => m.endsWith('/dist/fast/index.js'))).to.equal(true)
  })

  it('a command that prints its result builds neither Node stream, to a pipe or a file (start-up, eighth pass)', () => {
    // the code cache's debug lines go through process.stderr: off here
    const quiet = {GOVTOOL_CODE_CACHE_DEBUG: ''}
    for (const args of [['--version'], ['channel', 'get', '--json'], ['req', 'list', '--json'], ['req', 'list'], ['checkpoint', '--json'], ['checkpoint'], ['audit', '--json'], ['audit'], ['phase', 'show']]) {
      const loaded = run(args, undefined, quiet)
      expect(loaded.code, args.join(' ')).to.be.oneOf([0, 1])
      expect(loaded.stdout.length, args.join(' ')).to.be.greaterThan(10)
      if (args.includes('--json')) JSON.parse(loaded.stdout)
      // in a repository (this project), Node's net module builds process.stderr when a git process's pipes close
      // (Socket._destroy compares the socket with process.stderr); commands that ask git no question build neither
      const git = ['checkpoint', 'audit', 'phase'].includes(args[0])
      expect(loaded.streams, args.join(' ')).to.deep.equal(git ? loaded.streams.filter((s) => s === 'stderr') : [])
    }
    // to a file: the same bytes as through the stream (oclif, the control, builds it)
    const file = path.join(makeTempDir('govtool-out-'), 'out.txt')
    const out = path.join(makeTempDir('govtool-probe-'), 'loaded.json')
    const fd = openSync(file, 'w')
    try {
      spawnSync(process.execPath, ['--import', pathToFileURL(probe).href, BIN, 'req', 'list', '--json'], {cwd: root, env: {...env, GOVTOOL_PROBE_OUT: out}, stdio: ['ignore', fd, 'pipe']})
    } finally {
      closeSync(fd)
    }
    expect((JSON.parse(readFileSync(out, 'utf8')) as {streams: string[]}).streams, 'req list --json to a file').to.deep.equal([])
    // a warm req list reads scaffold.yml, its memo, the stats and the parse caches synchronously: no thread pool
    // (the control: a checkpoint reads most files asynchronously)
    expect(run(['req', 'list', '--json'], undefined, quiet).fsAsync, 'req list').to.equal(0)
    expect(run(['checkpoint', '--json'], undefined, quiet).fsAsync, 'checkpoint').to.be.greaterThan(0)
    const oclif = run(['req', 'list', '--json'], undefined, {...quiet, GOVTOOL_NO_FAST_PATH: '1'})
    expect(oclif.streams, 'oclif').to.include('stdout')
    expect(readFileSync(file, 'utf8')).to.equal(oclif.stdout)
  })

  it('checkpoint, audit and req list load no YAML parser while scaffold.yml is unchanged (start-up, sixth pass)', () => {
    const scaffold = path.join(root, 'scaffold.yml')
    const text = readFileSync(scaffold, 'utf8')
    try {
      // an edit is parsed by the yaml library (the control: the probe sees it) and remembered
      writeFileSync(scaffold, `${text}# edited\n`)
      const edited = run(['checkpoint', '--json'])
      expect(edited.code).to.equal(0)
      expect(edited.libraries, 'checkpoint after an edit').to.include('yaml.cjs')
      for (const args of [['checkpoint', '--json'], ['audit', '--json'], ['req', 'list', '--json']]) {
        const loaded = run(args)
        expect(loaded.code, args.join(' ')).to.equal(0)
        expect(loaded.hot, args.join(' ')).to.not.equal(undefined)
        expect(loaded.libraries, args.join(' ')).to.include('zod-v3.cjs')
        expect(loaded.libraries, `${args.join(' ')} loads yaml`).to.not.include('yaml.cjs')
      }
    } finally {
      writeFileSync(scaffold, text)
    }
  })

  it('the other common commands load neither oclif nor the query index', () => {
    const change = JSON.stringify({files_changed: ['src/notes.ts'], test_results: {passed: 3, failed: 0}})
    for (const [args, input] of [
      [['req', 'list', '--json']],
      [['ledger', 'add', 'second entry', '--json']],
      [['verify', '--stdin', '--json'], change],
      [['phase', 'show', '--json']],
      [['preflight', 'fix', 'the', 'notes', 'feature', '--json']],
      [['validate', '--json']],
    ] as [string[], string?][]) {
      const loaded = run(args, input)
      const name = args.slice(0, 2).join(' ')
      expect(loaded.code, `${name}: ${loaded.stdout}`).to.be.oneOf([0, 1, 2])
      expect(fastPath(loaded), `${name} ran through the fast path`).to.equal(true)
      expect(loaded.hot, `${name} ran from its hot bundle`).to.not.equal(undefined)
      expect(has(loaded, '@oclif/core'), `${name} loads oclif`).to.equal(false)
      expect(has(loaded, 'sql.js'), `${name} loads sql.js`).to.equal(false)
      expect(loaded.wasm, name).to.equal(0)
      expect(has(loaded, 'node_modules/execa') || has(loaded, 'node_modules/cross-spawn'), `${name} loads execa`).to.equal(false)
      expect(has(loaded, 'node_modules/yaml/'), `${name} loads yaml's separate files`).to.equal(false)
    }
  })
})
