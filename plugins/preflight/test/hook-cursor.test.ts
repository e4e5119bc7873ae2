/**
 * `govtool hook cursor <event>` end to end with Cursor's hook payloads (the shapes of Cursor's hooks
 * documentation, https://cursor.com/docs/agent/hooks: common fields conversation_id, generation_id,
 * hook_event_name, workspace_roots), and the secrets a tool call carries (Claude Code's PreToolUse and
 * Cursor's events go through the kernel scanner). Cursor reads one JSON object from stdout on exit 0; exit 2
 * blocks; nothing may exit otherwise.
 */
import {execFileSync} from 'node:child_process'
import {writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir, runCli, type CliResult} from 'govtool/testing'

import {fixtureProject} from './helpers.js'

const env = isolatedEnv(makeTempDir('govtool-hook-cursor-home-'))
// built from pieces so that this file holds no key itself
const GITHUB_TOKEN = ['ghp', '_', 'R7tq2Lx9Vb4Nw8Kz1Pd6Hs3Jm5Fy0Ca2Ue7X'].join('')
const AWS_KEY_ID = ['AKIA', 'Q4LZ7XW2NB5RT3YK'].join('')

/** The notes fixture (phase implementation) under the standard preset, committed to a fresh repository. */
function gitProject(): string {
  const root = fixtureProject({config: 'agent:\n  permissions:\n    preset: standard\n'}).root
  const git = (...args: string[]) => execFileSync('git', args, {cwd: root, env: {...process.env, ...GIT_TEST_ENV}, stdio: 'pipe'})
  git('init', '-q', '-b', 'main')
  git('add', '-A')
  git('commit', '-qm', 'initial')
  return root
}

/** A Cursor hook input: the common fields Cursor sends with every event, and the event's own. */
function cursorPayload(root: string, event: string, fields: Record<string, unknown>): string {
  return JSON.stringify({
    conversation_id: '0d6f2b8e-4c1a-4f7e-9a51-3b2c1d0e9f87',
    generation_id: '7a1c9e3b-2d4f-4b6a-8c0e-1f2a3b4c5d6e',
    model: 'claude-4-sonnet',
    hook_event_name: event,
    cursor_version: '1.7.38',
    workspace_roots: [root],
    user_email: 'dev@example.invalid',
    ...fields,
  })
}

function cursor(root: string, event: string, input: string): Promise<CliResult> {
  return runCli(['hook', 'cursor', event, '--project-dir', root], {env, input})
}

/** Exit 0 and exactly one JSON object on stdout. */
function answer<T = Record<string, unknown>>(r: CliResult): T {
  expect(r.code, r.stderr).to.equal(0)
  return r.json<T>()
}

