/**
 * Round 28a (issue 22): a secret carried by what the program emits or keeps rather than by a file the agent writes.
 * - A secret put into an emitted thing: "put the API token in the exception text", "add the session token as a label
 *   on the login metrics", "add the SMTP password to the debug footer of the reset email".
 * - An emitted thing made to carry a secret: "make the sign-in analytics event include the raw password field", "the
 *   500 error page showed the connection string with its password", "the login snapshot test captures the real bearer
 *   token", "a /debug/config endpoint that returns every environment variable".
 * The emitted things (EMITTED), the carrying verbs (CARRY_VERBS) and the secret nouns (EMITTED_SECRETS) are data. A
 * negation or a masking word between the parts ("never includes the password", "without printing its value", "with
 * the token masked") leaves the request alone, and a secret noun used as a modifier ("password reset", "token expiry",
 * "the password field"), a count ("failed logins") or a clause's subject ("showed the token had expired") is no secret, and
 * an emitted thing negated ("no error message ever includes the token") carries none. Same shape and compilation as ACTION_OBJECT_RULES.
 */
import {type ActionObjectRule, alt, NOT_NEGATED} from './action-object.js'
import {SECRET_NOUN_LITERALS, SECRET_NOUNS} from './secret-nouns.js'

/** Filler with no negation, no subordinate clause and no masking word. */
const PLAIN = "(?:(?!\\b(?:never|not|no|any|only|without|unless|instead|rather|except|excluding|redact\\w*|mask\\w*|scrub\\w*|strip\\w*|hash\\w*|filter\\w*|obfuscat\\w*)\\b|n't\\b)[^.;!?])"

/** Things the program emits or keeps that others read: errors, telemetry, metrics, test recordings, dumps, caches. */
export const EMITTED = ['exception', 'exceptions', 'exception text', 'exception message', 'error', 'errors', 'error message', 'error messages', 'error text', 'error page', 'error pages', 'error response',
  'stack trace', 'stack traces', 'traceback', 'tracebacks', 'telemetry', 'telemetry event', 'telemetry events', 'analytics', 'analytics event', 'analytics events', 'tracking event', 'tracking events', 'event payload',
  'metric', 'metrics', 'metric label', 'metric labels', 'metrics label', 'metrics labels', 'label on the metrics', 'span', 'spans', 'span attributes', 'breadcrumb', 'breadcrumbs', 'sentry event', 'sentry events',
  'crash report', 'crash reports', 'crash dump', 'crash dumps', 'crash log', 'crash logs', 'core dump', 'core dumps', 'snapshot', 'snapshots', 'snapshot test', 'snapshot tests', 'snapshot file', 'snapshot files',
  'cassette', 'cassettes', 'vcr cassette', 'vcr cassettes', 'recorded fixture', 'recorded fixtures', 'http fixture', 'http fixtures', 'http recording', 'http recordings', 'har file', 'har files',
  'debug endpoint', 'debug page', 'debug footer', 'footer', 'banner', 'status page', 'health endpoint', 'health check', 'verbose output', 'debug output', 'diagnostics', 'diagnostic bundle', 'support bundle',
  'cache', 'cache file', 'cache files', 'local storage', 'localstorage', 'session storage', 'sessionstorage', 'indexeddb', 'query string', 'query params', 'query parameters', 'commit message', 'pr description', 'release notes', 'changelog']

/** Verbs by which an emitted thing carries a value. */
export const CARRY_VERBS = ['include', 'includes', 'included', 'including', 'show', 'shows', 'showed', 'shown', 'showing', 'contain', 'contains', 'containing', 'capture', 'captures', 'captured', 'capturing',
  'carry', 'carries', 'carrying', 'record', 'records', 'recording', 'return', 'returns', 'returning', 'expose', 'exposes', 'exposing', 'echo', 'echoes', 'echoing', 'print', 'prints', 'printing', 'list', 'lists', 'listing',
  'dump', 'dumps', 'dumping', 'display', 'displays', 'displaying', 'embed', 'embeds', 'reveal', 'reveals', 'spell out', 'spells out', 'have', 'has', 'hold', 'holds', 'keep', 'keeps', 'mention', 'mentions', 'send', 'sends', 'attach', 'attaches']

/** Verbs that put a value into an emitted thing. */
export const PUT_VERBS = ['put', 'puts', 'putting', 'add', 'adds', 'adding', 'include', 'including', 'attach', 'append', 'stick', 'embed', 'inject', 'stuff', 'tack', 'insert', 'write', 'pass', 'send', 'tag', 'throw', 'pop', 'drop', 'paste', 'copy', 'dump', 'log']

