import {defineOperation} from 'govtool/core'
import {z} from 'zod/v3'

import {RunResultSchema} from './schemas.js'

export const runOp = defineOperation({
  id: 'run',
  summary: 'The agentic REPL: every request is classified, scoped and preflighted; only accepted ones reach the agent.',
  description: `Each line you type goes through preflight (intent, scope from docs/REQUIREMENTS.md, decision) and, when accepted, the same agent loop as chat, with the tools agent.permissions allows. /why toggles showing the work_item_id, requirement_ids and test_case_ids behind each decision; /history lists this session's requests; /help; /exit. Ctrl-C cancels the request in flight, not the REPL.

run is the flat agent conversation: it never decomposes the task into a DAG (govtool dispatch run does; --no-dag is accepted and changes nothing). --task TEXT runs one task non-interactively and exits (tools that would need an approval are denied). --provider forces a backend (stub, ollama, openai-compatible, anthropic, openai, google); a forced backend that does not answer is an error.`,
  examples: ['<%= config.bin %> run --task "what does this project do?"', '<%= config.bin %> run --provider stub'],
  project: true,
  effect: 'write',
  input: z.object({
    task: z.string().min(1).optional().describe('Run one task non-interactively and exit.'),
    provider: z.string().optional().describe('Force a backend: stub, ollama, openai-compatible, anthropic, openai or google.'),
    profile: z.enum(['safe', 'standard', 'yolo']).default('standard').describe('Tool approval profile: safe, standard or yolo.'),
    no_dag: z.boolean().default(false).describe('The flat conversation, which run always is (accepted for scripts written for the older tool); govtool dispatch run plans a DAG.'),
  }),
  cli: {fields: {task: {helpValue: 'TEXT'}, provider: {helpValue: 'ID'}}},
  result: RunResultSchema,
  async run(ctx, input, io) {
    const {runOperation} = await import('../lib/run-op.js')
    const {no_dag: _flat, ...rest} = input
    return runOperation(ctx, {...rest, interactive: io.interactive}, io)
  },
  exitCode: (result) => result.turns.at(-1)?.exit_code ?? 0,
})
