import {InputError} from 'govtool/core'

/** The three score buckets (SPEC.md). */
export const BUCKETS = ['reasoning', 'conversational', 'longform'] as const
export type Bucket = (typeof BUCKETS)[number]

/** A model's bucket scores, 0-100 each (SPEC.md "Model bucket score"). */
export interface ModelScore {
  model_name: string
  reasoning_score: number
  conversational_score: number
  longform_score: number
  /** `hub` when computed from synced leaderboard data, `static` for the built-in table */
  source: 'hub' | 'static'
  provider?: string
}

/** One recommendation (SPEC.md "Recommendation"). */
export interface Recommendation {
  model: string
  score: number
  reasoning: number
  conversational: number
  longform: number
}

export function assertBucket(bucket: string): Bucket {
  const b = bucket.trim().toLowerCase()
  if (!(BUCKETS as readonly string[]).includes(b)) {
    throw new InputError(`Unknown bucket "${bucket}".`, {code: 'E_BAD_BUCKET', hint: `Use one of: ${BUCKETS.join(', ')}.`})
  }
  return b as Bucket
}

export function bucketValue(score: ModelScore, bucket: Bucket): number {
  return score[`${bucket}_score`]
}

/**
 * Leaderboard benchmarks (Open LLM Leaderboard v2 "contents"), each normalised by the leaderboard so that
 * random guessing scores 0 and a perfect score 100.
 */
export interface Benchmarks {
  ifeval?: number
  bbh?: number
  math?: number
  gpqa?: number
  musr?: number
  mmlu_pro?: number
}

/**
 * The bucket formula: a weighted mean of the benchmarks that measure the bucket's skill.
 *
 * - reasoning      = 0.30 BBH + 0.25 MATH Lvl 5 + 0.25 GPQA + 0.20 MuSR (multi-step logic, math, expert QA)
 * - conversational = 0.50 IFEval + 0.25 BBH + 0.25 MMLU-PRO       (following instructions, general knowledge)
 * - longform       = 0.40 MuSR + 0.30 IFEval + 0.30 MMLU-PRO       (reasoning over long narratives, format discipline)
 *
 * A benchmark missing from a row is left out and the remaining weights are rescaled; a bucket with none of
 * its benchmarks is `undefined`.
 */
export const BUCKET_WEIGHTS: Record<Bucket, Partial<Record<keyof Benchmarks, number>>> = {
  reasoning: {bbh: 0.3, math: 0.25, gpqa: 0.25, musr: 0.2},
  conversational: {ifeval: 0.5, bbh: 0.25, mmlu_pro: 0.25},
  longform: {musr: 0.4, ifeval: 0.3, mmlu_pro: 0.3},
}

/**
 * The leaderboard's normalisation compresses hard benchmarks (a frontier open model scores ~20 on GPQA), so
 * raw bucket values sit far below the built-in scale. They are multiplied by a per-bucket factor: fitted at
 * each sync as the median of built-in/raw over the models present in both (at least 3), else these defaults,
 * fitted the same way on the published results of Qwen2.5-72B-Instruct, Llama-3.3-70B-Instruct and phi-4.
 */
export const DEFAULT_CALIBRATION: Record<Bucket, number> = {reasoning: 2.18, conversational: 1.26, longform: 1.78}

export function rawBucketScores(b: Benchmarks): Partial<Record<Bucket, number>> {
  const out: Partial<Record<Bucket, number>> = {}
  for (const bucket of BUCKETS) {
    let sum = 0
    let weight = 0
    for (const [key, w] of Object.entries(BUCKET_WEIGHTS[bucket]) as [keyof Benchmarks, number][]) {
      const v = b[key]
      if (v === undefined || !Number.isFinite(v)) continue
      sum += w * clamp(v)
      weight += w
    }
    if (weight > 0) out[bucket] = sum / weight
  }
  return out
}

export function clamp(v: number): number {
  return Math.min(100, Math.max(0, v))
}

export function round1(v: number): number {
  return Math.round(v * 10) / 10
}

/** A name key that matches one model across naming styles: `meta-llama/Llama-3.3-70B-Instruct` ~ `llama-3.3-70b-instruct`. */
export function modelKey(name: string): string {
  return name.trim().toLowerCase().split('/').at(-1)!.replaceAll(':', '-').replaceAll('_', '-')
}

export function toRecommendation(score: ModelScore, bucket: Bucket): Recommendation {
  return {
    model: score.model_name,
    score: bucketValue(score, bucket),
    reasoning: score.reasoning_score,
    conversational: score.conversational_score,
    longform: score.longform_score,
  }
}
