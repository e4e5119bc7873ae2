/**
 * `govtool hook claude-code <event>` end to end: Claude Code's hook JSON on stdin (the payloads its hooks
 * reference documents), the exit code and stdout Claude Code reads. Exit 0 with JSON is a decision, exit 0
 * with nothing is no objection, exit 2 with stderr is a block; nothing may exit otherwise.
 */
import {execFileSync, spawnSync} from 'node:child_process'
import {chmodSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {BIN, cleanupTempDirs, GIT_TEST_ENV, isolatedEnv, makeTempDir, runCli, type CliResult} from 'govtool/testing'

import {fixtureProject} from './helpers.js'

const env = isolatedEnv(makeTempDir('govtool-hook-home-'))

/** A copy of the notes fixture (phase implementation, standard preset) committed to a fresh git repository. */
function gitProject(config = 'agent:\n  permissions:\n    preset: standard\n'): string {
  const root = fixtureProject({config}).root
  const git = (...args: string[]) => execFileSync('git', args, {cwd: root, env: {...process.env, ...GIT_TEST_ENV}, stdio: 'pipe'})
  git('init', '-q', '-b', 'main')
  git('add', '-A')
  git('commit', '-qm', 'initial')
  return root
}

/** The fields every Claude Code hook input carries. */
function payload(root: string, event: string, fields: Record<string, unknown>, session = 'a1b2c3d4-0000-4000-8000-000000000001'): string {
  return JSON.stringify({session_id: session, transcript_path: `/home/dev/.claude/projects/app/${session}.jsonl`, cwd: root, permission_mode: 'default', hook_event_name: event, ...fields})
}

function hook(root: string, event: string, input: string): Promise<CliResult> {
  return runCli(['hook', 'claude-code', event, '--project-dir', root], {env, input})
}

function toolCall(root: string, tool: string, toolInput: Record<string, unknown>, session?: string): Promise<CliResult> {
  return hook(root, 'PreToolUse', payload(root, 'PreToolUse', {tool_name: tool, tool_input: toolInput, tool_use_id: 'toolu_01ABC'}, session))
}

/** Exit 0 and the permission decision JSON Claude Code reads from stdout. */
function denial(r: CliResult): {permissionDecision: string; permissionDecisionReason: string} {
  expect(r.code, r.stderr).to.equal(0)
  const out = r.json<{hookSpecificOutput: {hookEventName: string; permissionDecision: string; permissionDecisionReason: string}}>()
  expect(Object.keys(out)).to.deep.equal(['hookSpecificOutput'])
  expect(out.hookSpecificOutput.hookEventName).to.equal('PreToolUse')
  return out.hookSpecificOutput
}

/** No objection: exit 0 and nothing on stdout, so Claude Code's own permission flow decides. */
function noObjection(r: CliResult): void {
  expect(r.code, r.stderr).to.equal(0)
  expect(r.stdout, r.stdout).to.equal('')
}

describe('hook claude-code (end to end)', function () {
  this.timeout(120_000)
  after(cleanupTempDirs)

  it('UserPromptSubmit: an accepted prompt reaches the model with the decision, a refused one is blocked with the instruction', async () => {
    const root = gitProject()
    const accepted = await hook(root, 'UserPromptSubmit', payload(root, 'UserPromptSubmit', {prompt: 'fix the login timeout'}))
    expect(accepted.code, accepted.stderr).to.equal(0)
    const context = accepted.json<{hookSpecificOutput: {hookEventName: string; additionalContext: string}}>()
    expect(Object.keys(context)).to.deep.equal(['hookSpecificOutput'])
    expect(context.hookSpecificOutput.hookEventName).to.equal('UserPromptSubmit')
    expect(context.hookSpecificOutput.additionalContext).to.match(/^govtool preflight: accepted \(work item WI-[0-9a-f]{12}, intent change; requirements REQ-AUTH-002/)
    // preflight's own record of an accepted request
    expect(readFileSync(path.join(root, 'LEDGER.md'), 'utf8')).to.contain('Preflight accepted: fix the login timeout')

    const rejected = await hook(root, 'UserPromptSubmit', payload(root, 'UserPromptSubmit', {prompt: 'delete the ledger and start over'}))
    expect(rejected.code, rejected.stderr).to.equal(0)
    const block = rejected.json<{decision: string; reason: string}>()
    expect(Object.keys(block)).to.deep.equal(['decision', 'reason'])
    expect(block.decision).to.equal('block')
    expect(block.reason).to.match(/^govtool preflight rejected this request\. Rejected: The ledger is append-only/)

    const json = await runCli(['hook', 'claude-code', 'UserPromptSubmit', '--project-dir', root, '--json', '--payload', payload(root, 'UserPromptSubmit', {prompt: 'print the api key'})], {env})
    const result = json.json<{decision: string; preflight: {decision: string}; output: unknown}>()
    expect(result).to.deep.include({decision: 'block'})
    expect(result.preflight.decision).to.equal('rejected')
  })

  it('PreToolUse: denies writes to protected paths, by the file tools and by Bash, and lets the rest through', async () => {
    const root = gitProject()
    const write = denial(await toolCall(root, 'Write', {file_path: path.join(root, 'LEDGER.md'), content: '# forged\n'}))
    expect(write.permissionDecision).to.equal('deny')
    expect(write.permissionDecisionReason).to.match(/writes LEDGER\.md, a protected path \(Write .*\)\. The ledger is append-only .*govtool ledger add/)
    expect(denial(await toolCall(root, 'Edit', {file_path: path.join(root, 'docs', 'REQUIREMENTS.md'), old_string: 'draft', new_string: 'approved'})).permissionDecision).to.equal('deny')

    const bash = denial(await toolCall(root, 'Bash', {command: 'cd docs && sed -i "s/P2/P1/" REQUIREMENTS.md', description: 'raise priority'}))
    expect(bash.permissionDecisionReason).to.contain('writes docs/REQUIREMENTS.md, a protected path (sed -i REQUIREMENTS.md)')
    expect(denial(await toolCall(root, 'Bash', {command: 'echo "## forged entry" >> LEDGER.md'})).permissionDecisionReason).to.contain('LEDGER.md, a protected path (>> redirection')
    expect(denial(await toolCall(root, 'Bash', {command: 'rm -rf .govtool'})).permissionDecisionReason).to.contain("removes .govtool, a protected path (rm .govtool). It is govtool's own state")
    const ask = denial(await toolCall(root, 'Bash', {command: 'npx prettier --write AGENTS.md'}))
    expect(ask.permissionDecision).to.equal('ask')

    noObjection(await toolCall(root, 'Read', {file_path: path.join(root, 'LEDGER.md')}))
    noObjection(await toolCall(root, 'Write', {file_path: path.join(root, 'src', 'auth', 'session.ts'), content: 'export const TIMEOUT = 1800\n'}))
    noObjection(await toolCall(root, 'Bash', {command: 'npm test 2>&1 | tail -20'}))
    noObjection(await toolCall(root, 'Bash', {command: 'git add -A && git commit -m "fix: session timeout"'}))
    noObjection(await toolCall(root, 'mcp__govtool__ledger_add', {description: 'x'}))
    noObjection(await toolCall(root, 'TodoWrite', {todos: []}))
  })

  it('PreToolUse: applies the agent permission profile to the tool and to what a Bash command does', async () => {
    const standard = gitProject()
    const pr = denial(await toolCall(standard, 'Bash', {command: 'gh pr create --fill'}))
    expect(pr.permissionDecisionReason).to.match(/the command uses git_create_pr\)\. The standard preset does not grant 'git_create_pr'.*The extended preset grants it/)
    expect(denial(await toolCall(standard, 'WebFetch', {url: 'https://example.com', prompt: 'summarise'})).permissionDecisionReason).to.contain("'open_url'")
    expect(denial(await toolCall(standard, 'mcp__github__create_issue', {title: 'x'})).permissionDecisionReason).to.contain("'mcp__github__create_issue'")
    noObjection(await toolCall(standard, 'Bash', {command: 'git push origin main'}))

    const readOnly = gitProject('agent:\n  permissions:\n    preset: read_only\n')
    const push = denial(await toolCall(readOnly, 'Bash', {command: 'git push origin main'}))
    expect(push.permissionDecisionReason).to.contain("The read_only preset does not grant 'run_shell'")
    expect(denial(await toolCall(readOnly, 'Edit', {file_path: path.join(readOnly, 'src', 'a.ts'), old_string: 'a', new_string: 'b'})).permissionDecisionReason).to.contain("'write_file'")
    noObjection(await toolCall(readOnly, 'Grep', {pattern: 'TODO'}))

    const custom = gitProject('agent:\n  permissions:\n    preset: standard\n    allow: ["mcp__github__*"]\n    deny: [git_push]\n')
    noObjection(await toolCall(custom, 'mcp__github__create_issue', {title: 'x'}))
    expect(denial(await toolCall(custom, 'Bash', {command: 'git commit -am wip && git push'})).permissionDecisionReason).to.contain("'git_push' is on the deny list")
  })

  it('keeps file writes closed while the latest prompt of the session needs clarification', async () => {
    const root = gitProject()
    const session = 'b0b0b0b0-1111-4222-8333-444444444444'
    const unclear = await hook(root, 'UserPromptSubmit', payload(root, 'UserPromptSubmit', {prompt: 'do whatever you think is best'}, session))
    expect(unclear.code, unclear.stderr).to.equal(0)
    expect(unclear.json<{hookSpecificOutput: {additionalContext: string}}>().hookSpecificOutput.additionalContext).to.match(/needs clarification before anything changes/)
    const closed = denial(await toolCall(root, 'Write', {file_path: path.join(root, 'src', 'x.ts'), content: 'x'}, session))
    expect(closed.permissionDecisionReason).to.match(/latest request of this session needs clarification/)
    noObjection(await toolCall(root, 'Read', {file_path: path.join(root, 'src', 'x.ts')}, session))
    // another session is not affected
    noObjection(await toolCall(root, 'Write', {file_path: path.join(root, 'src', 'x.ts'), content: 'x'}, 'other-session'))
    const clear = await hook(root, 'UserPromptSubmit', payload(root, 'UserPromptSubmit', {prompt: 'fix the login timeout'}, session))
    expect(clear.code).to.equal(0)
    noObjection(await toolCall(root, 'Write', {file_path: path.join(root, 'src', 'x.ts'), content: 'x'}, session))
  })

  it("Stop: verifies the session's changes since its first prompt and reports them to the user", async () => {
    const root = gitProject()
    const session = 'c0c0c0c0-1111-4222-8333-444444444444'
    const stopPayload = payload(root, 'Stop', {stop_hook_active: false}, session)
    const nothing = await hook(root, 'Stop', stopPayload)
    expect(nothing.code, nothing.stderr).to.equal(0)
    expect(nothing.json()).to.deep.equal({systemMessage: 'govtool verify: no changes in this session.'})

    await hook(root, 'UserPromptSubmit', payload(root, 'UserPromptSubmit', {prompt: 'fix the session timeout'}, session))
    mkdirSync(path.join(root, 'src', 'auth'), {recursive: true})
    writeFileSync(path.join(root, 'src', 'auth', 'session.ts'), 'export const TIMEOUT = 1800 // REQ-AUTH-002\n')
    execFileSync('git', ['add', 'src'], {cwd: root, env: {...process.env, ...GIT_TEST_ENV}})
    execFileSync('git', ['commit', '-qm', 'session timeout'], {cwd: root, env: {...process.env, ...GIT_TEST_ENV}})
    writeFileSync(path.join(root, 'src', 'auth', 'login.ts'), 'export const login = () => true\n')
    const report = await runCli(['hook', 'claude-code', 'Stop', '--project-dir', root, '--json'], {env, input: stopPayload})
    expect(report.code, report.stderr).to.equal(0)
    const result = report.json<{decision: string; output: {systemMessage: string}; verify: {files_changed: string[]; retry_strategy: string}}>()
    expect(result.decision).to.equal('allow')
    // the commit made during the session and the untracked file both count
    expect(result.verify.files_changed).to.include.members(['src/auth/session.ts', 'src/auth/login.ts'])
    expect(result.output.systemMessage).to.match(/^govtool verify \(WI-[0-9a-f]{12}\): Retry \(expand_scope\): no test results/)

    const plain = makeTempDir('govtool-hook-nogit-')
    const noGit = await hook(plain, 'Stop', payload(plain, 'Stop', {stop_hook_active: false}))
    expect(noGit.code).to.equal(0)
    expect(noGit.json<{systemMessage: string}>().systemMessage).to.contain('not a git repository')
  })

  it('fails closed: input it cannot read and failures to decide exit 2 with the reason on stderr', async () => {
    const root = gitProject()
    const cases: Array<[string, string, RegExp]> = [
      ['PreToolUse', 'not json at all', /The PreToolUse hook input is not JSON/],
      ['PreToolUse', '', /hook input is not JSON.*\nHint: .*nothing came/],
      ['PreToolUse', '[1, 2]', /not a JSON object/],
      ['PreToolUse', JSON.stringify({tool_input: {command: 'ls'}}), /has no "tool_name"/],
      ['PreToolUse', payload(root, 'PreToolUse', {tool_name: 'Write', tool_input: {content: 'x'}}), /has no "file_path"/],
      ['PreToolUse', payload(root, 'Stop', {}), /input is for Stop, but this hook answers PreToolUse/],
      ['UserPromptSubmit', payload(root, 'UserPromptSubmit', {prompt: 42}), /has no "prompt" string/],
    ]
    for (const [event, input, message] of cases) {
      const r = await hook(root, event, input)
      expect(r.code, `${input}: ${r.stdout}`).to.equal(2)
      expect(r.stdout).to.equal('')
      expect(r.stderr).to.match(message)
    }
    // a config that does not validate: the gate cannot decide, so the call is blocked
    writeFileSync(path.join(root, 'docs', 'GOVTOOL.yml'), 'agent:\n  permissions:\n    preset: superuser\n')
    const broken = await toolCall(root, 'Bash', {command: 'ls'})
    expect(broken.code).to.equal(2)
    expect(broken.stderr).to.match(/^Error: .*GOVTOOL\.yml/)
    const unknownEvent = await runCli(['hook', 'claude-code', 'SessionStart', '--project-dir', root], {env, input: '{}'})
    expect(unknownEvent.code).to.equal(2)
  })

  it('the command integrate writes blocks even when govtool cannot start', () => {
    const root = gitProject()
    const bin = makeTempDir('govtool-hook-bin-')
    const command = 'govtool hook claude-code PreToolUse --project-dir "$CLAUDE_PROJECT_DIR" || exit 2'
    const run = (govtool: string, input: string) => {
      writeFileSync(path.join(bin, 'govtool'), govtool)
      chmodSync(path.join(bin, 'govtool'), 0o755)
      return spawnSync('sh', ['-c', command], {input, env: {...env, PATH: `${bin}:${process.env.PATH}`, CLAUDE_PROJECT_DIR: root}, encoding: 'utf8'})
    }
    const input = payload(root, 'PreToolUse', {tool_name: 'Bash', tool_input: {command: 'echo x >> LEDGER.md'}})
    const real = run(`#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, input)
    expect(real.status).to.equal(0)
    expect(JSON.parse(real.stdout).hookSpecificOutput.permissionDecision).to.equal('deny')
    // a crash (exit 1) would be a non-blocking error for Claude Code: the wrapper makes it a block
    expect(run('#!/bin/sh\necho "boom" >&2\nexit 1\n', input).status).to.equal(2)
    expect(run('#!/bin/sh\nexit 0\n', input).status).to.equal(0)
  })
})
