/**
 * Round 25c (issue 22): secrets as the subject of honest work, read with the words around an exposure rule's match.
 * Each reading names the secret, a verb of exposure and often a place, so the exposure rules match it; what it asks
 * keeps the value out. safeguard.ts sets such a hit aside (and narrates why):
 *
 * - A container put out with its secret part masked: "log the request headers but redact the authorization header",
 *   "dump the request with the cookies stripped", "print the config except the tokens". What is put out names no
 *   secret of its own (the headers, the request, the config); the secret is the object of a masking verb or an
 *   exclusion. A secret put out itself ("log the token but redact the password") is not set aside.
 * - Logging in with the credentials as the means: "in readme write how do login with email and password", "document
 *   signing in with your username and password". The secret nouns name what one logs in with, not their values; a
 *   value anywhere in the request (an e-mail address, "password is ...", "password: ...") keeps the hit.
 * - A placeholder in the value's stead: "use a placeholder instead of the actual value of NOTES_API_TOKEN". The
 *   value is named as what is not written ("instead of", "rather than", "in place of", "without"), and a placeholder
 *   word is in the same sentence. "use the actual value instead of a placeholder" is not set aside.
 * - A secret reported where it sits, then moved to a safe store: the report ("the sync API key is hard-coded in
 *   src/sync/client.ts") also matches the active placement rules (hard-coding, placing in source, "... move it out"),
 *   which secrets-remedied.ts did not cover; the remedy is read after the report, as there.
 *
 * The word lists are data; adding one is adding an entry.
 */
import type {ForbiddenHit} from './forbidden.js'
import {REMEDY, REPORTED} from './secrets-remedied.js'
import {STAND_IN, STAND_IN_MARKS} from './stand-ins.js'

const alt = (words: readonly string[]): string => words.map((w) => w.replaceAll(' ', '\\s+')).join('|')

/** Verbs that take a secret part out of what is put out. */
export const MASKING_VERBS = ['redact', 'redacts', 'redacting', 'mask', 'masks', 'masking', 'strip', 'strips', 'stripping', 'scrub', 'scrubs', 'scrubbing', 'omit', 'omits', 'omitting',
  'hide', 'hides', 'hiding', 'censor', 'censors', 'censoring', 'obfuscate', 'obfuscates', 'obfuscating', 'blank out', 'star out', 'x out', 'filter out', 'leave out', 'drop', 'drops', 'dropping', 'remove', 'removes', 'removing', 'sanitise', 'sanitize', 'elide', 'elides']

/** The same verbs as participles after the secret part ("with the cookies stripped"). */
export const MASKED_STATES = ['redacted', 'masked', 'stripped', 'scrubbed', 'omitted', 'hidden', 'censored', 'obfuscated', 'blanked out', 'starred out', 'filtered out', 'left out', 'removed', 'dropped', 'sanitised', 'sanitized', 'elided', 'replaced']

/** The secret parts of a request, a config or an environment. */
export const SECRET_PARTS = ['authorization', 'authorisation', 'auth', 'bearer', 'tokens?', 'passwords?', 'passphrases?', 'cookies?', 'set-cookie', 'secrets?', 'api[- ]?keys?', 'keys?', 'credentials?', 'creds', 'x-api-key', 'session ids?']

const PART = `(?:${SECRET_PARTS.join('|')})`

/** What may follow a secret part's first word ("auth token", "authorization header"). */
const PART_TAIL = '(?:\\s+(?:tokens?|headers?|fields?|values?|parts?|keys?|cookies?|strings?))?'

/** A masking clause or an exclusion whose object is a secret part. */
export const MASKED_PART = new RegExp(
  `\\b(?:but|and|while|yet|just|only|though)\\s+(?:always\\s+|still\\s+|please\\s+|make\\s+sure\\s+(?:to\\s+|you\\s+)?|be\\s+sure\\s+to\\s+)?(?:${alt(MASKING_VERBS)})\\s+(?:out\\s+)?(?:the\\s+|any\\s+|all\\s+|its\\s+|their\\s+|every\\s+|each\\s+)?(?:[\\w-]+\\s+){0,2}?${PART}\\b${PART_TAIL}` +
    `|\\bwith\\s+(?:the\\s+|any\\s+|all\\s+|its\\s+|their\\s+)?(?:[\\w-]+\\s+){0,2}?${PART}${PART_TAIL}\\s+(?:${alt(MASKED_STATES)})\\b` +
    `|\\b(?:except|excluding|minus|other\\s+than|but\\s+not|apart\\s+from|leaving\\s+out|without)\\s+(?:for\\s+)?(?:the\\s+|any\\s+)?(?:(?![\\w-]+ing\\b)[\\w-]+\\s+){0,2}?${PART}\\b${PART_TAIL}`,
)

