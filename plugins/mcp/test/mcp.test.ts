import {readFileSync, writeFileSync, mkdirSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

import {appendServer, generateStub, registryPath} from '../src/index.js'

describe('mcp generate', () => {
  after(cleanupTempDirs)

  it('is deterministic: the same description (any case or spacing) gives the same stub', () => {
    const a = generateStub('Read and comment on GitHub pull requests')
    expect(generateStub('  read and   COMMENT on github pull requests ').server.id).to.equal(a.server.id)
    expect(generateStub('Read and comment on GitHub pull requests')).to.deep.equal(a)
    expect(a.server.id).to.match(/^mcp-read-comment-github-[0-9a-f]{8}$/)
    expect(generateStub('Read and comment on GitLab merge requests').server.id).not.to.equal(a.server.id)
  })

  it('fills every stub field and only names the env variables the description implies', () => {
    const {server, note} = generateStub('Query the staging Postgres database and post a Slack summary')
    expect(server).to.have.all.keys('id', 'name', 'command', 'args', 'description', 'env')
    expect(server).to.include({name: 'Query Staging Postgres tool server', command: 'node', description: 'Query the staging Postgres database and post a Slack summary'})
    expect(server.args).to.deep.equal([`mcp-servers/${server.id}/server.mjs`])
    expect(server.env).to.deep.equal({SLACK_BOT_TOKEN: '', DATABASE_URL: ''})
    expect(note).to.contain('Stub only')
    expect(note).to.contain('SLACK_BOT_TOKEN, DATABASE_URL')
    expect(generateStub('summarise local log files').server.env).to.deep.equal({})
    expect(generateStub('the and of').server.id).to.match(/^mcp-server-[0-9a-f]{8}$/)
    expect(() => generateStub('  ')).to.throw(/empty or too short/)
    expect(() => generateStub('x'.repeat(501))).to.throw(/at most 500/)
  })

  it('appends to ~/.govtool/mcp.json without duplicates, keeping other entries and keys', async () => {
    const env = {GOVTOOL_HOME: path.join(makeTempDir(), 'home')}
    const file = registryPath(env)
    mkdirSync(path.dirname(file), {recursive: true})
    writeFileSync(file, JSON.stringify({mcpServers: {mine: {command: 'uvx', args: ['my-server']}}, comment: 'keep'}))
    const a = generateStub('search the team wiki')
    const b = generateStub('run database migrations')
    const results = await Promise.all([appendServer(a.server, env), appendServer(b.server, env), appendServer(a.server, env)])
    expect(results.filter((r) => r.appended)).to.have.length(2)
    const registry = JSON.parse(readFileSync(file, 'utf8')) as {mcpServers: Record<string, {command: string}>; comment: string}
    expect(Object.keys(registry.mcpServers).sort()).to.deep.equal(['mine', a.server.id, b.server.id].sort())
    expect(registry.comment).to.equal('keep')
    expect(registry.mcpServers[a.server.id]).to.deep.equal({name: a.server.name, command: 'node', args: a.server.args, description: a.server.description, env: {}})
    expect((await appendServer(a.server, env)).appended).to.equal(false)
  })

  it('refuses to overwrite a registry it cannot read', async () => {
    const env = {GOVTOOL_HOME: path.join(makeTempDir(), 'home')}
    mkdirSync(env.GOVTOOL_HOME, {recursive: true})
    writeFileSync(registryPath(env), '{"mcpServers": [1, 2]}')
    try {
      await appendServer(generateStub('anything at all').server, env)
      expect.fail('should reject')
    } catch (error) {
      expect((error as Error).message).to.match(/mcp\.json is field 'mcpServers'/)
    }
    expect(readFileSync(registryPath(env), 'utf8')).to.equal('{"mcpServers": [1, 2]}')
  })

  it('end to end: --json is stable and --append registers once', async () => {
    const home = makeTempDir()
    const env = isolatedEnv(home)
    const args = ['mcp', 'generate', 'track open Jira issues for the sprint', '--json']
    const first = await runCli(args, {env})
    expect(first.code, first.stderr).to.equal(0)
    const stub = first.json<{server: {id: string; env: Record<string, string>}; note: string}>()
    expect(stub).to.have.all.keys('server', 'note')
    expect(stub.server.env).to.deep.equal({JIRA_BASE_URL: '', JIRA_API_TOKEN: ''})
    expect((await runCli(args, {env})).json()).to.deep.equal(stub)
    const appended = (await runCli([...args, '--append'], {env})).json<{appended: boolean; file: string}>()
    expect(appended).to.include({appended: true, file: path.join(home, 'govtool-home', 'mcp.json')})
    const again = await runCli(['mcp', 'generate', 'track open Jira issues for the sprint', '--append'], {env})
    expect(again.stdout).to.contain('already in')
    const registry = JSON.parse(readFileSync(appended.file, 'utf8')) as {mcpServers: Record<string, unknown>}
    expect(Object.keys(registry.mcpServers)).to.deep.equal([stub.server.id])
  })
})
