/**
 * Round 23a (issue 22: "secrets are also caught in what a request carries"): a request that carries a live credential
 * in what it pastes (a config excerpt with a GitHub token, a debug log with a bearer JWT, a private key "pasted as-is",
 * a CI log's environment dump with cloud keys, a teammate's "login is qa@notes.io / password Tr0ub4dor&3!" quoted from
 * chat) exposes it, whatever it asks: the value has already left its store for the model and the transcript. The
 * request is rejected, naming the kind and never the value.
 *
 * The kernel's scanner (src/secrets.ts, the one `commit` and the hooks use) decides first; a request is prose, so a few
 * shapes that only a request carries are added here: a JWT (three base64url parts, the first two JSON), a bearer
 * credential in an Authorization header, and a password given in prose (after "password" or after "user / ").
 * Placeholders stay innocent: "${NOTES_API_TOKEN}", "<your-token>", "token=***redacted***", "password: hunter2"-style
 * words without a digit and a letter mixed are no value.
 */
import {REDACTED, redactSecrets, scanText, SECRET_KINDS} from 'govtool/core'

import {analyseRequest, type RequestAnalysis} from '../analyse/intent.js'
import {pastedReading} from '../analyse/pasted-material.js'
import {quotedReading} from '../analyse/quoted-read.js'
import {STAND_IN, STAND_IN_MARKS} from './stand-ins.js'

/** A JSON web token: header and payload are base64url JSON ("eyJ"), then a signature. */
export const JWT_SHAPE = /\beyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{16,}/
/** "Authorization: Bearer <credential>", "bearer=<credential>": a credential of 24+ characters. */
export const BEARER_SHAPE = /\bbearer\s*[=:]?\s*["']?([\w.~+/-]{24,}=*)/i
/**
 * A password given as a value in prose, where the kernel's `name = value` rule does not look: "password
 * Tr0ub4dor&3-Staging!", "the password is Xk9#pq2Lm", "qa@notes.io / S3cr3t-pw!": a run of 8+ non-space characters with a
 * letter and a digit in it (a word alone, "password reset", is no value). `password=...` and `password: ...` are left to
 * the kernel's scanner, one judgement for the whole tool.
 */
export const PASSWORD_VALUE = /(?:\b(?:password|passwd|passphrase)\s+(?:is\s+)?|[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s+\/\s+(?:password\s+)?)["'`]?(?=[^\s"'`]*[a-z])(?=[^\s"'`]*\d)([^\s"'`=:][^\s"'`]{7,})/i

/** Words that make a value a stand-in: the kernel's own placeholder words, and masks. */
const STAND_IN_VALUE = new RegExp(String.raw`${[STAND_IN, ...STAND_IN_MARKS].join('|')}|your|\*{3}|\.{3}|<[^>]*>|\$\{|\{\{`, 'i')

function extraKinds(text: string): string[] {
  const kinds: string[] = []
  const jwt = JWT_SHAPE.exec(text)
  if (jwt && !STAND_IN_VALUE.test(jwt[0])) kinds.push('a JSON web token')
  const bearer = BEARER_SHAPE.exec(text)
  if (bearer && !STAND_IN_VALUE.test(bearer[1]) && /\d/.test(bearer[1]) && /[a-z]/i.test(bearer[1]) && !jwt) kinds.push('a bearer credential')
  const pw = PASSWORD_VALUE.exec(text)
  if (pw && !STAND_IN_VALUE.test(pw[1]) && !/^(?:reset|manager|prompt|hash|field|policy|length|rules?)\b/i.test(pw[1])) kinds.push('a password')
  return kinds
}

/** The kinds of live credential the request carries (words a person reads), none when it carries none. */
export function carriedCredentials(text: string): string[] {
  const kinds = new Set<string>()
  for (const f of scanText(text)) kinds.add(SECRET_KINDS[f.kind])
  for (const k of extraKinds(text)) kinds.add(k)
  return [...kinds]
}

/**
 * The analysis a request is decided on: the pasted-material reading when its own words say it only asks or asks
 * nothing (analyse/pasted-material.ts), with the live credentials it carries in its whole text.
 */
export function withPaste(utterance: string, analysis: RequestAnalysis): RequestAnalysis {
  const analyse = (text: string) => (text === utterance ? analysis : analyseRequest(text))
  // round 29c: material quoted inline that the request only reads (analyse/quoted-read.ts)
  const read = pastedReading(utterance, analyse) ?? quotedReading(utterance, analyse)
  const decided = read ? {...read.analysis, text: analysis.text, pasted: read.reading} : analysis
  const carried = carriedCredentials(analysis.text)
  if (carried.length === 0) return decided
  // no text scope matches or the narration quotes holds the value, nor a piece of it (the rules still read the
  // literal in `lower`: what they quote goes through maskCarried)
  return {
    ...decided,
    carried_secrets: carried,
    text: maskCarried(decided.text),
    scope_text: maskCarried(decided.scope_text),
    deciding_text: maskCarried(decided.deciding_text),
    context_text: maskCarried(decided.context_text),
    clauses: decided.clauses.map((c) => ({...c, text: maskCarried(c.text), object: maskCarried(c.object)})),
  }
}

const JWT_ALL = new RegExp(JWT_SHAPE.source, 'g')
const VALUE_ALL = [new RegExp(BEARER_SHAPE.source, 'gi'), new RegExp(PASSWORD_VALUE.source, 'gi')]

/** The text with every live value the kernel's redactor or the shapes above find replaced by the redaction mark. */
export function maskCarried(text: string): string {
  let out = redactSecrets(text).replaceAll(JWT_ALL, REDACTED)
  for (const re of VALUE_ALL) out = out.replaceAll(re, (match: string, value: string) => match.replace(value, REDACTED))
  return out
}
