/**
 * Reading a request that keeps a secret safe by what it protects (round 16b): "add a test that the session token is
 * never copied into config.json", "write a test that sync never sends the session token in a URL", "add a test that
 * the reset token never ends up in the server logs". The place a secret is kept out of (a file, a log, a URL, a crash
 * report) is no feature of the product, so its words, which no requirement has, do not make the request's match thin
 * or drop it as something new: such a request is scoped by the words the project knows, when it names a secret and
 * says that the secret stays protected (never, not, hashed, encrypted, redacted, removed from ...), only when the
 * whole request meets nothing or only thinly, and only for words after the secret (a word no requirement has before it
 * is the new thing acted on: "encrypt the clipboard history with a hardware token"). A request naming no secret, or one that exposes it, is read as before.
 */
import {SECRET_EVENT, SECRET_OBJECT} from './analyse/lexicon.js'
import {keepsSecretOut} from './policy/safeguard.js'
import {secretsAsClass} from './scope-secret-class.js'
import type {ScopeMatch, ScopeResult} from './scope.js'
import type {RequirementIndex} from './scope-index.js'
import {kindOf} from './scope-outside.js'
import {words} from './text/tokens.js'

/** How a test says what it checks ("a test proving ...", "a test asserting ..."): no new thing before the secret. */
const CHECKING = /^(?:prov|assert|check|verif|ensur|confirm|demonstrat|expect|guarante)[a-z]*$/

/** A secret protected by what is done to it or where it is taken out of ("hash the password", "removed from the URL"). */
const PROTECTED = /\b(?:hash(?:es|ed|ing)?|salt(?:s|ed|ing)?|encrypt\w*|redact\w*|mask(?:s|ed|ing)?|never|instead of|rather than|(?:scrub|strip|remov|omit|exclud|saniti[sz]|filter)\w*(?: [\w'-]+){0,5}? (?:from|out of))\b/

/** What a request adds next to what is there ("... for the backup service too"): a new thing, not a place kept out of. */
const ADDED = /\b(?:too|as well|also)\s*[.!]?\s*$/

/** True when `text` names a secret value and says it stays protected (a negated or prevented exposure, a hash, a store). */
export function keepsSecretSafe(text: string): boolean {
  const lower = text.toLowerCase()
  if (!SECRET_OBJECT.test(lower.replaceAll(SECRET_EVENT, ' '))) return false
  // a secret kept in its store ("the keychain should hold the token for the backup service too") is no protection
  // of it from a place: the place is then what is new
  if (ADDED.test(lower)) return false
  return keepsSecretOut(lower) || PROTECTED.test(lower)
}

/**
 * The matches of a request that keeps a secret safe, read without the words no requirement has (the place it is kept
 * out of); undefined unless that reading meets requirements fully (not thin) and leaves words out. `resolve` scopes
 * the text read so.
 */
export function bySecretKept(index: RequirementIndex, scopeText: string, deciding: string, lookup: (w: string) => {term: string}, notes: string[], resolve: (text: string) => ScopeResult): ScopeMatch[] | undefined {
  if (!keepsSecretSafe(deciding)) return undefined
  // round 30c: secrets named as a class ("redact tokens and passwords from crash reports") are no requirement's own
  // secret: the place they are kept out of is then what the change is about (scope-secret-class.ts)
  if (secretsAsClass(scopeText, lookup)) return undefined
  // the place comes after the secret ("the session token is never copied into config.json"); a word no requirement
  // has before it is what is new ("encrypt the clipboard history with a hardware token": the clipboard history)
  const secret = SECRET_OBJECT.exec(scopeText.toLowerCase())
  if (!secret) return undefined
  const unknown = (w: string) => kindOf(index, lookup(w).term) === 'unknown'
  if (words(scopeText.slice(0, secret.index)).some((w) => unknown(w) && !CHECKING.test(w))) return undefined
  const all = words(scopeText)
  const known = all.filter((w) => !unknown(w))
  if (known.length === all.length || known.length === 0) return undefined
  const read = resolve(known.join(' '))
  if (read.matches.length === 0 || (read.thin_ids ?? []).length > 0) return undefined
  const place = all.filter((w) => !known.includes(w))
  notes.push(`${read.requirement_ids.join(', ')} from the secret kept safe: ${place.join(', ')} ${place.length === 1 ? 'names' : 'name'} where it is kept out of, not a feature`)
  return read.matches
}
