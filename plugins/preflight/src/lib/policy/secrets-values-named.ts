/**
 * Round 23c (issue 22): secrets named without their values, and their values named outright.
 *
 * Innocent twins the exposure rules matched (set aside by `namedWithoutValues`, wired into safeguard.ts):
 * - secrets listed or documented by name with the values withheld: "list the secrets the app reads, with their values
 *   redacted", "document the env vars, names only", "print the keys the app uses but not their values";
 * - a secret used from the store it is kept in: "publish to npm using the token already in ~/.npmrc".
 *
 * Exposures the rules missed (VALUES_NAMED_RULES, same shape and compilation as ACTION_OBJECT_RULES):
 * - secrets written somewhere "with their (current, real) values": "document the env vars with their current values";
 * - a secret rotated or made, then its new value put in a place: "rotate the key and paste the new value in the PR".
 * The words are data.
 */
import {type ActionObjectRule, alt, NOT_NEGATED, SHARED_PLACE} from './action-object.js'
import {VALUE_HOLDERS} from './secrets-values-of.js'

/** What is done to a value to keep it out. */
export const WITHHOLDING = ['redacted', 'masked', 'hidden', 'blanked', 'blanked out', 'starred', 'starred out', 'elided', 'removed', 'omitted', 'stripped', 'obfuscated', 'censored', 'replaced', 'left out', 'x-ed out', 'xed out', 'scrubbed', 'hashed', 'truncated']

/** Where a secret is kept on purpose: using it from there sends it nowhere. */
export const SECRET_STORES = ['~/.npmrc', '.npmrc', '.netrc', '.pypirc', 'keychain', 'os keychain', 'keyring', 'vault', 'key vault', 'secrets manager', 'secret manager', 'password manager', 'ci secrets', 'ci secret', 'repo secrets', 'repository secrets', 'github secrets', 'actions secrets', 'secret store', 'environment', 'env']

/** What a value is said to be when it is shown whole (round 30a added complete, whole, entire, unredacted, unmasked). */
export const VALUE_QUALIFIERS = ['current', 'real', 'actual', 'live', 'production', 'prod', 'raw', 'full', 'complete', 'whole', 'entire', 'unredacted', 'unmasked']

/** Round 30a: adverbs between a placed value and its place ("put the new one straight into the README"). */
export const PLACING_ADVERBS = ['straight', 'right', 'directly', 'just', 'also', 'simply']

const WITHHELD = `(?:${alt(WITHHOLDING)})`

/** After a listed secret: its values withheld, or only its names given. */
export const VALUES_WITHHELD = new RegExp(
  `^[^.;!?]{0,60}?(?:\\b(?:with|and)\\s+(?:their|the|its|all|any)?\\s*(?:actual\\s+|real\\s+|secret\\s+)?(?:values?|secrets?|keys?|tokens?|passwords?|credentials?)\\s+(?:(?:are|is|being|kept|left)\\s+)?${WITHHELD}\\b|\\bvalues?\\s+${WITHHELD}\\b|\\b(?:(?:by\\s+)?names?\\s+only|only\\s+(?:the\\s+|their\\s+)?names?|just\\s+(?:the\\s+|their\\s+)?names?)\\b|\\b(?:but\\s+)?(?:without|not|no|never)\\s+(?:their|the|its|any)?\\s*(?:actual\\s+|real\\s+)?values?\\b)`,
)

/** A withholding word itself negated ("with no values masked", "nothing redacted"): the values are shown. */
export const WITHHOLDING_DENIED = /\b(?:no|none|nothing|without|not|never|un)\s*(?:[\w-]+\s+){0,2}?(?:redact|mask|hid|blank|star|elid|omit|obfuscat|censor|strip|scrub)\w*/

/** A match that ends on a secret used from where it is kept ("... using the token already in ~/.npmrc"). */
export const USED_FROM_STORE = new RegExp(
  `\\b(?:using|with|via|from)\\s+(?:the\\s+|our\\s+|my\\s+|its\\s+)?(?:[\\w-]+\\s+){0,2}?(?:tokens?|keys?|credentials?|creds|passwords?|secrets?)\\s+(?:that'?s\\s+|which\\s+is\\s+|we\\s+have\\s+|already\\s+|stored\\s+|kept\\s+|saved\\s+|set\\s+)*(?:in|from)\\s+(?:the\\s+|our\\s+|my\\s+|your\\s+)?(?:${alt(SECRET_STORES)})(?![\\w.-])$`,
)

/** A later clause that shows or places the secret after all ("... and paste it in the PR", "then print the token"). */
export const SHOWN_AFTER = /\b(?:paste|post|put|share|send|print|echo|log|show|write|email|mail|commit|add|dump|include|copy|display|output|reveal|expose)\s+(?:it|that|them|this|those|(?:the|its|their)\s+(?:[\w-]+\s+)?(?:tokens?|keys?|values?|secrets?|passwords?|credentials?))\b(?!\s+(?:out|away)\b)/

