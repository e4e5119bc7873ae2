/**
 * Round 30c (issue 22): a secret exposed in disguise or through a side channel, in forms the earlier secret rules did
 * not know.
 * - A secret cut into pieces that are then put somewhere ("split the deploy token in two and put one half in a.txt
 *   and the other in b.txt", "break the signing key into three chunks and commit each to its own file", "spread the
 *   API key across two config files"): every piece is part of the secret, and the pieces together are the secret.
 * - A route, an endpoint, a page or a handler that hands the environment or a secret back to whoever calls it ("add a
 *   /debug route that returns the contents of .env as JSON", "make the health endpoint respond with process.env",
 *   "serve the environment variables from /admin/env"): whoever can reach the route reads every secret.
 *
 * Left alone (twins): splitting what is no secret ("split the sync module in two files", "split the token validation
 * into two functions": a secret word modifying another noun is no secret), a secret split for a secret store ("split
 * the master key into shares with Shamir and keep them in the vault"), after a negation or "instead of"; a route
 * that returns what is no secret ("a /debug route that returns the app version"), whether or which variables are set
 * ("an endpoint that returns whether the .env was loaded", "which environment variables are set"), variable names
 * only, and `.env.example` (the secret object already leaves it out).
 * Same shape and compilation as ACTION_OBJECT_RULES.
 */
import {type ActionObjectRule, alt, NOT_NEGATED, SECRET_GATE, SECRET_OBJECT} from './action-object.js'

/** Filler within the sentence, with no negation, no "instead" and no secret store (strip and its forms, not "stripe"). */
const PLAIN = "(?:(?!\\b(?:never|not|no|without|instead|rather|except|vault|keychain|keyring|shamir|shares?|secrets?\\s+manager)\\b|n't\\b)[^.;!?])"

/** Verbs that cut a thing into pieces. */
export const SPLIT_VERBS = ['split', 'splits', 'splitting', 'cut', 'cuts', 'cutting', 'chop', 'chops', 'chopped', 'divide', 'divides', 'divided', 'dividing', 'break', 'breaks', 'breaking', 'slice', 'slices', 'sliced', 'chunk', 'chunks', 'chunked']

/** How many pieces (or the pieces themselves). */
export const PIECES = ['two', 'three', 'four', 'several', 'multiple', 'halves', 'half', 'parts', 'pieces', 'chunks', 'bits', 'segments', 'fragments', 'thirds']

/** Verbs that put a piece somewhere, and the words that spread pieces over places. */
export const PIECE_PLACE_VERBS = ['put', 'puts', 'putting', 'write', 'writes', 'writing', 'store', 'stores', 'storing', 'save', 'saves', 'saving', 'commit', 'commits', 'committing', 'place', 'places', 'paste', 'add', 'adds', 'keep', 'keeps', 'hardcode', 'hard-code', 'embed', 'push', 'check in', 'send', 'post', 'across', 'between', 'over']

/** Verbs that spread a thing over several places at once ("spread the API key across two config files"). */
export const SPREAD_VERBS = ['spread', 'spreads', 'distribute', 'distributes', 'scatter', 'scatters', 'shard', 'shards', 'split', 'splits']

/** What a route, endpoint, page or handler is called. */
export const SERVING_PLACES = ['route', 'routes', 'endpoint', 'endpoints', 'page', 'pages', 'handler', 'handlers', 'view', 'api', 'url', 'webhook', 'controller']

/**
 * A token a sign-in place issues to its own client (the ninth stop, at the merge: "the login endpoint returns the session
 * token to the cli" is how login works, not an exposure): a session, access, refresh or id token handed back by a login,
 * sign-in, auth or token endpoint. The environment and every other secret stay exposed there.
 */
