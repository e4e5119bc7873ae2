import {defineOperation, onShutdownSignals} from 'govtool/core'
import {z} from 'zod/v3'

import {MCP_TOOL_OPERATIONS} from '../lib/tools.js'
import {McpServeResultSchema} from './schemas.js'

const TOOLS = MCP_TOOL_OPERATIONS.map((id) => id.replaceAll('.', '_')).join(', ')

export const mcpServeOp = defineOperation({
  id: 'mcp.serve',
  summary: 'Serve the governance operations as Model Context Protocol tools on stdio.',
  description: `A Model Context Protocol server (the official SDK) on stdin/stdout for the project of --project-dir (default: the working directory). Its tools are governance operations: ${TOOLS}. Each tool's input schema is the operation's input, and a call answers what the command's --json prints, as JSON text and as structured content.

A govtool error is a tool error (isError) whose text gives the error code, the message and the hint, with the JSON error envelope as structured content: bad input never stops the server. Paths a tool is given are relative to the project and stay inside it, as over HTTP.

MCP clients start it themselves: \`govtool integrate claude-code\` (also cursor, copilot) registers it in the client's project config. It stops when stdin closes or on SIGINT/SIGTERM; one log line per call goes to stderr.`,
  examples: ['<%= config.bin %> mcp serve', '<%= config.bin %> mcp serve --project-dir ~/work/app'],
  project: true,
  effect: 'serve',
  input: z.object({}),
  result: McpServeResultSchema,
  async run(ctx, _input, io) {
    const project = ctx.project()
    const [{serveMcp}, {readFileSync}, path] = await Promise.all([import('../lib/serve.js'), import('node:fs'), import('node:path')])
    const {version} = JSON.parse(readFileSync(path.join(ctx.cliRoot, 'package.json'), 'utf8')) as {version: string}
    const controller = new AbortController()
    io.signal.addEventListener('abort', () => controller.abort('abort'), {once: true})
    const release = await onShutdownSignals((signal) => controller.abort(signal))
    try {
      return await serveMcp({project, version, signal: controller.signal, log: (line) => io.stderr?.write(`${line}\n`)})
    } finally {
      release()
    }
  },
  // stdout carries the protocol: nothing is printed after it, unless --json asks for the summary
  render: () => undefined,
})
