import {Args, Flags} from '@oclif/core'
import {GovCommand, color} from 'govtool'

import {appendServer} from '../../lib/registry.js'
import {generateStub, type McpStub} from '../../lib/stub.js'

export type GenerateResult = McpStub & {appended?: boolean; file?: string}

export default class McpGenerate extends GovCommand<GenerateResult> {
  static override summary = 'Generate a deterministic tool-server (MCP) stub from a description.'
  static override description = `Prints a server entry (id mcp-<slug>-<hex>, name, command, args, description, env) and a note on
what to implement. The same description always gives the same id. --append registers it in
~/.govtool/mcp.json (under "mcpServers"), never twice.`

  static override examples = [
    '<%= config.bin %> mcp generate "read and comment on GitHub pull requests"',
    '<%= config.bin %> mcp generate "query the staging Postgres database" --append --json',
  ]

  static override args = {description: Args.string({description: 'what the tool server should expose', required: true})}
  static override flags = {
    append: Flags.boolean({summary: 'Add the stub to ~/.govtool/mcp.json (skipped when already there).', default: false}),
  }

  async run(): Promise<GenerateResult> {
    const {args, flags} = await this.parse(McpGenerate)
    const stub = generateStub(args.description)
    this.log(JSON.stringify({[stub.server.id]: {command: stub.server.command, args: stub.server.args, env: stub.server.env}}, null, 2))
    this.log(color.dim(stub.note))
    if (!flags.append) return stub
    const result = await appendServer(stub.server)
    this.log(result.appended ? `${color.green('✔')} added ${stub.server.id} to ${result.file}` : `${stub.server.id} is already in ${result.file}; left unchanged.`)
    return {...stub, ...result}
  }
}
