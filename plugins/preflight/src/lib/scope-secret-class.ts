/**
 * Round 30c (issue 22, scope found on incidental shared words): secrets named as a class ("redact tokens and
 * passwords from crash reports", "strip credentials and secrets out of the telemetry events") are every secret in
 * general, not the session token or the password a requirement governs. A word match that rests on nothing but such
 * bare plural secret words, in a request that also names something the project never uses (the crash reports, the
 * telemetry events: the place the change is made), is dropped: the change is to that new place, which no requirement
 * covers, so it needs clarification instead of passing under the login requirement.
 *
 * What it reads: the scope text's raw words; a match's terms; the word before each secret word.
 * What it leaves alone:
 * - a secret named as one thing ("the session token", "the password", "a user's password", "session tokens"): the
 *   word before it is a determiner, a possessive or a qualifier, so it is the requirement's own;
 * - a match with any term that is no secret word ("passwords in the login log": login decides);
 * - a request with no word the project does not know ("where are passwords hashed?" still meets AUTH-001 when
 *   "hashed" is the project's), and explicit ids (never scored here).
 */
import {kindOf} from './scope-outside.js'
import type {ScopeMatch} from './scope.js'
import type {RequirementIndex} from './scope-index.js'
import {STOP_WORDS} from './text/tokens.js'

/** The plural secret words that name secrets as a class. */
export const SECRET_CLASS_WORDS: ReadonlySet<string> = new Set(['tokens', 'passwords', 'credentials', 'secrets', 'keys', 'passphrases', 'passcodes'])

/** Their singulars: a match term from either counts as a secret word. */
export const SECRET_SINGULARS: ReadonlySet<string> = new Set(['token', 'password', 'credential', 'secret', 'key', 'passphrase', 'passcode'])

/** Words before a plural secret word that still leave it a class: joining words, prepositions and quantifiers. */
export const CLASS_LEADS: ReadonlySet<string> = new Set(['and', 'or', 'nor', 'from', 'of', 'for', 'with', 'in', 'into', 'out', 'any', 'all', 'other', 'such', 'like', 'as', 'no', 'both', 'either', 'containing', 'including'])

/** The verbs that lead a class of secrets as their object ("redact tokens", "mask passwords", "strip credentials"). */
export const CLASS_VERBS: ReadonlySet<string> = new Set(['redact', 'mask', 'strip', 'scrub', 'remove', 'filter', 'hide', 'censor', 'drop', 'omit', 'exclude', 'sanitise', 'sanitize', 'detect', 'catch', 'block'])

/** The cheap literal gate: one plural secret word in the text. */
const CLASS_GATE = /\b(?:tokens|passwords|credentials|secrets|keys|passphrases|passcodes)\b/

const RAW = /[a-z0-9']+/g

/**
 * True when every secret word of `text` is a bare plural (first word, or after a joining word, a preposition or a
 * verb that acts on secrets): the request names secrets as a class, no requirement's own secret.
 */
export function secretsAsClass(text: string, lookup: (w: string) => {term: string}): boolean {
  const lower = text.toLowerCase()
  if (!CLASS_GATE.test(lower)) return false
  const raw = lower.match(RAW) ?? []
  const secretTerms = new Set([...SECRET_CLASS_WORDS, ...SECRET_SINGULARS].map((w) => lookup(w).term))
  return raw.every((w, i) => {
    if (!secretTerms.has(lookup(w).term)) return true
    if (!SECRET_CLASS_WORDS.has(w)) return false
    return i === 0 || CLASS_LEADS.has(raw[i - 1]) || CLASS_VERBS.has(raw[i - 1])
  })
}

/** Drops the word matches that rest only on secrets named as a class, when the request names a place no requirement has. */
export function secretClassAside(index: RequirementIndex, top: ScopeMatch[], scopeText: string, lookup: (w: string) => {term: string}, notes: string[]): ScopeMatch[] {
  if (top.length === 0 || !secretsAsClass(scopeText, lookup)) return top
  const raw = scopeText.toLowerCase().match(RAW) ?? []
  const secretTerms = new Set([...SECRET_CLASS_WORDS, ...SECRET_SINGULARS].map((w) => lookup(w).term))
  const unknown = raw.filter((w, i) => i > 0 && !CLASS_VERBS.has(w) && !STOP_WORDS.has(w) && /^[a-z]{3,}$/.test(w) && kindOf(index, lookup(w).term) === 'unknown')
  if (unknown.length === 0) return top
  return top.filter((m) => {
    if (m.via !== 'match' || m.terms.length === 0 || !m.terms.every((t) => secretTerms.has(t))) return true
    notes.push(`${m.id} dropped: ${m.terms.join('+')} name secrets as a class, and the request's place (${unknown.join(', ')}) is no requirement's`)
    return false
  })
}
