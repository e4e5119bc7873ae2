/**
 * Result schemas of the model-intel operations: the frozen output contract (`--json`, HTTP, MCP). The
 * library's result interfaces must stay assignable to these (each operation's run() is type-checked against
 * them); test/operation-results.schema.json snapshots them.
 */
import {z} from 'zod/v3'

import {BUCKETS} from '../lib/buckets.js'

const bucket = z.enum(BUCKETS)
const source = z.enum(['hub+static', 'static'])

export const ModelScoreSchema = z.object({
  model_name: z.string(),
  reasoning_score: z.number(),
  conversational_score: z.number(),
  longform_score: z.number(),
  source: z.enum(['hub', 'static']),
  provider: z.string().optional(),
})

/** every score (`scores`), or one model's (`score`) with --model */
export const ScoresOutputSchema = z.union([
  z.object({scores: z.array(ModelScoreSchema), source, synced_at: z.string().nullable(), bucket: bucket.nullable()}),
  z.object({score: ModelScoreSchema}),
])

export const RecommendationsResultSchema = z.object({
  bucket,
  top_k: z.number().int(),
  recommendations: z.array(z.object({model: z.string(), score: z.number(), reasoning: z.number(), conversational: z.number(), longform: z.number()})),
  source,
})

export const SyncResultSchema = z.object({
  synced: z.boolean(),
  errors: z.array(z.string()),
  message: z.string(),
  hub_models: z.number().int(),
  total_models: z.number().int(),
  cache_file: z.string().nullable(),
})

export const ConnectionResultSchema = z.object({
  valid: z.boolean(),
  token_set: z.boolean(),
  token_valid: z.boolean(),
  rate_limit_tier: z.enum(['anonymous', 'free', 'pro', 'enterprise', 'unknown']),
  dataset_server_ok: z.boolean(),
  message: z.string(),
})
