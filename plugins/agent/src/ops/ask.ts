import {color, defineOperation} from 'govtool/core'
import {z} from 'zod/v3'

import {AskReplySchema} from './schemas.js'

export const agentAskOp = defineOperation({
  id: 'agent.ask',
  summary: 'Ask about the project in plain words; routed by keyword, no model needed.',
  description: `The first keyword group that matches the question decides what is answered; the answer is computed from the project and names the command to run next:

- compliance, coverage, gaps, trace: requirement coverage by tests
- audit, health, governance, drift: the governance audit
- skill, build skill, create skill: the installed agent skills
- esdb, database, backup, export, records: the event store's status
- mcp, server, tool server: tool-server (MCP) stubs
- session, phase, status, project: where the project stands (phase, counts, last ledger entry)

Anything else gets this list as the reply. A question always gets a reply and exit code 0, even when the project cannot be read (data.note then says why); only a command line that does not parse (an unknown flag) is an error. The JSON reply holds reply, action, prompt, matched_keyword, suggested_command and data; --json-output is another spelling of --json.`,
  examples: [
    '<%= config.bin %> agent ask "what is our test coverage?"',
    '<%= config.bin %> agent ask "which phase are we in" --json-output',
    '<%= config.bin %> agent ask esdb records --json',
  ],
  project: true,
  effect: 'read',
  input: z.object({
    text: z.string().optional().describe('The question (quote it, or pass it as several words).'),
  }),
  cli: {fields: {text: {rest: true}}, jsonAliases: ['--json-output']},
  result: AskReplySchema,
  async run(ctx, input) {
    const {askProject} = await import('../lib/ask.js')
    return askProject(() => ctx.project(), input.text ?? '')
  },
  render: (reply) => `${reply.reply}\n${color.dim(`Next: ${reply.suggested_command}`)}`,
})
