/** agent ask / permissions / permissions-check through the real binary: exit codes, JSON, ledger. */
import {cpSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {expect} from 'chai'
import {cleanupTempDirs, isolatedEnv, makeTempDir, runCli} from 'govtool/testing'

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'project')

function project(config?: string): string {
  const dir = makeTempDir('govtool-agent-e2e-')
  cpSync(FIXTURE, dir, {recursive: true})
  if (config !== undefined) writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), config)
  return dir
}

describe('agent ask and permissions (end to end)', () => {
  const env = isolatedEnv(makeTempDir())
  after(cleanupTempDirs)

  it('agent ask answers with exit 0: a routed question, --json-output, unknown text, a missing project', async () => {
    const dir = project()
    const human = await runCli(['agent', 'ask', 'what', 'is', 'our', 'coverage?', '--project-dir', dir], {env})
    expect(human.code).to.equal(0)
    expect(human.stdout).to.contain('Coverage: 2 of 3 requirements').and.to.contain('Next: govtool req gaps')
    const json = await runCli(['agent', 'ask', 'which phase are we in', '--json-output', '--project-dir', dir], {env})
    expect(json.code).to.equal(0)
    expect(json.json()).to.include({action: 'session_info', prompt: 'which phase are we in', suggested_command: 'govtool checkpoint'})
    const unknown = await runCli(['agent', 'ask', 'sing', '--json'], {env, cwd: dir})
    expect(unknown.code).to.equal(0)
    expect(unknown.json()).to.include({action: 'unknown'})
    const missing = await runCli(['agent', 'ask', 'audit', '--json-output', '--project-dir', path.join(dir, 'nope')], {env})
    expect(missing.code).to.equal(0)
    expect(missing.json<{action: string; reply: string}>().reply).to.contain('could not be opened')
  })

  it('a new project starts least privileged: reads, writes and its tests; push, tag, delete and the shell need a deliberate wider preset', async () => {
    const out = makeTempDir('govtool-agent-new-')
    writeFileSync(path.join(out, 'scaffold.yml'), 'name: fresh\ntype: python\n')
    const init = await runCli(['init', '--config', 'scaffold.yml', '--output-dir', 'projects', '--json'], {cwd: out, env})
    expect(init.code, init.stdout + init.stderr).to.equal(0)
    const dir = init.json<{project_dir: string}>().project_dir
    const show = await runCli(['agent', 'permissions', '--project-dir', dir], {env})
    expect(show.code).to.equal(0)
    expect(show.stdout).to.contain('Preset: workspace')
    expect(show.stdout).to.contain('Widen it deliberately in docs/GOVTOOL.yml: agent.permissions.preset: standard')
    for (const tool of ['read_file', 'write_file', 'run_tests', 'git_diff']) {
      const r = await runCli(['agent', 'permissions-check', tool, '--no-log', '--project-dir', dir], {env})
      expect(r.code, tool).to.equal(0)
    }
    for (const tool of ['git_push', 'git_tag', 'delete_file', 'run_shell', 'publish', 'deploy']) {
      const r = await runCli(['agent', 'permissions-check', tool, '--no-log', '--json', '--project-dir', dir], {env})
      expect(r.code, tool).to.equal(3)
      expect(r.json<{reason: string}>().reason, tool).to.contain('The workspace preset does not grant').and.contain('agent.permissions.preset:')
    }
    const push = await runCli(['preflight', 'fix the greeting and push it', '--json', '--project-dir', dir], {env})
    expect(push.code).to.equal(3)
    expect(push.json<{instruction: string}>().instruction).to.contain('does not allow git_push').and.contain('agent.permissions.preset: standard')
    // widening is a line in docs/GOVTOOL.yml
    writeFileSync(path.join(dir, 'docs', 'GOVTOOL.yml'), 'agent:\n  permissions:\n    preset: standard\n')
    const widened = await runCli(['agent', 'permissions-check', 'git_push', '--no-log', '--project-dir', dir], {env})
    expect(widened.code).to.equal(0)
  })

  it('permissions shows the profile; permissions-check exits 0 allowed, 3 denied, logging unless --no-log', async () => {
    const dir = project('agent:\n  permissions:\n    preset: read_only\n    allow: [git_commit]\n')
    const show = await runCli(['agent', 'permissions', '--json', '--project-dir', dir], {env})
    expect(show.code).to.equal(0)
    expect(show.json()).to.include({preset: 'read_only', source: 'config'})
    const ok = await runCli(['agent', 'permissions-check', 'git_commit', '--json', '--project-dir', dir], {env})
    expect(ok.code).to.equal(0)
    expect(ok.json()).to.include({allowed: true, rule: 'allow:git_commit', logged: false})
    const denied = await runCli(['agent', 'permissions-check', 'git_push', '--project-dir', dir], {env})
    expect(denied.code).to.equal(3)
    expect(denied.stdout).to.match(/^denied\s+git_push/)
    const quiet = await runCli(['agent', 'permissions-check', 'run_shell', '--no-log', '--json', '--project-dir', dir], {env})
    expect(quiet.code).to.equal(3)
    expect(quiet.json()).to.include({allowed: false, logged: false})
    const ledger = readFileSync(path.join(dir, 'LEDGER.md'), 'utf8')
    expect(ledger.match(/\*\*Type:\*\* permission_denied/g)).to.have.length(1)
    expect(ledger).to.contain('**Tool:** git_push').and.not.to.contain('run_shell')
    const bad = await runCli(['agent', 'permissions-check', 'a/b', '--project-dir', dir], {env})
    expect(bad.code).to.equal(2)
  })
})
