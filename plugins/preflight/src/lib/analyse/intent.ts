/**
 * Intent classification: a request is split into clauses; each clause is a question (read_only) or a
 * request whose leading verb, after polite openers, gives its intent; phrases such as `rm -rf`, `force-push`
 * or `drop table` make any non-question clause destructive. The request's intent is its most severe
 * clause, so "explain X, then delete Y" is destructive while "add a delete button" stays a change.
 */
import {
  CODE_CUES,
  DATA_OBJECT,
  DESTRUCTIVE_PHRASES,
  DOC_WORDS,
  INTENT_SEVERITY,
  QUESTION_OPENERS,
  RELEASE_PHRASES,
  REQ_ID,
  REQUEST_PREFIX,
  SOFT_DESTRUCTIVE,
  TEST_ID,
  TEST_WORDS,
  TOOL_CUES,
  VERB_INTENT,
  VERSION,
  type Intent,
} from './lexicon.js'

/** What an AEE phase rule looks at: read, or which kind of change. */
export type PhaseAction = 'read_only' | 'docs_change' | 'test_change' | 'code_change' | 'destructive' | 'release'

export interface ClauseAnalysis {
  text: string
  intent: Intent
  question: boolean
  /** the verb (or phrase id) that decided the clause's intent, when any */
  cue?: string
  /** how the cue was found: leading verb, a phrase anywhere, a verb later in the clause, or the default */
  via: 'question' | 'leading_verb' | 'phrase' | 'later_verb' | 'default'
  /** words following the decisive verb (the target), for instructions */
  object: string
}

export interface RequestAnalysis {
  /** the request as analysed (trimmed, at most MAX_REQUEST characters) */
  text: string
  /** lower-cased, whitespace-collapsed text the policy patterns run on */
  lower: string
  intent: Intent
  /** every clause is a question */
  question: boolean
  clauses: ClauseAnalysis[]
  /** the phase action this request is */
  action: PhaseAction
  /** tool names the request implies (permission profile check) */
  tools: string[]
  explicit_requirement_ids: string[]
  explicit_test_ids: string[]
  /** a version number mentioned (release requests) */
  version?: string
  /** the text scope matching runs on: ids removed, decisive verbs removed */
  scope_text: string
  truncated: boolean
}

/** Longer requests are analysed on their first MAX_REQUEST characters (and the narration says so). */
export const MAX_REQUEST = 4000

const CLAUSE_SPLIT = /(?:[!?;]+|\.(?=\s|$))\s*|\n+|\s*,?\s+(?:and then|then|and also|after that|afterwards|and finally)\s+/

function stripRequestPrefix(clause: string): {rest: string; prefixed: boolean} {
  let rest = clause
  let prefixed = false
  for (let guard = 0; guard < 8; guard++) {
    const m = REQUEST_PREFIX.exec(rest)
    if (!m || m[0].length === 0) break
    rest = rest.slice(m[0].length)
    prefixed = true
  }
  return {rest, prefixed}
}

/** Base form of an inflected verb when the lexicon knows it ("fixes", "fixing", "deleted" -> fix, delete). */
function lexiconVerb(word: string): string | undefined {
  if (VERB_INTENT.has(word)) return word
  const candidates = [
    word.replace(/ies$/, 'y'),
    word.replace(/es$/, ''),
    word.replace(/s$/, ''),
    word.replace(/ing$/, ''),
    word.replace(/ing$/, 'e'),
    word.replace(/(.)\1ing$/, '$1'),
    word.replace(/ed$/, ''),
    word.replace(/d$/, ''),
    word.replace(/(.)\1ed$/, '$1'),
  ]
  return candidates.find((c) => c !== word && VERB_INTENT.has(c))
}

/** Words after which a lexicon verb is a noun or an adjective ("the build", "is empty"). */
const NOT_A_VERB_AFTER = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', 'seems', 'looks', 'stays', 'remains', 'gets', 'not', 'the', 'a', 'an', 'this', 'that', 'these', 'those', 'my', 'our', 'your', 'its', 'their', 'his', 'her', 'some', 'any', 'no', 'each', 'every', 'of', 'for', 'new'])

