import {z} from 'zod/v3'

import {defineOperation} from '../operation.js'
import {renderQuickstart} from '../quickstart-render.js'
import {QuickstartResultSchema} from './schemas.js'

export const quickstartOp = defineOperation({
  id: 'quickstart',
  summary: 'Make a sample governed project and watch the gate work: four requests, a verify, the ledger, a checkpoint.',
  description: `Creates a small governed project, notes-demo, from a sample built into govtool (three requirements, the tests covering them, a policy in docs/GOVTOOL.yml, the implementation phase) in a new temporary directory, or in --dir. Then it runs what you would run, step by step: four requests through \`govtool preflight\` that get the four decisions (accepted, needs_clarification, blocked, rejected), \`govtool verify\` of the change made for the accepted one, \`govtool ledger add\` and \`govtool ledger list\`, and \`govtool checkpoint\`. It ends with the commands that do the same on your own repository, starting with \`govtool import\`.

Offline, without a model, and deterministic: the decisions are the same on every machine (the sample's docs/GOVTOOL.yml spells out every policy section, so your ~/.govtool/config.yml does not change them). It takes a second or two. The sample is left in place to explore; the output says how to remove it.

With --dir, the project is created as <dir>/notes-demo; the command refuses (exit 1) when that directory exists and is not empty.`,
  examples: ['<%= config.bin %> quickstart --dir govtool-demo', '<%= config.bin %> quickstart --dir govtool-demo --json'],
  effect: 'write',
  input: z.object({
    dir: z.string().min(1).optional().describe('Directory to create the sample project in, as <dir>/notes-demo (default: a new temporary directory).'),
  }),
  cli: {fields: {dir: {helpValue: 'PATH'}}},
  result: QuickstartResultSchema,
  async run(ctx, input, io) {
    const {runQuickstart} = await import('../quickstart.js')
    return runQuickstart(ctx, input.dir === undefined ? undefined : ctx.resolvePath(input.dir), io)
  },
  render: (r, view) => renderQuickstart(r, view),
})
