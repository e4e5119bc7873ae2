/**
 * The way of asking at a clause's head ("please", "can you", "would you mind", "ok so"), taken off before the
 * instruction is read; a gerund after a polite opener is read as its base form (mind-gerund.ts).
 */
import {AUTHORITY_LEAD} from './authority-lead.js'
import {CONNECTIVE_PREFIX} from './forms.js'
import {REQUEST_PREFIX} from './lexicon.js'
import {GERUND_OPENER, ungerund} from './mind-gerund.js'
import {lexiconVerb} from './verbs.js'

/** `clause` without its request prefixes, and whether one of them asked (a connective alone does not). */
export function stripRequestPrefix(clause: string): {rest: string; prefixed: boolean} {
  // round 30d: a claimed approval before the request ("our manager approved it, run the tests") changes nothing
  let rest = clause.replace(AUTHORITY_LEAD, '')
  let prefixed = false
  for (let guard = 0; guard < 8; guard++) {
    const m = REQUEST_PREFIX.exec(rest)
    if (!m || m[0].length === 0) break
    rest = GERUND_OPENER.test(m[0]) ? ungerund(m[0], rest.slice(m[0].length), (w) => lexiconVerb(w) !== undefined) : rest.slice(m[0].length)
    // "so what does the audit check", "ok, and how ...": a connective is no request; "please", "can you" are
    if (!CONNECTIVE_PREFIX.test(m[0].trim())) prefixed = true
  }
  return {rest, prefixed}
}
