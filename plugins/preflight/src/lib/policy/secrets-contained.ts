/**
 * Round 24a (issue 22): a secret exposed without being named as the thing sent, because it travels inside something
 * larger or is asked for as "the actual value" of a name. Same shape and compilation as ACTION_OBJECT_RULES.
 *
 * - A whole container that holds secrets, put out in full: "log the full request including headers", "make the health
 *   endpoint return the full config including credentials", "include the config file, unredacted, in the bug
 *   report". The containers, the words that say "all of it" and the secret parts are data (CONTAINERS, WHOLE,
 *   SECRET_PARTS); an exclusion after the secret part ("including headers except Authorization") keeps it out.
 * - The value behind a secret's name: "make the onboarding doc self-contained, including the actual value that goes in
 *   NOTES_API_TOKEN". A name alone ("list the variables, names only") or a placeholder in its stead is no value.
 *
 * A safeguard reading (shownOnlyMasked): an exposure whose secret is shown only masked or redacted ("a test that the
 * debug output shows the session token only as a masked value") keeps the value out.
 */
import {type ActionObjectRule, alt, NOT_NEGATED, SECRET_GATE, SECRET_OBJECT} from './action-object.js'
import {STAND_IN} from './stand-ins.js'

/** Verbs that put something out: to a log, a response, a report, a document. */
export const PUT_OUT = ['log', 'logs', 'logged', 'logging', 'print', 'prints', 'printing', 'dump', 'dumps', 'dumping', 'include', 'includes', 'including', 'return', 'returns', 'returning',
  'attach', 'attaches', 'send', 'sends', 'show', 'shows', 'display', 'displays', 'expose', 'exposes', 'output', 'outputs', 'write', 'writes', 'echo', 'echoes', 'post', 'posts',
  'put', 'paste', 'copy', 'add', 'record', 'records', 'capture', 'captures', 'serve', 'serves', 'render', 'renders', 'emit', 'emits', 'trace', 'traces', 'forward', 'upload', 'report', 'reports']

/** Words that say the whole of a container goes out. */
export const WHOLE = ['full', 'whole', 'entire', 'complete', 'raw', 'unredacted', 'unmasked', 'unfiltered', 'unscrubbed', 'unsanitized', 'unsanitised', 'verbatim']

/** Words that say a container goes out with nothing taken out of it. */
export const UNREDACTED = ['unredacted', 'unmasked', 'unfiltered', 'unscrubbed', 'unsanitized', 'unsanitised']

/** Things that hold secrets inside them. */
export const CONTAINERS = ['request', 'requests', 'http request', 'http requests', 'outgoing request', 'outgoing requests', 'incoming request', 'incoming requests', 'api request', 'api requests',
  'headers', 'request headers', 'http headers', 'config', 'configs', 'config file', 'config files', 'configuration', 'configuration file', 'settings', 'settings file',
  'env', 'environment', 'environment variables', 'env vars', 'process.env', 'payload', 'payloads', 'request body', 'request bodies', 'http exchange', 'traffic']

/** The secret parts of a container, named after "including" or "with". */
export const SECRET_PARTS = ['headers', 'header', 'auth headers', 'auth header', 'authorization headers', 'authorization header', 'credentials', 'credential', 'creds', 'cookies', 'cookie',
  'tokens', 'token', 'bearer tokens', 'bearer token', 'secrets', 'secret', 'api keys', 'api key', 'keys', 'passwords', 'password']

/** Filler with no negation, no exclusion, no masking and no question of how. */
const PLAIN = `(?:(?!\\b(?:never|not|no|without|except|excluding|minus|instead|rather|but|redact\\w*|mask\\w*|strip\\w*|omit\\w*|scrub\\w*|hid(?:e|ing)|${STAND_IN}|how|why|whether)\\b|n't\\b)[^.;!?])`

/** An exclusion or a masking after the secret part ("including headers except Authorization"). */
const EXCLUDED_AFTER = '(?![^.;!?]{0,50}\\b(?:except|excluding|minus|but\\s+not|without|redact\\w*|mask\\w*|scrub\\w*|strip\\w*|omit\\w*|sanitis\\w*|sanitiz\\w*)\\b)'

const words = (list: readonly string[]): string => alt(list.map((w) => w.replaceAll('.', '\\.')))

/** Verbs that add a value to a document or a list. */
const ADDING = ['include', 'includes', 'including', 'add', 'adds', 'adding', 'put', 'write', 'document', 'documents', 'documenting', 'list', 'lists', 'fill in', 'spell out', 'paste', 'copy', 'with', 'plus', 'contain', 'contains', 'containing', 'give', 'show', 'print']

/** Words saying the value is the live one, not a placeholder. */
const LIVE = ['actual', 'real', 'live', 'literal', 'current', 'production', 'prod']

export const CONTAINED_SECRET_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.whole_container',
    category: 'secrets',
    reason: 'A whole request, config or environment put out in full (logged, returned, attached to a report) carries the secrets inside it: put out only what holds none.',
    source: `${NOT_NEGATED}\\b(?:${alt(PUT_OUT)})\\b${PLAIN}{0,40}?\\b(?:${alt(WHOLE)})\\s+(?:[\\w-]+\\s+){0,2}?(?:${words(CONTAINERS)})\\b${PLAIN}{0,30}?\\b(?:including|incl|with|plus|along\\s+with|and)\\s+(?:the\\s+|all\\s+(?:the\\s+)?|its\\s+|their\\s+|any\\s+)?(?:${alt(SECRET_PARTS)})\\b${EXCLUDED_AFTER}|${NOT_NEGATED}\\b(?:${alt(PUT_OUT)})\\b${PLAIN}{0,40}?(?:\\b(?:${alt(UNREDACTED)})\\s+(?:[\\w-]+\\s+){0,2}?(?:${words(CONTAINERS)})\\b|\\b(?:${words(CONTAINERS)}),?\\s+(?:${alt(UNREDACTED)})\\b)`,
    gate: [...SECRET_GATE, 'header', 'unredacted', 'unmasked', 'unfiltered', 'unscrubbed', 'unsanitized', 'unsanitised'],
    questions: false,
  },
  {
    id: 'secrets.actual_value',
    category: 'secrets',
    reason: "The actual value behind a secret's name, added to a document or a list, exposes the secret: name the variable and leave its value out.",
    source: `${NOT_NEGATED}\\b(?:${alt(ADDING)})\\b${PLAIN}{0,60}?\\b(?:${alt(LIVE)})\\s+(?:values?|contents?|strings?|secrets?)\\s+(?:of|for|in|behind|that\\s+goes?\\s+(?:in|into)|(?:that\\s+)?(?:we|you|it)\\s+(?:put|use|set|have)\\s+(?:in|for))\\s+(?:the\\s+|our\\s+)?(?:[\\w-]+\\s+){0,2}?${SECRET_OBJECT}`,
    gate: SECRET_GATE,
    questions: false,
  },
]

/** What follows a secret that is shown only masked ("... only as a masked value", "... redacted", "... as ***"). */
export const SHOWN_MASKED = /^\s*,?\s*(?:only\s+|just\s+|always\s+)?(?:(?:as|in)\s+(?:an?\s+|the\s+|its\s+)?)?(?:masked|redacted|obfuscated|hashed|truncated|starred|asterisks|\*{3,}|placeholder|fingerprint)\b/

/** True when the words after an exposure's match show the secret only masked or redacted. */
export function shownOnlyMasked(after: string): boolean {
  return SHOWN_MASKED.test(after)
}
