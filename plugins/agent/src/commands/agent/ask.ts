import {Args, Flags} from '@oclif/core'
import {GovCommand, ProjectContext, color, projectFlags} from 'govtool'

import {askAgent, type AskReply} from '../../lib/agent.js'

export default class AgentAsk extends GovCommand<AskReply> {
  static override summary = 'Ask about the project in plain words; routed by keyword, no model needed.'
  static override description = `The first matching keyword group decides the action: compliance/coverage/gaps/trace (coverage
summary), audit/health/governance/drift (audit result), skill (skills), esdb/database/backup/export/records
(ESDB status), mcp/server/tool server (tool-server stubs), session/phase/status/project (where the project
stands); anything else gets the help text. The reply is computed from the project and names the command to
run next. Never fails: exit code 0 always.`

  static override examples = [
    '<%= config.bin %> agent ask "what is our test coverage?"',
    '<%= config.bin %> agent ask "which phase are we in" --json-output',
  ]

  static override strict = false

  static override args = {
    text: Args.string({description: 'The question (quote it, or pass it as several words).', required: false}),
  }

  static override flags = {
    ...projectFlags,
    'json-output': Flags.boolean({summary: 'Print the reply as JSON (reply, action, prompt, suggested_command, data).', default: false}),
  }

  async run(): Promise<AskReply> {
    let text = ''
    let jsonOutput = false
    let ctx: ProjectContext | undefined
    try {
      const {argv, flags} = await this.parse(AgentAsk)
      text = (argv as string[]).join(' ')
      jsonOutput = flags['json-output']
      ctx = ProjectContext.resolve(flags['project-dir'])
    } catch (error) {
      // agent ask never fails: a bad flag or a missing directory becomes part of the reply
      text ||= this.argv.filter((a) => !a.startsWith('-')).join(' ')
      jsonOutput = this.argv.includes('--json-output')
      const reply = await askAgent(undefined, text)
      reply.data = {...reply.data, note: (error as Error).message.split('\n')[0]}
      return this.print(reply, jsonOutput)
    }
    return this.print(await askAgent(ctx, text), jsonOutput)
  }

  private print(reply: AskReply, jsonOutput: boolean): AskReply {
    if (this.jsonEnabled()) return reply
    if (jsonOutput) {
      this.log(JSON.stringify(reply, null, 2))
      return reply
    }
    this.log(reply.reply)
    this.log(color.dim(`Next: ${reply.suggested_command}`))
    return reply
  }
}
