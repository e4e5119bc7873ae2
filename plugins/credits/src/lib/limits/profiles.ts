import {stat} from 'node:fs/promises'

import {GovError, InputError, parseJsonText, readTextIfExists, withLock, writeJsonAtomic, type ProjectContext} from 'govtool/core'
import {z} from 'zod/v3'

/**
 * Rate-limit profiles (SPEC.md "Other records": provider, model, RPM, TPM, utilization target default 0.70,
 * concurrency default 1), stored in `.govtool/model-rate-limits.json` as a JSON array with the field names
 * of the older tool (`rpm_limit`, `tpm_limit`, `utilization_target`, `concurrency_cap`, `source`), so its
 * files load unchanged. Model `*` is a wildcard for every model of a provider; provider `*` for every provider.
 */
export const PROFILES_FILE = 'model-rate-limits.json'
export const DEFAULT_TARGET = 0.7
export const DEFAULT_CONCURRENCY = 1
export const WINDOW_MS = 60_000

export const ProfileSchema = z
  .object({
    provider: z.string().trim().min(1),
    model: z.string().trim().min(1),
    rpm_limit: z.number().int().positive(),
    tpm_limit: z.number().int().positive(),
    utilization_target: z.number().gt(0).max(1).default(DEFAULT_TARGET),
    concurrency_cap: z.number().int().positive().default(DEFAULT_CONCURRENCY),
    source: z.string().default('local'),
  })
  .passthrough()

export type RateLimitProfile = z.infer<typeof ProfileSchema>

/** The limits the pacer enforces: the profile's limits times its utilization target. */
export interface EffectiveLimits {
  rpm: number
  tpm: number
  concurrency: number
}

export function effectiveLimits(profile: RateLimitProfile): EffectiveLimits {
  return {
    rpm: Math.max(1, Math.floor(profile.rpm_limit * profile.utilization_target)),
    tpm: Math.max(1, Math.floor(profile.tpm_limit * profile.utilization_target)),
    concurrency: profile.concurrency_cap,
  }
}

export function normalizeKeyPart(value: string): string {
  return value.trim().toLowerCase()
}

/** The key of a provider/model pair (also the key of its window in `.govtool/ratelimit-window.json`). */
export function laneKey(provider: string, model: string): string {
  return `${normalizeKeyPart(provider)}/${normalizeKeyPart(model)}`
}

function builtin(provider: string, model: string, rpm: number, tpm: number, concurrency = DEFAULT_CONCURRENCY): RateLimitProfile {
  return {provider, model, rpm_limit: rpm, tpm_limit: tpm, utilization_target: DEFAULT_TARGET, concurrency_cap: concurrency, source: 'default'}
}

/**
 * Built-in profiles: conservative first-paid-tier figures of each provider (account tiers differ; set your
 * own with `credits limits set`). TPM counts input plus output tokens.
 */
export const BUILTIN_PROFILES: readonly RateLimitProfile[] = [
  builtin('openai', 'gpt-5', 500, 500_000),
  builtin('openai', 'gpt-5-mini', 500, 500_000),
  builtin('openai', 'gpt-5-nano', 500, 200_000),
  builtin('openai', 'gpt-4.1', 500, 30_000),
  builtin('openai', 'gpt-4.1-mini', 500, 200_000),
  builtin('openai', 'gpt-4.1-nano', 500, 200_000),
  builtin('openai', 'gpt-4o', 500, 30_000),
  builtin('openai', 'gpt-4o-mini', 500, 200_000),
  builtin('openai', 'o3', 500, 30_000),
  builtin('openai', 'o4-mini', 1000, 100_000),
  builtin('openai', '*', 500, 30_000),
  builtin('anthropic', 'claude-opus-4', 50, 30_000),
  builtin('anthropic', 'claude-sonnet-4', 50, 30_000),
  builtin('anthropic', 'claude-haiku-4', 50, 50_000),
  builtin('anthropic', 'claude-3-5-haiku', 50, 50_000),
  builtin('anthropic', '*', 50, 30_000),
  builtin('google', 'gemini-2.5-pro', 150, 2_000_000),
  builtin('google', 'gemini-2.5-flash', 1000, 1_000_000),
  builtin('google', 'gemini-2.5-flash-lite', 4000, 4_000_000),
  builtin('google', 'gemini-2.0-flash', 2000, 4_000_000),
  builtin('google', '*', 150, 1_000_000),
  builtin('mistral', '*', 60, 500_000),
  builtin('groq', 'llama-3.3-70b-versatile', 30, 12_000),
  builtin('groq', 'llama-3.1-8b-instant', 30, 6_000),
  builtin('groq', '*', 30, 6_000),
  builtin('ollama', '*', 1000, 10_000_000, 1),
]

export interface ResolvedProfile {
  profile: RateLimitProfile
  /** how it matched: exact, prefix, provider-wildcard, wildcard */
  match: 'exact' | 'prefix' | 'provider-wildcard' | 'wildcard'
}

const BOUNDARY = /[-.:@_/]/

/**
 * The profile that applies to a provider/model: exact match, then the longest model prefix ending at a
 * boundary (`gpt-4o-2024-08-06` uses `gpt-4o`, never `gpt-4`), then `provider/*`, then `*`/`*`. Saved
 * profiles replace built-in ones with the same key; at each step a saved profile wins over a built-in one.
 */
