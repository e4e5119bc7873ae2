/** Canonical form of a governance id: upper case, except the optional trailing letter of a test id (TEST-012a). */
export function canonicalId(id: string): string {
  const upper = id.toUpperCase()
  return /\d[A-Z]$/.test(upper) ? upper.slice(0, -1) + upper.slice(-1).toLowerCase() : upper
}

/** The distinct ids of `matches`, canonical, in order of first appearance. */
export function uniqueIds(matches: Iterable<RegExpMatchArray>): string[] {
  return [...new Set([...matches].map((m) => canonicalId(m[0])))]
}
