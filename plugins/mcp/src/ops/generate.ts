import {color, defineOperation} from 'govtool/core'
import {z} from 'zod/v3'

import {GenerateResultSchema} from './schemas.js'

export const mcpGenerateOp = defineOperation({
  id: 'mcp.generate',
  summary: 'Generate a deterministic tool-server (MCP) stub from a description.',
  description: `Prints a server entry (id mcp-<slug>-<hex>, name, command, args, description, env) and a note on what to implement. The same description always gives the same id: the slug is its first three meaningful words, the hex a hash of the text (case and spacing ignored). env names the variables a server for the services mentioned needs (GitHub, Jira, Slack, databases, ...), with empty values to fill in. No server code is written.

--append registers the entry in ~/.govtool/mcp.json under "mcpServers" (the layout MCP clients read), never twice; a registry that cannot be parsed is reported, never overwritten.`,
  examples: [
    '<%= config.bin %> mcp generate "read and comment on GitHub pull requests"',
    '<%= config.bin %> mcp generate "query the staging Postgres database" --json',
    '<%= config.bin %> mcp generate "query the staging Postgres database" --append && cat ~/.govtool/mcp.json',
  ],
  effect: 'write',
  input: z.object({
    description: z.string().describe('what the tool server should expose'),
    append: z.boolean().default(false).describe('Add the stub to ~/.govtool/mcp.json (skipped when already there).'),
  }),
  cli: {fields: {description: {arg: true}}},
  result: GenerateResultSchema,
  async run(_ctx, input) {
    const {generateServer} = await import('../lib/generate.js')
    return generateServer(input.description, {append: input.append})
  },
  render(result) {
    const {id, command, args, env} = result.server
    const lines = [JSON.stringify({[id]: {command, args, env}}, null, 2), color.dim(result.note)]
    if (result.appended !== undefined) lines.push(result.appended ? `${color.green('✔')} added ${id} to ${result.file}` : `${id} is already in ${result.file}; left unchanged.`)
    return lines.join('\n')
  },
})
