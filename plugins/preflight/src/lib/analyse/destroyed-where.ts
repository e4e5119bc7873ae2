/**
 * Round 19a (issue 22): destruction said by where the data is, by a tool that rewrites history, and its near miss, a
 * text shortened to a length. The words are data.
 *
 * - Where the data is removed from: "delete the originals from the server", "remove last year's notes from
 *   production". What comes after "from" is a place (verbs.ts reads only what comes before it as the object), and a
 *   place that keeps data (STORES) makes the removal destroy data; the server's code, config or module does not.
 * - History rewritten by a tool or by its reach: "git filter-repo", "filter-branch", "the BFG", "strip the docs
 *   folder out of every commit", "purge it from the git history".
 * - A text cut to a length ("truncate long titles to 60 characters", "trim the preview to two lines") changes how the
 *   program shows it; no data is destroyed.
 */

/** Places that keep data: removing something from one of them destroys it. */
export const STORES = ['server', 'servers', 'production', 'prod', 'live', 'database', 'databases', 'db', 'bucket', 'buckets', 's3', 'disk', 'disks', 'storage', 'cloud', 'remote', 'origin', 'backups', 'backup', 'archive', 'cluster', 'volume', 'volumes', 'staging']

/** Words after a store that make it code or configuration ("the server module", "the prod config"). */
const STORE_AS_CODE = ['code', 'config', 'configuration', 'module', 'modules', 'side', 'logic', 'handler', 'handlers', 'response', 'responses', 'class', 'function', 'file', 'files', 'script', 'scripts', 'route', 'routes', 'api', 'tests', 'test', 'docs', 'list', 'settings', 'url', 'flag', 'flags', 'build', 'branch', 'dockerfile', 'image', 'section', 'page', 'output', 'log', 'logs']

/** "from the server", "off production", "out of the bucket": the removal's place is a store of data. */
export const FROM_STORE = new RegExp(`\\b(?:from|off|out\\s+of)\\s+(?:the\\s+|our\\s+|their\\s+|its\\s+|that\\s+|this\\s+)?(?:[\\w'-]+\\s+){0,2}?(?:${STORES.join('|')})\\b(?!\\s+(?:${STORE_AS_CODE.join('|')})\\b)(?![\\w-])`)

/** Tools and reaches that rewrite the repository's history. */
export const HISTORY_PHRASES: readonly {id: string; pattern: RegExp; tool: string}[] = [
  {id: 'history_rewrite', pattern: /\bgit\s+filter-(?:repo|branch)\b|\bfilter-(?:repo|branch)\b|\bbfg(?:\s+repo-cleaner)?\b|\b(?:out\s+of|from)\s+(?:every|each|all(?:\s+(?:of\s+)?the)?|all\s+past|the\s+(?:whole|entire))\s+(?:past\s+|previous\s+|old\s+)?(?:commits?|history|revisions?)\b|\bfrom\s+(?:the\s+)?(?:git\s+|repo(?:sitory)?\s+|commit\s+)history\b/, tool: 'git_push'},
]

/** A text cut to a length: "to 60 characters", "to two lines", "at 80 chars". */
export const TO_LENGTH = /\b(?:to|at|after)\s+(?:\d+|one|two|three|four|five|six|ten|twenty|a\s+few|a\s+single)\s+(?:characters?|chars?|letters?|words?|lines?|rows?|columns?|pixels?|px|ems?|bytes?|digits?|sentences?)\b/

/** Verbs that cut a text short. */
export const CUTTING = new Set(['truncate', 'trim', 'shorten', 'clip', 'cut', 'elide', 'abbreviate'])

/** Whether a removal's object or place says it destroys data (the place after "from" keeps data). */
export const removedFromStore = (object: string): boolean => FROM_STORE.test(object)

/** Whether a cutting verb shortens a text to a length (a change of display, not destruction). */
export const cutToLength = (verb: string, object: string): boolean => CUTTING.has(verb) && TO_LENGTH.test(object)
