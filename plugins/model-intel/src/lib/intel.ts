import {NotFoundError, ProjectContext} from 'govtool/core'

import {
  BUCKETS,
  DEFAULT_CALIBRATION,
  assertBucket,
  bucketValue,
  clamp,
  modelKey,
  rawBucketScores,
  round1,
  toRecommendation,
  type Bucket,
  type ModelScore,
  type Recommendation,
} from './buckets.js'
import {HubRequestError, LEADERBOARD, datasetServerOk, fetchLeaderboard, hubConfig, rateLimitTier, whoami, type LeaderboardModel} from './hub.js'
import {STATIC_SCORES} from './static-scores.js'
import {cachePath, loadScores, sortByBucket, writeCache} from './store.js'

export interface SyncResult {
  /** true when leaderboard data was fetched and the cache rewritten */
  synced: boolean
  errors: string[]
  message: string
  /** models with hub scores written to the cache (0 offline) */
  hub_models: number
  /** models in effect after the sync (hub + built-in) */
  total_models: number
  cache_file: string | null
}

/**
 * Fetches the leaderboard, computes the bucket scores of every model (see BUCKET_WEIGHTS and
 * DEFAULT_CALIBRATION), and caches them in `.govtool/model-intel.json`. Never throws for network trouble:
 * offline it keeps the previous cache (or the built-in scores) and says so in `errors` and `message`.
 */
export async function syncModelIntel(ctx: ProjectContext, env: NodeJS.ProcessEnv = process.env): Promise<SyncResult> {
  const config = hubConfig(env)
  let rows: LeaderboardModel[]
  try {
    rows = await fetchLeaderboard(config)
  } catch (error) {
    const reason = error instanceof HubRequestError ? error.message : `unexpected error: ${(error as Error).message}`
    const current = await loadScores(ctx)
    const kept = current.source === 'static' ? `the ${STATIC_SCORES.length} built-in static scores` : `the scores synced at ${current.synced_at}`
    return {
      synced: false,
      errors: [`leaderboard: ${reason}`],
      message: `Could not reach the hub; using ${kept}.`,
      hub_models: 0,
      total_models: current.scores.length,
      cache_file: null,
    }
  }
  const {scores, calibration} = scoreLeaderboard(rows)
  if (scores.length === 0) {
    return {
      synced: false,
      errors: ['leaderboard: no usable rows (no model name or benchmarks)'],
      message: `The hub answered but its leaderboard had no usable rows; using the ${STATIC_SCORES.length} built-in static scores.`,
      hub_models: 0,
      total_models: STATIC_SCORES.length,
      cache_file: null,
    }
  }
  await writeCache(ctx, {version: 1, synced_at: new Date().toISOString(), dataset: LEADERBOARD.dataset, calibration, scores})
  const total = (await loadScores(ctx)).scores.length
  return {
    synced: true,
    errors: [],
    message: `Synced ${scores.length} models from the ${LEADERBOARD.dataset} leaderboard; ${total} models scored in total.`,
    hub_models: scores.length,
    total_models: total,
    cache_file: ctx.relative(cachePath(ctx)),
  }
}

/**
 * Bucket scores of leaderboard models: the raw formula per bucket times a calibration factor fitted on the
 * models that also have a built-in score (median ratio, at least 3 of them), else DEFAULT_CALIBRATION.
 * A model listed several times (precisions, revisions) keeps its best row.
 */
export function scoreLeaderboard(rows: readonly LeaderboardModel[]): {scores: ModelScore[]; calibration: Record<Bucket, number>} {
  const raw = rows.map((r) => ({name: r.model_name, raw: rawBucketScores(r.benchmarks)})).filter((r) => BUCKETS.every((b) => r.raw[b] !== undefined))
  const builtIn = new Map(STATIC_SCORES.map((s) => [modelKey(s.model_name), s]))
  const calibration = {...DEFAULT_CALIBRATION}
  for (const bucket of BUCKETS) {
    const ratios = raw.flatMap((r) => {
      const anchor = builtIn.get(modelKey(r.name))
      const v = r.raw[bucket]!
      return anchor && v > 1 ? [bucketValue(anchor, bucket) / v] : []
    })
    if (ratios.length >= 3) calibration[bucket] = Math.round(Math.min(3, Math.max(0.5, median(ratios))) * 100) / 100
  }
  const best = new Map<string, ModelScore>()
  for (const r of raw) {
    const score: ModelScore = {
      model_name: r.name,
      reasoning_score: round1(clamp(r.raw.reasoning! * calibration.reasoning)),
      conversational_score: round1(clamp(r.raw.conversational! * calibration.conversational)),
      longform_score: round1(clamp(r.raw.longform! * calibration.longform)),
      source: 'hub',
    }
    const prior = best.get(r.name)
    if (!prior || total(score) > total(prior)) best.set(r.name, score)
  }
  return {scores: [...best.values()], calibration}
}

export interface ScoresResult {
  scores: ModelScore[]
  source: 'hub+static' | 'static'
  synced_at: string | null
  bucket: Bucket | null
}

/** All scores, sorted by `bucket` (descending) when given, else by name. */
export async function listScores(ctx: ProjectContext, bucket?: string): Promise<ScoresResult & {warning?: string}> {
  const loaded = await loadScores(ctx)
  const b = bucket === undefined ? null : assertBucket(bucket)
  const scores = b ? sortByBucket(loaded.scores, b) : [...loaded.scores].sort((x, y) => x.model_name.localeCompare(y.model_name))
  return {scores, source: loaded.source, synced_at: loaded.synced_at, bucket: b, ...(loaded.warning ? {warning: loaded.warning} : {})}
}

