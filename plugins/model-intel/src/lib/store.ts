import {ProjectContext, readTextIfExists, withLock, writeJsonAtomic} from 'govtool/core'
import {z} from 'zod/v3'

import {BUCKETS, modelKey, type Bucket, type ModelScore} from './buckets.js'
import {STATIC_SCORES} from './static-scores.js'

/** The synced scores, a derived cache in the project's `.govtool/`. */
export const CACHE_FILE = 'model-intel.json'

const ScoreSchema = z.object({
  model_name: z.string().min(1),
  reasoning_score: z.number().min(0).max(100),
  conversational_score: z.number().min(0).max(100),
  longform_score: z.number().min(0).max(100),
  source: z.enum(['hub', 'static']),
  provider: z.string().optional(),
})

export const CacheSchema = z.object({
  version: z.literal(1),
  synced_at: z.string(),
  dataset: z.string(),
  calibration: z.record(z.enum(BUCKETS), z.number()),
  scores: z.array(ScoreSchema),
})

export type ScoreCache = z.infer<typeof CacheSchema>

export interface LoadedScores {
  /** hub scores merged over the built-in ones (a hub score replaces the built-in score of the same model) */
  scores: ModelScore[]
  /** `hub+static` after a sync, `static` otherwise */
  source: 'hub+static' | 'static'
  synced_at: string | null
  /** set when the cache exists but cannot be used (the built-in scores are used instead) */
  warning?: string
}

export function cachePath(ctx: ProjectContext): string {
  return ctx.state(CACHE_FILE)
}

export async function writeCache(ctx: ProjectContext, cache: ScoreCache): Promise<void> {
  const file = cachePath(ctx)
  await withLock(file, () => writeJsonAtomic(file, cache))
}

/** Reads the cache (validated); a missing one gives `undefined`, a broken one a warning. */
export async function readCache(ctx: ProjectContext): Promise<{cache?: ScoreCache; warning?: string}> {
  const file = cachePath(ctx)
  const text = await readTextIfExists(file)
  if (text === undefined) return {}
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return {warning: `${ctx.relative(file)} is not valid JSON; using the built-in scores. Run \`govtool model-intel sync\` to rebuild it.`}
  }
  const parsed = CacheSchema.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {warning: `${ctx.relative(file)} is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}; using the built-in scores. Run \`govtool model-intel sync\` to rebuild it.`}
  }
  return {cache: parsed.data}
}

/** Merges hub scores over the built-in ones by model key. */
export function mergeScores(hub: readonly ModelScore[], builtIn: readonly ModelScore[] = STATIC_SCORES): ModelScore[] {
  const byKey = new Map<string, ModelScore>()
  for (const s of builtIn) byKey.set(modelKey(s.model_name), s)
  for (const s of hub) {
    const key = modelKey(s.model_name)
    const prior = byKey.get(key)
    byKey.set(key, prior?.provider && !s.provider ? {...s, provider: prior.provider} : s)
  }
  return [...byKey.values()]
}

/** The scores in effect for a project: the synced cache merged over the built-in table, else the table. */
export async function loadScores(ctx: ProjectContext): Promise<LoadedScores> {
  const {cache, warning} = await readCache(ctx)
  if (!cache) return {scores: [...STATIC_SCORES], source: 'static', synced_at: null, ...(warning ? {warning} : {})}
  return {scores: mergeScores(cache.scores), source: 'hub+static', synced_at: cache.synced_at}
}

export function sortByBucket(scores: readonly ModelScore[], bucket: Bucket): ModelScore[] {
  const k = `${bucket}_score` as const
  return [...scores].sort((a, b) => b[k] - a[k] || a.model_name.localeCompare(b.model_name))
}
