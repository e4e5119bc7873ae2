/** agent ask (routing and answers) and the permission profile commands' library, on a small fixture project. */
import {cpSync, mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {coverage, loadGovernanceModel, readLedger} from '@govtool/plugin-governance'
import {expect} from 'chai'
import {ProjectContext, isGovError} from 'govtool'
import {cleanupTempDirs, makeTempDir} from 'govtool/testing'

import {ASK_ROUTES, askAgent, checkPermission, describePermissions, routeAsk, type AskAction} from '../src/lib/agent.js'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'project')

function project(config?: string): ProjectContext {
  const dir = makeTempDir('govtool-agent-')
  cpSync(FIXTURE, dir, {recursive: true})
  if (config !== undefined) writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), config)
  return new ProjectContext(dir, {...process.env, GOVTOOL_HOME: path.join(dir, '.home')})
}

describe('agent ask: routing', () => {
  const table: [string, AskAction, string?][] = [
    ['what is our compliance status', 'compliance_summary', 'compliance'],
    ['show test coverage', 'compliance_summary', 'coverage'],
    ['any gaps?', 'compliance_summary', 'gaps'],
    ['is there a gap in the tests', 'compliance_summary', 'gaps'],
    ['trace REQ-001', 'compliance_summary', 'trace'],
    ['how is traceability', 'compliance_summary', 'trace'],
    ['run an audit', 'audit', 'audit'],
    ['project health please', 'audit', 'health'],
    ['governance check', 'audit', 'governance'],
    ['is there drift?', 'audit', 'drift'],
    ['I want to build skill for reviews', 'skills_hint', 'skill'],
    ['create skill', 'skills_hint', 'skill'],
    ['which skills do we have', 'skills_hint', 'skill'],
    ['esdb?', 'esdb_status', 'esdb'],
    ['how big is the database', 'esdb_status', 'database'],
    ['make a backup', 'esdb_status', 'backup'],
    ['export everything', 'esdb_status', 'export'],
    ['how many records', 'esdb_status', 'records'],
    ['set up mcp', 'mcp_hint', 'mcp'],
    ['start a server', 'mcp_hint', 'server'],
    ['I need a tool server for jira', 'mcp_hint', 'server'],
    ['end the session', 'session_info', 'session'],
    ['what phase are we in', 'session_info', 'phase'],
    ['status', 'session_info', 'status'],
    ['tell me about this project', 'session_info', 'project'],
    ['audit the coverage', 'compliance_summary', 'coverage'],
    ['project status of the esdb', 'esdb_status', 'esdb'],
    ['hello there', 'unknown'],
    ['', 'unknown'],
  ]
  for (const [text, action, keyword] of table) {
    it(`"${text}" -> ${action}`, () => {
      const r = routeAsk(text)
      expect(r.action).to.equal(action)
      if (keyword) expect(r.keyword).to.equal(keyword)
    })
  }

  it('has a test for every keyword of every group', () => {
    for (const route of ASK_ROUTES) {
      for (const k of route.keywords) expect(routeAsk(`tell me: ${k}`).action, k).to.be.oneOf([route.action, ...ASK_ROUTES.slice(0, ASK_ROUTES.indexOf(route)).map((r) => r.action)])
      expect(table.some(([, a]) => a === route.action)).to.equal(true)
    }
  })
})