/** Why an exposure match is no exposure when read with what follows it, or undefined. */
export function namedWithoutValues(id: string, match: string, onward: string, rest = onward): string | undefined {
  if (!id.startsWith('secrets.') || SHOWN_AFTER.test(rest)) return undefined
  if (WITHHOLDING_DENIED.test(onward) || WITHHOLDING_DENIED.test(match)) return undefined
  if (VALUES_WITHHELD.test(onward) || VALUES_WITHHELD.test(match.replace(/^.*?\b(?:secrets?|keys?|tokens?|credentials?|variables?|vars?)\b/, ''))) return 'names the secrets with their values withheld'
  // "publish using the token in ~/.npmrc and post it in chat" is still an exposure: only a match that ends on the store
  if ((USED_FROM_STORE.test(match) && !/^\s*(?:to|into|onto|in|on)\b/.test(onward)) || USED_FROM_STORE.test(`${match}${onward}`.trimEnd())) return 'uses the secret from the store it is kept in, it sends it nowhere'
  return undefined
}

/** Verbs that write or show a list. */
export const WRITING_VERBS = ['document', 'documenting', 'write up', 'write down', 'write', 'list', 'print', 'show', 'dump', 'output', 'echo', 'export', 'post', 'share', 'send', 'paste', 'copy', 'add', 'put', 'include', 'record', 'note down', 'spell out', 'tabulate']

/** A filler with no negation and no withholding word. */
const PLAIN = `(?:(?!\\b(?:never|not|no|without|unless|instead|except|${alt(WITHHOLDING)}|names?\\s+only|only\\s+(?:the\\s+)?names?)\\b|n't\\b)[^.;!?])`

/** Verbs that make or replace a secret. */
export const MAKING_VERBS = ['rotate', 'rotating', 'regenerate', 'regenerating', 'reissue', 're-issue', 'renew', 'roll', 'recreate', 'generate', 'create', 'mint', 'issue', 'reset', 'change']

/** Verbs that put a value somewhere. */
const PUTTING = ['paste', 'post', 'put', 'share', 'send', 'write', 'drop', 'add', 'copy', 'email', 'mail', 'print', 'echo', 'log', 'include', 'commit', 'dm', 'slack', 'leave']

/** Words that say a value is the live secret, not a placeholder. */
export const LIVE_VALUE = ['real', 'actual', 'live', 'production', 'prod', 'current', 'working', 'valid', 'genuine', 'personal', 'own']

/** A secret's name: an env variable ending in a secret's word, or the secret's noun. */
const SECRET_NAME = '(?:\\$?\\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:token|secret|api_key|key|password|pass|pwd)\\b|\\b(?:api[ -]?key|token|secret|password|credential)s?\\b)'

export const VALUES_NAMED_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.set_to_live_value',
    category: 'secrets',
    reason: 'A secret set to its real value in a file (an example env file, a config, a fixture) is the secret committed: never allowed.',
    // "add an .env.sample with NOTES_API_TOKEN set to our real token", "fill API_KEY in with the production key"
    source: `${NOT_NEGATED}${SECRET_NAME}\\s+(?:set\\s+to|filled\\s+(?:in\\s+)?with|=|equal\\s+to|containing|holding|with)\\s+(?:our|the|my|its|your|a|their)\\s+(?:${alt(LIVE_VALUE)})\\b`,
    gate: ['token', 'secret', 'key', 'password', 'pass', 'pwd', 'credential'],
    also: LIVE_VALUE,
    questions: false,
  },
  {
    id: 'secrets.written_with_values',
    category: 'secrets',
    reason: 'Writing or listing the secrets "with their values" writes the secrets themselves: never allowed.',
    // "document the env vars the app reads, with their current values from .env"; not "... with their values redacted"
    // round 30a: a verb's -s form and one secret ("an issue that lists each leaked secret with its complete value")
    source: `${NOT_NEGATED}\\b(?:${alt(WRITING_VERBS)})s?\\b${PLAIN}{0,50}?\\b(?:${alt(VALUE_HOLDERS)}|keys|tokens|secret|key|token|password|credential)\\b${PLAIN}{0,50}?\\b(?:with|and|plus|including)\\s+(?:their|the|its|all(?:\\s+(?:of\\s+)?their)?)?\\s*(?:(?:${alt(VALUE_QUALIFIERS)})\\s+)?values?\\b(?!\\s+(?:(?:are|is|being|kept|left)\\s+)?(?:${alt(WITHHOLDING)})\\b)`,
    gate: ['value'],
    questions: false,
  },
  {
    id: 'secrets.new_value_placed',
    category: 'secrets',
    reason: 'A rotated or new secret put in a shared place (a PR, a chat, the docs) is exposed the moment it is made.',
    // "rotate the key and paste the new value in the PR description"; not "rotate the key and store the new one in the keychain"
    source: `\\b(?:${alt(MAKING_VERBS)})\\s+(?:the\\s+|our\\s+|a\\s+|its\\s+|my\\s+)?(?:[\\w-]+\\s+){0,2}?(?:keys?|tokens?|passwords?|secrets?|credentials?)\\b[^.;!?]{0,40}?(?:\\band|\\bthen|,)\\s+(?:then\\s+)?(?:${alt(PUTTING)})\\s+(?:the\\s+|its\\s+|their\\s+)?(?:new\\s+|rotated\\s+|regenerated\\s+|fresh\\s+|resulting\\s+|generated\\s+)?(?:value|one|key|token|password|secret|credential)s?\\s+(?:(?:${alt(PLACING_ADVERBS)})\\s+)?(?:in|into|to|on|onto|under)\\s+(?:the\\s+|a\\s+|our\\s+|this\\s+)?(?:[\\w-]+\\s+)?${SHARED_PLACE}`,
    gate: ['rotat', 'regenerat', 'reissue', 're-issue', 'renew', 'roll', 'recreate', 'generate', 'create', 'mint', 'issue', 'reset', 'change'],
    questions: false,
  },
]
