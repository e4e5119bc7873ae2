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

/** The URL of a Claude Code HTTP hook on the governance server (`govtool governance-serve`). */
export function claudeCodeHookUrl(event: string, port: number): string {
  return `http://127.0.0.1:${port}/hooks/claude-code/${event}`
}

/** The Cursor hook events govtool answers (https://cursor.com/docs/agent/hooks). */
export const CURSOR_HOOKS = ['beforeSubmitPrompt', 'beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'] as const

/** A Cursor hook entry: `failClosed` makes a crash, a timeout or bad output block; `|| exit 2` covers a govtool that cannot start. */
export function cursorHookEntry(event: string): Json {
  return {command: `govtool hook cursor ${event} || exit 2`, failClosed: true}
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

type HookHandler = {type: 'command'; command: string; timeout: number} | {type: 'http'; url: string; timeout: number}

/** govtool's handler of an event, as a command (default) or an HTTP hook on the governance server at `port`. */
function claudeCodeHandler(event: string, timeout: number, httpPort: number | undefined): HookHandler {
  return httpPort === undefined ? {type: 'command', command: claudeCodeHookCommand(event), timeout} : {type: 'http', url: claudeCodeHookUrl(event, httpPort), timeout}
}

/** A handler of govtool's for `event`: its command hook, or an HTTP hook to a /hooks/claude-code/<event> URL. */
function isOurs(h: unknown, event: string): boolean {
  if (!isObject(h)) return false
  if (typeof h.command === 'string') return h.command.includes(`govtool hook claude-code ${event}`)
  return typeof h.url === 'string' && /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+\/hooks\/claude-code\//.test(h.url) && h.url.endsWith(`/${event}`)
}

/** Adds govtool's hooks to Claude Code's settings, beside the user's own (none is dropped or reordered). */
function registerClaudeCodeHooks(force: boolean, httpPort: number | undefined): (data: Json, note: (text: string) => void) => Outcome {
  return (data, note) => {
    if (data.hooks !== undefined && !isObject(data.hooks)) return {conflict: '"hooks" is not an object; add govtool\'s hooks by hand.'}
    const hooks = (data.hooks as Json | undefined) ?? {}
    let changed = false
    const conflicts: string[] = []
    const kept: string[] = []
    for (const spec of CLAUDE_CODE_HOOKS) {
      const ours = claudeCodeHandler(spec.event, spec.timeout, httpPort)
      const groups = hooks[spec.event]
      if (groups !== undefined && !Array.isArray(groups)) {
        conflicts.push(`hooks.${spec.event} is not a list`)
        continue
      }
      const list = (groups as unknown[] | undefined) ?? []
      let found: {handlers: unknown[]; index: number} | undefined
      for (const group of list) {
        const handlers = isObject(group) && Array.isArray(group.hooks) ? (group.hooks as unknown[]) : []
        const index = handlers.findIndex((h) => isOurs(h, spec.event))
        if (index !== -1) {
          found = {handlers, index}
          break
        }
      }
      if (found) {
        const current = found.handlers[found.index]
        if (isDeepStrictEqual(current, ours)) continue
        // govtool's entry as govtool wrote it (command or HTTP, any port) is switched by the flag; one changed by hand needs --force
        const asWritten =
          isDeepStrictEqual(current, claudeCodeHandler(spec.event, spec.timeout, undefined)) ||
          (isObject(current) && current.type === 'http' && Object.keys(current).length === 3 && current.timeout === spec.timeout && isOurs(current, spec.event))
        const httpAsWritten = asWritten && isObject(current) && current.type === 'http'
        if (httpAsWritten && httpPort === undefined && !force) {
          // HTTP hooks stay until asked otherwise (apply runs integrate again without the flag)
          kept.push(spec.event)
          continue
        }
        if (!force && !asWritten) {
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
    if (kept.length > 0) note(`govtool's HTTP hooks (${kept.join(', ')}) are kept; they fail open when the governance server is down. integrate claude-code --force writes command hooks instead.`)
    const conflict = `${conflicts.join('; ')}; kept (--force replaces govtool's entries).`
    if (conflicts.length > 0 && !changed) return {conflict}
    if (conflicts.length > 0) note(conflict)
    return changed ? 'changed' : 'same'
  }
}

/** Adds govtool's hooks to Cursor's .cursor/hooks.json (version 1), beside the user's own. */
function registerCursorHooks(force: boolean): (data: Json, note: (text: string) => void) => Outcome {
  return (data, note) => {
    if (data.version !== undefined && data.version !== 1) return {conflict: `"version" is ${JSON.stringify(data.version)}, not 1; add govtool's hooks by hand.`}
    if (data.hooks !== undefined && !isObject(data.hooks)) return {conflict: '"hooks" is not an object; add govtool\'s hooks by hand.'}
    const hooks = (data.hooks as Json | undefined) ?? {}
    let changed = data.version === undefined
    const conflicts: string[] = []
    for (const event of CURSOR_HOOKS) {
      const ours = cursorHookEntry(event)
      const entries = hooks[event]
      if (entries !== undefined && !Array.isArray(entries)) {
        conflicts.push(`hooks.${event} is not a list`)
        continue
      }
      const list = (entries as unknown[] | undefined) ?? []
      const index = list.findIndex((h) => isObject(h) && typeof h.command === 'string' && h.command.includes(`govtool hook cursor ${event}`))
      if (index === -1) {
        list.push(ours)
        hooks[event] = list
      } else if (isDeepStrictEqual(list[index], ours)) {
        continue
      } else if (force) {
        list[index] = ours
      } else {
        conflicts.push(`the ${event} hook differs from what govtool writes`)
        continue
      }
      changed = true
    }
    if (changed) {
      // version first, as Cursor's documentation writes it
      const rest = {...data}
      delete rest.version
      delete rest.hooks
      for (const key of Object.keys(data)) delete data[key]
      Object.assign(data, {version: 1, ...rest, hooks})
    }
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
export async function mergeIntegrationConfig(ctx: ProjectContext, target: string, options: {force?: boolean; httpHooksPort?: number} = {}): Promise<ConfigMergeReport> {
  const force = options.force ?? false
  const report: ConfigMergeReport = {written: [], unchanged: [], kept: [], notes: []}
  switch (target) {
    case 'claude-code':
      await mergeJson(ctx, '.mcp.json', registerMcpServer('mcpServers', {type: 'stdio', ...STDIO_SERVER}, force), report)
      await mergeJson(ctx, '.claude/settings.json', registerClaudeCodeHooks(force, options.httpHooksPort), report)
      if (options.httpHooksPort === undefined) {
        report.notes.push(
          'Claude Code runs govtool at every prompt (preflight), before every tool call (permissions, protected paths, secrets) and when it stops (verify). A hook that fails exits 2, which blocks; a hook Claude Code times out lets the action through.',
        )
      } else {
        report.notes.push(
          `The hooks are HTTP hooks on the governance server (http://127.0.0.1:${options.httpHooksPort}/hooks/claude-code/<event>): no process starts per hook, but start it first (\`govtool governance-serve\`). Claude Code's HTTP hooks FAIL OPEN: while the server is down, or when it answers an error or too late, every prompt and tool call goes through unchecked. The server answers a failure to decide with a block, but it cannot answer when it is not running. Command hooks (integrate claude-code without --http-hooks, the default) fail closed.`,
        )
      }
      break
    case 'cursor':
      await mergeJson(ctx, '.cursor/mcp.json', registerMcpServer('mcpServers', WORKSPACE_SERVER, force), report)
      await mergeJson(ctx, '.cursor/hooks.json', registerCursorHooks(force), report)
      report.notes.push(
        'Cursor runs govtool before every prompt (preflight), shell command and MCP call (permissions, protected paths, secrets) and file read (secrets). The hooks are marked failClosed, so a govtool that fails, hangs or cannot start blocks. Cursor has no hook before a file edit: edits to protected paths are caught at commit (govtool integrate git-hooks).',
      )
      break
    case 'copilot':
      await mergeJson(ctx, '.vscode/mcp.json', registerMcpServer('servers', {type: 'stdio', ...WORKSPACE_SERVER}, force), report)
      break
    default:
      break
  }
  return report
}
