/**
 * Round 21a (issue 22): a secret reported where it should not be, then moved out ("the API_TOKEN is hardcoded in
 * src/auth/login.ts, please move it to the OS keychain"). The report matches the passive placement rules; what the
 * request asks is the remedy. safeguard.ts sets such a hit aside when the match is a report (a present or past
 * "is/was hardcoded in") and the rest of the request moves, removes or rotates the secret, to a safe place if any.
 */

/** Passive exposure rules whose match can be a report of the current state. */
export const REPORTABLE = /^secrets\.(?:placed_passive|expose_passive|place_subject)$/

/** The match states where the secret is now (not a wish: "were", "be", "should be"). */
export const REPORTED = /\b(?:is|are|was|has\s+been|have\s+been)\s+(?:still\s+|currently\s+|accidentally\s+|apparently\s+)?(?:hard-?coded|hard\s+coded|stored|written|committed|checked\s+in|pasted|embedded|inlined|kept|left|sitting|visible|logged|printed)\b/

/** Where a secret is safe. */
export const SAFE_PLACES = ['os keychain', 'keychain', 'keyring', 'env var', 'env vars', 'environment variable', 'environment variables', 'environment', 'env', '.env', 'vault', 'secrets manager', 'secret store', 'ci secrets', 'github secrets', 'secret'] as const

const SAFE = SAFE_PLACES.map((w) => w.replaceAll('.', '\\.').replaceAll(' ', '\\s+')).join('|')

/** The remedy asked after the report: the secret moved to a safe place, taken out, or rotated. */
export const REMEDY = new RegExp(`^[^]*?\\b(?:move|moving|put|load|read|fetch|take|pull|get)\\s+(?:it|them|that|this|the\\s+(?:[\\w-]+\\s+)?(?:token|key|secret|password|credentials?))\\s+(?:out\\s+)?(?:in|into|to|from)\\s+(?:the\\s+|an?\\s+)?(?:${SAFE})\\b|^[^]*?\\b(?:remove|take\\s+out|strip|delete|rotate|revoke|replace)\\s+(?:it|them|that|this|the\\s+(?:[\\w-]+\\s+)?(?:token|key|secret|password|credentials?))\\b(?!\\s+(?:in|into|to)\\s+(?:the\\s+)?(?:readme|docs?|logs?|chat|issue)\\b)`)

/** True when a hit's match reports a secret's place and the request after it asks for the remedy. */
export function reportedThenRemedied(id: string, match: string, rest: string): boolean {
  return REPORTABLE.test(id) && REPORTED.test(match) && REMEDY.test(rest)
}