/**
 * One model's scores: exact name (any case), then the same model under another naming style
 * (`meta-llama/Llama-3.3-70B-Instruct` ~ `llama-3.3-70b-instruct`), then a unique partial match.
 */
export function findScore(scores: readonly ModelScore[], model: string): ModelScore {
  const q = model.trim().toLowerCase()
  const exact = scores.find((s) => s.model_name.toLowerCase() === q)
  if (exact) return exact
  const key = modelKey(model)
  const sameKey = scores.find((s) => modelKey(s.model_name) === key)
  if (sameKey) return sameKey
  const partial = scores.filter((s) => s.model_name.toLowerCase().includes(q))
  if (partial.length === 1) return partial[0]
  if (partial.length > 1) {
    throw new NotFoundError(`"${model}" matches ${partial.length} models.`, {
      code: 'E_AMBIGUOUS_MODEL',
      hint: `Use one of: ${partial.slice(0, 8).map((s) => s.model_name).join(', ')}${partial.length > 8 ? ', ...' : ''}.`,
    })
  }
  throw new NotFoundError(`No scores for model "${model}".`, {
    code: 'E_UNKNOWN_MODEL',
    hint: '`govtool model-intel scores` lists every scored model; `govtool model-intel sync` fetches more from the hub.',
  })
}

/** What `model-intel scores` answers: every score, or one model's (`score`) when a model is named. */
export type ScoresOutput = ScoresResult | {score: ModelScore}

/**
 * `model-intel scores`: all scores sorted by `bucket` (by name without one) or, with `model`, that model's
 * score object. The bucket is validated in both cases; a cache that cannot be used is a warning.
 */
export async function showScores(ctx: ProjectContext, options: {bucket?: string; model?: string} = {}): Promise<ScoresOutput & {warning?: string}> {
  const {warning, ...all} = await listScores(ctx, options.bucket)
  const result: ScoresOutput = options.model === undefined ? all : {score: findScore(all.scores, options.model)}
  return warning ? {...result, warning} : result
}

export interface RecommendationsResult {
  bucket: Bucket
  top_k: number
  recommendations: Recommendation[]
  source: 'hub+static' | 'static'
}

/** The top `topK` models of a bucket, best first (SPEC.md: default bucket reasoning, default top-k 10). */
export async function recommend(ctx: ProjectContext, options: {bucket?: string; topK?: number} = {}): Promise<RecommendationsResult & {warning?: string}> {
  const bucket = assertBucket(options.bucket ?? 'reasoning')
  const topK = options.topK ?? 10
  const loaded = await loadScores(ctx)
  const recommendations = sortByBucket(loaded.scores, bucket)
    .slice(0, topK)
    .map((s) => toRecommendation(s, bucket))
  return {bucket, top_k: topK, recommendations, source: loaded.source, ...(loaded.warning ? {warning: loaded.warning} : {})}
}

export interface ConnectionResult {
  valid: boolean
  token_set: boolean
  token_valid: boolean
  rate_limit_tier: 'anonymous' | 'free' | 'pro' | 'enterprise' | 'unknown'
  dataset_server_ok: boolean
  message: string
}

/**
 * Probes the hub API (`/api/whoami-v2` validates the token) and the dataset server (`/healthcheck`).
 * `valid` when both answer and the token, if one is set, is accepted. The token is never echoed.
 */
export async function checkConnection(env: NodeJS.ProcessEnv = process.env): Promise<ConnectionResult> {
  const config = hubConfig(env)
  const tokenSet = Boolean(config.token)
  const [who, datasetsOk] = await Promise.all([
    whoami(config).then(
      (r) => ({ok: true as const, ...r}),
      (error: unknown) => ({ok: false as const, reason: error instanceof HubRequestError ? error.message : String(error)}),
    ),
    datasetServerOk(config),
  ])
  if (!who.ok) {
    return {
      valid: false,
      token_set: tokenSet,
      token_valid: false,
      rate_limit_tier: 'unknown',
      dataset_server_ok: datasetsOk,
      message: `Hub API ${who.reason}.${tokenSet ? ' The token could not be checked.' : ''} Sync falls back to the built-in scores until it is reachable.`,
    }
  }
  const tokenValid = tokenSet && who.status === 200
  const tier = tokenValid && who.account ? rateLimitTier(who.account) : tokenValid ? 'free' : 'anonymous'
  const valid = datasetsOk && (!tokenSet || tokenValid)
  const parts: string[] = []
  if (!tokenSet) parts.push('Hub reachable; no GOVTOOL_HUB_TOKEN set, so requests are anonymous (lowest rate limits).')
  else if (tokenValid) parts.push(`Hub reachable; token valid${who.account?.name ? ` for ${who.account.name}` : ''} (${tier} tier).`)
  else parts.push(`Hub reachable, but it refused GOVTOOL_HUB_TOKEN (HTTP ${who.status}); create a new read token and set it again.`)
  parts.push(datasetsOk ? 'Dataset server ok.' : 'Dataset server not answering its healthcheck; sync will use the built-in scores.')
  return {valid, token_set: tokenSet, token_valid: tokenValid, rate_limit_tier: tier, dataset_server_ok: datasetsOk, message: parts.join(' ')}
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

function total(s: ModelScore): number {
  return s.reasoning_score + s.conversational_score + s.longform_score
}
