/**
 * Result schemas of the credits operations: the frozen output contract (`--json`, HTTP, MCP). The library's
 * result interfaces (lib/summary.ts, lib/budget.ts, lib/analyze.ts, lib/limits/*) must stay assignable to
 * these; test/operation-results.schema.json snapshots them.
 */
import {z} from 'zod/v3'

const int = z.number().int()
const usd = z.number()

// --- rate limits -------------------------------------------------------------------------------------------

/** A rate-limit profile as saved in .govtool/model-rate-limits.json (unknown keys of older files are kept). */
export const RateLimitProfileSchema = z
  .object({
    provider: z.string(),
    model: z.string(),
    rpm_limit: int,
    tpm_limit: int,
    utilization_target: z.number(),
    concurrency_cap: int,
    source: z.string(),
  })
  .passthrough()

export const EffectiveLimitsSchema = z.object({rpm: int, tpm: int, concurrency: int})

export const LimitsListResultSchema = z.object({
  file: z.string(),
  profiles: z.array(RateLimitProfileSchema.extend({effective: EffectiveLimitsSchema})),
})

export const LimitsDefaultsResultSchema = z.object({
  profiles: z.array(RateLimitProfileSchema),
  installed: z.boolean(),
  /** with --install: the profiles file, the profiles added and the saved ones kept (provider/model) */
  file: z.string().optional(),
  added: z.array(z.string()).optional(),
  kept: z.array(z.string()).optional(),
})

export const LimitsSetResultSchema = z.object({
  file: z.string(),
  created: z.boolean(),
  profile: RateLimitProfileSchema,
  effective: EffectiveLimitsSchema,
})

const windowCounter = z.object({in_window: z.number(), limit: z.number().nullable(), target_limit: z.number().nullable(), utilization_pct: z.number().nullable()})

export const LimitStatusSchema = z.object({
  provider: z.string(),
  model: z.string(),
  profile: RateLimitProfileSchema.extend({match: z.enum(['exact', 'prefix', 'provider-wildcard', 'wildcard'])}).nullable(),
  window_seconds: z.number(),
  requests: windowCounter,
  tokens: windowCounter,
  concurrency: z.object({in_use: z.number(), held: z.number(), limit: z.number().nullable()}),
  waiting_processes: z.number(),
  cooldown_remaining_ms: z.number(),
  moving_averages: z.array(z.object({minutes: z.number(), requests_per_min: z.number(), tokens_per_min: z.number()})),
  processes: z.array(z.object({pid: int, slots_held: z.number(), in_use: z.number()})),
})

// --- spend -------------------------------------------------------------------------------------------------

export const CreditEntrySchema = z.object({
  id: z.string().optional(),
  timestamp: z.string(),
  provider: z.string(),
  model: z.string(),
  task: z.string(),
  tokens_in: int,
  cached_tokens_in: int,
  tokens_out: int,
  cost_usd: usd.nullable(),
  session_id: z.string().optional(),
  attempt: int.optional(),
  status: int.optional(),
  duration_seconds: z.number().optional(),
})

export const RecordResultSchema = z.object({
  entry: CreditEntrySchema,
  /** the spend of the entry's month after it */
  month_spent_usd: usd,
  /** budget levels this entry crossed */
  alerts: z.array(z.string()),
  /** e.g. a model without a price */
  warnings: z.array(z.string()),
})

const BudgetSchema = z.object({
  monthly_cap_usd: usd,
  alert_threshold_pct: z.number(),
  watermark_pcts: z.array(z.number()),
  alert_watermarks_usd: z.array(usd),
  enabled: z.boolean(),
})

const source = z.enum(['default', 'config', 'file'])

