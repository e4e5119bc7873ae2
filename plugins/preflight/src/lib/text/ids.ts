/** Canonical form of a governance id: upper case, except the optional trailing letter of a test id (TEST-012a). */
export function canonicalId(id: string): string {
  const upper = id.toUpperCase()
  return /\d[A-Z]$/.test(upper) ? upper.slice(0, -1) + upper.slice(-1).toLowerCase() : upper
}

/** The distinct ids of `matches`, canonical, in order of first appearance. */
export function uniqueIds(matches: Iterable<RegExpMatchArray>): string[] {
  return [...new Set([...matches].map((m) => canonicalId(m[0])))]
}

/** What leads an example value ("a dummy token like test-token-123", "e.g. test-key-1", "= 'test-abc-1'"). */
export const EXAMPLE_LEAD = /\b(?:like|e\.?g\.?|such\s+as|say|called|named|value|values|as)\s*[:=]?\s*["'`]?$|[:=]\s*["'`]?$/i

/**
 * Round 26b: the id-shaped matches that are ids, not a lower-case example value written after "like", "e.g.", "=":
 * "a dummy session token like test-token-123" names a value, not test TEST-TOKEN-123.
 */
export function notExampleValues(text: string, matches: Iterable<RegExpMatchArray>): RegExpMatchArray[] {
  return [...matches].filter((m) => m[0] !== m[0].toLowerCase() || !EXAMPLE_LEAD.test(text.slice(Math.max(0, (m.index ?? 0) - 20), m.index ?? 0)))
}
