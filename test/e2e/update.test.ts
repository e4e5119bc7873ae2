import {execFileSync} from 'node:child_process'
import {createHash} from 'node:crypto'
import {chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

/** A loopback update host laid out as `oclif upload tarballs` lays out the real one. */
async function startUpdateHost(versions: {stable: string; dev: string}): Promise<{url: string; server: Server; requests: string[]}> {
  const root = makeTempDir('govtool-update-host-')
  const files = new Map<string, Buffer>()
  const requests: string[] = []
  const platform = process.platform
  const arch = process.arch
  let url = ''
  const server = createServer((req, res) => {
    requests.push(req.url ?? '')
    const body = files.get(req.url ?? '')
    if (!body) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, {'content-type': 'application/octet-stream', 'content-length': body.length}).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  for (const [channel, version] of Object.entries(versions)) {
    // a build of `version`: govtool/package.json and a launcher that records how it was called
    const build = path.join(root, `build-${version}`, 'govtool')
    mkdirSync(path.join(build, 'bin'), {recursive: true})
    writeFileSync(path.join(build, 'package.json'), JSON.stringify({name: 'govtool', version, type: 'module', oclif: {bin: 'govtool'}}))
    writeFileSync(path.join(build, 'bin', 'govtool'), '#!/bin/sh\necho "$@" > "$GOVTOOL_TEST_RECORD"\necho "migrate-project ran"\n')
    chmodSync(path.join(build, 'bin', 'govtool'), 0o755)
    const tgz = path.join(root, `govtool-v${version}.tar.gz`)
    execFileSync('tar', ['-czf', tgz, '-C', path.dirname(build), 'govtool'])
    const gz = readFileSync(tgz)
    const gzPath = `/versions/${version}/abc1234/govtool-v${version}-abc1234-${platform}-${arch}.tar.gz`
    files.set(gzPath, gz)
    const manifest = {version, sha: 'abc1234', gz: url + gzPath, sha256gz: createHash('sha256').update(gz).digest('hex'), baseDir: 'govtool'}
    files.set(`/channels/${channel}/govtool-${platform}-${arch}-buildmanifest`, Buffer.from(JSON.stringify(manifest)))
  }
  return {url, server, requests}
}

describe('update and self-update (end to end, loopback update host)', () => {
  let host: Awaited<ReturnType<typeof startUpdateHost>>
  before(async () => {
    host = await startUpdateHost({stable: '0.2.0', dev: '0.3.0-dev.1'})
  })
  after(() => {
    host.server.close()
    cleanupTempDirs()
  })

  it('update --check reports a newer version on the effective channel, and the npm command for npm installs', async () => {
    const env = isolatedEnv(makeTempDir(), {GOVTOOL_UPDATE_HOST: host.url})
    const r = await runCli(['update', '--check', '--json'], {env})
    expect(r.code, r.stderr).to.equal(0)
    const check = r.json<{latest: string; channel: string; update_available: boolean; install_method: string; message: string}>()
    expect(check).to.include({latest: '0.2.0', channel: 'stable', update_available: true, install_method: 'npm'})
    expect(check.message).to.contain('npm install -g govtool@latest')

    await runCli(['channel', 'set', 'dev'], {env})
    const dev = (await runCli(['update', '--check', '--json'], {env})).json<{latest: string; channel: string}>()
    expect(dev).to.include({latest: '0.3.0-dev.1', channel: 'dev'})
  })

  it('self-update from an npm install refuses and says what to run', async () => {
    const env = isolatedEnv(makeTempDir(), {GOVTOOL_UPDATE_HOST: host.url})
    const r = await runCli(['self-update'], {env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.contain('installed from npm')
    expect(r.stderr).to.contain('npm install -g govtool@latest')
  })

  it('update --yes installs the new build and runs its migrate-project on the project', async () => {
    const home = makeTempDir()
    const project = makeTempDir()
    writeFileSync(path.join(project, 'scaffold.yml'), 'name: demo\ntype: generic\n')
    const record = path.join(home, 'record.txt')
    const env = isolatedEnv(home, {GOVTOOL_UPDATE_HOST: host.url, GOVTOOL_BINPATH: path.join(home, 'bin', 'govtool'), GOVTOOL_TEST_RECORD: record})
    const r = await runCli(["update", "--yes", "--json", "--project-dir", project], {env})
    expect(r.code, r.stderr).to.equal(0)
    const result = r.json<{updated: boolean; migrated: boolean; latest: string}>()
    expect(result).to.include({updated: true, migrated: true, latest: '0.2.0'})
    const client = path.join(home, 'data', 'client')
    expect(existsSync(path.join(client, '0.2.0-abc1234', 'package.json'))).to.equal(true)
    expect(readFileSync(path.join(client, 'bin', 'govtool'), 'utf8')).to.contain('0.2.0-abc1234')
    expect(readFileSync(record, 'utf8').trim()).to.equal(`migrate-project --project-dir ${project}`)
  })

  it('an unreachable update host is a clear error', async () => {
    const env = isolatedEnv(makeTempDir(), {GOVTOOL_UPDATE_HOST: 'http://127.0.0.1:9'})
    const r = await runCli(['update', '--check'], {env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.contain('Could not reach the update host')
    expect(r.stderr).not.to.match(/\n\s+at /)
  })
})