export const BudgetStatusSchema = z.object({
  month: z.string(),
  enabled: z.boolean(),
  cap_usd: usd.nullable(),
  spent_usd: usd,
  used_pct: z.number().nullable(),
  remaining_usd: usd.nullable(),
  projected_usd: usd.nullable(),
  alert_threshold_pct: z.number(),
  alert: z.boolean(),
  exceeded: z.boolean(),
  watermarks: z.array(z.object({level_pct: z.number(), amount_usd: usd, reached: z.boolean()})),
  watermarks_usd: z.array(z.object({level_usd: usd, reached: z.boolean()})),
  highest_watermark_pct: z.number().nullable(),
  alerts: z.array(z.string()),
})

export const BudgetResultSchema = z.object({
  budget: BudgetSchema,
  /** where each value comes from: the built-in default, credits.budget in docs/GOVTOOL.yml, or the budget file */
  sources: z.object({monthly_cap_usd: source, alert_threshold_pct: source, watermark_pcts: source, alert_watermarks_usd: source, enabled: source}),
  file: z.string().optional(),
  changed: z.boolean(),
  /** the current month against the budget */
  status: BudgetStatusSchema,
})

const spendRow = {
  entries: int,
  tokens_in: int,
  cached_tokens_in: int,
  tokens_out: int,
  cost_usd: usd,
  unpriced_entries: int,
  share_pct: z.number(),
}

export const CreditsSummarySchema = z.object({
  period: z.string(),
  entries: int,
  tokens_in: int,
  cached_tokens_in: int,
  tokens_out: int,
  cost_usd: usd,
  unpriced_entries: int,
  by_model: z.array(z.object({provider: z.string(), model: z.string(), ...spendRow})),
  by_provider: z.array(z.object({provider: z.string(), ...spendRow})),
  by_task: z.array(z.object({task: z.string(), ...spendRow})),
  budget: BudgetStatusSchema,
  alerts: z.array(z.string()),
  problems: z.array(z.string()),
})

export const ReportResultSchema = z.object({
  /** absolute path written, or null when the report went to stdout */
  output: z.string().nullable(),
  period: z.string(),
  entries: int,
  cost_usd: usd,
  bytes: int,
  /** the report itself, when it was not written to a file */
  markdown: z.string().optional(),
})

export const CreditsAnalysisSchema = z.object({
  period: z.object({from: z.string().nullable(), to: z.string().nullable()}),
  entries: int,
  cost_usd: usd,
  retries: z.object({
    entries: int,
    tokens: int,
    cost_usd: usd,
    share_of_cost_pct: z.number(),
    detected: z.object({attempt: int, status_429: int, repeat: int}),
    by_task: z.array(z.object({task: z.string(), retries: int, cost_usd: usd})),
  }),
  token_waste: z.array(
    z.object({
      task: z.string(),
      entries: int,
      tokens_in: int,
      cached_tokens_in: int,
      tokens_out: int,
      input_output_ratio: z.number(),
      cache_hit_pct: z.number(),
      cost_usd: usd,
    }),
  ),
  models: z.array(
    z.object({
      provider: z.string(),
      model: z.string(),
      entries: int,
      avg_tokens_in: z.number(),
      avg_tokens_out: z.number(),
      output_input_ratio: z.number(),
      cache_hit_pct: z.number(),
      cost_per_entry_usd: usd.nullable(),
      cost_usd: usd,
    }),
  ),
  weeks: z.array(z.object({week: z.string(), starts: z.string(), entries: int, tokens: int, cost_usd: usd, change_pct: z.number().nullable()})),
  trend: z.object({direction: z.enum(['increasing', 'decreasing', 'stable', 'insufficient-data']), slope_usd_per_week: z.number().nullable()}),
  suggestions: z.array(
    z.object({
      kind: z.enum(['retries', 'rate-limits', 'token-waste', 'prompt-cache', 'cheaper-model', 'verbose-output', 'trend', 'unpriced', 'no-data', 'ok']),
      severity: z.enum(['info', 'warn', 'critical']),
      message: z.string(),
      estimated_savings_usd: usd.nullable(),
    }),
  ),
  problems: z.array(z.string()),
})