function resolveVerb(verb: string, rawObject: string, clause: string): {intent: Intent; cue: string} {
  const kind = VERB_INTENT.get(verb)!
  const object = rawObject.replaceAll(REQ_ID, ' ').replaceAll(TEST_ID, ' ')
  switch (kind) {
    case 'run':
      return {intent: 'read_only', cue: verb}
    case 'remove':
      return {intent: DATA_OBJECT.test(object) ? 'destructive' : 'change', cue: verb}
    case 'bump':
      // "bump the version to 2.1.0", "bump to v2" are releases; "bump lodash to 4.17.21" is a dependency change
      return {intent: /\bversion\b/.test(object) || /^(?:to\s+)?v?\d+\.\d+/.test(object.trim()) ? 'release' : 'change', cue: verb}
    case 'tag':
      return {intent: VERSION.test(object) || /\brelease\b/.test(object) ? 'release' : 'change', cue: verb}
    case 'destructive':
      if (SOFT_DESTRUCTIVE.has(verb) && !DATA_OBJECT.test(object)) return {intent: 'change', cue: verb}
      return {intent: 'destructive', cue: verb}
    case 'change':
      if (SOFT_DESTRUCTIVE.has(verb) && DATA_OBJECT.test(object) && !/\bcache\b/.test(clause)) return {intent: 'destructive', cue: verb}
      return {intent: 'change', cue: verb}
    default:
      return {intent: kind, cue: verb}
  }
}

function analyseClause(raw: string, endsWithQuestionMark: boolean): ClauseAnalysis {
  const text = raw.trim()
  const {rest, prefixed} = stripRequestPrefix(text)
  const tokens = rest.split(/\s+/).filter(Boolean)
  const first = (tokens[0] ?? '').replaceAll(/^[^a-z0-9']+|[^a-z0-9']+$/g, '')
  const question = !prefixed && (QUESTION_OPENERS.has(first) || (endsWithQuestionMark && lexiconVerb(first) === undefined))
  if (question) return {text, intent: 'read_only', question: true, via: 'question', cue: first, object: tokens.slice(1).join(' ')}
  for (const phrase of DESTRUCTIVE_PHRASES) {
    const m = phrase.pattern.exec(rest)
    if (m) return {text, intent: 'destructive', question: false, via: 'phrase', cue: phrase.id, object: rest.slice(m.index + m[0].length).trim()}
  }
  const verb = lexiconVerb(first)
  if (verb) {
    const object = tokens.slice(1).join(' ')
    const resolved = resolveVerb(verb, object, rest)
    if (resolved.intent !== 'release' && RELEASE_PHRASES.some((p) => p.test(rest))) {
      if (INTENT_SEVERITY.release > INTENT_SEVERITY[resolved.intent]) return {text, intent: 'release', question: false, via: 'phrase', cue: 'release_phrase', object}
    }
    return {text, intent: resolved.intent, question: false, via: 'leading_verb', cue: resolved.cue, object}
  }
  if (RELEASE_PHRASES.some((p) => p.test(rest))) return {text, intent: 'release', question: false, via: 'phrase', cue: 'release_phrase', object: rest}
  // No leading verb ("the login page times out, please fix"): the first lexicon verb not used as a noun.
  for (let i = 1; i < tokens.length; i++) {
    const word = tokens[i].replaceAll(/^[^a-z0-9']+|[^a-z0-9']+$/g, '')
    const v = lexiconVerb(word)
    if (!v || NOT_A_VERB_AFTER.has(tokens[i - 1])) continue
    const object = tokens.slice(i + 1).join(' ')
    const resolved = resolveVerb(v, object, rest)
    return {text, intent: resolved.intent, question: false, via: 'later_verb', cue: resolved.cue, object}
  }
  return {text, intent: 'read_only', question: false, via: 'default', object: rest}
}

