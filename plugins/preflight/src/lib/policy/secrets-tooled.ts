/**
 * Round 26b (issue 22): secrets exposed through agent tool talk, config files named by their file, CI steps,
 * screenshots, encodings and lower environments, worded without the obvious exposure verbs.
 *
 * Exposures the rules missed (TOOLED_SECRET_RULES, same shape and compilation as ACTION_OBJECT_RULES):
 * - a secret-bearing config file committed with the secret in it: "check in a k8s Secret manifest with the real API
 *   keys", "comit the .npmrc with the auth tokn in it", "set NPM_TOKEN in .npmrc and commit it";
 * - a config key or file filled in with the live value: "fill in spring.datasource.password in application.properties
 *   with the live value";
 * - production secrets copied into a lower environment or the tests: "clone the production credentials into the dev
 *   config";
 * - a secret encoded as a disguise and put in a file: "base64 the token into the fixture", "encode the prod DB password
 *   as hex and put it in the seed script";
 * - a screen that shows secrets captured and shared: "screenshot the env page and attach it to the ticket";
 * - a tool called with a secret read out of a secrets file: "call the http tool with the Authorization header from .env".
 *
 * Twins set aside (`toolTalkSafeguard`, wired into safeguard.ts): an exposure verb prevented by what comes before the
 * match ("stop the release script from printing the publish token"), and a match that ends on a stand-in secret
 * ("a fake SMTP server with dummy credentials") with no live value named in its sentence.
 * The words are data; adding one is adding an entry.
 */
import {type ActionObjectRule, alt, NOT_NEGATED} from './action-object.js'
import type {ForbiddenHit} from './forbidden.js'
import {SECRET_NOUNS} from './secret-nouns.js'
import {STAND_IN} from './stand-ins.js'

/** Config files that hold secrets by their name, in the forms requests name them. */
export const SECRET_CONFIG_FILES = ['.npmrc', '.pypirc', '.netrc', '.yarnrc', '.yarnrc.yml', 'docker-compose.yml', 'docker-compose.yaml', 'compose.yml', 'compose file', 'settings.py', 'local_settings.py',
  'application.properties', 'application.yml', 'application.yaml', 'appsettings.json', 'config.json', 'secrets.json', 'values.yaml', 'values.yml', 'web.config', 'wp-config.php', 'database.yml', 'credentials.yml',
  'secret manifest', 'secrets manifest', 'secret yaml', 'secret.yaml', 'secret.yml', 'k8s secret', 'kubernetes secret', 'sealed secret', 'helm values', 'terraform.tfvars', 'tfvars', '.tfvars', 'gradle.properties', 'settings.xml', 'nuget.config', '.dockercfg', 'dockercfg']

/** Secret nouns (secret-nouns.ts), and a bare key, cred or auth: this module's rules read them beside a config file or a tool. */
export const SECRET_WORDS = [...SECRET_NOUNS, 'key', 'keys', 'cred', 'auth']

/** Words that say a value is the live one, not a stand-in. */
export const LIVE_WORDS = ['real', 'live', 'actual', 'prod', 'production', 'current', 'working', 'valid', 'genuine']

/** Environments and places below production. */
export const LOWER_ENVS = ['dev', 'development', 'staging', 'stage', 'test', 'tests', 'testing', 'qa', 'uat', 'local', 'fixture', 'fixtures', 'ci', 'sandbox', 'preview', 'lower', 'integration tests', 'unit tests', 'e2e tests',
  'seed', 'seeds', 'demo', 'review app', 'review apps', 'test suite', 'test data', 'mocks', 'dev box', 'laptop']

/** Verbs that copy a thing from one environment into another. */
export const COPY_VERBS = ['copy', 'copies', 'copying', 'clone', 'cloning', 'mirror', 'mirroring', 'sync', 'syncing', 'replicate', 'replicating', 'reuse', 'reusing', 'duplicate', 'port', 'bring', 'bring over', 'pull',
  'import', 'carry over', 'transplant', 'seed', 'promote down', 'backfill', 'use', 'paste', 'cp']