export function resolveProfile(provider: string, model: string, saved: readonly RateLimitProfile[], builtins: readonly RateLimitProfile[] = BUILTIN_PROFILES): ResolvedProfile | undefined {
  const p = normalizeKeyPart(provider)
  const m = normalizeKeyPart(model)
  const layers = [saved, builtins]
  for (const layer of layers) {
    const exact = layer.find((x) => normalizeKeyPart(x.provider) === p && normalizeKeyPart(x.model) === m)
    if (exact) return {profile: exact, match: 'exact'}
  }
  // longest model prefix at a boundary, across saved and built-in profiles (a saved one wins a tie)
  let best: RateLimitProfile | undefined
  for (const layer of layers) {
    for (const x of layer) {
      const xm = normalizeKeyPart(x.model)
      if (normalizeKeyPart(x.provider) !== p || xm === '*' || !m.startsWith(xm) || !BOUNDARY.test(m.charAt(xm.length))) continue
      if (!best || xm.length > normalizeKeyPart(best.model).length) best = x
    }
  }
  if (best) return {profile: best, match: 'prefix'}
  for (const layer of layers) {
    const wild = layer.find((x) => normalizeKeyPart(x.provider) === p && x.model === '*')
    if (wild) return {profile: wild, match: 'provider-wildcard'}
  }
  for (const layer of layers) {
    const any = layer.find((x) => x.provider === '*')
    if (any) return {profile: any, match: 'wildcard'}
  }
  return undefined
}

function profilesPath(ctx: ProjectContext): string {
  return ctx.state(PROFILES_FILE)
}

function parseProfiles(text: string, file: string): RateLimitProfile[] {
  const data = parseJsonText<unknown>(text, file)
  const list = Array.isArray(data) ? data : (data as {profiles?: unknown})?.profiles
  const result = z.array(ProfileSchema).safeParse(list)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new GovError(`${file}: profile ${issue.path.join('.') || '(top level)'}: ${issue.message}`, {
      code: 'E_BAD_PROFILES',
      file,
      hint: 'Fix the entry, or re-create it with `govtool credits limits set`.',
    })
  }
  return result.data
}

/** The saved profiles (an empty list when the file does not exist). */
export async function loadProfiles(ctx: ProjectContext): Promise<RateLimitProfile[]> {
  const file = profilesPath(ctx)
  const text = await readTextIfExists(file)
  return text === undefined ? [] : parseProfiles(text, file)
}

/** mtime of the profiles file (0 when absent), so long-running pacers can reload it when it changes. */
export async function profilesVersion(ctx: ProjectContext): Promise<number> {
  try {
    return (await stat(profilesPath(ctx))).mtimeMs
  } catch {
    return 0
  }
}

function sortProfiles(list: RateLimitProfile[]): RateLimitProfile[] {
  return list.sort((a, b) => laneKey(a.provider, a.model).localeCompare(laneKey(b.provider, b.model)))
}

/** Validates the numbers of `limits set` with errors that name the flag. */
export function validateProfileInput(input: {provider: string; model: string; rpm: number; tpm: number; target?: number; concurrency?: number}): RateLimitProfile {
  const check = (ok: boolean, flag: string, what: string) => {
    if (!ok) throw new InputError(`--${flag} must be ${what}.`, {hint: 'See govtool credits limits set --help.'})
  }
  check(input.provider.trim() !== '', 'provider', 'a provider name such as openai')
  check(input.model.trim() !== '', 'model', "a model name, or '*' for every model of the provider")
  check(Number.isInteger(input.rpm) && input.rpm > 0, 'rpm', 'a positive whole number of requests per minute')
  check(Number.isInteger(input.tpm) && input.tpm > 0, 'tpm', 'a positive whole number of tokens per minute')
  const target = input.target ?? DEFAULT_TARGET
  check(Number.isFinite(target) && target > 0 && target <= 1, 'target', 'a fraction greater than 0 and at most 1 (e.g. 0.70)')
  const concurrency = input.concurrency ?? DEFAULT_CONCURRENCY
  check(Number.isInteger(concurrency) && concurrency > 0, 'concurrency', 'a positive whole number')
  return {
    provider: normalizeKeyPart(input.provider),
    model: normalizeKeyPart(input.model),
    rpm_limit: input.rpm,
    tpm_limit: input.tpm,
    utilization_target: target,
    concurrency_cap: concurrency,
    source: 'local',
  }
}

/** Creates or replaces one profile (read-modify-write under the file's lock). */
export async function saveProfile(ctx: ProjectContext, profile: RateLimitProfile): Promise<{created: boolean; profiles: RateLimitProfile[]}> {
  const file = profilesPath(ctx)
  return withLock(file, async () => {
    const text = await readTextIfExists(file)
    const list = text === undefined ? [] : parseProfiles(text, file)
    const key = laneKey(profile.provider, profile.model)
    const index = list.findIndex((p) => laneKey(p.provider, p.model) === key)
    const created = index < 0
    if (created) list.push(profile)
    else list[index] = {...list[index], ...profile}
    const sorted = sortProfiles(list)
    await writeJsonAtomic(file, sorted)
    return {created, profiles: sorted}
  })
}

/** Merges the built-in profiles into the file; a profile already saved under the same key is kept as is. */
export async function installDefaults(ctx: ProjectContext): Promise<{added: RateLimitProfile[]; kept: RateLimitProfile[]; profiles: RateLimitProfile[]}> {
  const file = profilesPath(ctx)
  return withLock(file, async () => {
    const text = await readTextIfExists(file)
    const list = text === undefined ? [] : parseProfiles(text, file)
    const existing = new Set(list.map((p) => laneKey(p.provider, p.model)))
    const added: RateLimitProfile[] = []
    const kept: RateLimitProfile[] = []
    for (const b of BUILTIN_PROFILES) {
      if (existing.has(laneKey(b.provider, b.model))) kept.push(list.find((p) => laneKey(p.provider, p.model) === laneKey(b.provider, b.model))!)
      else added.push({...b})
    }
    const merged = sortProfiles([...list, ...added])
    await writeJsonAtomic(file, merged)
    return {added, kept, profiles: merged}
  })
}
