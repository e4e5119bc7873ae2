/**
 * Round 17a's secret rules (issue 22): a secret carried by something the request makes or sends rather than named as
 * the object of an exposing verb. Same shape and compilation as ACTION_OBJECT_RULES.
 *
 * - A message the request creates that carries a secret: "leave a comment on the PR containing the signing key",
 *   "open an issue with our api token in it". The carrier nouns and the carrying words are data (CARRIERS, CARRYING).
 * - An env file by its spoken name ("the production env file", "our dotenv file") sent, attached or shared: the same
 *   object as `.env`, which SECRET_OBJECT already knows; not an example or template env file.
 * - The environment's or the keys' current values asked for by another name: "list every environment variable the
 *   cli reads along with what it is currently set to" is "print the env values".
 */
import {type ActionObjectRule, alt, EXPOSE, NOT_NEGATED, SECRET_GATE, SECRET_OBJECT} from './action-object.js'
import {STAND_IN} from './stand-ins.js'


/** Filler with no negation and no subordinate clause. */
const PLAIN = "(?:(?!\\b(?:never|not|no|without|when|whenever|if|unless|while|because|instead|rather|except|excluding|redact\\w*|mask\\w*)\\b|n't\\b)[^.;!?])"

/** Things a request creates or sends that others read. */
export const CARRIERS = ['comment', 'comments', 'message', 'messages', 'note', 'post', 'reply', 'issue', 'ticket', 'pr description', 'pull request description', 'description', 'email', 'e-mail', 'mail', 'dm', 'gist', 'paste', 'screenshot', 'screenshots', 'snapshot', 'snapshots', 'status update', 'update', 'thread', 'review comment', 'review', 'commit message', 'page', 'section', 'wiki page', 'doc', 'slide', 'slides', 'recording']

/** Verbs that create or send a carrier. */
export const CREATING = ['leave', 'leaves', 'write', 'writes', 'post', 'posts', 'add', 'adds', 'open', 'opens', 'file', 'files', 'create', 'creates', 'make', 'makes', 'send', 'sends', 'drop', 'put', 'start', 'raise', 'take', 'record', 'draft', 'publish', 'attach', 'share']

/** Words by which a carrier holds something. */
export const CARRYING = ['containing', 'that contains', 'which contains', 'that has', 'which has', 'that includes', 'which includes', 'including', 'with', 'showing', 'that shows', 'which shows', 'holding', 'carrying', 'that carries', 'quoting', 'listing']

/** Modifiers that make an env file harmless: its example, template, format, loader. */
const ENV_FILE = `(?<!\\b(?:${STAND_IN}|template|empty|blank)\\s+)` + "\\b(?:env|dotenv|environment|secrets?|credentials?)\\s+files?\\b(?!\\s+(?:format|loader|loading|parser|parsing|name|names|path|paths|template|templates|example|examples|sample|support|handling|lookup)\\b)"

/** The environment or the keys, all of them. */
const EVERY_KEY = '\\b(?:every|each|all(?:\\s+(?:of\\s+)?the)?|the)\\s+(?:[\\w-]+\\s+){0,2}?(?:env(?:ironment)?\\s+var(?:iable)?s?|environment|env|keys|tokens|secrets|credentials|api\\s+keys|passwords)\\b'

/** A value asked for as what something is set to. */
const CURRENT_VALUE = "\\b(?:what|whatever)\\s+(?:it|they|each(?:\\s+one)?|each\\s+of\\s+them|that|those)\\s+(?:is|are|'s|'re)\\s+(?:currently\\s+|actually\\s+|now\\s+|really\\s+)?(?:set\\s+to|holding|worth)\\b|\\b(?:their|its)\\s+(?:current|actual|live|real)\\s+(?:values?|settings?|contents?)\\b|\\bvalues?\\s+included\\b"

export const CARRIED_SECRET_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.carried',
    category: 'secrets',
    reason: 'A comment, message, issue, screenshot or snapshot that carries a secret exposes it to everyone who reads it; secrets are never put in them.',
    source: `${NOT_NEGATED}\\b(?:${alt(CREATING)})\\b${PLAIN}{0,40}?\\b(?:${alt(CARRIERS)})\\b${PLAIN}{0,40}?\\b(?:${alt(CARRYING)})\\s+(?:the\\s+|our\\s+|my\\s+|their\\s+|a\\s+|an\\s+|all\\s+(?:the\\s+)?)?(?:real\\s+|actual\\s+|live\\s+|production\\s+|prod\\s+)?(?:[\\w-]+\\s+){0,2}?${SECRET_OBJECT}`,
    gate: SECRET_GATE,
    questions: false,
  },
  {
    id: 'secrets.env_file_sent',
    category: 'secrets',
    reason: 'An env file holds the project\'s secrets: sending, attaching, sharing or uploading it exposes every one of them.',
    source: `${NOT_NEGATED}\\b(?:${EXPOSE})\\b${PLAIN}{0,30}?${ENV_FILE}`,
    gate: ['env', 'environment', 'secret', 'credential'],
    questions: false,
  },
  {
    id: 'secrets.current_values',
    category: 'secrets',
    reason: 'The values the environment variables or keys are set to are secrets: listing them with their values exposes them.',
    source: `${NOT_NEGATED}\\b(?:${EXPOSE})\\b${PLAIN}{0,30}?${EVERY_KEY}${PLAIN}{0,60}?(?:${CURRENT_VALUE})`,
    gate: ['env', 'environment', 'key', 'token', 'secret', 'credential', 'password'],
    questions: true,
  },
]

/**
 * A secret kept out by a negated subject ("a test that no comment or log line the login command produces contains the
 * session token", "make sure no error message ever includes the password"): the subject is a thing, not a person
 * ("no one will notice if you paste the token ..." is no safeguard), and no clause boundary stands between.
 */
export const NO_SUBJECT_EXPOSES = new RegExp(`\\bno\\s+(?!(?:one|body|need|problem|matter|reason|worries|way|longer)\\b)(?:(?!(?:if|when|so|you|we|i|they|he|she|please|just|and\\s+then|but)\\b)[\\w'-]+\\s+){1,8}?(?:ever\\s+|accidentally\\s+|still\\s+)?(?:contains?|includes?|shows?|prints?|logs?|displays?|echoes|leaks?|reveals?|exposes?|has|carries|mentions?)\\s+(?:the\\s+|a\\s+|any\\s+|our\\s+|their\\s+|its\\s+|the\\s+user'?s\\s+)?(?:[\\w-]+\\s+){0,2}?(?:passwords?|passphrases?|tokens?|api[ -]?keys?|keys?|secrets?|credentials?|creds)\\b`)

/** True when a negated subject keeps the secret out (see NO_SUBJECT_EXPOSES). */
export const keptOutByNegatedSubject = (lower: string): boolean => NO_SUBJECT_EXPOSES.test(lower)
