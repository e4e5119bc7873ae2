/**
 * Start-up, ninth pass (issue 14): what a warm preflight, verify, checkpoint and phase show start and write, asserted
 * on the whole process (bin/run.js, its hot bundles) with a probe preloaded, never a timing. Outside a git repository
 * and with every cache warm none of them starts an asynchronous file operation (the first one starts libuv's thread
 * pool), none builds a stdout or stderr stream, and checkpoint and phase show run alternately without rewriting
 * scaffold.yml's memo (each is a bundle of its own, a validation stamp of its own).
 */
import {spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, statSync, utimesSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'
import {BIN, cleanupTempDirs, isolatedEnv, makeTempDir} from 'govtool/testing'

const PROBE = `
import {writeFileSync} from 'node:fs'
import {createHook} from 'node:async_hooks'
const streams = []
let fsAsync = 0
createHook({init(_id, type) { if (type.startsWith('FSREQ')) fsAsync++ }}).enable()
for (const name of ['stdout', 'stderr']) {
  const getter = Object.getOwnPropertyDescriptor(process, name)
  Object.defineProperty(process, name, {configurable: true, enumerable: getter.enumerable, get() { if (!streams.includes(name)) streams.push(name); return getter.get.call(this) }})
}
process.on('exit', () => writeFileSync(process.env.GOVTOOL_PROBE_OUT, JSON.stringify({streams, fsAsync})))
`

describe('start-up, ninth pass: warm preflight, verify, checkpoint and phase show', function () {
  this.timeout(240_000)
  after(cleanupTempDirs)
  let root: string
  let env: NodeJS.ProcessEnv
  let probe: string

  const run = (args: string[]) => {
    const out = path.join(makeTempDir('govtool-probe-'), 'probe.json')
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(probe).href, BIN, ...args], {cwd: root, env: {...env, GOVTOOL_PROBE_OUT: out}, encoding: 'utf8'})
    return {code: r.status, stdout: r.stdout, stderr: r.stderr, ...(JSON.parse(readFileSync(out, 'utf8')) as {streams: string[]; fsAsync: number})}
  }

  before(() => {
    probe = path.join(makeTempDir('govtool-probe-'), 'probe.mjs')
    writeFileSync(probe, PROBE)
    root = makeTempDir('govtool-pass9-')
    env = isolatedEnv(makeTempDir())
    mkdirSync(path.join(root, 'docs', 'governance'), {recursive: true})
    mkdirSync(path.join(root, 'src'), {recursive: true})
    const reqs = ['# Requirements', '']
    const tests = ['# Tests', '']
    for (let i = 1; i <= 20; i++) {
      const id = `REQ-CORE-${String(i).padStart(3, '0')}`
      reqs.push(`### ${id}: Notes feature ${i}`, '- **Status:** implemented', '- **Priority:** P2', `- **Description:** The notes service stores note ${i}.`, '')
      tests.push(`### TEST-CORE-${String(i).padStart(3, '0')}: Checks feature ${i}`, `- **Covers:** ${id}`, '')
    }
    writeFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), reqs.join('\n'))
    writeFileSync(path.join(root, 'docs', 'TESTS.md'), tests.join('\n'))
    writeFileSync(path.join(root, 'scaffold.yml'), 'name: pass9\ntype: generic\ndescription: pass nine\nvcs_platform: github\naee_phase: implementation\n')
    writeFileSync(path.join(root, 'AGENTS.md'), '# AGENTS.md\n\nRead `docs/REQUIREMENTS.md`.\n')
    writeFileSync(path.join(root, 'docs', 'governance', 'workflow.md'), '# Workflow\n')
    writeFileSync(path.join(root, 'docs', 'architecture.md'), '# Architecture\n\n- core: serves REQ-CORE-001\n')
    writeFileSync(path.join(root, 'src', 'notes.ts'), 'export const notes = 1\n')
    writeFileSync(path.join(root, 'LEDGER.md'), '# Change Ledger\n')
    // written an hour ago, as a warm project's files are: the model's cache trusts a file's stat only once the file
    // is older than its racy-write margin, and reads (and hashes) a younger one on every run
    const past = new Date(Date.now() - 3_600_000)
    for (const file of ['docs/REQUIREMENTS.md', 'docs/TESTS.md', 'scaffold.yml', 'AGENTS.md', 'docs/governance/workflow.md', 'docs/architecture.md', 'src/notes.ts']) utimesSync(path.join(root, file), past, past)
    for (const args of [['sync'], ['ledger', 'add', 'first entry', '--json']]) {
      const r = spawnSync(process.execPath, [BIN, ...args], {cwd: root, env, encoding: 'utf8'})
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).to.equal(0)
    }
  })

  it('warm, outside a repository: no asynchronous file operation and no stdout stream', () => {
    const commands = [
      ['preflight', 'print the api key', '--json'],
      ['preflight', 'make it better', '--json'],
      ['verify', '--changed', 'src/notes.ts', '--json'],
      ['checkpoint', '--json'],
      ['phase', 'show', '--json'],
    ]
    // warm-up: the caches (the pack, the rule file, the ledger summary, the memos, the code cache) written
    for (const args of commands) for (const _ of [1, 2]) run(args)
    for (const args of commands) {
      const warm = run(args)
      expect(warm.stdout, args.join(' ')).to.match(/^\{/)
      expect(warm.fsAsync, `${args.join(' ')}: asynchronous file operations`).to.equal(0)
      expect(warm.streams, args.join(' ')).to.deep.equal([])
    }
    // the control: the probe sees a command's asynchronous file operations (ledger add writes through fs/promises)
    expect(run(['ledger', 'add', 'second entry', '--json']).fsAsync).to.be.greaterThan(0)
  })

  it('checkpoint and phase show run alternately without rewriting scaffold.yml\'s memo', () => {
    const memo = path.join(root, '.govtool', 'cache', 'scaffold-parsed.json')
    for (const args of [['checkpoint', '--json'], ['phase', 'show', '--json']]) expect(run(args).code).to.equal(0)
    const stamp = () => {
      const st = statSync(memo, {bigint: true})
      return `${st.ino}:${st.mtimeNs}`
    }
    const before = stamp()
    for (const _ of [1, 2]) for (const args of [['checkpoint', '--json'], ['phase', 'show', '--json']]) expect(run(args).code).to.equal(0)
    expect(stamp()).to.equal(before)
  })
})
