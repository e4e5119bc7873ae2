import {z} from 'zod/v3'

import {CHANNELS} from '../channel.js'
import {defineOperation} from '../operation.js'
import {SelfUpdateResultSchema, UpdateResultSchema} from './schemas.js'

export const selfUpdateOp = defineOperation({
  id: 'self-update',
  summary: 'Update govtool itself from the update host.',
  description: `Downloads the newest build on your channel (or the pinned --version), checks its sha256, installs it beside the current one and switches to it. The channel defaults to your saved preference (\`govtool channel get\`).

Only tarball installs can replace themselves; an npm install is told the npm command to run instead (exit 1). The update host is oclif.update.s3.host in package.json, or GOVTOOL_UPDATE_HOST.

\`govtool update\` does the same after checking, and then migrates the project's layout to the new version.`,
  examples: ['<%= config.bin %> self-update', '<%= config.bin %> self-update --channel dev', '<%= config.bin %> self-update --version 0.3.1'],
  effect: 'write',
  input: z.object({
    channel: z.enum(CHANNELS).optional().describe('Channel to update from (default: your saved channel).'),
    version: z.string().min(1).optional().describe('Install exactly this version.'),
  }),
  cli: {fields: {version: {helpValue: 'VERSION'}}},
  result: SelfUpdateResultSchema,
  // no render: the installer reports its own progress on a terminal, as before
  async run(ctx, input) {
    const {loadCliConfig, selfUpdate} = await import('../update.js')
    return selfUpdate(await loadCliConfig(ctx.cliRoot), {channel: input.channel, version: input.version})
  },
})

export const updateOp = defineOperation({
  id: 'update',
  summary: 'Check for a newer govtool on your channel, install it, and migrate the project.',
  description: `--check only reports whether a newer version exists on the effective channel (\`govtool channel get\`).

--yes installs it (as \`self-update\` does) and then runs the new version's migrate-project on the project when it has a scaffold.yml, so the project's layout follows the tool. Without either flag it checks and asks on a terminal; elsewhere it only reports. npm installs are told the npm command to run instead.`,
  examples: ['<%= config.bin %> update --check', '<%= config.bin %> update --yes', '<%= config.bin %> update --check --json'],
  project: true,
  effect: 'process',
  input: z.object({
    check: z.boolean().default(false).describe('Only report whether an update is available.'),
    yes: z.boolean().default(false).describe('Install the update and migrate the project without asking.'),
  }),
  cli: {fields: {check: {exclusive: ['yes']}, yes: {char: 'y'}}},
  result: UpdateResultSchema,
  async run(ctx, input, io) {
    const [{loadCliConfig, updateGovtool}, {confirm}] = await Promise.all([import('../update.js'), import('../prompt.js')])
    return updateGovtool(await loadCliConfig(ctx.cliRoot), {
      check: input.check,
      yes: input.yes,
      project: ctx.project(),
      ask: ctx.transport === 'cli' && io.interactive ? (question) => confirm(question) : undefined,
    })
  },
  render(r, view) {
    const lines = [r.message]
    if (r.update_available && !r.updated && !view.input.check) lines.push("Run 'govtool update --yes' to install it.")
    if (r.migrate_output) lines.push(r.migrate_output)
    return lines.join('\n')
  },
})