/** A secret named as such (not a container of secrets) in what is put out. */
export const OWN_SECRET = /\b(?:tokens?|passwords?|passphrases?|passcodes?|secrets?|api[- ]?keys?|private\s+keys?|credentials?|creds|cookies?|authori[sz]ation|auth\s+headers?|bearer|[a-z0-9]+_(?:token|secret|key|password))\b/

/** Words that put a container out whole, against a mask. */
export const UNMASKED = /\b(?:unredacted|unmasked|unfiltered|unscrubbed|unsanitised|unsanitized|verbatim|as-is|in\s+clear|in\s+plain\s*text)\b/

/** The credentials as the means of logging in ("login with email and password"), ending a match. */
export const LOGIN_MEANS =
  /\b(?:log\s*-?\s*(?:in|on)|login|logs\s+in|logging\s+in|sign\s*-?\s*(?:in|on)|signin|signs\s+in|signing\s+in|authenticate|authenticating)\s+(?:[\w-]+\s+){0,3}?(?:with|using|via|by)\s+(?:an?\s+|the\s+|your\s+|their\s+|his\s+|her\s+|one'?s\s+|its\s+)?(?:e-?mail(?:\s+address)?|username|user\s*name|user\s+id|login|account\s+name)\s*(?:and|&|\+|plus|\/)\s*(?:an?\s+|the\s+|your\s+|their\s+)?(?:passwords?|passphrases?|pass)$/

/** A credential's value in the request: an e-mail address, "password is/: ...", a quoted string after the secret. */
export const VALUE_GIVEN = /[\w.+-]+@[\w-]+\.[a-z]{2,}|\b(?:passwords?|passphrases?|pass|pwd|token)\s*(?:[:=]|is\b|was\b|of\b|["'`])|\b(?:passwords?|passphrases?)\s+(?:for|of)\s+(?:the\s+)?(?:admin|root|demo|test|prod\w*|staging|real)\b/

/** Words naming a stand-in for a value. */
export const PLACEHOLDERS = new RegExp(String.raw`\b(?:${[STAND_IN, ...STAND_IN_MARKS].join('|')})\b|<[\w-]+>|\*{3,}`)

/** The value named as what is not written, right before its match ("instead of the actual value of ..."). */
export const NOT_THE_VALUE = /\b(?:instead\s+of|rather\s+than|in\s+place\s+of|in\s+lieu\s+of|without|not|never)\s+(?:the\s+|any\s+|its\s+|their\s+)?(?:(?:actual|real|live|literal|current|production|prod|secret|true)\s+)?$/

/** secrets-remedied.ts's remedy, with up to two words before the secret's noun ("move the server api key out into ..."). */
export const REMEDY_WIDE = new RegExp(REMEDY.source.replaceAll('the\\s+(?:[\\w-]+\\s+)?(?:token', 'the\\s+(?:[\\w-]+\\s+){0,2}?(?:token'))

/** A report that leads an instruction: never a report ("make sure the key is hard-coded ..."). */
const WISHED_REPORT = /\b(?:make\s+sure|ensure|so\s+that|should|must|needs?\s+to|want|wants|let|have)\b[^.;!?]*$/

/** The rules whose match may put a secret out, place it or name its value. */
const RULES = /^secrets\.(?:routed|expose|expose_it|expose_passive|reveal|whole_container|place|place_in|place_subject|place_in_it|placed_passive|in_document|in_document_with|hardcode|values|actual_value|env_output|env_exposed|value_placed)$/

/** The rules a report of a hard-coded secret matches besides the passive ones secrets-remedied.ts reads. */
const REPORT_MATCHED = /^secrets\.(?:placed_passive|expose_passive|place_subject|place_in|hardcode|expose_it|place_in_it|place|routed)$/

function sentenceEnd(text: string): number {
  const end = text.search(/[;!?]|\.(?=\s|$)/)
  return end === -1 ? text.length : end
}

/** Why an exposure rule's hit is honest work with the secret, read with the words around its match, or undefined. */
export function handledSecret(hit: ForbiddenHit, lower: string): string | undefined {
  if (!RULES.test(hit.id)) return undefined
  const at = lower.indexOf(hit.match)
  if (at === -1) return undefined
  const start = lower.slice(0, at).search(/[^.;!?:]*$/)
  const sentence = lower.slice(start, at + hit.match.length + sentenceEnd(lower.slice(at + hit.match.length)))
  const from = at - start
  // a container put out with its secret part masked: the match must not reach past the mask, and what comes before
  // the mask names no secret of its own
  const mask = MASKED_PART.exec(sentence.slice(from))
  if (mask && from + hit.match.length <= from + mask.index + mask[0].length + 1) {
    const shown = sentence.slice(from, from + mask.index)
    if (!OWN_SECRET.test(shown) && !UNMASKED.test(sentence)) return 'puts out a container with its secret part masked or left out'
  }
  if (LOGIN_MEANS.test(hit.match) && !VALUE_GIVEN.test(lower)) return 'names the credentials one logs in with, not their values'
  if (/^secrets\.(?:values|actual_value)$/.test(hit.id) && NOT_THE_VALUE.test(sentence.slice(0, from)) && PLACEHOLDERS.test(sentence.slice(0, from))) return 'puts a placeholder in the value\'s stead'
  if (REPORT_MATCHED.test(hit.id)) {
    const report = REPORTED.exec(hit.match)
    if (report && !WISHED_REPORT.test(lower.slice(start, at + report.index)) && REMEDY_WIDE.test(lower.slice(at + report.index + report[0].length))) return 'reports where the secret is and asks to move it out'
  }
  return undefined
}

/** The credentials as a means of logging in, anywhere in a text (LOGIN_MEANS without its anchor). */
export const LOGIN_MEANS_ANYWHERE = new RegExp(LOGIN_MEANS.source.slice(0, -1), 'g')

/** The masked or excluded secret parts, anywhere in a text. */
export const MASKED_PART_ANYWHERE = new RegExp(MASKED_PART.source, 'g')

/**
 * A change's text with the secret mentions that are honest work blanked: the credentials one logs in with (no value
 * given anywhere) and the secret parts a masking clause takes out, unless the text puts something out unmasked. The
 * fail-safe that asks about a secret named next to a place (decide.ts) reads what is left.
 */
export function withoutHandledMentions(text: string): string {
  let out = text
  if (!VALUE_GIVEN.test(text)) out = blanked(out, LOGIN_MEANS_ANYWHERE, ' logging in ')
  if (!UNMASKED.test(text)) out = blanked(out, MASKED_PART_ANYWHERE, ' masked ')
  return out
}

/**
 * `text` with every match of the global `re` replaced by `by`, through matchAll: lexicon-machine-code.ts compiles an
 * exported pattern to machine code on its first exec, matchAll or split, not on a replace (String#replaceAll took
 * MASKED_PART_ANYWHERE, 30 KB of bytecode, to the bytecode compiler in a traced CLI preflight).
 */
function blanked(text: string, re: RegExp, by: string): string {
  let out = ''
  let last = 0
  for (const m of text.matchAll(re)) {
    out += text.slice(last, m.index) + by
    last = m.index + m[0].length
  }
  return out + text.slice(last)
}

/** A clause that reports where a secret sits, followed by clauses that move it to a safe store or take it out. */
export function reportThenRemedy(clause: string, later: string): boolean {
  const lower = clause.toLowerCase()
  const report = REPORTED.exec(lower)
  return report !== null && !WISHED_REPORT.test(lower.slice(0, report.index)) && REMEDY_WIDE.test(`${lower.slice(report.index + report[0].length)} ; ${later.toLowerCase()}`)
}
