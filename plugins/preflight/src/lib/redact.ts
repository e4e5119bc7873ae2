/**
 * Secrets never reach output, files or the ledger: the kernel's one redaction function (`redactSecrets` in
 * govtool/core) replaces anything in a request that looks like a credential by `[REDACTED]` before it is
 * echoed, stored or logged.
 */
import {redactSecrets} from 'govtool/core'

export {REDACTED, redactSecrets} from 'govtool/core'

/** A one-line summary of a request for ledgers and state files: redacted, whitespace collapsed, at most `max` chars. */
export function summarise(text: string, max = 160): string {
  const one = redactSecrets(text).replaceAll(/\s+/g, ' ').trim()
  return one.length > max ? `${one.slice(0, max - 1)}…` : one
}