describe('agent ask: answers from the project', () => {
  after(cleanupTempDirs)

  it('compliance_summary reports the coverage computed from the project', async () => {
    const ctx = project()
    const cov = coverage(await loadGovernanceModel(ctx))
    const r = await askAgent(ctx, 'what are the coverage gaps?')
    expect(r.action).to.equal('compliance_summary')
    expect(r.prompt).to.equal('what are the coverage gaps?')
    expect(r.data).to.include({covered: cov.covered.length, percent: cov.percent})
    expect(r.reply).to.contain(`${cov.covered.length} of 3`).and.to.contain('REQ-003')
    expect(r.suggested_command).to.equal('govtool req gaps')
  })

  it('audit carries the audit result', async () => {
    const r = await askAgent(project(), 'governance health')
    expect(r.action).to.equal('audit')
    expect(r.data).to.have.property('healthy').that.is.a('boolean')
    expect(r.reply).to.match(/^Audit: /)
    expect(r.suggested_command).to.match(/^govtool audit/)
  })

  it('skills_hint lists installed skills; mcp_hint counts configured servers', async () => {
    const ctx = project()
    mkdirSync(ctx.path('.agents', 'skills', 'verifier'), {recursive: true})
    const skills = await askAgent(ctx, 'create skill')
    expect(skills.data).to.deep.equal({installed: ['verifier']})
    expect(skills.reply).to.contain('verifier')
    mkdirSync(ctx.userDir, {recursive: true})
    writeFileSync(ctx.user('mcp.json'), JSON.stringify({servers: [{id: 'mcp-a'}, {id: 'mcp-b'}]}))
    const mcp = await askAgent(ctx, 'tool server please')
    expect(mcp.data).to.deep.equal({configured_servers: 2})
    expect(mcp.suggested_command).to.contain('mcp generate')
  })

  it('esdb_status answers from the event store, zero records when there is none', async () => {
    const r = await askAgent(project(), 'esdb records')
    expect(r.action).to.equal('esdb_status')
    expect(r.data).to.include({record_count: 0, chain_valid: true})
    expect(r.reply).to.match(/^ESDB: 0 record/)
  })

  it('session_info gives the phase, counts and the last ledger entry', async () => {
    const r = await askAgent(project(), 'which phase is the project in?')
    expect(r.action).to.equal('session_info')
    expect(r.data).to.include({project: 'notebook', phase: 'requirements', phase_recorded: true, requirements: 4, tests: 2, ledger_entries: 0})
    expect(r.reply).to.contain('phase requirements')
  })

  it('unknown gets the help text; a missing project still gets a reply', async () => {
    const unknown = await askAgent(project(), 'sing me a song')
    expect(unknown.action).to.equal('unknown')
    expect(unknown.reply).to.contain('compliance, coverage, gaps, trace')
    const noProject = await askAgent(undefined, 'coverage')
    expect(noProject.action).to.equal('compliance_summary')
    expect(noProject.reply).to.contain('could not be opened')
  })
})

describe('agent permissions', () => {
  after(cleanupTempDirs)

  it('shows the default profile, and the configured one with allow and deny applied', async () => {
    const def = await describePermissions(project())
    // least privileged by default: reads, writes in the project, its tests; no shell, delete, commit, push, tag
    expect(def).to.include({preset: 'workspace', source: 'default'})
    expect(def.effective).to.have.members(['read_file', 'list_files', 'search_files', 'git_status', 'git_diff', 'git_log', 'write_file', 'run_tests'])
    expect(def.presets.standard).to.include.members(['run_shell', 'delete_file', 'git_push', 'git_tag'])
    const std = await describePermissions(project('agent:\n  permissions:\n    preset: standard\n'))
    expect(std.effective).to.include.members(['read_file', 'write_file', 'git_push']).and.not.include('git_create_pr')
    const cfg = await describePermissions(project('agent:\n  permissions:\n    preset: read_only\n    allow: [git_commit]\n    deny: [git_log]\n'))
    expect(cfg).to.include({preset: 'read_only', source: 'config'})
    expect(cfg.effective).to.include.members(['read_file', 'git_commit']).and.not.include('git_log')
    expect(cfg.presets.extended).to.include('git_create_pr')
  })

  it('logs a denied attempt as permission_denied unless told not to', async () => {
    const ctx = project('agent:\n  permissions:\n    preset: read_only\n')
    const allowed = await checkPermission(ctx, 'git_diff')
    expect(allowed).to.include({allowed: true, logged: false})
    const denied = await checkPermission(ctx, 'git push')
    expect(denied).to.include({allowed: false, canonical: 'git_push', logged: true, rule: 'not_in_preset:read_only'})
    const quiet = await checkPermission(ctx, 'run_shell', {log: false})
    expect(quiet).to.include({allowed: false, logged: false})
    const ledger = await readLedger(ctx)
    expect(ledger.entries.map((e) => [e.type, e.fields.Tool])).to.deep.equal([['permission_denied', 'git_push']])
  })

  it('refuses an invalid tool name and a bad profile with clear errors', async () => {
    try {
      await checkPermission(project(), '../etc/passwd')
      expect.fail('should have thrown')
    } catch (error) {
      expect(isGovError(error)).to.equal(true)
      expect((error as {exit: number}).exit).to.equal(2)
    }
    try {
      await describePermissions(project('agent:\n  permissions:\n    preset: superuser\n'))
      expect.fail('should have thrown')
    } catch (error) {
      expect((error as Error).message).to.contain('agent.permissions.preset').and.to.contain('GOVTOOL.yml:3')
    }
  })
})
