import {color, defineOperation} from 'govtool/core'
import {z} from 'zod/v3'

import {ConnectionResultSchema, SyncResultSchema} from './schemas.js'

export const modelIntelSyncOp = defineOperation({
  id: 'model-intel.sync',
  summary: 'Fetch leaderboard data and recompute the bucket scores.',
  description: `Reads the top 300 rows of the Open LLM Leaderboard from the hub's dataset server (GOVTOOL_HUB_URL / GOVTOOL_HUB_DATASETS_URL, token GOVTOOL_HUB_TOKEN), computes reasoning, conversational and longform scores (0-100) for each model and caches them in .govtool/model-intel.json. Offline, or when the hub has no usable rows, it exits 0, writes nothing and keeps the previous cache or the built-in static scores; "errors" says what failed.

Formula (weights over the leaderboard's normalised benchmarks, then a calibration factor per bucket fitted on models that also have a built-in score):

- reasoning = 0.30 BBH + 0.25 MATH + 0.25 GPQA + 0.20 MuSR
- conversational = 0.50 IFEval + 0.25 BBH + 0.25 MMLU-PRO
- longform = 0.40 MuSR + 0.30 IFEval + 0.30 MMLU-PRO`,
  examples: ['<%= config.bin %> model-intel sync', '<%= config.bin %> model-intel sync --json'],
  project: true,
  effect: 'write',
  input: z.object({}),
  result: SyncResultSchema,
  async run(ctx, _input, io) {
    const {syncModelIntel} = await import('../lib/intel.js')
    const project = ctx.project()
    io.progress({message: 'Syncing model scores from the hub'})
    return syncModelIntel(project)
  },
  render: (result) =>
    [result.synced ? `${color.green('✔')} ${result.message}` : `${color.yellow('!')} ${result.message}`, ...result.errors.map((e) => color.dim(`  ${e}`))].join('\n'),
})

export const modelIntelConnectionOp = defineOperation({
  id: 'model-intel.connection',
  summary: 'Check the hub connection and validate GOVTOOL_HUB_TOKEN.',
  description: `Probes the hub API (validating the token with /api/whoami-v2) and the dataset server's healthcheck. rate_limit_tier is anonymous (no token), free, pro or enterprise, or unknown when the hub is unreachable.

Exits 0 when the connection is usable (the hub answers, the dataset server is healthy and the token, if set, is accepted), 1 otherwise. The token itself is never printed.`,
  examples: ['<%= config.bin %> model-intel connection', '<%= config.bin %> model-intel connection --json'],
  effect: 'read',
  input: z.object({}),
  result: ConnectionResultSchema,
  async run() {
    const {checkConnection} = await import('../lib/intel.js')
    return checkConnection()
  },
  exitCode: (result) => (result.valid ? 0 : 1),
  render: (result) =>
    [
      `${result.valid ? color.green('✔ valid') : color.red('✖ not valid')}: ${result.message}`,
      `token set: ${result.token_set ? 'yes' : 'no'}, token valid: ${result.token_valid ? 'yes' : 'no'}, tier: ${result.rate_limit_tier}, dataset server: ${result.dataset_server_ok ? 'ok' : 'down'}`,
    ].join('\n'),
})
