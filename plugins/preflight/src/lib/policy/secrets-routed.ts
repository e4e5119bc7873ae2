/**
 * Round 19a's secret rules (issue 22): a secret routed into a place the program or its build sends on, in forms the
 * earlier rules did not know. Same shape and compilation as ACTION_OBJECT_RULES.
 *
 * - Places that travel: a URL or its query, an analytics event or a crash reporter's breadcrumb, a log file named by
 *   its path ("sync.log"), a built artefact or an image layer. The places are data (ROUTED_PLACES), read next to the
 *   older SHARED_PLACE.
 * - Attached "as" a part of the place: "add the session token as a property of the login analytics event", "pass the
 *   key as a query parameter to the export URL".
 * - A secrets file named by its file name ("paste the contents of secrets.yml into ticket #42"): the dot of the name
 *   ends no clause.
 *
 * Abbreviations whose full stop ends no sentence ("dump all settings incl. api keys") and a URL query's question mark
 * ("?token=") are spelled out before the rules run (spelledOut), so a rule's clause reaches past them. Place nouns are
 * corrected when misspelt (PLACE_TYPO_TARGETS).
 */
import {type ActionObjectRule, alt, EXPOSE, NOT_NEGATED, PLACE, SAFE_STORE, SECRET_GATE, SECRET_OBJECT, SHARED_PLACE} from './action-object.js'
import {STAND_IN} from './stand-ins.js'

/** Places that carry what is put in them on to others, beyond SHARED_PLACE. */
export const ROUTED_PLACES = ['url', 'urls', 'uri', 'uris', 'href', 'endpoint url', 'request url', 'request line', 'query', 'querystring', 'search params',
  'analytics events', 'analytics event', 'tracking events', 'tracking event', 'telemetry events', 'telemetry event', 'event properties', 'breadcrumbs', 'breadcrumb',
  'crash reporter', 'crash dumps', 'crash dump', 'sentry', 'bugsnag', 'crashlytics', 'mixpanel', 'amplitude', 'google analytics',
  'artefact', 'artefacts', 'build artefact', 'build output', 'dist folder', 'dist bundle', 'image layer', 'image layers', 'container image', 'container images', 'docker images',
  'log file', 'log files', 'log line', 'log lines', 'info log', 'debug log', 'stdout', 'cdn', 'public folder', 'pastebin', 'paste site', 'hastebin', 'gist']

/** Verbs that route a value on with a request, beyond PLACE and EXPOSE ("pass the key as a query parameter"). */
export const ROUTING_VERBS = ['pass', 'passes', 'passing', 'tack', 'tack on', 'stuff', 'encode', 'encodes', 'carry', 'forward']

/** A secrets file by its file name: "secrets.yml", "credentials.json", ".env.production". */
export const SECRET_FILE = '(?:\\b(?:secrets?|credentials?|creds|passwords?|tokens?|keys)\\.(?:ya?ml|json|toml|ini|txt|env|properties|cfg|conf|xml)\\b|(?<![\\w.])\\.env(?:\\.(?:local|production|prod|staging|live))?\\b(?!\\.(?:example|sample|template|dist)))'

/** A log file named by its path ("sync.log", "logs/app.log"). */
const LOG_PATH = '[\\w./-]+\\.log\\b'

/** Filler with no negation, no exclusion and no subordinate clause. */
const PLAIN = "(?:(?!\\b(?:never|not|no|without|when|whenever|if|unless|while|because|instead|rather|except|excluding|apart|other\\s+than|how|why|what|whether|redact\\w*|mask\\w*|hid(?:e|ing)|omit\\w*|strip\\w*)\\b|n't\\b)[^.;!?])"

/** Words before the place's noun that neither name a safe store nor leave the place ("instead of the query string"). */
const PLACE_WORDS = `(?:(?!${SAFE_STORE})(?!\\b(?:instead|rather|not|never|except|than)\\b)[\\w'’-]+\\s+){0,3}?`

/** Filler before the secret that names no topic about it ("a section on choosing a strong password", "steps for rotating the key"). */
const TOPIC_FREE = `(?:(?!\\b(?:on|about|how|what|why|where|which|whether|explaining|describing|instructions?|steps?|tips?|advice|rotat\\w*|reset\\w*|chang\\w*|new|own|forgot\\w*|choos\\w*|pick\\w*|strong|weak|good|secure|safe|safely|creat\\w*|generat\\w*|manag\\w*|stor\\w*|handl\\w*|protect\\w*|${STAND_IN})\\b)${PLAIN.slice(3, -1)})`

/** Where the secret goes: into the place, or attached as a part of it ("as a property of"). */
const INTO = '\\b(?:in|into|to|onto|on|inside|within|under|as\\s+(?:an?\\s+|the\\s+)?(?:[\\w-]+\\s+){0,2}?(?:of|on|in|to|for))\\s+(?:the\\s+|our\\s+|a\\s+|an\\s+|my\\s+|its\\s+|their\\s+|every\\s+|each\\s+)?'

export const ROUTED_SECRET_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.routed',
    category: 'secrets',
    reason: 'A URL, an analytics event, a crash report, a log file or a built artefact carries what is put in it on to others: secrets are never put there.',
    source: `${NOT_NEGATED}\\b(?:${PLACE}|${EXPOSE}|${alt(ROUTING_VERBS)})\\b${TOPIC_FREE}{0,50}?(?:${SECRET_OBJECT}|${SECRET_FILE})${PLAIN}{0,50}?${INTO}${PLACE_WORDS}(?:\\b(?:${alt(ROUTED_PLACES)})\\b(?!['’]s\\b)|${LOG_PATH}|${SHARED_PLACE})`,
    gate: SECRET_GATE,
    questions: false,
  },
]

/** Nouns of places a secret goes, corrected when misspelt by one edit ("the error mesage"; analyse/typos.ts). */
export const PLACE_TYPO_TARGETS = ['message', 'messages', 'analytics', 'breadcrumb', 'breadcrumbs', 'artefact', 'artifact', 'bucket', 'fixture', 'fixtures', 'screenshot', 'pastebin', 'telemetry']

/** Abbreviations and marks whose full stop or question mark ends no clause, and what they stand for. */
export const ABBREVIATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  // a URL's query ("append ?token=... to the sync url") asks nothing
  [/\?(?=[\w.-]+=)/g, ' '],
  [/\bincl\.(?=\s)/g, 'including'],
  [/\be\.g\.(?=[\s,])/g, 'for example'],
  [/\bi\.e\.(?=[\s,])/g, 'that is'],
  [/\bw\/o\b/g, 'without'],
  [/\bw\/(?=\s)/g, 'with'],
  [/\bapprox\.(?=\s)/g, 'approximately'],
  [/\bvs\.(?=\s)/g, 'versus'],
]

/** The request with ABBREVIATIONS spelled out. */
export function spelledOut(lower: string): string {
  let out = lower
  for (const [re, word] of ABBREVIATIONS) out = out.replace(re, word)
  return out
}