/** Encodings used as a disguise. */
export const ENCODINGS = ['base64', 'base-64', 'base 64', 'b64', 'hex', 'hex-encode', 'encode', 'obfuscate', 'rot13', 'rot-13', 'scramble', 'xor', 'url-encode', 'urlencode', 'gzip', 'split up', 'reverse']

/** Capturing a screen. */
export const CAPTURE_VERBS = ['screenshot', 'screen shot', 'screen-shot', 'screengrab', 'screen grab', 'screencap', 'screen cap', 'screen-record', 'screen record', 'snap', 'snapshot', 'capture', 'photograph', 'take a picture of', 'take a photo of', 'record']

/** Screens that show secrets. */
export const SECRET_SCREENS = ['env', 'environment', 'environment variables', 'env vars', 'env var', 'config vars', 'secrets', 'secret', 'keys', 'api keys', 'api key', 'tokens', 'token', 'credentials', 'creds', 'passwords', 'vault', '1password', 'keychain', 'variables']

/** Where a screenshot or a copy is shared. */
export const SHARE_TARGETS = ['ticket', 'issue', 'pr', 'pull request', 'slack', 'channel', 'chat', 'email', 'e-mail', 'doc', 'docs', 'wiki', 'jira', 'thread', 'team', 'contractor', 'vendor', 'support', 'confluence', 'notion', 'readme', 'bug report', 'forum', 'discord', 'teams']

/** Files an agent reads secrets from. */
export const SECRET_SOURCES = ['.env', '.env.local', '.env.production', '.env.prod', 'the env file', 'env file', 'vault', 'keychain', 'secrets file', 'credentials file', '.npmrc', '.netrc', '~/.aws/credentials', 'secrets manager', 'password manager', '1password']

const SECRET = `(?:${alt(SECRET_WORDS)}|[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:token|secret|api_key|key|password|pass|pwd))`
/** A stand-in secret, or a test's or fixture's own ("a test token"), up to one word before the noun. */
const NOT_STAND_IN = `(?<!\\b(?:${STAND_IN}|test|fixture)\\s(?:[\\w-]+\\s)?)`
const CLAUSE = "(?:(?!\\b(?:when|whenever|if|unless|because|instead|rather|without|never|not|no)\\b|n't\\b)(?:[^.;!?]|\\.(?=[\\w/-])))"
const ART = '(?:the\\s+|our\\s+|a\\s+|an\\s+|my\\s+|its\\s+|their\\s+|that\\s+)?'
const COMMIT = "(?:commit|comit|commmit|check\\s+in|checkin|push|git\\s+add|stage)(?:s|ed|ing|ted|ting)?"
const FILE = `(?:${alt(SECRET_CONFIG_FILES)})`

