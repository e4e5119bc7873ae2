/**
 * Secrets never reach output, files or the ledger: anything in a request that looks like a credential is
 * replaced by `[REDACTED]` before it is echoed, stored or logged.
 */
const SECRET_LITERALS: readonly RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}\b/g,
  /\bglpat-[A-Za-z0-9_-]{16,}\b/g,
  /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}\b/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  /\bnpm_[A-Za-z0-9]{30,}\b/g,
  /\bAIza[0-9A-Za-z_-]{30,}\b/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b/g,
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{12,}/g,
]

/** `key=value` / `key: value` pairs whose key names a secret. */
const ASSIGNMENT = /\b([A-Za-z0-9_]*(?:api[_-]?key|secret|token|password|passwd|pwd|credential|private[_-]?key)[A-Za-z0-9_]*)(\s*[:=]\s*)(["']?)[^\s"',;]{4,}\3/gi

export const REDACTED = '[REDACTED]'

/** `text` with secret-looking literals replaced by [REDACTED]. */
export function redactSecrets(text: string): string {
  let out = text
  for (const re of SECRET_LITERALS) out = out.replace(re, (m, scheme?: string) => (typeof scheme === 'string' && /^(Bearer|Basic)$/.test(scheme) ? `${scheme} ${REDACTED}` : REDACTED))
  return out.replace(ASSIGNMENT, (_m, key: string, sep: string) => `${key}${sep}${REDACTED}`)
}

/** A one-line summary of a request for ledgers and state files: redacted, whitespace collapsed, at most `max` chars. */
export function summarise(text: string, max = 160): string {
  const one = redactSecrets(text).replaceAll(/\s+/g, ' ').trim()
  return one.length > max ? `${one.slice(0, max - 1)}…` : one
}
