/**
 * Start-up, fourth pass (issue 14): what a bundled command reads to know the shipped plugins. The plugin list, each
 * plugin's `govtool` section and the project types of @govtool/plugin-types are known at build time and written
 * into the bundles (scripts/bundle-fast.mjs, __GOVTOOL_CORE_PLUGINS__), so checkpoint reads no plugin's
 * package.json and imports no project-types module; GOVTOOL_NO_BUILT_PLUGINS=1 (the path of the unbundled dist/)
 * reads them, and both give the same output. Asserts what is read, never how long it takes.
 */
import {spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'
import {BIN, cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir} from 'govtool/testing'

// records every file read through fs (sync and promise; ES named imports of node:fs too, synced) and every ES module loaded
const PROBE = `
import fs from 'node:fs'
import {register, syncBuiltinESMExports} from 'node:module'
import {MessageChannel} from 'node:worker_threads'
const reads = []
// the files whose contents were read (existsSync aside)
const contents = []
const esm = []
const {port1, port2} = new MessageChannel()
port1.on('message', (url) => esm.push(url))
port1.unref()
const hooks = 'let port; export function initialize(d) { port = d.port } export async function load(url, context, next) { port.postMessage(url); return next(url, context) }'
register('data:text/javascript,' + encodeURIComponent(hooks), {data: {port: port2}, transferList: [port2]})
for (const [owner, name] of [[fs, 'readFileSync'], [fs, 'existsSync'], [fs.promises, 'readFile']]) {
  const original = owner[name]
  owner[name] = function (file, ...rest) { reads.push(String(file)); if (name !== 'existsSync') contents.push(String(file)); return original.call(this, file, ...rest) }
}
syncBuiltinESMExports()
// the first localeCompare of a process builds ICU's collator (13-22 ms)
let localeCompares = 0
const localeCompare = String.prototype.localeCompare
String.prototype.localeCompare = function (...args) { localeCompares++; return localeCompare.apply(this, args) }
process.on('exit', () => fs.writeFileSync(process.env.GOVTOOL_PROBE_OUT, JSON.stringify({reads, contents, esm, localeCompares, crypto: process.moduleLoadList.includes('NativeModule crypto')})))
`

describe('start-up: the shipped plugins are known from the build', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)
  let root: string
  let env: NodeJS.ProcessEnv
  let probe: string

  const run = (args: string[], extra: NodeJS.ProcessEnv = {}) => {
    const out = path.join(makeTempDir('govtool-probe-'), 'reads.json')
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(probe).href, BIN, ...args], {cwd: root, env: {...env, GOVTOOL_PROBE_OUT: out, GOVTOOL_CODE_CACHE_DEBUG: '1', ...extra}, encoding: 'utf8'})
    const data = JSON.parse(readFileSync(out, 'utf8')) as {reads: string[]; contents: string[]; esm: string[]; localeCompares: number; crypto: boolean}
    const norm = (files: string[]) => files.map((f) => f.replaceAll('\\', '/'))
    return {code: r.status, stdout: r.stdout, stderr: r.stderr, reads: norm(data.reads), contents: norm(data.contents), esm: norm(data.esm), localeCompares: data.localeCompares, crypto: data.crypto}
  }
  const pluginPjsonReads = (reads: string[]) => reads.filter((f) => /\/(?:plugins\/[^/]+|node_modules\/@govtool\/[^/]+)\/package\.json$/.test(f))
  const typesModule = (esm: string[]) => esm.filter((u) => u.includes('/types/dist/types.js'))

  before(() => {
    probe = path.join(makeTempDir('govtool-probe-'), 'probe.mjs')
    writeFileSync(probe, PROBE)
    root = makeTempDir('govtool-startup-reads-')
    env = isolatedEnv(makeTempDir(), GIT_TEST_ENV)
    mkdirSync(path.join(root, 'docs'), {recursive: true})
    writeFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), '# Requirements\n\n### REQ-CORE-001: Notes\n- **Status:** implemented\n- **Priority:** P2\n- **Description:** Stores notes.\n')
    writeFileSync(path.join(root, 'docs', 'TESTS.md'), '# Tests\n\n### TEST-CORE-001: Checks notes\n- **Covers:** REQ-CORE-001\n')
    writeFileSync(path.join(root, 'scaffold.yml'), 'name: reads\ntype: generic\ndescription: reads\nvcs_platform: github\naee_phase: implementation\n')
    writeFileSync(path.join(root, 'LEDGER.md'), '# Change Ledger\n')
  })

  it('checkpoint reads no plugin package.json and imports no project-types module; the files path gives the same answer', () => {
    const built = run(['checkpoint', '--json'])
    expect(built.code, built.stderr).to.equal(0)
    expect(built.stderr, 'ran from its hot bundle').to.match(/govtool code cache: hot-governance-health\.cjs/)
    expect(pluginPjsonReads(built.reads)).to.deep.equal([])
    expect(typesModule(built.esm)).to.deep.equal([])
    // the control: without the build's list the files are read (so the probe sees them) and the module imported
    const files = run(['checkpoint', '--json'], {GOVTOOL_NO_BUILT_PLUGINS: '1'})
    expect(files.code, files.stderr).to.equal(0)
    expect(pluginPjsonReads(files.reads).length).to.be.greaterThan(5)
    expect(typesModule(files.esm).length).to.equal(1)
    const strip = (text: string) => text.replace(/"ts": "[^"]+"/, '').replace(/"anchor": "[^"]+"/, '')
    expect(strip(built.stdout)).to.equal(strip(files.stdout))
  })

  it('the plugin list and project types from the build equal the ones read from the files', () => {
    const built = run(['plugin', '--json'])
    const files = run(['plugin', '--json'], {GOVTOOL_NO_BUILT_PLUGINS: '1'})
    expect(built.code, built.stderr).to.equal(0)
    expect(built.stdout).to.equal(files.stdout)
    expect(pluginPjsonReads(files.reads).length).to.be.greaterThan(5)
    expect(pluginPjsonReads(built.reads)).to.deep.equal([])
    // every built-in project type is listed (generic at least), with the plugin that contributed it
    expect(built.stdout).to.include('@govtool/plugin-types')
    expect(built.stdout).to.include('generic')
  })

  it('checkpoint, phase show and an audit with findings never build ICU\'s collator (no localeCompare of ASCII names)', () => {
    // several findings of one check (sorted by file), and a walk of the project's files (sorted by name)
    writeFileSync(path.join(root, 'AGENTS.md'), '# AGENTS.md\n')
    const reqs = readFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), 'utf8')
    writeFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), `${reqs}\n### REQ-CORE-002: Other\n- **Status:** implemented\n- **Priority:** P1\n- **Description:** Other.\n\n### REQ-CORE-003: Third\n- **Status:** implemented\n- **Priority:** P1\n- **Description:** Third.\n`)
    mkdirSync(path.join(root, 'src', 'Notes'), {recursive: true})
    for (const name of ['b.ts', 'A.ts', 'a-b.ts', 'a_b.ts']) writeFileSync(path.join(root, 'src', 'Notes', name), '\n')
    for (const args of [['checkpoint', '--json'], ['phase', 'show', '--json'], ['audit', '--json']]) {
      const r = run(args)
      expect(r.stdout.length, r.stderr).to.be.greaterThan(0)
      expect(r.localeCompares, args.join(' ')).to.equal(0)
    }
    const audit = JSON.parse(run(['audit', '--json']).stdout) as {issues: {check: string}[]}
    expect(audit.issues.filter((i) => i.check === 'coverage').length).to.be.greaterThan(1)
  })

  it('a warm checkpoint and audit read no ledger file and load no node:crypto; an append is read (start-up, seventh pass)', async () => {
    for (const i of [1, 2, 3]) expect(run(['ledger', 'add', `Change ${i} for WI-100000${i}`, '--type', 'task']).code).to.equal(0)
    // the requirements model hashes files modified within 2 s (its own racy rule): these are old, and their parse kept
    const hourAgo = new Date(Date.now() - 3_600_000)
    for (const f of ['REQUIREMENTS.md', 'TESTS.md']) utimesSync(path.join(root, 'docs', f), hourAgo, hourAgo)
    expect(run(['req', 'list', '--json']).code).to.equal(0)
    // inputs changed within 200 ms are not remembered (file times are coarse), nor, by the model summary, sources whose
    // ctime (moved by utimes) is within 2 s: let them settle, then one run keeps both summaries (else a warm run under
    // load, checkpoint's or audit's, writes one, and writeFileAtomic's temporary name loads node:crypto)
    await new Promise((resolve) => {
      setTimeout(resolve, 2100)
    })
    const cold = run(['checkpoint', '--json'])
    expect(cold.code, cold.stderr).to.equal(0)
    expect(cold.reads.some((f) => f.endsWith('/LEDGER.md')), 'the control: computed from LEDGER.md').to.equal(true)
    const ledgerReads = (reads: string[]) => reads.filter((f) => f.endsWith('/LEDGER.md') || f.includes('/.govtool/ledger-') || f.includes('/.govtool/cache/ledger-parsed'))
    for (const args of [['checkpoint', '--json'], ['audit', '--json']]) {
      const warm = run(args)
      expect(warm.stdout.length, warm.stderr).to.be.greaterThan(0)
      expect(ledgerReads(warm.reads), args.join(' ')).to.deep.equal([])
      expect(warm.reads.some((f) => f.endsWith('/.govtool/cache/ledger-summary.json')), args.join(' ')).to.equal(true)
      expect(warm.crypto, `${args.join(' ')} loads node:crypto`).to.equal(false)
    }
    const strip = (text: string) => text.replace(/"ts": "[^"]+"/, '').replace(/"anchor": "[^"]+"/, '')
    expect(strip(run(['checkpoint', '--json']).stdout)).to.equal(strip(cold.stdout))
    expect(run(['ledger', 'add', 'Checked WI-2000000', '--type', 'fix']).code).to.equal(0)
    const appended = run(['checkpoint', '--json'])
    expect(appended.reads.some((f) => f.endsWith('/LEDGER.md')), 'an append is read').to.equal(true)
    expect(JSON.parse(appended.stdout).recent_wis[0]).to.equal('WI-2000000')
  })

  it('a warm req gaps, req orphans, phase set, req trace and export read no requirements or tests file and no parse cache; an edit is read (start-up, twelfth and thirteenth passes)', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000)
    for (const f of ['REQUIREMENTS.md', 'TESTS.md']) utimesSync(path.join(root, 'docs', f), hourAgo, hourAgo)
    // the model summary keeps nothing whose sources' ctime (moved by utimes) is within 2 s
    await new Promise((resolve) => {
      setTimeout(resolve, 2100)
    })
    const modelReads = (reads: string[]) => reads.filter((f) => /\/docs\/(?:REQUIREMENTS|TESTS)\.md$/.test(f) || f.includes('/.govtool/cache/parse-'))
    // export's report carries the time it was made
    const timeless = (text: string) => text.replace(/^Generated \S+ by govtool\.$/m, '')
    for (const args of [['req', 'gaps', '--json'], ['req', 'orphans', '--json'], ['phase', 'set', 'implementation', '--json'], ['req', 'trace', '--json'], ['export']]) {
      const cold = run(args)
      expect(modelReads(cold.contents), `the control: ${args.join(' ')} computed from the files`).to.not.deep.equal([])
      const warm = run(args)
      expect(timeless(warm.stdout), args.join(' ')).to.equal(timeless(cold.stdout))
      expect(modelReads(warm.contents), args.join(' ')).to.deep.equal([])
    }
    const reqs = path.join(root, 'docs', 'REQUIREMENTS.md')
    writeFileSync(reqs, `${readFileSync(reqs, 'utf8')}\n### REQ-CORE-077: Uncovered\n- **Status:** implemented\n- **Priority:** P2\n- **Description:** Nobody tests it.\n`)
    const edited = run(['req', 'gaps', '--json'])
    expect(modelReads(edited.contents), 'an edit is read').to.not.deep.equal([])
    expect((JSON.parse(edited.stdout) as {gaps: {id: string}[]}).gaps.map((g) => g.id)).to.include('REQ-CORE-077')
    writeFileSync(reqs, readFileSync(reqs, 'utf8').replace(/\n### REQ-CORE-077[\s\S]*$/, ''))
  })

  it('a user-installed plugin still sends the list to oclif (the data directory is read at run time)', () => {
    const data = makeTempDir('govtool-data-')
    writeFileSync(path.join(data, 'package.json'), JSON.stringify({oclif: {plugins: [{name: 'x', type: 'link', root: data}]}}))
    const r = run(['plugin', '--json'], {GOVTOOL_DATA_DIR: data})
    expect(r.reads.some((f) => f === path.join(data, 'package.json').replaceAll('\\', '/'))).to.equal(true)
    // oclif's Config read the plugins' package.json files itself
    expect(pluginPjsonReads(r.reads).length + r.esm.filter((u) => u.includes('@oclif/core')).length).to.be.greaterThan(0)
  })
})