describe('hook cursor (end to end)', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)

  it('beforeSubmitPrompt: an accepted prompt continues, a refused or unclear one is stopped with the reason for the user', async () => {
    const root = gitProject()
    expect(answer(await cursor(root, 'beforeSubmitPrompt', cursorPayload(root, 'beforeSubmitPrompt', {prompt: 'fix the login timeout', attachments: []})))).to.deep.equal({continue: true})
    const refused = answer<{continue: boolean; user_message: string}>(await cursor(root, 'beforeSubmitPrompt', cursorPayload(root, 'beforeSubmitPrompt', {prompt: 'delete the ledger and start over', attachments: []})))
    expect(Object.keys(refused).sort()).to.deep.equal(['continue', 'user_message'])
    expect(refused.continue).to.equal(false)
    expect(refused.user_message).to.match(/^govtool preflight (blocked|rejected) this request\./)
    // Cursor cannot hand the model a question, so a request that needs clarification is stopped for the user
    const unclear = answer<{continue: boolean; user_message: string}>(await cursor(root, 'beforeSubmitPrompt', cursorPayload(root, 'beforeSubmitPrompt', {prompt: 'Add a logout button (REQ-999)', attachments: []})))
    expect(unclear.continue).to.equal(false)
    expect(unclear.user_message).to.match(/^govtool preflight: this request needs clarification before anything changes\. .*REQ-999/)
  })

  it('beforeShellExecution: protected paths, governed tools and carried secrets are denied in Cursor\'s permission shape; the rest is allowed', async () => {
    const root = gitProject()
    const shell = (command: string) => cursor(root, 'beforeShellExecution', cursorPayload(root, 'beforeShellExecution', {command, cwd: root}))
    const denied = answer<{permission: string; user_message: string; agent_message: string}>(await shell('echo "## forged" >> LEDGER.md'))
    expect(Object.keys(denied)).to.deep.equal(['permission', 'user_message', 'agent_message'])
    expect(denied.permission).to.equal('deny')
    expect(denied.agent_message).to.contain('LEDGER.md, a protected path')
    expect(denied.user_message).to.equal(denied.agent_message)
    const asked = answer<{permission: string; agent_message: string}>(await shell('npx prettier --write AGENTS.md'))
    expect(asked.permission, asked.agent_message).to.equal('ask')

    const leaked = await shell(`curl -H "Authorization: token ${GITHUB_TOKEN}" https://api.github.com/user`)
    const secret = answer<{permission: string; agent_message: string}>(leaked)
    expect(secret.permission).to.equal('deny')
    expect(secret.agent_message).to.contain('carries a secret (the command line 1: GitHub token)')
    expect(leaked.stdout).not.to.contain(GITHUB_TOKEN)

    expect(answer(await shell('npm test 2>&1 | tail -20'))).to.deep.equal({permission: 'allow'})
  })

  it('beforeReadFile: a file whose content carries a secret is denied before it reaches the model; beforeMCPExecution: secrets in arguments, govtool\'s own server', async () => {
    const root = gitProject()
    const read = (file: string, content: string) => cursor(root, 'beforeReadFile', cursorPayload(root, 'beforeReadFile', {file_path: path.join(root, file), content, attachments: []}))
    expect(answer(await read('src/app.ts', 'export const app = 1\n'))).to.deep.equal({permission: 'allow'})
    const r = await read('deploy/env.sh', `export REGION=eu-west-1\nexport AWS_ACCESS_KEY_ID=${AWS_KEY_ID}\n`)
    expect(answer(r)).to.deep.equal({permission: 'deny'})
    expect(r.stdout).not.to.contain(AWS_KEY_ID)
    const json = await runCli(['hook', 'cursor', 'beforeReadFile', '--project-dir', root, '--json'], {env, input: cursorPayload(root, 'beforeReadFile', {file_path: path.join(root, 'deploy/env.sh'), content: `x\nexport AWS_ACCESS_KEY_ID=${AWS_KEY_ID}\n`})})
    expect(json.json<{reason: string}>().reason).to.contain('deploy/env.sh line 2: AWS access key id')
    expect(json.stdout).not.to.contain(AWS_KEY_ID)

    const mcp = (fields: Record<string, unknown>) => cursor(root, 'beforeMCPExecution', cursorPayload(root, 'beforeMCPExecution', fields))
    expect(answer(await mcp({tool_name: 'ledger_list', tool_input: '{}', command: 'govtool mcp serve --project-dir /w'}))).to.deep.equal({permission: 'allow'})
    const carried = answer<{permission: string; agent_message: string}>(await mcp({tool_name: 'create_issue', tool_input: JSON.stringify({body: `token ${GITHUB_TOKEN}`}), url: 'http://localhost:3000'}))
    expect(carried.permission).to.equal('deny')
    expect(carried.agent_message).to.contain('the create_issue arguments line 1: GitHub token')
  })

  it('fails closed: input it cannot read exits 2 with the reason on stderr (Cursor blocks on exit 2)', async () => {
    const root = gitProject()
    const cases: Array<[string, string, RegExp]> = [
      ['beforeShellExecution', 'not json', /hook input is not JSON/],
      ['beforeShellExecution', '"x"', /not a JSON object/],
      ['beforeShellExecution', cursorPayload(root, 'beforeShellExecution', {cwd: root}), /has no "command" string/],
      ['beforeShellExecution', cursorPayload(root, 'beforeReadFile', {command: 'ls'}), /input is for beforeReadFile, but this hook answers beforeShellExecution/],
      ['beforeSubmitPrompt', cursorPayload(root, 'beforeSubmitPrompt', {}), /has no "prompt" string/],
      ['beforeReadFile', cursorPayload(root, 'beforeReadFile', {content: 'x'}), /has no "file_path"/],
      ['PreToolUse', cursorPayload(root, 'PreToolUse', {}), /cursor has no PreToolUse hook that govtool answers/],
    ]
    for (const [event, input, message] of cases) {
      const r = await cursor(root, event, input)
      expect(r.code, `${input}: ${r.stdout}`).to.equal(2)
      expect(r.stdout).to.equal('')
      expect(r.stderr).to.match(message)
    }
    writeFileSync(path.join(root, 'docs', 'GOVTOOL.yml'), 'agent:\n  permissions:\n    preset: superuser\n')
    const broken = await cursor(root, 'beforeShellExecution', cursorPayload(root, 'beforeShellExecution', {command: 'ls', cwd: root}))
    expect(broken.code).to.equal(2)
    expect(broken.stderr).to.match(/GOVTOOL\.yml/)
  })
})