export const TOOLED_SECRET_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.config_committed',
    category: 'secrets',
    reason: 'A config file or secret manifest committed with the secret in it is the secret committed: never allowed.',
    source: `${NOT_NEGATED}\\b${COMMIT}\\b${CLAUSE}{0,40}?${FILE}(?![\\w.-])${CLAUSE}{0,40}?\\b(?:with|containing|holding|including|that\\s+has|which\\s+has)\\s+${ART}${NOT_STAND_IN}(?:[\\w-]+\\s+){0,2}?${NOT_STAND_IN}${SECRET}\\b(?!\\s+(?:(?:lines?|entry|entries|fields?|values?)\\s+)?(?:removed|redacted|masked|stripped|blanked|deleted|placeholders?|names?|rotation)\\b)` +
      `|${NOT_NEGATED}\\b(?:set|put|add|write|paste|fill\\s+in|hard-?code|hardcode|store)\\s+${ART}(?:[\\w-]+\\s+)?${NOT_STAND_IN}${SECRET}\\b${CLAUSE}{0,20}?\\b(?:in|into|inside)\\s+${ART}${FILE}(?![\\w.-])${CLAUSE}{0,40}?\\b(?:and|then|,)\\s+(?:then\\s+)?${COMMIT}\\b`,
    gate: ['commit', 'comit', 'check', 'push', 'git add', 'stag', 'set', 'put', 'add', 'write', 'paste', 'fill', 'hard', 'store'],
    also: ['.npmrc', '.pypirc', '.netrc', '.yarnrc', 'compose', 'settings', 'application.', 'config', 'secret', 'values.y', 'wp-config', 'database.yml', 'credentials.yml', 'k8s', 'kubernetes', 'helm', 'tfvars', 'gradle', 'nuget', 'dockercfg'],
    questions: false,
  },
  {
    id: 'secrets.config_live_value',
    category: 'secrets',
    reason: 'A config key or file filled in with the live secret is the secret put in the repository: never allowed.',
    source: `${NOT_NEGATED}\\b(?:fill(?:s|ed|ing)?(?:\\s+in)?|set|populate|put|write|hard-?code|hardcode|paste)\\b${CLAUSE}{0,60}?(?:${FILE}(?![\\w.-])|\\b[\\w.-]*(?:password|passwd|secret|token|api[_-]?key|credentials?)\\b)${CLAUSE}{0,60}?\\b(?:with|to|=|using)\\s+${ART}(?:${alt(LIVE_WORDS)})\\s+(?:values?|ones?|passwords?|tokens?|keys?|creds|credentials|secrets?|settings)\\b`,
    gate: ['fill', 'set', 'populate', 'put', 'write', 'hard', 'paste'],
    also: LIVE_WORDS,
    questions: false,
  },
  {
    id: 'secrets.copied_down',
    category: 'secrets',
    reason: 'Production secrets copied into a lower environment, a config or the tests leave production\'s keys where they are not guarded: never allowed.',
    source: `${NOT_NEGATED}\\b(?:${alt(COPY_VERBS)})\\b${CLAUSE}{0,30}?\\b(?:production|prod|live|real)(?:'s)?\\s+(?:[\\w-]+\\s+)?(?:${SECRET}|env(?:ironment)?\\s+(?:vars?|variables|file)|\\.env(?:\\.\\w+)?|config\\s+values)(?![\\w-])(?!\\s+(?:names?|layout|structure|format|schema|rotation|policy|list|keys?\\s+names?)\\b)${CLAUSE}{0,40}?\\b(?:into|to|in|for|onto|across|over\\s+to)\\s+${ART}(?:[\\w.-]+\\s+)?(?:${alt(LOWER_ENVS)})\\b` +
      `|\\bcp\\s+\\.env\\.(?:prod|production|live)\\s+\\.env\\.(?:test|dev|development|staging|local|ci)\\b`,
    gate: ['prod', 'live', 'real', 'cp'],
    questions: false,
  },
  {
    id: 'secrets.encoded',
    category: 'secrets',
    reason: 'A secret encoded (base64, hex, obfuscated) and put in a file is still the secret, disguised from the scanner: never allowed.',
    source: `${NOT_NEGATED}\\b(?:${alt(ENCODINGS)})(?:-?encod(?:e|ed|ing))?\\b${CLAUSE}{0,30}?${NOT_STAND_IN}\\b${SECRET}\\b${CLAUSE}{0,60}?\\b(?:into|in|inside|to)\\s+${ART}(?:[\\w-]+\\s+){0,2}?(?:fixtures?|seeds?|seed\\s+script|tests?|source|code|config|repo|constants?|scripts?|files?|readme|docs?|[\\w./-]+\\.\\w+)\\b` +
      `|${NOT_STAND_IN}\\b${SECRET}\\b${CLAUSE}{0,20}?\\b(?:as|in|into)\\s+(?:${alt(ENCODINGS)})\\b${CLAUSE}{0,40}?\\b(?:into|in|inside|to)\\s+${ART}(?:[\\w-]+\\s+){0,2}?(?:fixtures?|seeds?|tests?|source|code|config|repo|constants?|scripts?|files?|[\\w./-]+\\.\\w+)\\b`,
    gate: ['base', 'b64', 'hex', 'encod', 'obfuscat', 'rot', 'scrambl', 'xor', 'gzip', 'split up', 'reverse'],
    questions: false,
  },
  {
    id: 'secrets.screen_shared',
    category: 'secrets',
    reason: 'A screenshot of a screen that shows secrets, shared, is the secrets shared: never allowed.',
    source: `${NOT_NEGATED}\\b(?:${alt(CAPTURE_VERBS)})\\b${CLAUSE}{0,30}?\\b(?:${alt(SECRET_SCREENS)})\\s+(?:page|screen|tab|settings|view|panel|section|dialog|list|window)\\b${CLAUSE}{0,60}?\\b(?:${alt(SHARE_TARGETS)})\\b`,
    gate: ['screen', 'snap', 'capture', 'photo', 'picture', 'record'],
    questions: false,
  },
  {
    id: 'secrets.tool_with_secret',
    category: 'secrets',
    reason: 'Calling a tool with a secret read out of a secrets file hands the secret to the tool call and its transcript: never allowed.',
    source: `${NOT_NEGATED}\\b(?:call|invoke|hit|run|use|fire)\\b[^.;!?]{0,40}?\\b(?:tool|curl|http|https|fetch|request|endpoint|api|webhook|url)\\b[^.;!?]{0,20}?\\b(?:with|using|passing)\\s+${ART}(?:authori[sz]ation|auth|bearer|api[- ]?key|x-api-key|cookie|secret)\\s+(?:header|token|value|key)s?\\s+(?:from|out\\s+of|copied\\s+from|read\\s+from|taken\\s+from)\\s+${ART}(?:${alt(SECRET_SOURCES)})(?![\\w-])`,
    gate: ['authori', 'auth', 'bearer', 'api', 'cookie', 'secret'],
    also: ['.env', 'env file', 'vault', 'keychain', 'secrets', 'credentials', '.npmrc', '.netrc', 'manager', '1password'],
    questions: false,
  },
]

