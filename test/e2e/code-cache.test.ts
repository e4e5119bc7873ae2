/**
 * Start-up (issue 14): the fast runner compiles its large CommonJS libraries (yaml, zod's v3 API) and the hot
 * commands' own bundles through V8's code cache (src/code-cache.ts), and loads only the ops/ module that defines
 * the command. Asserted by
 * structure, not timing: a first run misses and writes the cache, a second hits it, data V8 rejects (a torn or
 * foreign file) is a miss that is written again, a cache directory that cannot be used falls back to a plain
 * require, and every one of these gives the same output as a run without the cache. (Outputs are compared as JSON:
 * the first `req list` of a project, which parses REQUIREMENTS.md, orders a requirement's keys unlike later runs
 * that read the derived cache, with or without the code cache.)
 */
import {spawnSync} from 'node:child_process'
import {mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {BIN, cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir, REPO_ROOT} from 'govtool/testing'

/** req list is a hot command (scripts/bundle-fast.mjs): its own CommonJS bundle goes through the cache too */
const HOT = 'hot-governance-req.cjs'

interface Run {
  code: number | null
  stdout: string
  stderr: string
  outcomes: Record<string, string>
}

describe('start-up: V8 code cache of the fast runner', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)
  let root: string
  let home: string

  const run = (args: string[], extra: NodeJS.ProcessEnv = {}): Run => {
    const env = isolatedEnv(home, {...GIT_TEST_ENV, GOVTOOL_CODE_CACHE_DEBUG: '1', ...extra})
    const r = spawnSync(process.execPath, [BIN, ...args], {cwd: root, env, encoding: 'utf8'})
    const outcomes: Record<string, string> = {}
    for (const m of r.stderr.matchAll(/^govtool code cache: (\S+) (\S+)$/gm)) outcomes[m[1]] = m[2]
    return {code: r.status, stdout: r.stdout, stderr: r.stderr, outcomes}
  }
  const cacheDir = () => path.join(home, 'cache', 'v8-code-cache')
  const entries = () => readdirSync(cacheDir()).sort()

  beforeEach(() => {
    home = makeTempDir('govtool-code-cache-home-')
    root = makeTempDir('govtool-code-cache-')
    mkdirSync(path.join(root, 'docs'), {recursive: true})
    writeFileSync(path.join(root, 'docs', 'REQUIREMENTS.md'), '# Requirements\n\n### REQ-CORE-001: Notes are kept\n- **Status:** implemented\n- **Priority:** P2\n- **Description:** The notes service stores notes.\n')
    writeFileSync(path.join(root, 'scaffold.yml'), 'name: cache\ntype: generic\ndescription: cache\nvcs_platform: github\naee_phase: implementation\n')
  })

  /** scaffold.yml with new text: its remembered parse no longer applies, so the command loads the YAML parser again */
  let edits = 0
  const editScaffold = () => writeFileSync(path.join(root, 'scaffold.yml'), `name: cache\ntype: generic\ndescription: cache ${++edits}\nvcs_platform: github\naee_phase: implementation\n`)

  it('the bundle holds yaml and zod as CommonJS files loaded through the cache, not zod ES modules', () => {
    const fast = path.join(REPO_ROOT, 'dist', 'fast')
    expect(statSync(path.join(fast, 'yaml.cjs')).isFile()).to.equal(true)
    expect(statSync(path.join(fast, 'zod-v3.cjs')).isFile()).to.equal(true)
    const inputs = JSON.parse(readFileSync(path.join(fast, 'inputs.json'), 'utf8')) as string[]
    expect(inputs.filter((i) => i.includes('node_modules/zod/v3/'))).to.deep.equal([])
  })

  it('misses and writes the cache on the first run, hits it on the next, with the same output', () => {
    const plain = run(['req', 'list', '--json'], {GOVTOOL_NO_CODE_CACHE: '1'})
    expect(plain.code).to.equal(0)
    expect(plain.outcomes).to.deep.equal({[HOT]: 'off', 'yaml.cjs': 'off', 'zod-v3.cjs': 'off'})
    const first = run(['req', 'list', '--json'])
    expect(first.outcomes).to.deep.equal({[HOT]: 'miss', 'yaml.cjs': 'miss', 'zod-v3.cjs': 'miss'})
    const files = entries()
    expect(files).to.have.length(3)
    expect(files[0], 'a hot bundle\'s entry is its command\'s').to.match(/^hot-governance-req\.cjs@req_list-[0-9a-f]{32}\.v8$/)
    expect(files[1]).to.match(/^yaml\.cjs-[0-9a-f]{32}\.v8$/)
    expect(files[2]).to.match(/^zod-v3\.cjs-[0-9a-f]{32}\.v8$/)
    for (const f of files) expect(statSync(path.join(cacheDir(), f)).mode & 0o777).to.equal(0o600)
    // unchanged, scaffold.yml's parse is remembered and no YAML parser loads
    expect(run(['req', 'list', '--json']).outcomes).to.deep.equal({[HOT]: 'hit', 'zod-v3.cjs': 'hit'})
    editScaffold()
    const second = run(['req', 'list', '--json'])
    expect(second.outcomes).to.deep.equal({[HOT]: 'hit', 'yaml.cjs': 'hit', 'zod-v3.cjs': 'hit'})
    expect(second.code).to.equal(0)
    expect(JSON.parse(first.stdout)).to.deep.equal(JSON.parse(plain.stdout))
    expect(JSON.parse(second.stdout)).to.deep.equal(JSON.parse(plain.stdout))
    // no temp file is left behind
    expect(entries()).to.deep.equal(files)
  })

  it('data V8 rejects is a miss: the output stands and the entry is written again', () => {
    const plain = run(['req', 'list', '--json'], {GOVTOOL_NO_CODE_CACHE: '1'})
    run(['req', 'list', '--json'])
    const files = entries()
    // a torn file (half of it) and foreign data (another library's cache under this name)
    const [, yamlFile, zodFile] = files.map((f) => path.join(cacheDir(), f))
    const torn = readFileSync(yamlFile).subarray(0, 100)
    writeFileSync(yamlFile, torn)
    writeFileSync(zodFile, readFileSync(path.join(REPO_ROOT, 'dist', 'fast', 'yaml.cjs')).subarray(0, 4096))
    editScaffold()
    const rejected = run(['req', 'list', '--json'])
    expect(rejected.code).to.equal(0)
    expect(JSON.parse(rejected.stdout)).to.deep.equal(JSON.parse(plain.stdout))
    expect(rejected.outcomes).to.deep.equal({[HOT]: 'hit', 'yaml.cjs': 'rejected', 'zod-v3.cjs': 'rejected'})
    expect(readFileSync(yamlFile).length).to.be.greaterThan(torn.length)
    editScaffold()
    expect(run(['req', 'list', '--json']).outcomes).to.deep.equal({[HOT]: 'hit', 'yaml.cjs': 'hit', 'zod-v3.cjs': 'hit'})
  })

  it('another Node flag set is another key: stale entries of the same library are replaced, never read', () => {
    run(['req', 'list', '--json'])
    const before = entries()
    const env = isolatedEnv(home, {...GIT_TEST_ENV, GOVTOOL_CODE_CACHE_DEBUG: '1'})
    const r = spawnSync(process.execPath, ['--max-old-space-size=300', BIN, 'req', 'list', '--json'], {cwd: root, env, encoding: 'utf8'})
    expect(r.status).to.equal(0)
    expect(r.stderr).to.include('yaml.cjs miss')
    const after = entries()
    expect(after).to.have.length(3)
    expect(after).to.not.deep.equal(before)
  })

  it('a cache directory that cannot be used falls back to a plain require with the same output', () => {
    const plain = run(['req', 'list', '--json'], {GOVTOOL_NO_CODE_CACHE: '1'})
    // a file where the cache directory should be: nothing is read or written, the command runs
    mkdirSync(path.dirname(cacheDir()), {recursive: true})
    writeFileSync(cacheDir(), 'not a directory')
    const blocked = run(['req', 'list', '--json'])
    expect(blocked.code).to.equal(0)
    expect(JSON.parse(blocked.stdout)).to.deep.equal(JSON.parse(plain.stdout))
    expect(blocked.outcomes).to.deep.equal({[HOT]: 'miss', 'yaml.cjs': 'miss', 'zod-v3.cjs': 'miss'})
    expect(readFileSync(cacheDir(), 'utf8')).to.equal('not a directory')
  })

  it('a hot command runs from its own bundle, missed then hit, with the ES bundle\'s output, import() included', () => {
    const hot = JSON.parse(readFileSync(path.join(REPO_ROOT, 'dist', 'fast', 'hot.json'), 'utf8')) as Record<string, string>
    expect(hot).to.include({checkpoint: 'hot-governance-health.cjs', audit: 'hot-governance-health.cjs', 'req list': HOT, 'config list': 'hot-govtool-config.cjs', preflight: 'hot-preflight-preflight.cjs'})
    // every dynamic import of a hot bundle goes through the loader the cache passes in (a vm.Script has none)
    for (const file of new Set(Object.values(hot))) {
      const text = readFileSync(path.join(REPO_ROOT, 'dist', 'fast', file), 'utf8')
      expect(text.split('\n').slice(1).join('\n'), file).to.not.match(/(?:^|[^\w$.])import\(/)
    }
    // config list imports the plugins' config sections with import(): nothing may be lost on a miss or a hit
    for (const args of [['config', 'list', '--json'], ['checkpoint', '--json']]) {
      const es = spawnSync(process.execPath, [BIN, ...args], {cwd: root, env: isolatedEnv(home, {...GIT_TEST_ENV, GOVTOOL_NO_HOT: '1'}), encoding: 'utf8'})
      const strip = (text: string) => text.replaceAll(/"(?:ts|anchor)": "[^"]*"/g, '')
      const miss = run(args)
      const hit = run(args)
      // no cache: Node's own require, and the file's own import()
      const plain = run(args, {GOVTOOL_NO_CODE_CACHE: '1'})
      const name = hot[args[0] === 'config' ? 'config list' : 'checkpoint']
      expect([miss.outcomes[name], hit.outcomes[name], plain.outcomes[name]], args.join(' ')).to.deep.equal(['miss', 'hit', 'off'])
      for (const r of [miss, hit, plain]) {
        expect(r.code).to.equal(es.status)
        expect(strip(r.stdout)).to.equal(strip(es.stdout))
        expect(r.stderr.replaceAll(/^govtool code cache: .*\n/gm, ''), 'nothing but the debug lines on stderr').to.equal('')
      }
      expect(es.stderr).to.equal('')
    }
    // two commands of one bundle: an entry each (each holds what its command compiled)
    expect(run(['audit', '--json']).outcomes['hot-governance-health.cjs']).to.equal('miss')
    expect(entries().filter((f) => f.startsWith('hot-governance-health.cjs@')).map((f) => f.replace(/-[0-9a-f]{32}\.v8$/, ''))).to.deep.equal([
      'hot-governance-health.cjs@audit',
      'hot-governance-health.cjs@checkpoint',
    ])
    expect(run(['audit', '--json']).outcomes['hot-governance-health.cjs']).to.equal('hit')
  })

  it('requireCached runs a library once, with its exports, and falls back when the file cannot be compiled', async () => {
    const {requireCached} = (await import(path.join(REPO_ROOT, 'dist', 'code-cache.js'))) as {requireCached: (file: string, env?: NodeJS.ProcessEnv) => unknown}
    const dir = makeTempDir('govtool-code-cache-lib-')
    const lib = path.join(dir, 'lib.cjs')
    writeFileSync(lib, 'globalThis.__govtoolCodeCacheRuns = (globalThis.__govtoolCodeCacheRuns ?? 0) + 1; module.exports = {name: __filename, answer: 42}')
    const env = {GOVTOOL_CACHE_DIR: path.join(dir, 'cache')}
    const a = requireCached(lib, env) as {answer: number; name: string}
    const b = requireCached(lib, env)
    expect(a).to.equal(b)
    expect(a).to.deep.equal({name: lib, answer: 42})
    expect((globalThis as {__govtoolCodeCacheRuns?: number}).__govtoolCodeCacheRuns).to.equal(1)
    // a file that does not exist for the cache layer: the plain require reports the real error
    expect(() => requireCached(path.join(dir, 'missing.cjs'), env)).to.throw(/Cannot find module/)
  })

  it('a library rewritten in place (same length, its mtime restored) is a miss that runs the new text, never the old code', () => {
    // the key is the file's identity (device, inode, size, mtime, ctime), not a hash of its text: the change time,
    // which restoring the mtime sets too, is what tells this edit apart (V8 itself checks only the length)
    const dir = makeTempDir('govtool-code-cache-edit-')
    const lib = path.join(dir, 'lib.cjs')
    const cjs = path.join(REPO_ROOT, 'dist', 'fast', 'code-cache.cjs')
    const script = `process.stdout.write(require(${JSON.stringify(cjs)}).requireCached(${JSON.stringify(lib)})())`
    const load = () => {
      const r = spawnSync(process.execPath, ['-e', script], {env: isolatedEnv(dir, {GOVTOOL_CACHE_DIR: path.join(dir, 'cache'), GOVTOOL_CODE_CACHE_DEBUG: '1'}), encoding: 'utf8'})
      return [r.stdout, /lib\.cjs (\w+)/.exec(r.stderr)?.[1]]
    }
    writeFileSync(lib, 'module.exports = function answer() { return "one" }\n')
    expect(load()).to.deep.equal(['one', 'miss'])
    expect(load()).to.deep.equal(['one', 'hit'])
    const {atime, mtime} = statSync(lib)
    writeFileSync(lib, 'module.exports = function answer() { return "two" }\n')
    utimesSync(lib, atime, mtime)
    expect(load()).to.deep.equal(['two', 'miss'])
    expect(load()).to.deep.equal(['two', 'hit'])
    // one entry for the library: the stale one was removed when the new one was written
    expect(readdirSync(path.join(dir, 'cache', 'v8-code-cache')).filter((f) => f.startsWith('lib.cjs-'))).to.have.length(1)
  })
})

describe('start-up: a command loads the module that defines it', function () {
  this.timeout(60_000)

  it('the fast entry names each command\'s ops/ module, and every command has one', () => {
    const entry = readFileSync(path.join(REPO_ROOT, 'dist', 'fast-entry.js'), 'utf8')
    const table = JSON.parse(/const TABLE = (.*)\n/.exec(entry)![1]) as Record<string, [string, number]>
    expect(Object.keys(table).length).to.be.greaterThan(50)
    const missing = Object.entries(table).filter(([, [, index]]) => index < 0)
    expect(missing, 'commands without their own module').to.deep.equal([])
    expect(table.checkpoint[0]).to.equal('@govtool/plugin-governance')
    const modules = [...entry.matchAll(/^ {2}\(\) => import\("([^"]+)"\)\.catch/gm)].map((m) => m[1])
    expect(modules[table.checkpoint[1]]).to.match(/plugins\/governance\/dist\/ops\/health\.js$/)
  })
})
