/**
 * `mcp serve`: a Model Context Protocol server on stdio (the official TypeScript SDK, loaded only here) whose
 * tools are governance operations. Each call goes through `executeOperation` with a project context whose
 * transport is `mcp` (paths confined to the project, as over HTTP), so a tool answers exactly what the
 * command's `--json` prints. A govtool error is a tool error (`isError`) carrying its code and hint, never a
 * protocol failure, so a bad call can never take the server down.
 */
import type {Readable, Writable} from 'node:stream'

import {
  executeOperation,
  InputError,
  projectContext,
  toGovError,
  withWarnings,
  type OperationIO,
  type ProjectContext,
} from 'govtool/core'

import {governanceTools, type GovernanceTool} from './tools.js'

export interface McpServeOptions {
  project: ProjectContext
  /** the server's version, reported to clients */
  version: string
  stdin?: Readable
  stdout?: Writable
  /** stops the server (Ctrl-C, SIGTERM) */
  signal?: AbortSignal
  /** one line per call, on stderr (stdout carries the protocol) */
  log?: (line: string) => void
}

export interface McpServeSummary {
  tools: number
  calls: number
  errors: number
  /** what stopped it: stdin closed, a signal, or the client closing the connection */
  stopped_by: string
}

/** What a tool call answers: the result as JSON text and as structured content, or a tool error. */
export interface ToolAnswer {
  [key: string]: unknown
  content: Array<{type: 'text'; text: string}>
  structuredContent?: Record<string, unknown>
  isError?: boolean
}

/** A govtool error as an MCP tool error: the code, message and hint in the text, the envelope as structured content. */
export function toolError(error: unknown): ToolAnswer {
  const gov = toGovError(error)
  const json = gov.toJSON()
  const text = [`${json.code}: ${json.message}`, json.hint ? `Hint: ${json.hint}` : ''].filter(Boolean).join('\n')
  return {content: [{type: 'text', text}], structuredContent: {error: json}, isError: true}
}

/** Runs one tool call through the operation layer. Never throws: every failure is a tool error. */
export async function callTool(
  tool: GovernanceTool,
  project: ProjectContext,
  args: unknown,
  options: {signal?: AbortSignal; progress?: OperationIO['progress']} = {},
): Promise<ToolAnswer> {
  try {
    const raw = args ?? {}
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      return toolError(new InputError('The arguments must be a JSON object.', {hint: `Fields of ${tool.description.name}: ${[...tool.fields].join(', ') || '(none)'}.`}))
    }
    const unknown = Object.keys(raw).filter((k) => !tool.fields.has(k))
    if (unknown.length > 0) {
      return toolError(
        new InputError(`Unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')}.`, {
          hint: `Fields of ${tool.description.name}: ${[...tool.fields].join(', ') || '(none)'}.`,
        }),
      )
    }
    const warnings: string[] = []
    const io: OperationIO = {
      signal: options.signal ?? new AbortController().signal,
      progress: options.progress ?? (() => {}),
      warn: (message) => void warnings.push(message),
      json: true,
      interactive: false,
    }
    const result = withWarnings(await executeOperation(tool.operation, projectContext(project, 'mcp'), raw, io), warnings)
    const structured = result !== null && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : {result}
    return {content: [{type: 'text', text: JSON.stringify(result, null, 2)}], structuredContent: structured}
  } catch (error) {
    return toolError(error)
  }
}

/** Serves the governance tools on stdio until stdin closes, the client disconnects or `signal` aborts. */
export async function serveMcp(options: McpServeOptions): Promise<McpServeSummary> {
  const [{Server}, {StdioServerTransport}, types, tools] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    governanceTools(),
  ])
  const {CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError} = types
  const stdin = options.stdin ?? process.stdin
  const stdout = options.stdout ?? process.stdout
  const log = options.log ?? (() => {})
  let calls = 0
  let errors = 0

  const server = new Server(
    {name: 'govtool', version: options.version},
    {
      capabilities: {tools: {listChanged: false}},
      instructions:
        'Governance tools of this project (govtool). Call preflight with the request before changing anything and act only on an accepted decision; verify the change set when done; record it with ledger_add.',
    },
  )
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...tools.values()].map(({description}) => ({
      name: description.name,
      description: description.description,
      inputSchema: description.inputSchema as {type: 'object'; [key: string]: unknown},
      annotations: description.annotations,
    })),
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.get(request.params.name)
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool '${request.params.name}'. Tools: ${[...tools.keys()].join(', ')}.`)
    calls++
    const token = request.params._meta?.progressToken
    let step = 0
    const progress: OperationIO['progress'] =
      token === undefined
        ? () => {}
        : (event) => {
            step = Math.max(step + 1, event.done ?? 0)
            void extra
              .sendNotification({method: 'notifications/progress', params: {progressToken: token, progress: step, ...(event.total ? {total: event.total} : {}), message: event.message}})
              .catch(() => {})
          }
    const started = performance.now()
    const answer = await callTool(tool, options.project, request.params.arguments, {signal: extra.signal, progress})
    if (answer.isError) errors++
    const code = answer.isError ? ` ${(answer.structuredContent?.error as {code?: string} | undefined)?.code ?? 'error'}` : ''
    log(`mcp ${tool.description.name}${code} ${(performance.now() - started).toFixed(0)}ms`)
    return answer
  })

  let stop: (why: string) => void = () => {}
  const stopped = new Promise<string>((resolve) => (stop = resolve))
  const onEnd = () => stop('stdin closed')
  stdin.once('end', onEnd)
  stdin.once('close', onEnd)
  server.onclose = () => stop('connection closed')
  if (options.signal?.aborted) stop('abort')
  options.signal?.addEventListener('abort', () => stop(String(options.signal?.reason ?? 'abort')), {once: true})

  const transport = new StdioServerTransport(stdin, stdout)
  await server.connect(transport)
  log(`govtool MCP server on stdio for ${options.project.root}: ${tools.size} tools (${[...tools.keys()].join(', ')})`)
  const stoppedBy = await stopped
  stdin.off('end', onEnd)
  stdin.off('close', onEnd)
  await server.close().catch(() => {})
  return {tools: tools.size, calls, errors, stopped_by: stoppedBy}
}
