import {defineOperation} from 'govtool/core'
import {z} from 'zod/v3'

import {DEFAULT_CONCURRENCY, DEFAULT_TARGET} from '../lib/limits/profiles.js'
import {renderLimitStatus, renderLimitsDefaults, renderLimitsList, renderLimitsSet} from '../lib/render.js'
import {LimitStatusSchema, LimitsDefaultsResultSchema, LimitsListResultSchema, LimitsSetResultSchema} from './schemas.js'

export const limitsListOp = defineOperation({
  id: 'credits.limits.list',
  summary: 'List the rate-limit profiles saved in .govtool/model-rate-limits.json.',
  description: `Saved profiles win over the built-in ones (govtool credits limits defaults) with the same provider and model. The effective limits ("Paced at") are the profile's RPM and TPM times its utilization target; the pacer keeps every rolling 60-second window under them.

With no saved profile the built-in ones apply; \`credits limits defaults --install\` copies them into the file so they can be edited.`,
  examples: ['<%= config.bin %> credits limits list', '<%= config.bin %> credits limits list --json'],
  project: true,
  effect: 'read',
  input: z.object({}),
  result: LimitsListResultSchema,
  async run(ctx) {
    const {listLimits} = await import('../lib/actions.js')
    return listLimits(ctx.project())
  },
  render: (r) => renderLimitsList(r),
})

export const limitsStatusOp = defineOperation({
  id: 'credits.limits.status',
  summary: 'Show the rolling 60-second window of a provider/model: requests, tokens, concurrency, averages.',
  description: `The window every govtool process of this project shares (.govtool/ratelimit-window.json). Requests and tokens include capacity leased to running processes and not yet used. Moving averages are over the last 1, 5 and 15 minutes of settled usage.

The profile shown is the one the pacer applies to the model: an exact match, else the longest model prefix (gpt-4o-2024-08-06 uses gpt-4o), else the provider's '*' profile. A model no profile covers is not paced, only backed off after a 429.`,
  examples: ['<%= config.bin %> credits limits status --provider openai --model gpt-4o', '<%= config.bin %> credits limits status --provider anthropic --model claude-sonnet-4-5 --json'],
  project: true,
  effect: 'read',
  input: z.object({
    provider: z.string().describe('Provider.'),
    model: z.string().describe('Model.'),
  }),
  result: LimitStatusSchema,
  async run(ctx, input) {
    const {limitStatus} = await import('../lib/limits/status.js')
    return limitStatus(ctx.project(), input.provider, input.model)
  },
  render: (s) => renderLimitStatus(s),
})

export const limitsDefaultsOp = defineOperation({
  id: 'credits.limits.defaults',
  summary: 'List the built-in rate-limit profiles; --install merges them into the project.',
  description: `Built-in profiles are conservative first-paid-tier limits of OpenAI, Anthropic, Google, Mistral, Groq and a local Ollama (which is paced by concurrency). They apply without installing.

--install copies them into .govtool/model-rate-limits.json so they can be edited, keeping every profile already saved there (the result lists the profiles added and the ones kept).`,
  examples: ['<%= config.bin %> credits limits defaults', '<%= config.bin %> credits limits defaults --install'],
  project: true,
  effect: 'write',
  input: z.object({
    install: z.boolean().default(false).describe('Merge the built-in profiles into the project, keeping existing overrides.'),
  }),
  result: LimitsDefaultsResultSchema,
  async run(ctx, input) {
    const {limitDefaults} = await import('../lib/actions.js')
    return limitDefaults(() => ctx.project(), {install: input.install})
  },
  render: (r) => renderLimitsDefaults(r),
})

export const limitsSetOp = defineOperation({
  id: 'credits.limits.set',
  summary: 'Create or replace the rate-limit profile of a provider/model.',
  description: `Use your account's real limits: the pacer admits requests while the rolling 60-second window stays under target x RPM and target x TPM, with at most --concurrency requests in flight.

--model '*' covers every model of the provider that has no profile of its own. The profile is saved in .govtool/model-rate-limits.json, where it wins over the built-in profile of the same provider and model.`,
  examples: [
    '<%= config.bin %> credits limits set --provider openai --model gpt-4o --rpm 500 --tpm 30000',
    "<%= config.bin %> credits limits set --provider anthropic --model '*' --rpm 50 --tpm 40000 --target 0.8 --concurrency 2",
  ],
  project: true,
  effect: 'write',
  input: z.object({
    provider: z.string().describe('Provider (openai, anthropic, google, ...).'),
    model: z.string().describe("Model, or '*' for every model of the provider."),
    rpm: z.number().int().describe('Requests per minute the account allows.'),
    tpm: z.number().int().describe('Tokens per minute the account allows (input + output).'),
    target: z.number().optional().describe(`Utilization target, a fraction of the limits to use (default ${DEFAULT_TARGET.toFixed(2)}).`),
    concurrency: z.number().int().optional().describe(`Requests in flight at once (default ${DEFAULT_CONCURRENCY}).`),
  }),
  cli: {fields: {target: {helpValue: 'FLOAT'}}},
  result: LimitsSetResultSchema,
  async run(ctx, input) {
    const {setLimit} = await import('../lib/actions.js')
    return setLimit(ctx.project(), input)
  },
  render: (r) => renderLimitsSet(r),
})