/** A match that ends on a stand-in secret ("... with dummy credentials"). */
const ENDS_ON_STAND_IN = new RegExp(String.raw`\b(?:${STAND_IN}|test)\s+(?:[\w-]+\s+)?(?:credentials?|creds|tokens?|keys?|passwords?|secrets?|api\s+keys?)$`)

/** A live value named in the sentence: the stand-in reading does not hold. */
const LIVE_NAMED = new RegExp(`\\b(?:${alt(LIVE_WORDS)})\\s+(?:[\\w-]+\\s+)?(?:${alt(SECRET_WORDS)})\\b`)

/** A preventing verb and its object right before an exposing gerund ("stop the release script from" + "printing ..."). */
const PREVENTED_LEAD = /\b(?:stop|prevent|keep|block|bar|forbid)(?:s|ped|ed|ing)?\s+(?:[\w-]+\s+){0,4}?from\s+$/

/** Why a secrets hit is no exposure, read with the words before it, or undefined. */
export function toolTalkSafeguard(hit: ForbiddenHit, lower: string): string | undefined {
  if (hit.category !== 'secrets') return undefined
  const at = lower.indexOf(hit.match)
  if (at === -1) return undefined
  const lead = lower.slice(0, at).split(/[.;!?:]\s/).pop() ?? ''
  const sentence = `${lead}${hit.match}`
  if (PREVENTED_LEAD.test(lead) && /^[\w-]+ing\b/.test(hit.match)) return 'keeps the secret out (the exposure is prevented)'
  if (ENDS_ON_STAND_IN.test(hit.match) && !LIVE_NAMED.test(sentence)) return 'names a stand-in secret, not a live one'
  return undefined
}

/** A stand-in value named: a placeholder, a dummy or fake secret. */
export const STAND_IN_NAMED = new RegExp(String.raw`\b(?<!\bfor\s)(?:${STAND_IN})\b(?:\s+(?:[\w-]+\s+)?(?:values?|tokens?|keys?|passwords?|credentials?|creds|secrets?))?`)

/** A live value named anywhere: the text cannot be read as stand-ins only. */
const LIVE_ANYWHERE = new RegExp(`\\b(?:${alt(LIVE_WORDS)})\\b`)

/**
 * True when a change names secrets only as stand-ins ("a .env.example snippet with placeholder values", "a login test with
 * a fake password and a dummy token") and no live value: the fail-safe that asks about a secret next to a place
 * (decide.ts) has nothing to ask.
 */
export function standInOnly(text: string): boolean {
  return STAND_IN_NAMED.test(text) && !LIVE_ANYWHERE.test(text)
}
