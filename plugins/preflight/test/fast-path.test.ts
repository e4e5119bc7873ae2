import {spawnSync} from 'node:child_process'
import {copyFileSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'
import {REPO_ROOT, cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {fixtureProject} from './helpers.js'

/**
 * bin/run.js answers every operation without oclif when its arguments parse exactly (the fast runner generated
 * from the operation table); these cases run each request both ways (GOVTOOL_NO_FAST_PATH=1 forces oclif) and
 * require the same stdout, stderr and exit code.
 */
describe('preflight and verify fast paths', () => {
  after(cleanupTempDirs)

  it('gives exactly the output and exit code of the oclif command', async () => {
    const ctx = fixtureProject()
    const home = makeTempDir()
    const cases: string[][] = [
      ['preflight', 'print the api key', '--json'],
      ['preflight', 'delete the users table', '--project-dir', ctx.root],
      ['preflight', '--project-dir', ctx.root, '--json', '--verbose', '--stress', 'explain', 'how', 'login', 'works?'],
      ['preflight', `--project-dir=${ctx.root}`, 'make it better'],
      ['preflight', 'fix it', '--project-dir', '/nonexistent/project', '--json'],
      ['preflight', 'fix it', '--project-dir', '/nonexistent/project'],
      ['verify', '--changed', 'src/a.ts,test/a.test.ts', '--json'],
      ['verify', '--changed', 'src/a.ts', `--project-dir=${ctx.root}`],
      ['verify', '--json'],
      ['verify', '--tests', '/nonexistent/results.xml'],
    ]
    for (const args of cases) {
      const fast = await runCli(args, {cwd: ctx.root, env: isolatedEnv(home)})
      const slow = await runCli(args, {cwd: ctx.root, env: isolatedEnv(home, {GOVTOOL_NO_FAST_PATH: '1'})})
      expect(fast.code, args.join(' ')).to.equal(slow.code)
      expect(fast.stdout, args.join(' ')).to.equal(slow.stdout)
      expect(fast.stderr, args.join(' ')).to.equal(slow.stderr)
    }
  })

  it('hands help, unknown flags and a missing utterance to oclif, and reads --stdin like oclif', async () => {
    const ctx = fixtureProject()
    const help = await runCli(['preflight', '--help'], {cwd: ctx.root})
    expect(help.code).to.equal(0)
    expect(help.stdout).to.contain('USAGE')
    const missing = await runCli(['preflight', '--json'], {cwd: ctx.root})
    expect(missing.code).to.equal(2)
    expect(missing.json<{error: {message: string}}>().error.message).to.match(/Missing 1 required arg/)
    const stdin = '{"files_changed":["src/a.ts"],"test_results":{"passed":3,"failed":1}}'
    const fast = await runCli(['verify', '--stdin', '--json'], {cwd: ctx.root, input: stdin})
    const slow = await runCli(['verify', '--stdin', '--json'], {cwd: ctx.root, input: stdin, env: isolatedEnv(makeTempDir(), {GOVTOOL_NO_FAST_PATH: '1'})})
    expect(fast.code).to.equal(slow.code)
    expect(fast.json()).to.deep.equal(slow.json())
  })

  it('runs from the bundle in dist/fast, built from the current code', async () => {
    const bundle = path.join(REPO_ROOT, 'dist', 'fast', 'index.js')
    expect(existsSync(bundle), 'npm run build writes dist/fast (scripts/bundle-fast.mjs)').to.equal(true)
    const inputs = JSON.parse(readFileSync(path.join(REPO_ROOT, 'dist', 'fast', 'inputs.json'), 'utf8')) as string[]
    expect(inputs).to.include('dist/fast-entry.js')
    const built = statSync(bundle).mtimeMs
    const stale = inputs.filter((f) => statSync(path.join(REPO_ROOT, f)).mtimeMs > built)
    expect(stale, 'the bundle is older than these files: run npm run build').to.deep.equal([])
    // bin/run.js would fall back silently: the bundle itself must load
    const loaded = (await import(pathToFileURL(bundle).href)) as {runFast?: unknown}
    expect(loaded.runFast).to.be.a('function')
  })

  it('falls back to oclif when the bundle is missing', () => {
    const ctx = fixtureProject()
    const install = makeTempDir('govtool-nobundle-')
    mkdirSync(path.join(install, 'bin'))
    copyFileSync(path.join(REPO_ROOT, 'bin', 'run.js'), path.join(install, 'bin', 'run.js'))
    copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(install, 'package.json'))
    // an install ships its manifest: oclif lists the root package's commands from it without loading dist/
    copyFileSync(path.join(REPO_ROOT, 'oclif.manifest.json'), path.join(install, 'oclif.manifest.json'))
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(install, 'node_modules'))
    const args = ['preflight', 'print the api key', '--project-dir', ctx.root, '--json']
    const run = (bin: string) => spawnSync(process.execPath, [bin, ...args], {encoding: 'utf8', env: isolatedEnv(makeTempDir())})
    const fallback = run(path.join(install, 'bin', 'run.js'))
    const bundled = run(path.join(REPO_ROOT, 'bin', 'run.js'))
    expect(fallback.status, fallback.stderr).to.equal(3)
    expect(fallback.stdout).to.equal(bundled.stdout)
  })
})
