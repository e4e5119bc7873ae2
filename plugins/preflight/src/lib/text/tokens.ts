/**
 * Tokenising for scope matching: words split on punctuation and camelCase, lower-cased, stop words out,
 * a few spelling variants and abbreviations folded together, then Porter-stemmed.
 */
import {stem} from './stem.js'

/** English function words plus requirement boilerplate ("shall", "system") that says nothing about scope. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves shall must may might also etc via per able need needs want wants ' +
    'please let lets us get gets got make makes use uses using used one two new way ways thing things stuff something ' +
    'system systems shall able provide provides support supports allow allows ensure ensures given within without ' +
    'like just really actually currently whether every already still yet either neither okay ok hey hi thanks thank ' +
    // prepositions of place (round 15c: "among the search hits", "inside markdown tables" name no thing)
    'among amongst around inside onto upon toward towards ' +
    // conjunctions and prepositions of time and concession (round 19b: "the ones that changed since last sync" names no thing)
    'since unless whereas though although despite except till whilst otherwise meanwhile ones ' +
    // what is left of a contraction once the apostrophe splits it ("we're", "it'll", "they've")
    're ll ve ' +
    // round 30b: a shell command's short verb names no feature ("notes tag rm <note> <tag>" is about tags)
    'rm'
  ).split(' '),
)

/** Spelling variants and abbreviations folded before stemming (both sides of the match use them). */
const SYNONYMS: Record<string, string> = {
  signin: 'login', logon: 'login', log_in: 'login', sign_in: 'login',
  signup: 'register', registration: 'register',
  authentication: 'auth', authenticate: 'auth', authn: 'auth', authorisation: 'authorization', authz: 'authorization',
  db: 'database', dbs: 'database', repo: 'repository', repos: 'repository',
  cfg: 'config', configuration: 'config', configurations: 'config', conf: 'config', settings: 'config', setting: 'config',
  docs: 'documentation', doc: 'documentation',
  colour: 'color', behaviour: 'behavior', optimise: 'optimize', optimisation: 'optimization', initialise: 'initialize',
  analyse: 'analyze', serialise: 'serialize', normalise: 'normalize', organisation: 'organization', licence: 'license',
  email: 'mail', 'e-mail': 'mail', emails: 'mail',
  dir: 'directory', dirs: 'directory', folder: 'directory', folders: 'directory',
  msg: 'message', msgs: 'message', err: 'error', errs: 'error',
  perf: 'performance', param: 'parameter', params: 'parameter', arg: 'argument', args: 'argument',
  env: 'environment', deps: 'dependency', dep: 'dependency', pwd: 'password', passwd: 'password',
  ui: 'interface', gui: 'interface',
}

const CAMEL = /([a-z0-9])([A-Z])/g
const NON_WORD = /[^a-z0-9]+/
const LETTER = /[a-z]/

/** Lower-case words of `text`, camelCase split, without stop words or tokens shorter than 2 characters. */
export function words(text: string): string[] {
  const out: string[] = []
  forEachWord(text, (w) => out.push(w))
  return out
}

/** Calls `fn` with each word of `text` (as `words` returns them) without building an array. */
export function forEachWord(text: string, fn: (word: string) => void): void {
  const lower = (/[A-Z]/.test(text) ? text.replace(CAMEL, '$1 $2') : text).toLowerCase()
  for (const w of lower.split(NON_WORD)) {
    if (w.length < 2 || STOP_WORDS.has(w) || !LETTER.test(w)) continue
    fn(w)
  }
}

const termMemo = new Map<string, string>()

/** The scope term of one word: synonym-folded and stemmed. */
export function term(word: string): string {
  let t = termMemo.get(word)
  if (t === undefined) {
    t = stem(SYNONYMS[word] ?? word)
    // a spelling variant can show only once the ending is gone ("coloured" -> "colour" -> "color")
    t = SYNONYMS[t] ?? t
    if (termMemo.size > 200_000) termMemo.clear()
    termMemo.set(word, t)
  }
  return t
}

/** Scope terms of `text`, in order (duplicates kept). */
export function terms(text: string): string[] {
  const out: string[] = []
  forEachWord(text, (w) => out.push(term(w)))
  return out
}

/** Scope terms of `text`, each once. */
export function uniqueTerms(text: string): string[] {
  return [...new Set(terms(text))]
}

/** Whitespace-collapsed, lower-cased, trimmed form of a request (used for the work item id). */
export function normaliseRequest(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replaceAll(/\s+/g, ' ')
    .trim()
    .replace(/[\s.!?;,]+$/, '')
}

/**
 * Common adjectives that take -er and -est ("old" -> "older", "oldest"): their graded forms are ordinary words,
 * never typos of a lexicon word ("older" is not "order", "later" not "alter").
 */
const GRADABLE: ReadonlySet<string> = new Set(
  (
    'old new young big small large long short fast slow quick late early high low wide narrow deep shallow hard easy ' +
    'safe clean fresh strict loose tight near close far cheap light heavy dark bright simple plain smart dumb weak strong ' +
    'busy tidy ugly happy lazy noisy quiet loud rich poor thick thin soft warm cool cold hot dry wet full calm clear great ' +
    'fine nice large small few rare true sure wise brave odd'
  ).split(/\s+/),
)

/** Whether `word` is a comparative or superlative of a common adjective ("older", "biggest", "easier", "safest"). */
export function isGradedAdjective(word: string): boolean {
  const m = /^([a-z]+?)(?:er|est)$/.exec(word)
  if (!m) return false
  const stem = m[1]
  return [stem, `${stem}e`, stem.replace(/(.)\1$/, '$1'), stem.replace(/i$/, 'y')].some((s) => GRADABLE.has(s))
}
