/**
 * Round 25b (issue 22): a secret kept out of the logs is not work kept out of the record. The rule for unrecorded work
 * ("don't log this anywhere", "never record it") reads "don't log ... anywhere" as a request to keep work out of the
 * ledger; when what is not to be logged is a secret ("and don't log the token anywhere", "never record the password"),
 * the clause is a safeguard on the secret, and the match names no governance record, the hit is set aside.
 */
import type {ForbiddenHit} from './forbidden.js'

/** A recording verb whose object is a secret ("log the token", "record any password", "write the user's api key"). */
export const SECRET_UNLOGGED = /\b(?:log|logs|logging|logged|record|recording|track|tracking|print|printing|writ(?:e|ing))\s+(?:the\s+|a\s+|an\s+|any\s+|our\s+|their\s+|its\s+|your\s+|users?'?s?\s+|raw\s+|real\s+|plain\s+)*(?:[\w-]+\s+)?(?:tokens?|passwords?|passphrases?|passcodes?|secrets?|api[ -]?keys?|keys?|credentials?|creds|pins?)\b/

/** Words that make the match about the record after all. */
export const RECORD_NAMED = /\b(?:ledger|audit|govtool|governance|preflight|history|work\s+items?|records?|trail|change|changes|commit|this|it)\b/

/** Why a hit of the unrecorded-work rule keeps a secret out of the logs, or undefined. */
export function secretUnlogged(hit: ForbiddenHit): string | undefined {
  if (hit.id !== 'governance.unrecorded' || !SECRET_UNLOGGED.test(hit.match) || RECORD_NAMED.test(hit.match.replace(SECRET_UNLOGGED, ' '))) return undefined
  return 'keeps a secret out of the logs (a safeguard), names no governance record'
}