/** Canonical form of a governance id: upper case, except the optional trailing letter of a test id (TEST-012a). */
export function canonicalId(id: string): string {
  const upper = id.toUpperCase()
  return /\d[A-Z]$/.test(upper) ? upper.slice(0, -1) + upper.slice(-1).toLowerCase() : upper
}

function uniqueIds(matches: Iterable<RegExpMatchArray>): string[] {
  return [...new Set([...matches].map((m) => canonicalId(m[0])))]
}

function phaseAction(intent: Intent, text: string): PhaseAction {
  if (intent === 'read_only' || intent === 'destructive' || intent === 'release') return intent
  const code = CODE_CUES.test(text)
  if (TEST_WORDS.test(text) && !code) return 'test_change'
  if (DOC_WORDS.test(text) && !code) return 'docs_change'
  return 'code_change'
}

const BASE_TOOLS: Record<Intent, string[]> = {
  read_only: ['read_file'],
  change: ['write_file'],
  destructive: ['delete_file'],
  release: ['git_tag', 'git_push'],
}

function impliedTools(intent: Intent, clauses: ClauseAnalysis[], lower: string): string[] {
  const tools = new Set<string>(BASE_TOOLS[intent])
  if (intent !== 'read_only') tools.add('read_file')
  for (const c of clauses) {
    if (c.question) continue
    if (c.cue && VERB_INTENT.get(c.cue) === 'run') tools.add('run_shell')
    const phrase = c.via === 'phrase' ? DESTRUCTIVE_PHRASES.find((p) => p.id === c.cue) : undefined
    if (phrase) tools.add(phrase.tool)
  }
  if (intent !== 'read_only' || clauses.some((c) => !c.question)) {
    const statement = clauses.filter((c) => !c.question).map((c) => c.text).join(' ; ') || lower
    for (const cue of TOOL_CUES) if (cue.pattern.test(statement)) tools.add(cue.tool)
  }
  return [...tools].sort()
}

/** Classifies a request. Pure and deterministic. */
export function analyseRequest(request: string): RequestAnalysis {
  const trimmed = request.trim()
  const truncated = trimmed.length > MAX_REQUEST
  const text = truncated ? trimmed.slice(0, MAX_REQUEST) : trimmed
  const lower = text.toLowerCase().replaceAll(/\s+/g, ' ')
  const clauses: ClauseAnalysis[] = []
  let cursor = 0
  for (const m of lower.matchAll(new RegExp(CLAUSE_SPLIT, 'g'))) {
    const piece = lower.slice(cursor, m.index)
    if (piece.trim()) clauses.push(analyseClause(piece, m[0].includes('?')))
    cursor = m.index + m[0].length
  }
  const tail = lower.slice(cursor)
  if (tail.trim()) clauses.push(analyseClause(tail, false))
  let intent: Intent = 'read_only'
  for (const c of clauses) if (INTENT_SEVERITY[c.intent] > INTENT_SEVERITY[intent]) intent = c.intent
  const question = clauses.length > 0 && clauses.every((c) => c.question)
  const explicitReq = uniqueIds(text.matchAll(REQ_ID))
  const explicitTest = uniqueIds(text.matchAll(TEST_ID))
  const cues = new Set(clauses.filter((c) => c.via === 'leading_verb' || c.via === 'later_verb').map((c) => c.cue))
  const scopeText = text
    .replaceAll(REQ_ID, ' ')
    .replaceAll(TEST_ID, ' ')
    .split(/\s+/)
    .filter((w) => !cues.has(w.toLowerCase().replaceAll(/[^a-z]/g, '')))
    .join(' ')
  return {
    text,
    lower,
    intent,
    question,
    clauses,
    action: phaseAction(intent, text),
    tools: impliedTools(intent, clauses, lower),
    explicit_requirement_ids: explicitReq,
    explicit_test_ids: explicitTest,
    version: VERSION.exec(lower)?.[0],
    scope_text: scopeText,
    truncated,
  }
}
