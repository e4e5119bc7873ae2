/** integrate's merges into configuration files the client and the user share: MCP servers and Claude Code hooks. */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {expect} from 'chai'
import {ProjectContext} from 'govtool'
import {cleanupTempDirs} from 'govtool/testing'

import {integrateTarget} from '../../src/lib/scaffold/index.js'
import {claudeCodeHookCommand} from '../../src/lib/scaffold/integrations-config.js'
import {builtinRegistry} from '../../src/lib/trace/index.js'
import {scaffoldProject} from './helpers.js'

const registry = builtinRegistry()
const readJson = <T = Record<string, unknown>>(...p: string[]) => JSON.parse(readFileSync(path.join(...p), 'utf8')) as T

interface Settings {
  permissions?: unknown
  hooks: Record<string, Array<{matcher?: string; hooks: Array<{type: string; command: string; timeout?: number}>}>>
}

describe('integrate: MCP server and hook registration', () => {
  after(cleanupTempDirs)

  it('claude-code merges its hooks into .claude/settings.json beside the user\'s own, and the server into .mcp.json', async () => {
    const dir = await scaffoldProject('name: app\ntype: generic\n')
    const ctx = new ProjectContext(dir)
    mkdirSync(path.join(dir, '.claude'))
    const mine = {
      permissions: {allow: ['Bash(npm test)']},
      hooks: {
        PreToolUse: [{matcher: 'Bash', hooks: [{type: 'command', command: './scripts/guard.sh'}]}],
        PostToolUse: [{matcher: 'Edit|Write', hooks: [{type: 'command', command: 'npx prettier --write "$FILE"'}]}],
      },
    }
    writeFileSync(path.join(dir, '.claude', 'settings.json'), JSON.stringify(mine, null, 2))
    writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify({mcpServers: {github: {command: 'gh-mcp', args: []}}}))

    const first = await integrateTarget(ctx, registry, 'claude-code')
    expect(first.written).to.include.members(['CLAUDE.md', '.mcp.json', '.claude/settings.json'])
    expect(first.notes.join('\n')).to.contain('times out lets the action through')
    const settings = readJson<Settings>(dir, '.claude', 'settings.json')
    expect(settings.permissions).to.deep.equal(mine.permissions)
    expect(settings.hooks.PostToolUse).to.deep.equal(mine.hooks.PostToolUse)
    expect(settings.hooks.PreToolUse[0]).to.deep.equal(mine.hooks.PreToolUse[0])
    expect(settings.hooks.PreToolUse[1]).to.deep.equal({matcher: '*', hooks: [{type: 'command', command: claudeCodeHookCommand('PreToolUse'), timeout: 30}]})
    expect(settings.hooks.UserPromptSubmit).to.deep.equal([{hooks: [{type: 'command', command: 'govtool hook claude-code UserPromptSubmit --project-dir "$CLAUDE_PROJECT_DIR" || exit 2', timeout: 30}]}])
    expect(settings.hooks.Stop[0].hooks[0].command).to.equal(claudeCodeHookCommand('Stop'))
    expect(readJson(dir, '.mcp.json')).to.deep.equal({mcpServers: {github: {command: 'gh-mcp', args: []}, govtool: {type: 'stdio', command: 'govtool', args: ['mcp', 'serve']}}})

    // a second run changes nothing and adds no second copy
    const second = await integrateTarget(ctx, registry, 'claude-code')
    expect(second.written).to.deep.equal([])
    expect(second.unchanged).to.include.members(['.mcp.json', '.claude/settings.json'])
    expect(readJson<Settings>(dir, '.claude', 'settings.json')).to.deep.equal(settings)

    // an entry of govtool's changed by hand is kept, unless --force
    settings.hooks.Stop[0].hooks[0].timeout = 5
    writeFileSync(path.join(dir, '.claude', 'settings.json'), JSON.stringify(settings))
    const kept = await integrateTarget(ctx, registry, 'claude-code')
    expect(kept.kept).to.include('.claude/settings.json')
    expect(kept.notes.join('\n')).to.contain('the Stop hook differs from what govtool writes')
    expect(readJson<Settings>(dir, '.claude', 'settings.json').hooks.Stop[0].hooks[0].timeout).to.equal(5)
    const forced = await integrateTarget(ctx, registry, 'claude-code', {force: true})
    expect(forced.written).to.include('.claude/settings.json')
    const restored = readJson<Settings>(dir, '.claude', 'settings.json')
    expect(restored.hooks.Stop[0].hooks[0].timeout).to.equal(120)
    expect(restored.hooks.PreToolUse).to.have.length(2)
  })

  it('leaves a file it cannot read as JSON alone and says so', async () => {
    const dir = await scaffoldProject('name: app\ntype: generic\n')
    mkdirSync(path.join(dir, '.claude'))
    const text = '{\n  // my settings\n  "hooks": {}\n}\n'
    writeFileSync(path.join(dir, '.claude', 'settings.json'), text)
    writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify({mcpServers: ['not', 'an', 'object']}))
    const result = await integrateTarget(new ProjectContext(dir), registry, 'claude-code', {force: true})
    expect(result.kept).to.include.members(['.claude/settings.json', '.mcp.json'])
    expect(result.notes.join('\n')).to.match(/\.claude\/settings\.json is not plain JSON/).and.to.match(/\.mcp\.json: "mcpServers" is not an object/)
    expect(readFileSync(path.join(dir, '.claude', 'settings.json'), 'utf8')).to.equal(text)
  })

  it('cursor and copilot register the server in their own layouts, with the workspace as project', async () => {
    const dir = await scaffoldProject('name: app\ntype: generic\n')
    const ctx = new ProjectContext(dir)
    mkdirSync(path.join(dir, '.vscode'))
    writeFileSync(path.join(dir, '.vscode', 'mcp.json'), JSON.stringify({inputs: [], servers: {db: {type: 'stdio', command: 'db-mcp'}}}))
    expect((await integrateTarget(ctx, registry, 'cursor')).written).to.include('.cursor/mcp.json')
    expect((await integrateTarget(ctx, registry, 'copilot')).written).to.include('.vscode/mcp.json')
    expect(readJson(dir, '.cursor', 'mcp.json')).to.deep.equal({mcpServers: {govtool: {command: 'govtool', args: ['mcp', 'serve', '--project-dir', '${workspaceFolder}']}}})
    expect(readJson(dir, '.vscode', 'mcp.json')).to.deep.equal({
      inputs: [],
      servers: {db: {type: 'stdio', command: 'db-mcp'}, govtool: {type: 'stdio', command: 'govtool', args: ['mcp', 'serve', '--project-dir', '${workspaceFolder}']}},
    })
  })

  it('cursor merges fail-closed hooks into .cursor/hooks.json beside the user\'s own', async () => {
    const dir = await scaffoldProject('name: app\ntype: generic\n')
    const ctx = new ProjectContext(dir)
    mkdirSync(path.join(dir, '.cursor'))
    const mine = {command: './hooks/format.sh'}
    writeFileSync(path.join(dir, '.cursor', 'hooks.json'), JSON.stringify({version: 1, hooks: {afterFileEdit: [mine], beforeShellExecution: [{command: './hooks/audit.sh'}]}}))
    const first = await integrateTarget(ctx, registry, 'cursor')
    expect(first.written).to.include('.cursor/hooks.json')
    expect(first.notes.join('\n')).to.contain('marked failClosed')
    const ours = (event: string) => ({command: `govtool hook cursor ${event} || exit 2`, failClosed: true})
    expect(readJson(dir, '.cursor', 'hooks.json')).to.deep.equal({
      version: 1,
      hooks: {
        afterFileEdit: [mine],
        beforeShellExecution: [{command: './hooks/audit.sh'}, ours('beforeShellExecution')],
        beforeSubmitPrompt: [ours('beforeSubmitPrompt')],
        beforeMCPExecution: [ours('beforeMCPExecution')],
        beforeReadFile: [ours('beforeReadFile')],
      },
    })
    const again = await integrateTarget(ctx, registry, 'cursor')
    expect(again.unchanged).to.include('.cursor/hooks.json')
    // a file of another version is left to the user
    writeFileSync(path.join(dir, '.cursor', 'hooks.json'), JSON.stringify({version: 2, hooks: {}}))
    const other = await integrateTarget(ctx, registry, 'cursor')
    expect(other.kept).to.include('.cursor/hooks.json')
  })

  it('claude-code --http-hooks registers HTTP hooks on the governance server and says that they fail open; command hooks stay the default', async () => {
    const dir = await scaffoldProject('name: app\ntype: generic\n')
    const ctx = new ProjectContext(dir)
    const http = await integrateTarget(ctx, registry, 'claude-code', {httpHooksPort: 7701})
    expect(http.notes.join('\n')).to.match(/FAIL OPEN: while the server is down/)
    const settings = readJson(dir, '.claude', 'settings.json') as {hooks: Record<string, Array<{matcher?: string; hooks: unknown[]}>>}
    expect(settings.hooks.PreToolUse).to.deep.equal([{matcher: '*', hooks: [{type: 'http', url: 'http://127.0.0.1:7701/hooks/claude-code/PreToolUse', timeout: 30}]}])
    expect(settings.hooks.UserPromptSubmit[0].hooks).to.deep.equal([{type: 'http', url: 'http://127.0.0.1:7701/hooks/claude-code/UserPromptSubmit', timeout: 30}])
    // run again without the flag (as apply does): the HTTP hooks are kept, with a note
    const kept = await integrateTarget(ctx, registry, 'claude-code')
    expect(kept.notes.join('\n')).to.contain("govtool's HTTP hooks (UserPromptSubmit, PreToolUse, Stop) are kept")
    expect((readJson(dir, '.claude', 'settings.json') as typeof settings).hooks.Stop[0].hooks).to.deep.equal([{type: 'http', url: 'http://127.0.0.1:7701/hooks/claude-code/Stop', timeout: 120}])
    // --force switches back to the fail-closed command hooks
    await integrateTarget(ctx, registry, 'claude-code', {force: true})
    expect((readJson(dir, '.claude', 'settings.json') as typeof settings).hooks.Stop).to.deep.equal([{hooks: [{type: 'command', command: 'govtool hook claude-code Stop --project-dir "$CLAUDE_PROJECT_DIR" || exit 2', timeout: 120}]}])
  })
})