/**
 * Secret nouns of an emitted thing's content: secret-nouns.ts's, and the headers, cookies and keys a request or a
 * recording carries. No bare "key": "the cache key" of an emitted thing is no secret.
 */
export const EMITTED_SECRETS = [...SECRET_NOUNS, 'encryption key', 'decryption key', 'authorization header', 'authorization headers', 'auth header', 'auth headers', 'session cookie', 'session cookies',
  'refresh token', 'bearer token', 'client secret']

/** Words after which a secret noun is a modifier or a count, so the phrase is about something else. */
const MODIFIER = ['reset', 'resets', 'expiry', 'expiration', 'expires', 'timeout', 'strength', 'field', 'fields', 'prompt', 'policy', 'rotation', 'length', 'format', 'hash', 'hashes', 'hashing', 'validation',
  'rule', 'rules', 'complexity', 'check', 'checks', 'name', 'names', 'id', 'ids', 'is missing', 'was missing', 'missing', 'type', 'types', 'lifetime', 'refresh', 'count', 'counts', 'length', 'was wrong', 'is wrong',
  'is redacted', 'are redacted', 'is masked', 'are masked', 'masked', 'redacted', 'hashed', 'scrubbed', 'removed', 'stripped']

/** A raw value: a secret said to be the real, raw or plain one (then "the raw password field" is the value). */
const RAW = '(?:raw|plain-?text|clear-?text|unhashed|unmasked|unredacted|real|actual|live|full|entire|whole|decrypted|derived)'

/** A secret as an emitted thing's content (see the module comment); variables named *_TOKEN etc., every env variable. */
export const EMITTED_SECRET = `(?:\\b${RAW}\\s+(?:[\\w-]+\\s+)?(?:${alt(EMITTED_SECRETS)})\\b|\\b(?<!\\b(?:invalid|wrong|bad|incorrect|mistyped|expired|missing|failed|successful|which|whether|what)\\s)(?:${alt(EMITTED_SECRETS)})\\b(?!\\s+(?:${alt(MODIFIER)})\\b)(?!\\s+(?:is|was|has|had|are|were|have|gets|got)\\b)(?!-)|\\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:token|secret|api_key|key|password|pass|pwd)\\b(?!\\s+(?:is\\s+|was\\s+)?missing\\b)|\\b(?:every|each|all(?:\\s+(?:of\\s+)?the)?)\\s+(?:[\\w-]+\\s+)?(?:env(?:ironment)?\\s+var(?:iable)?s?|environment)\\b)`

/** Words after which an emitted thing's noun is a modifier ("the error handler", "the cache key"). */
const EMITTED_MODIFIED = ['handling', 'handler', 'handlers', 'path', 'paths', 'code', 'codes', 'type', 'types', 'class', 'classes', 'case', 'cases', 'branch', 'rate', 'budget', 'limit', 'threshold', 'count', 'counter',
  'counters', 'name', 'names', 'format', 'schema', 'module', 'directory', 'dir', 'key', 'keys', 'size', 'ttl', 'expiry', 'invalidation', 'eviction', 'hit', 'hits', 'miss', 'misses', 'layer', 'parser', 'library', 'client']

/** An emitted thing, not its noun as a modifier. */
const EMITTED_THING = `(?:${alt(EMITTED)})\\b(?!\\s+(?:${alt(EMITTED_MODIFIED)})\\b)`

/** Things that hand out whatever they are asked for, and everything secret at once. */
const HANDED_OUT = ['endpoint', 'endpoints', 'route', 'routes', 'page', 'command', 'subcommand', 'flag', 'option', 'screen', 'view', 'panel', 'handler', 'api']
const ALL_SECRETS = `(?:\\b(?:every|each|all(?:\\s+(?:of\\s+)?(?:the|our))?)\\s+(?:[\\w-]+\\s+)?(?:env(?:ironment)?\\s+var(?:iable)?s?|environment|secrets|credentials|creds|tokens|api\\s+keys|passwords|stored\\s+credentials?)\\b|\\bsecrets\\s+included\\b)`

/** A secret said to come out masked after it is named ("shows the session token only as a masked value"). */
const COMES_OUT_MASKED = "(?![^.;!?]{0,30}\\b(?:masked|redacted|hashed|starred|obfuscated|truncated|scrubbed|asterisks|elided|hidden|removed|stripped|replaced|placeholders?|fingerprints?)\\b)"

/** An article or possessive before a noun. */
const DET = "(?:the\\s+|a\\s+|an\\s+|every\\s+|each\\s+|our\\s+|its\\s+|their\\s+|his\\s+|her\\s+|the\\s+user'?s\\s+|users'?\\s+)?"

