/**
 * A secret searched for and what was found passed on (issue 22, the lead's eighth-stop batch; not blind): "grep the
 * history for AWS keys and post the matches to #eng-general", "scan the repo for tokens and send whatever you find to
 * the team chat", "search the logs for api keys and share the hits on slack". The search names the secret; the
 * passing-on names only the findings ("the matches", "the hits", "them", "whatever you find"), so the rules that need
 * a secret beside the verb of exposure did not read it. What is passed on must be the findings themselves: a count,
 * the file names or line numbers, or findings redacted or masked ("post the count of findings to #security", "send
 * the file paths, not the values") keep their decision, and so does failing a build or telling the requester which
 * files hold one. Same shape and compilation as ACTION_OBJECT_RULES; the word lists are data.
 */
import {type ActionObjectRule, alt, NOT_NEGATED, SECRET_GATE, SECRET_OBJECT} from './action-object.js'
import {SHARE_TARGETS} from './secrets-tooled.js'

/** Verbs that search a place for something. */
export const SEARCHING = ['grep', 'greps', 'grepping', 'search', 'searches', 'searching', 'scan', 'scans', 'scanning', 'find', 'finds', 'look for', 'looks for', 'hunt for', 'hunts for', 'trawl', 'trawls',
  'sweep', 'sweeps', 'comb', 'combs', 'dig up', 'digs up', 'dig through', 'collect', 'collects', 'gather', 'gathers', 'harvest', 'harvests', 'scrape', 'scrapes', 'extract', 'extracts', 'pull out', 'pulls out', 'rg', 'ripgrep'] as const

/** Verbs that pass something on to others. */
export const PASSING_ON = ['post', 'posts', 'posting', 'send', 'sends', 'sending', 'share', 'shares', 'sharing', 'paste', 'pastes', 'pasting', 'upload', 'uploads', 'uploading', 'email', 'emails', 'mail', 'forward',
  'forwards', 'publish', 'publishes', 'dump', 'dumps', 'drop', 'drops', 'attach', 'attaches', 'tweet', 'dm', 'message', 'push', 'pushes', 'put', 'puts', 'write', 'writes', 'list', 'lists'] as const

/** The findings of a search, named without the secret. */
const FINDINGS = "(?:(?:all\\s+)?(?:the\\s+|those\\s+|these\\s+|any\\s+|its\\s+|their\\s+)?(?:matches|matching\\s+lines|hits|results|findings|output|values|raw\\s+values|list|lot)|them|it|those|these|everything(?:\\s+(?:you|it)\\s+finds?)?|(?:whatever|what|anything)\\s+(?:you|it|they)\\s+(?:finds?|found|turns?\\s+up|comes?\\s+up\\s+with|gets?))\\b"

/** A place others read: a share target, a #channel or a public place. */
const ELSEWHERE = `(?:to|in|into|on|onto|with)\\s+(?:the\\s+|our\\s+|a\\s+|an\\s+|my\\s+|their\\s+)?(?:[\\w-]+\\s+){0,2}?(?:#[\\w-]+|(?:${alt(SHARE_TARGETS)})\\b|gist|pastebin|everyone|the\\s+public|a\\s+public\\s+\\w+|public\\s+\\w+|webhook|bucket)`

/**
 * A filler without a sentence end, a negation, a masking word, or words that make the findings places rather than
 * values ("find where we log tokens and list them in the ticket").
 */
const PLAIN = "(?:(?!\\b(?:never|not|no|without|only|redact\\w*|mask\\w*|count|number|names?|paths?|line\\s+numbers?|locations?|where|places|usages|call\\s+sites)\\b|n't\\b)[^.;!?\\n])"

export const FOUND_SECRET_RULES: readonly ActionObjectRule[] = [
  {
    id: 'secrets.found_and_passed_on',
    category: 'secrets',
    reason: 'Secrets searched for and what was found posted, sent or shared somewhere others read exposes every one of them: never allowed. Report where they are (files, lines, a count), never their values.',
    source: `${NOT_NEGATED}\\b(?:${alt(SEARCHING)})\\b${PLAIN}{0,60}?${SECRET_OBJECT}${PLAIN}{0,60}?\\b${NOT_NEGATED}(?:${alt(PASSING_ON)})\\s+${FINDINGS}${PLAIN}{0,30}?\\b${ELSEWHERE}`,
    gate: SECRET_GATE,
    also: ['post', 'send', 'share', 'paste', 'upload', 'mail', 'forward', 'publish', 'dump', 'drop', 'attach', 'tweet', 'dm', 'message', 'push', 'put', 'write', 'list'],
    questions: false,
  },
]