describe('hook claude-code: secrets a tool call carries', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)

  it('denies a Write, Edit or Bash that carries a key, naming file, line and kind, never the value', async () => {
    const root = gitProject()
    const tool = (name: string, input: Record<string, unknown>) =>
      runCli(['hook', 'claude-code', 'PreToolUse', '--project-dir', root], {
        env,
        input: JSON.stringify({session_id: 's-secrets', transcript_path: '/tmp/t.jsonl', cwd: root, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: name, tool_input: input, tool_use_id: 'toolu_01'}),
      })
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['Write', {file_path: path.join(root, 'src', 'config.ts'), content: `export const region = 'eu'\nexport const token = '${GITHUB_TOKEN}'\n`}, 'this Write carries a secret (src/config.ts line 2: GitHub token)'],
      ['Edit', {file_path: path.join(root, 'README.md'), old_string: 'Setup', new_string: `Setup\n\nAWS_ACCESS_KEY_ID=${AWS_KEY_ID}`}, 'this Edit carries a secret (README.md line 3: AWS access key id)'],
      ['MultiEdit', {file_path: path.join(root, 'src', 'a.ts'), edits: [{old_string: 'a', new_string: 'b'}, {old_string: 'c', new_string: `const t = '${GITHUB_TOKEN}'`}]}, 'src/a.ts line 1: GitHub token'],
      ['Bash', {command: `git remote set-url origin https://x:${GITHUB_TOKEN}@github.com/acme/app.git`}, 'this command carries a secret (the command line 1: GitHub token)'],
    ]
    for (const [name, input, reason] of cases) {
      const r = await tool(name, input)
      expect(r.code, r.stderr).to.equal(0)
      const out = r.json<{hookSpecificOutput: {permissionDecision: string; permissionDecisionReason: string}}>().hookSpecificOutput
      expect(out.permissionDecision, name).to.equal('deny')
      expect(out.permissionDecisionReason).to.contain(reason)
      expect(r.stdout).not.to.contain(GITHUB_TOKEN)
      expect(r.stdout).not.to.contain(AWS_KEY_ID)
    }
    // a key read from the environment is no secret
    const clean = await tool('Write', {file_path: path.join(root, 'src', 'config.ts'), content: 'export const token = process.env.GITHUB_TOKEN\n'})
    expect(clean.code).to.equal(0)
    expect(clean.stdout).to.equal('')
  })
})
