import {z} from 'zod/v3'

/**
 * A credit entry (SPEC.md: model, provider, tokens-in, tokens-out, task, cost), as stored in
 * `.govtool/credits.json`. Field names follow the older tool (`timestamp`, `tokens_in`, `tokens_out`,
 * `session_id`, `duration_seconds`), plus `id`, `cached_tokens_in` and `cost_usd` (null when the model has no
 * known price). Entries of the older tool carry `estimated_cost_usd` instead, and are read as such.
 */
export interface CreditEntry {
  id?: string
  /** ISO 8601; UTC (`Z`) for entries govtool writes; months and days are its first 7 / 10 characters */
  timestamp: string
  provider: string
  model: string
  task: string
  tokens_in: number
  /** the part of tokens_in read from the provider's prompt cache */
  cached_tokens_in: number
  tokens_out: number
  cost_usd: number | null
  session_id?: string
  /** 1 for a first attempt; 2+ for retries of the same request */
  attempt?: number
  /** HTTP status of the response, when known (429 = rate limited) */
  status?: number
  duration_seconds?: number
}

const count = z.number().int().nonnegative()

export const StoredEntrySchema = z
  .object({
    id: z.string().optional(),
    timestamp: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'must start with a date YYYY-MM-DD'),
    provider: z.string(),
    model: z.string(),
    task: z.string().nullable().optional(),
    tokens_in: count,
    tokens_out: count,
    cached_tokens_in: count.optional(),
    cost_usd: z.number().nullable().optional(),
    estimated_cost_usd: z.number().nullable().optional(),
    session_id: z.string().optional(),
    attempt: z.number().int().positive().optional(),
    status: z.number().int().optional(),
    duration_seconds: z.number().nonnegative().optional(),
  })
  .passthrough()

/** Validates one stored entry and maps the older tool's fields; throws a message naming the problem. */
export function normalizeEntry(value: unknown): CreditEntry {
  const parsed = StoredEntrySchema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`${issue.path.join('.') || 'entry'}: ${issue.message}`)
  }
  const e = parsed.data
  const entry: CreditEntry = {
    ...(e as Record<string, unknown>),
    timestamp: e.timestamp,
    provider: e.provider,
    model: e.model,
    task: e.task ?? '',
    tokens_in: e.tokens_in,
    cached_tokens_in: Math.min(e.cached_tokens_in ?? 0, e.tokens_in),
    tokens_out: e.tokens_out,
    cost_usd: e.cost_usd !== undefined ? e.cost_usd : (e.estimated_cost_usd ?? null),
  }
  delete (entry as {estimated_cost_usd?: unknown}).estimated_cost_usd
  return entry
}

/** The on-disk form of an entry govtool writes (stable key order, optional fields only when set). */
export function serializeEntry(e: CreditEntry): string {
  const out: Record<string, unknown> = {
    id: e.id,
    timestamp: e.timestamp,
    provider: e.provider,
    model: e.model,
    task: e.task,
    tokens_in: e.tokens_in,
    cached_tokens_in: e.cached_tokens_in,
    tokens_out: e.tokens_out,
    cost_usd: e.cost_usd,
  }
  if (e.session_id !== undefined) out.session_id = e.session_id
  if (e.attempt !== undefined) out.attempt = e.attempt
  if (e.status !== undefined) out.status = e.status
  if (e.duration_seconds !== undefined) out.duration_seconds = e.duration_seconds
  return JSON.stringify(out)
}

export const monthOf = (e: CreditEntry): string => e.timestamp.slice(0, 7)
export const dayOf = (e: CreditEntry): string => e.timestamp.slice(0, 10)

/** `YYYY-MM` of an instant, in UTC. */
export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7)
}

export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/
