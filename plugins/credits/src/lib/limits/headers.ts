/**
 * What a provider's response says about when to try again: `retry-after` (seconds or an HTTP date),
 * `retry-after-ms`, OpenAI/Groq style `x-ratelimit-reset-requests|tokens` durations ("1s", "6m0s",
 * "20ms") and Anthropic's `anthropic-ratelimit-*-reset` RFC 3339 timestamps. Without any of them the
 * pacer falls back to exponential backoff with jitter.
 */

/** Headers as fetch's `Headers`, a Node `IncomingHttpHeaders`-like object, or a Map. */
export type HeaderSource =
  | {get(name: string): string | null | undefined}
  | Record<string, string | string[] | number | undefined | null>
  | Map<string, string>
  | undefined
  | null

/** Reads one header case-insensitively from any of the supported shapes. */
export function headerValue(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined
  const lower = name.toLowerCase()
  if (headers instanceof Map) {
    for (const [k, v] of headers) if (k.toLowerCase() === lower) return String(v)
    return undefined
  }
  if (typeof (headers as {get?: unknown}).get === 'function') {
    const v = (headers as {get(name: string): string | null | undefined}).get(lower)
    return v === null || v === undefined ? undefined : String(v)
  }
  for (const [k, v] of Object.entries(headers as Record<string, unknown>)) {
    if (k.toLowerCase() !== lower || v === undefined || v === null) continue
    return Array.isArray(v) ? String(v[0]) : String(v)
  }
  return undefined
}

/** Parses a Go-style duration as OpenAI sends it ("1s", "6m0s", "20ms", "1m30.5s", "2h"), or bare seconds. */
export function parseDurationMs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const value = text.trim()
  if (value === '') return undefined
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/gy
  let total = 0
  let matched = 0
  let m: RegExpExecArray | null
  while ((m = re.exec(value)) !== null) {
    const n = Number(m[1])
    total += m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : m[2] === 'm' ? n * 60_000 : n * 3_600_000
    matched = re.lastIndex
  }
  return matched === value.length && matched > 0 ? total : undefined
}

/** `retry-after`: delay-seconds or an HTTP date, relative to `now`. */
export function parseRetryAfterMs(text: string | undefined, now: number): number | undefined {
  if (text === undefined) return undefined
  const value = text.trim()
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}

/** An absolute reset time (RFC 3339, as Anthropic sends) as a delay from `now`. */
function parseResetAtMs(text: string | undefined, now: number): number | undefined {
  if (text === undefined) return undefined
  const at = Date.parse(text.trim())
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

export interface RateLimitHint {
  /** the delay the provider prescribes (ms), when it says so */
  delayMs?: number
  /** which header it came from */
  source?: string
  /** true when the response says a quota is used up (remaining = 0) even without a 429 */
  exhausted: boolean
}

const RESET_PAIRS: readonly {remaining: string; reset: string; kind: 'duration' | 'timestamp'}[] = [
  {remaining: 'x-ratelimit-remaining-requests', reset: 'x-ratelimit-reset-requests', kind: 'duration'},
  {remaining: 'x-ratelimit-remaining-tokens', reset: 'x-ratelimit-reset-tokens', kind: 'duration'},
  {remaining: 'anthropic-ratelimit-requests-remaining', reset: 'anthropic-ratelimit-requests-reset', kind: 'timestamp'},
  {remaining: 'anthropic-ratelimit-tokens-remaining', reset: 'anthropic-ratelimit-tokens-reset', kind: 'timestamp'},
  {remaining: 'anthropic-ratelimit-input-tokens-remaining', reset: 'anthropic-ratelimit-input-tokens-reset', kind: 'timestamp'},
  {remaining: 'anthropic-ratelimit-output-tokens-remaining', reset: 'anthropic-ratelimit-output-tokens-reset', kind: 'timestamp'},
]

/**
 * Reads the wait a response prescribes. `retry-after-ms` and `retry-after` win; otherwise the provider's
 * reset headers of the quotas that are used up (remaining 0) give the delay. On a 429 whose remaining
 * counters are absent, the latest reset among those present is used, since one of them was hit.
 */
export function rateLimitHint(headers: HeaderSource, now: number, status?: number): RateLimitHint {
  const retryAfterMs = headerValue(headers, 'retry-after-ms')
  if (retryAfterMs !== undefined && /^\d+(\.\d+)?$/.test(retryAfterMs.trim())) {
    return {delayMs: Number(retryAfterMs.trim()), source: 'retry-after-ms', exhausted: true}
  }
  const retryAfter = parseRetryAfterMs(headerValue(headers, 'retry-after'), now)
  if (retryAfter !== undefined) return {delayMs: retryAfter, source: 'retry-after', exhausted: true}

  let exhaustedDelay: number | undefined
  let exhaustedSource: string | undefined
  let anyDelay: number | undefined
  let anySource: string | undefined
  for (const pair of RESET_PAIRS) {
    const raw = headerValue(headers, pair.reset)
    const delay = pair.kind === 'duration' ? parseDurationMs(raw) : parseResetAtMs(raw, now)
    if (delay === undefined) continue
    const remaining = headerValue(headers, pair.remaining)
    if (remaining !== undefined && Number(remaining) <= 0) {
      if (exhaustedDelay === undefined || delay > exhaustedDelay) {
        exhaustedDelay = delay
        exhaustedSource = pair.reset
      }
    } else if (remaining === undefined && (anyDelay === undefined || delay > anyDelay)) {
      anyDelay = delay
      anySource = pair.reset
    }
  }
  if (exhaustedDelay !== undefined) return {delayMs: exhaustedDelay, source: exhaustedSource, exhausted: true}
  if (status === 429 && anyDelay !== undefined) return {delayMs: anyDelay, source: anySource, exhausted: true}
  return {exhausted: false}
}

export interface BackoffPolicy {
  /** first backoff (ms), default 1000 */
  baseMs: number
  /** ceiling (ms), default 60 000 */
  maxMs: number
}

export const DEFAULT_BACKOFF: BackoffPolicy = {baseMs: 1000, maxMs: 60_000}

/**
 * Exponential backoff with "equal jitter": the n-th consecutive 429 waits d/2 + random * d/2 where
 * d = min(max, base * 2^(n-1)). Half the delay is guaranteed (so retries really back off), half is spread
 * (so processes that were limited together do not retry together).
 */
export function backoffDelayMs(attempt: number, random: () => number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const d = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1))
  return d / 2 + random() * (d / 2)
}

/**
 * The delay before retrying after a response: a provider-prescribed delay plus up to 10 % jitter (never
 * less than prescribed), else exponential backoff. Also returns where the delay came from.
 */
export function retryDelayMs(
  headers: HeaderSource,
  consecutive429: number,
  now: number,
  random: () => number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): {delayMs: number; source: string} {
  const hint = rateLimitHint(headers, now, 429)
  if (hint.delayMs !== undefined) {
    return {delayMs: hint.delayMs + random() * hint.delayMs * 0.1, source: hint.source ?? 'header'}
  }
  return {delayMs: backoffDelayMs(consecutive429, random, policy), source: 'backoff'}
}
