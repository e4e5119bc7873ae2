import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, REPO_ROOT, runCli} from 'govtool/testing'

const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {version: string}

describe('govtool kernel (end to end)', () => {
  after(cleanupTempDirs)

  it('--version prints the tool name and version', async () => {
    const r = await runCli(['--version'])
    expect(r.code).to.equal(0)
    expect(r.stdout).to.match(new RegExp(`^govtool/${pkg.version.replaceAll('.', '\\.')} \\S+ node-v\\d+`))
  })

  it('--help lists topics and commands with summaries', async () => {
    const r = await runCli(['--help'])
    expect(r.code).to.equal(0)
    expect(r.stdout).to.contain('TOPICS')
    expect(r.stdout).to.match(/channel\s+Show or set the update channel/)
    expect(r.stdout).to.match(/plugin\s+List installed plugins that contribute project types/)
  })

  it('channel get/set/clear persist ~/.govtool/channel under GOVTOOL_HOME', async () => {
    const home = makeTempDir()
    const env = isolatedEnv(home)
    expect((await runCli(['channel', 'get', '--json'], {env})).json()).to.deep.equal({channel: 'stable', source: 'version'})
    expect((await runCli(['channel', 'set', 'dev'], {env})).code).to.equal(0)
    expect(readFileSync(path.join(home, 'govtool-home', 'channel'), 'utf8').trim()).to.equal('dev')
    expect((await runCli(['channel', 'get', '--json'], {env})).json()).to.deep.equal({channel: 'dev', source: 'user'})
    const cleared = await runCli(['channel', 'clear', '--json'], {env})
    expect(cleared.json()).to.deep.equal({channel: 'stable', source: 'version', cleared: true})
    expect(existsSync(path.join(home, 'govtool-home', 'channel'))).to.equal(false)
  })

  it('refuses an unknown channel with a clear error and no stack trace', async () => {
    const r = await runCli(['channel', 'set', 'beta'])
    expect(r.code).to.equal(2)
    expect(r.stderr).to.contain("Unknown channel 'beta'")
    expect(r.stderr).to.contain('Use one of: stable, dev')
    expect(r.stderr).not.to.match(/\n\s+at /)
    const j = await runCli(['channel', 'set', 'beta', '--json'])
    expect(j.json<{error: {code: string; exit: number}}>().error).to.include({code: 'E_BAD_CHANNEL', exit: 2})
  })

  it('bad flags exit 2 with a hint pointing at --help', async () => {
    const r = await runCli(['plugin', '--bogus'])
    expect(r.code).to.equal(2)
    expect(r.stderr).to.match(/Nonexistent flag/)
    expect(r.stderr).to.contain('govtool plugin --help')
    const missing = await runCli(['channel', 'set'])
    expect(missing.code).to.equal(2)
    expect(missing.stderr).to.match(/Missing 1 required arg: channel/)
  })

  it('an unknown command is a clear error with the closest commands, in JSON too', async () => {
    const r = await runCli(['chanel', 'get'])
    expect(r.code).to.equal(2)
    expect(r.stderr).to.contain('Unknown command "chanel get"')
    expect(r.stderr).to.contain('Did you mean govtool channel get')
    const j = await runCli(['req', 'lst', '--json'])
    expect(j.code).to.equal(2)
    expect(j.json<{error: {code: string; hint: string}}>().error).to.include({code: 'E_UNKNOWN_COMMAND'})
    expect(j.json<{error: {hint: string}}>().error.hint).to.contain('govtool req list')
    const none = await runCli(['frobnicate'])
    expect(none.stderr).to.contain('See govtool --help for every command.')
    expect(none.stderr).not.to.contain('Did you mean')
  })

  it('plugin lists the built-in types, and a linked third-party plugin adds its own', async () => {
    const home = makeTempDir()
    const env = isolatedEnv(home)
    let r = await runCli(['plugin', '--json'], {env})
    expect(r.code).to.equal(0)
    const names = r.json<{types: {name: string}[]}>().types.map((t) => t.name)
    expect(names).to.include.members(['python', 'node-typescript', 'rust', 'c-embedded', 'fpga-vhdl', 'generic'])

    const fixture = path.join(REPO_ROOT, 'test', 'fixtures', 'plugin-extra-type')
    const link = await runCli(['plugins', 'link', fixture, '--no-install'], {env})
    expect(link.code, link.stderr).to.equal(0)
    r = await runCli(['plugin', '--json'], {env})
    const result = r.json<{plugins: {plugin: string; kind: string; status: string; types: string[]}[]; types: {name: string; plugin: string}[]}>()
    expect(result.plugins.find((p) => p.plugin === 'govtool-plugin-extra-type')).to.include({kind: 'link', status: 'loaded'})
    expect(result.types.find((t) => t.name === 'zig')).to.include({plugin: 'govtool-plugin-extra-type'})
  })

  it('a plugin installed from a package (user kind) adds its types, and uninstall removes them', async () => {
    const home = makeTempDir()
    const env = isolatedEnv(home)
    const pack = makeTempDir()
    const {execFileSync} = await import('node:child_process')
    const tgz = execFileSync('npm', ['pack', '--silent', '--pack-destination', pack, path.join(REPO_ROOT, 'test', 'fixtures', 'plugin-extra-type')], {encoding: 'utf8'}).trim().split('\n').pop()!
    const install = await runCli(['plugins', 'install', `file:${path.join(pack, tgz)}`], {env})
    expect(install.code, install.stderr).to.equal(0)
    let r = (await runCli(['plugin', '--json'], {env})).json<{plugins: {plugin: string; kind: string}[]; types: {name: string}[]}>()
    expect(r.plugins.find((p) => p.plugin === 'govtool-plugin-extra-type')).to.include({kind: 'user'})
    expect(r.types.map((t) => t.name)).to.include('zig')
    expect((await runCli(['plugins', 'uninstall', 'govtool-plugin-extra-type'], {env})).code).to.equal(0)
    r = (await runCli(['plugin', '--json'], {env})).json()
    expect(r.types.map((t) => t.name)).not.to.include('zig')
  })

  it('a plugin that throws on import is shown as failed and breaks nothing else', async () => {
    const home = makeTempDir()
    const env = isolatedEnv(home)
    const fixture = path.join(REPO_ROOT, 'test', 'fixtures', 'plugin-broken')
    expect((await runCli(['plugins', 'link', fixture, '--no-install'], {env})).code).to.equal(0)
    const r = await runCli(['plugin', '--json'], {env})
    expect(r.code).to.equal(0)
    const broken = r.json<{plugins: {plugin: string; status: string; error?: string}[]}>().plugins.find((p) => p.plugin === 'govtool-plugin-broken')
    expect(broken).to.include({status: 'failed'})
    expect(broken?.error).to.contain('boom: this plugin is broken on purpose')
    const human = await runCli(['plugin'], {env})
    expect(human.stdout).to.match(/govtool-plugin-broken.*failed/)
    expect((await runCli(['channel', 'get'], {env})).code).to.equal(0)
  })
})