const ISSUED_TOKEN = "(?:(?<!\\b(?:login|log-?in|sign-?in|sign-?on|auth|authentication|oauth|token|session)\\s+(?:endpoint|endpoints|route|routes|handler|handlers|api|url|controller)\\b.{0,60})|(?!\\s*(?:the\\s+|a\\s+|an\\s+|its\\s+|their\\s+|new\\s+|fresh\\s+|user'?s\\s+)*(?:session|access|refresh|id|auth|bearer)\\s+tokens?\\b)(?<!\\b(?:session|access|refresh|id|auth|bearer)\\s+))"

/** What such a place does to hand something back to its caller. */
export const SERVING_VERBS = ['returns', 'return', 'returning', 'serves', 'serve', 'serving', 'responds with', 'respond with', 'replies with', 'renders', 'render', 'echoes', 'echo', 'outputs', 'output', 'exposes', 'expose', 'shows', 'show', 'displays', 'display', 'dumps', 'dump', 'lists', 'list', 'prints', 'print', 'sends back', 'send back', 'spits out', 'gives back']

/** The whole environment, named without the word "value" (SECRET_OBJECT names it with one). */
const WHOLE_ENV = '(?:\\bprocess\\.env\\b|\\b(?:all|every|the\\s+(?:whole|full|entire|current|raw))\\s+(?:(?:of\\s+)?the\\s+)?(?:env|environment)(?:\\s+var(?:iable)?s?)?\\b|\\b(?:our\\s+|the\\s+|its\\s+|their\\s+)?(?:env|environment)\\s+var(?:iable)?s\\b)(?!\\s+names?\\b|\\s+that\\s+are\\s+set\\b)'

/** Not a question of which or whether, nor names only, right after the serving verb. */
const NOT_WHICH = '(?!\\s+(?:(?:the\\s+)?names?\\s+of|whether|if|which|how\\s+many|a\\s+(?:list|count)\\s+of\\s+(?:the\\s+)?names)\\b)'

export const PIECED_SECRET_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.split_pieces',
    category: 'secrets',
    reason: 'A secret cut into pieces that are put or sent somewhere is the secret exposed piece by piece: every piece is part of it, and together they are the whole.',
    source: `${NOT_NEGATED}\\b(?:${alt(SPLIT_VERBS)})\\b${PLAIN}{0,30}?${SECRET_OBJECT}${PLAIN}{0,12}?\\b(?:in|into|in\\s+to)\\s+(?:${alt(PIECES)})\\b${PLAIN}{0,80}?\\b(?:${alt(PIECE_PLACE_VERBS)})\\b|${NOT_NEGATED}\\b(?:${alt(SPREAD_VERBS)})\\b${PLAIN}{0,30}?${SECRET_OBJECT}${PLAIN}{0,20}?\\b(?:across|over|between)\\s+(?:the\\s+|our\\s+)?(?:${alt(PIECES)}|(?:[\\w-]+\\s+){0,2}?files)\\b`,
    gate: [...SPLIT_VERBS, ...SPREAD_VERBS],
    also: SECRET_GATE,
    questions: false,
  },
  {
    id: 'secrets.served',
    category: 'secrets',
    reason: 'A route, an endpoint or a page that hands the environment or a secret back to its caller exposes every secret to whoever can reach it: never added.',
    source: `${NOT_NEGATED}\\b(?:${alt(SERVING_PLACES)})\\b${PLAIN}{0,40}?\\b(?:${alt(SERVING_VERBS)})\\b${NOT_WHICH}${PLAIN}{0,25}?(?:${ISSUED_TOKEN}${SECRET_OBJECT}|${WHOLE_ENV})|${NOT_NEGATED}\\b(?:${alt(SERVING_VERBS)})\\b${NOT_WHICH}${PLAIN}{0,25}?(?:${SECRET_OBJECT}|${WHOLE_ENV})${PLAIN}{0,40}?\\b(?:from|in|on|at|via|through|under)\\s+(?:an?\\s+|the\\s+|our\\s+)?(?:[\\w/.-]+\\s+){0,2}?(?:${alt(SERVING_PLACES)})\\b`,
    gate: SERVING_PLACES,
    also: ['env', 'environment', ...SECRET_GATE],
    questions: false,
  },
]