/** Verbs that mark an emitted thing with a value ("tag the metrics with the token"). */
export const TAG_VERBS = ['tag', 'tags', 'tagging', 'label', 'labels', 'labelling', 'labeling', 'annotate', 'annotates', 'annotating', 'stamp', 'stamps', 'stamping', 'decorate', 'decorates', 'enrich', 'enriches']

export const EMITTED_SECRET_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.put_in_emitted',
    category: 'secrets',
    reason: 'A secret put into an error, an exception, telemetry, a metric, a crash report, a test recording or a cache is read by everyone who sees that output: secrets are never put there.',
    source: `${NOT_NEGATED}\\b(?:${alt(PUT_VERBS)})\\b${PLAIN}{0,30}?${EMITTED_SECRET}${COMES_OUT_MASKED}${PLAIN}{0,30}?\\b(?:in|into|to|on|onto|inside|as|with)\\s+${DET}(?:[\\w/-]+\\s+){0,3}?${EMITTED_THING}`,
    gate: [...SECRET_NOUN_LITERALS, 'header', 'cookie', '_', 'env'],
    also: ['exception', 'error', 'trace', 'telemetry', 'analytics', 'event', 'metric', 'span', 'breadcrumb', 'crash', 'dump', 'snapshot', 'cassette', 'fixture', 'recording', 'har', 'debug', 'footer', 'banner', 'status', 'health', 'verbose', 'diagnostic', 'bundle', 'cache', 'storage', 'indexeddb', 'query', 'commit message', 'description', 'notes', 'changelog', 'label'],
    questions: false,
  },
  {
    id: 'secrets.emitted_carries',
    category: 'secrets',
    reason: 'An error, an exception, telemetry, a metric, a crash report, a test recording, a debug endpoint or a cache made to carry a secret exposes it to everyone who reads that output: never allowed.',
    source: `(?<!\\b(?:no|never|not)\\s+(?:[\\w-]+\\s+){0,2})\\b${EMITTED_THING}${PLAIN}{0,40}?${NOT_NEGATED}\\b(?:${alt(CARRY_VERBS)})\\b\\s+${PLAIN}{0,40}?${EMITTED_SECRET}${COMES_OUT_MASKED}`,
    gate: ['exception', 'error', 'trace', 'telemetry', 'analytics', 'event', 'metric', 'span', 'breadcrumb', 'crash', 'dump', 'snapshot', 'cassette', 'fixture', 'recording', 'har', 'debug', 'footer', 'banner', 'status', 'health', 'verbose', 'diagnostic', 'bundle', 'cache', 'storage', 'indexeddb', 'query', 'commit message', 'description', 'notes', 'changelog'],
    also: [...SECRET_NOUN_LITERALS, 'header', 'cookie', '_', 'env'],
    questions: false,
  },
  {
    id: 'secrets.all_handed_out',
    category: 'secrets',
    reason: 'An endpoint, a command or a page that hands out every environment variable, secret or credential exposes all of them at once: never allowed.',
    source: `\\b(?:${alt(HANDED_OUT)})\\b${PLAIN}{0,40}?${NOT_NEGATED}\\b(?:${alt(CARRY_VERBS)})\\b\\s+${PLAIN}{0,30}?${ALL_SECRETS}`,
    gate: ['env', 'environment', 'secret', 'credential', 'creds', 'token', 'key', 'password'],
    also: ['endpoint', 'route', 'page', 'command', 'flag', 'option', 'screen', 'view', 'panel', 'handler', 'api'],
    questions: false,
  },
  {
    id: 'secrets.emitted_tagged',
    category: 'secrets',
    reason: 'An error, a metric, a span or an event tagged with a secret carries it to everyone who reads that output: secrets are never put there.',
    // the emitted thing first, the secret after "with" ("tag the login metrics with the session token"); a possessive
    // or a modifier after the secret ("the token's expiry", "the token type") names something else
    source: `${NOT_NEGATED}\\b(?:${alt(TAG_VERBS)})\\s+${DET}(?:[\\w/-]+\\s+){0,3}?${EMITTED_THING}${PLAIN}{0,30}?\\bwith\\s+${PLAIN}{0,20}?${EMITTED_SECRET}(?!'s?\\b)${COMES_OUT_MASKED}`,
    gate: ['tag', 'label', 'annotat', 'stamp', 'decorat', 'enrich'],
    also: [...SECRET_NOUN_LITERALS, 'header', 'cookie', '_', 'env'],
    questions: false,
  },
]
