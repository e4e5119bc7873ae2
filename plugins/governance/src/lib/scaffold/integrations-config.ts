/**
 * The parts of an integration that go into configuration files the client and the user share (Claude Code's
 * .claude/settings.json and .mcp.json, Cursor's .cursor/mcp.json, VS Code's .vscode/mcp.json): govtool merges
 * its entries into them and never drops anything else. An entry of govtool's that the user changed is kept
 * unless `force`; a file that does not parse as a JSON object is reported and left alone.
 */
import {isDeepStrictEqual} from 'node:util'

import {readTextIfExists, writeFileAtomic, type ProjectContext} from 'govtool/core'

export interface ConfigMergeReport {
  written: string[]
  unchanged: string[]
  kept: string[]
  notes: string[]
}

type Json = Record<string, unknown>
type Outcome = 'same' | 'changed' | {conflict: string}

/** The Claude Code hook events govtool answers, with their matcher and timeout (seconds). */
export const CLAUDE_CODE_HOOKS = [
  {event: 'UserPromptSubmit', timeout: 30},
  {event: 'PreToolUse', matcher: '*', timeout: 30},
  {event: 'Stop', timeout: 120},
] as const

/** The command of a Claude Code hook: `|| exit 2` turns a govtool that cannot even start into a block. */
export function claudeCodeHookCommand(event: string): string {
  return `govtool hook claude-code ${event} --project-dir "$CLAUDE_PROJECT_DIR" || exit 2`
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Reads `file` (a JSON object, or absent), lets `update` change it, writes it back when it changed. */
async function mergeJson(ctx: ProjectContext, file: string, update: (data: Json, note: (text: string) => void) => Outcome, report: ConfigMergeReport): Promise<void> {
  const absolute = ctx.path(file)
  const text = await readTextIfExists(absolute)
  let data: Json = {}
  if (text !== undefined && text.trim() !== '') {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      report.kept.push(file)
      report.notes.push(`${file} is not plain JSON (${(error as Error).message}); add govtool's entries by hand.`)
      return
    }
    if (!isObject(parsed)) {
      report.kept.push(file)
      report.notes.push(`${file} is not a JSON object; add govtool's entries by hand.`)
      return
    }
    data = parsed
  }
  const outcome = update(data, (text) => report.notes.push(`${file}: ${text}`))
  if (outcome === 'same') report.unchanged.push(file)
  else if (outcome === 'changed') {
    await writeFileAtomic(absolute, `${JSON.stringify(data, null, 2)}\n`)
    report.written.push(file)
  } else {
    report.kept.push(file)
    report.notes.push(`${file}: ${outcome.conflict}`)
  }
}

/** Sets `container[key] = value` unless an entry is there already (kept unless `force`). */
function setEntry(container: Json, key: string, value: unknown, force: boolean, what: string): Outcome {
  const current = container[key]
  if (current === undefined) {
    container[key] = value
    return 'changed'
  }
  if (isDeepStrictEqual(current, value)) return 'same'
  if (!force) return {conflict: `${what} differs from what govtool writes; kept (--force replaces it).`}
  container[key] = value
  return 'changed'
}

/** Registers `govtool mcp serve` under `serversKey` (`mcpServers`, or `servers` for VS Code). */
function registerMcpServer(serversKey: string, entry: Json, force: boolean): (data: Json) => Outcome {
  return (data) => {
    const servers = data[serversKey]
    if (servers !== undefined && !isObject(servers)) return {conflict: `"${serversKey}" is not an object; add the govtool server by hand.`}
    const container = (servers as Json | undefined) ?? {}
    const outcome = setEntry(container, 'govtool', entry, force, `the "govtool" server in "${serversKey}"`)
    if (outcome === 'changed') data[serversKey] = container
    return outcome
  }
}

/** Adds govtool's hooks to Claude Code's settings, beside the user's own (none is dropped or reordered). */
function registerClaudeCodeHooks(force: boolean): (data: Json, note: (text: string) => void) => Outcome {
  return (data, note) => {
    if (data.hooks !== undefined && !isObject(data.hooks)) return {conflict: '"hooks" is not an object; add govtool\'s hooks by hand.'}
    const hooks = (data.hooks as Json | undefined) ?? {}
    let changed = false
    const conflicts: string[] = []
    for (const spec of CLAUDE_CODE_HOOKS) {
      const ours = {type: 'command', command: claudeCodeHookCommand(spec.event), timeout: spec.timeout}
      const groups = hooks[spec.event]
      if (groups !== undefined && !Array.isArray(groups)) {
        conflicts.push(`hooks.${spec.event} is not a list`)
        continue
      }
      const list = (groups as unknown[] | undefined) ?? []
      const marker = `govtool hook claude-code ${spec.event}`
      let found: {handlers: unknown[]; index: number} | undefined
      for (const group of list) {
        const handlers = isObject(group) && Array.isArray(group.hooks) ? (group.hooks as unknown[]) : []
        const index = handlers.findIndex((h) => isObject(h) && typeof h.command === 'string' && h.command.includes(marker))
        if (index !== -1) {
          found = {handlers, index}
          break
        }
      }
      if (found) {
        if (isDeepStrictEqual(found.handlers[found.index], ours)) continue
        if (!force) {
          conflicts.push(`the ${spec.event} hook differs from what govtool writes`)
          continue
        }
        found.handlers[found.index] = ours
      } else {
        list.push({...('matcher' in spec ? {matcher: spec.matcher} : {}), hooks: [ours]})
        hooks[spec.event] = list
      }
      changed = true
    }
    if (changed) data.hooks = hooks
    const conflict = `${conflicts.join('; ')}; kept (--force replaces govtool's entries).`
    if (conflicts.length > 0 && !changed) return {conflict}
    if (conflicts.length > 0) note(conflict)
    return changed ? 'changed' : 'same'
  }
}

const STDIO_SERVER = {command: 'govtool', args: ['mcp', 'serve']}
const WORKSPACE_SERVER = {command: 'govtool', args: ['mcp', 'serve', '--project-dir', '${workspaceFolder}']}

/**
 * The configuration an assistant target merges besides its template files: the MCP server registration for
 * clients that take project MCP servers, and for Claude Code the governance hooks.
 */
export async function mergeIntegrationConfig(ctx: ProjectContext, target: string, options: {force?: boolean} = {}): Promise<ConfigMergeReport> {
  const force = options.force ?? false
  const report: ConfigMergeReport = {written: [], unchanged: [], kept: [], notes: []}
  switch (target) {
    case 'claude-code':
      await mergeJson(ctx, '.mcp.json', registerMcpServer('mcpServers', {type: 'stdio', ...STDIO_SERVER}, force), report)
      await mergeJson(ctx, '.claude/settings.json', registerClaudeCodeHooks(force), report)
      report.notes.push(
        'Claude Code runs govtool at every prompt (preflight), before every tool call (permissions and protected paths) and when it stops (verify). A hook that fails exits 2, which blocks; a hook Claude Code times out lets the action through.',
      )
      break
    case 'cursor':
      await mergeJson(ctx, '.cursor/mcp.json', registerMcpServer('mcpServers', WORKSPACE_SERVER, force), report)
      break
    case 'copilot':
      await mergeJson(ctx, '.vscode/mcp.json', registerMcpServer('servers', {type: 'stdio', ...WORKSPACE_SERVER}, force), report)
      break
    default:
      break
  }
  return report
}
