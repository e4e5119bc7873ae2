/**
 * Scope resolution: which requirements (and the tests covering them) a request is about.
 *
 * Better than the older tool's plain token overlap:
 * - explicit ids win: `REQ-...` named in the request (and the requirements a named `TEST-...` covers);
 * - words are stemmed and spelling variants folded, so "timeouts" meets "timed out";
 * - each term is weighted by its rarity across the project's requirements (idf), so "login" outweighs
 *   "user" when every requirement mentions users;
 * - a term in a requirement's title counts more than one in its component, which counts more than one in
 *   its description; the score blends how much of the request the requirement explains with how much of
 *   the requirement's title the request names.
 *
 * The index is built once per governance model (or read from the preflight pack), so a decision costs one
 * pass over the postings of the request's few terms.
 */
import {GENERIC_TERMS} from './analyse/lexicon.js'
import {CODE_UPKEEP} from './analyse/code-upkeep.js'
import {TIME_PHRASES} from './analyse/time-phrases.js'
import {AS_ROLE, attachment, COMMON_PHRASES, CREATING_VERBS, EXTENDING, REFINEMENT_HEADS, RELATIVE, PRODUCING_VERBS} from './analyse/scope-lexicon.js'
import {FIELD_WEIGHT, testsCovering, type RequirementIndex} from './scope-index.js'
import {byReplacement, topicKept} from './scope-topic.js'
import {bySecretKept} from './scope-secret.js'
import {secretClassAside} from './scope-secret-class.js'
import {retiredCaptioned, retiredQualified} from './analyse/incidental-scope.js'
import {actedOnTitle, frozenAside, isRetired, thinRetiredAside} from './scope-frozen.js'
import {OUTPUT_FORM_TERMS} from './analyse/unverbed-change.js'
import {forbiddenRetiredAside, restatedAside} from './scope-restated.js'
import {arrangedOtherwise, retiredOnlyByPlace} from './analyse/scope-arranged.js'
import {FIX_BACK} from './policy/report-then-fix.js'
import {PARTICLES, SPLIT_OBJECT, byPurpose} from './scope-purpose.js'
import {POINTING_BACK, contextFits, outweighed, outweighs, withRelativeVerbs} from './scope-weigh.js'
import {conceptTerm, projectTerm, termLookup} from './scope-lookup.js'
import {UI_SURFACE, guiElsewhere, jointlyOwn, kindOf, outsideProducts, usersOwn, verbOnly} from './scope-outside.js'
import {TEST_KIND, otherKinds} from './scope-other-kind.js'
import {agentAnchors, agentNoun, causedVerbs, nounOnly, agentSubjects, definite, better, isAgentNoun, singleTermScope, titleHead, describedPairs, kindTerms, pairNotes, phraseBonus, verbYields} from './scope-recall.js'
import {STOP_WORDS, term, words} from './text/tokens.js'

export {requirementIndex, type RequirementIndex} from './scope-index.js'

export type {ScopeModel, ScopeRequirement, ScopeTest} from './scope-index.js'

export interface ScopeOptions {
  max_requirements: number
  min_score: number
  /**
   * a change (default): one shared word makes scope only when it is specific (see singleTermScope); a
   * question is answered from whatever it mentions, so any shared word counts
   */
  strict?: boolean
  /** what the request's instructions act on (verb and the words after it), from the intent analysis */
  frames?: readonly {verb: string; object: string; written?: string}[]
  /** the sentences that decide the intent, and the context around them: what only the context names makes no match thin */
  deciding?: string
  context?: string
  /** set when the task is being read together with its context (round 13b), so that reading happens once */
  contextRead?: boolean
  /** set when a technique's purpose is being read alone (round 14b), so that reading happens once */
  techniqueRead?: boolean
  /** set when a request keeping a secret safe is being read without the place it is kept out of (round 16b) */
  secretRead?: boolean
  /** the topics the deciding changes are about ("tags - collapse labels ..."): a topic naming one feature keeps its match (round 15c) */
  topics?: readonly string[]
}

/** How one scope term of the request was weighed (the `--verbose` narration of scope). */
export interface ScopeTermWeight {
  term: string
  /** idf in this project; the idf of a word no requirement has when the project does not know it */
  idf: number
  /** common: common English, frequent: in many requirements, unknown: no requirement has it */
  kind: 'specific' | 'common' | 'frequent' | 'unknown'
  /** read from a typo or another spelling of a project word ("serach" -> search, "start up" -> startup) */
  from?: string
  /** read from an agent noun of the project's verb ("syncer", "exporter", "encryptor"): the doer of that action */
  derived?: 'agent'
}

export interface ScopeMatch {
  id: string
  score: number
  via: 'explicit' | 'explicit_test' | 'match'
  /** the request terms that matched (stems) */
  terms: string[]
}

export interface ScopeResult {
  requirement_ids: string[]
  test_case_ids: string[]
  matches: ScopeMatch[]
  /** explicit ids in the request that the project does not have */
  missing_ids: string[]
  /** how many requirements scored above the threshold before the top-k cut (breadth of the request) */
  candidates: number
  /** the best score (1 for explicit ids, 0 when nothing matched) */
  best_score: number
  /** scope terms of the request */
  query_terms: string[]
  /** the request's words carry no scope ("make it better", "fix the bug") */
  generic: boolean
  /** each scope term with its weight and kind */
  weights: ScopeTermWeight[]
  /** why matches were dropped or kept (new things named as the object of a change, where it is attached) */
  notes: string[]
  /** word matches resting on one word of their own against two or more the request names that they lack */
  thin_ids?: string[]
}

const round = (x: number) => Math.round(x * 1000) / 1000

/**
 * Resolves the scope of a request: explicit ids when it names any, else the best-scoring requirements.
 * `scopeText` is the request without ids and intent verbs.
 */
export function resolveScope(
  index: RequirementIndex,
  scopeText: string,
  explicit: {requirement_ids: readonly string[]; test_ids: readonly string[]},
  options: ScopeOptions,
): ScopeResult {
  const queryWords = words(scopeText)
  const strict = options.strict !== false
  const lookup = termLookup(index)
  const weights = queryTermsOf(index, scopeText, options.frames ?? [], lookup)
  // the kind is read on the whole deciding text too: "log people out after an hour" loses its verb to the intent
  // (the kinds' terms are added to the weights)
  const kinds = kindTerms(index, `${scopeText} ${options.deciding ?? ''} ${options.context ?? ''}`, weights, (text) => termsIn(index, text, lookup))
  const queryTerms = weights.map((w) => w.term)
  const notes: string[] = []
  const thin: string[] = []
  const missing: string[] = []
  const matches: ScopeMatch[] = []
  const explicitTests: string[] = []
  for (const id of explicit.requirement_ids) {
    const i = index.lookup(id)
    if (i === undefined) missing.push(id)
    else if (!matches.some((m) => m.id === index.id(i))) matches.push({id: index.id(i), score: 1, via: 'explicit', terms: []})
  }
  for (const id of explicit.test_ids) {
    const t = index.test(id)
    if (!t) {
      missing.push(id)
      continue
    }
    explicitTests.push(t.id)
    for (const c of t.covers) {
      const i = index.lookup(c)
      if (i !== undefined && !matches.some((m) => m.id === index.id(i))) matches.push({id: index.id(i), score: 1, via: 'explicit_test', terms: []})
    }
  }
  let candidates = matches.length
  if (explicit.requirement_ids.length === 0 && explicit.test_ids.length === 0 && queryTerms.length > 0 && index.size > 0) {
    const pairs = describedPairs(index, scopeText, lookup)
    const agents = agentAnchors(weights, scopeText, notes)
    const places = refinementPlaces(index, options.frames ?? [], lookup)
    const scored = scoreQuery(index, queryTerms, options, UI_SURFACE.test(scopeText), strict, kinds.explained, pairs, agents, agentSubjects(weights, agents, `${scopeText}\n${options.deciding ?? ''}`), places)
    notes.push(...pairNotes(index, scored.top, pairs))
    candidates = scored.candidates
    let top = scored.top
    if (strict) top = verbYields(index, top, queryTerms, weights, options.frames ?? [], (rest) => scoreQuery(index, rest, options, UI_SURFACE.test(scopeText), true, kinds.explained).top, notes)
    const caused = causedVerbs(index, options.frames ?? [], lookup)
    if (strict) {
      top = top.filter((m) => {
        if (m.terms.some((t) => kindOf(index, t) === 'specific') || jointlyOwn(index, m)) return true
        notes.push(`${m.id} dropped: ${m.terms.join('+')} ${m.terms.length === 1 ? 'is' : 'are'} common English or in many requirements`)
        return false
      })
      top = verbOnly(index, top, weights, options.frames ?? [], notes)
      top = novelObjects(index, top, options.frames ?? [], lookup, notes, agents, caused, options.deciding ?? scopeText, options.context ?? '')
      top = outsideProducts(index, top, scopeText, lookup, notes)
      // round 29d: a shared word qualified by a word the project never uses ("the newsletter email") is another kind of thing
      top = otherKinds(index, guiElsewhere(index, top, scopeText, notes), scopeText, lookup, options.frames ?? [], notes)
      top = retiredCaptioned(index, retiredQualified(index, frozenAside(index, top, notes, options.deciding ?? scopeText), scopeText, lookup, notes), scopeText, lookup, notes)
      top = forbiddenRetiredAside(index, restatedAside(index, top, weights, options.deciding ?? scopeText, lookup, notes), weights, options.deciding ?? scopeText, lookup, notes)
      top = secretClassAside(index, retiredOnlyByPlace(index, arrangedOtherwise(index, top, options.deciding ?? scopeText, notes, (id) => isRetired(index, id)), `${scopeText} ${options.deciding ?? ''}`, options.frames ?? [], (t) => kindOf(index, t), lookup, notes, (id) => isRetired(index, id)), scopeText, lookup, notes) // round 30c: secrets as a class (scope-secret-class.ts)
      const asked = new Set(termsIn(index, options.deciding ?? '', lookup))
      // ... unless the instruction points back into it ("We keep copies on a home NAS. Make sync push to it.")
      const pointsBack = /\b(?:it|them|that|this|those|these|there)\b/.test(options.deciding ?? '')
      // ... nor do the words a requirement kind stands for ("300 milliseconds" of a start-up budget)
      const context = new Set([...(pointsBack ? [] : termsIn(index, options.context ?? '', lookup).filter((t) => !asked.has(t))), ...kinds.explained])
      topicKept(index, top, options.topics ?? [], (text) => termsIn(index, text, lookup), notes)
      thin.push(...outweighed(index, top, weights, options.frames ?? [], notes, usersOwn(scopeText, lookup), context, agents, EXTENDING.exec(scopeText)?.[0], withRelativeVerbs(index, caused, scopeText, lookup)))
      top = thinRetiredAside(index, top, thin, notes)
    }
    matches.push(...top)
  }
  // "speed up startup by caching the parsed config": the goal names the requirement, the means says how; when
  // the whole request meets none, the goal alone is scoped (the means' words are the implementation's, not
  // the product's)
  const means = MEANS.exec(scopeText)
  // a request whose matches are all thin only because of its means' words ("make search faster by indexing note
  // titles") is scoped by its goal too
  const allThin = matches.length > 0 && matches.every((m) => m.via === 'match' && thin.includes(m.id))
  if ((matches.length === 0 || allThin) && missing.length === 0 && means && explicit.requirement_ids.length === 0 && explicit.test_ids.length === 0) {
    const goal = resolveScope(index, scopeText.slice(0, means.index), explicit, options)
    // a means that brings in a product or service no requirement mentions ("by sending every query to an AI
    // service") is itself something new, not how the goal is reached
    const outside: string[] = []
    if (goal.matches.length > 0 && outsideProducts(index, goal.matches, scopeText.slice(means.index), lookup, outside).length < goal.matches.length) notes.push(...outside, 'the goal is not scoped alone: its means names something no requirement mentions')
    else if (allThin && meansNews(index, goal.matches, scopeText.slice(means.index), lookup).length > MEANS_NEWS) {
      notes.push(`the goal is not scoped alone: its means names ${meansNews(index, goal.matches, scopeText.slice(means.index), lookup).join(', ')}, more than how it is reached`)
    } else if (goal.matches.length > 0 && (goal.thin_ids ?? []).length === 0) {
      notes.push(...goal.notes, `${goal.requirement_ids.join(', ')} from the goal before "${means[0].trim()} ...": the means names how, not what${allThin ? ' (the whole request was thin on the means\' words)' : ''}`)
      matches.splice(0, matches.length, ...goal.matches)
      thin.length = 0
    }
  }
  // round 15c: "derive the key with scrypt instead of hashing the password once": the new way alone (scope-topic.ts)
  if (strict && missing.length === 0 && explicit.requirement_ids.length === 0 && explicit.test_ids.length === 0 && (matches.length === 0 || matches.every((m) => m.via === 'match' && thin.includes(m.id)))) {
    const goal = byReplacement(scopeText, notes, (text) => resolveScope(index, text, explicit, options))
    if (goal) {
      matches.splice(0, matches.length, ...goal)
      thin.length = 0
    }
  }
  // round 16b: "add a test that the session token is never copied into config.json": scoped by the secret, not the place (scope-secret.ts)
  if (strict && !options.secretRead && missing.length === 0 && explicit.requirement_ids.length === 0 && explicit.test_ids.length === 0 && (matches.length === 0 || matches.every((m) => m.via === 'match' && thin.includes(m.id)))) {
    const goal = bySecretKept(index, scopeText, options.deciding ?? scopeText, lookup, notes, (text) => resolveScope(index, text, explicit, {...options, frames: [], deciding: text, context: '', secretRead: true}))
    if (goal) {
      matches.splice(0, matches.length, ...goal)
      thin.length = 0
    }
  }
  // round 14b: a technique said for a purpose ("memoise the parsed config so the app doesn't re-read it on every
  // start-up"): the technique's object is how, the purpose says which requirement
  if (strict && !options.techniqueRead && missing.length === 0 && explicit.requirement_ids.length === 0 && explicit.test_ids.length === 0 && (matches.length === 0 || matches.every((m) => m.via === 'match' && thin.includes(m.id)))) {
    const goal = byPurpose(index, options.deciding ?? scopeText, lookup, notes, (purpose, context = '', deciding = purpose) => resolveScope(index, purpose, explicit, {...options, frames: [], deciding, context, techniqueRead: true}), options.context)
    if (goal) {
      matches.splice(0, matches.length, ...goal)
      thin.length = 0
    }
  }
  if (matches.length === 0 && missing.length === 0 && strict && !options.contextRead && explicit.requirement_ids.length === 0 && explicit.test_ids.length === 0 && (options.context ?? '').trim()) {
    matches.push(...fromContext(index, scopeText, explicit, options, weights, notes))
  }
  const requirementIds = matches.map((m) => m.id)
  const testIds = new Set([...explicitTests, ...testsCovering(index, requirementIds)])
  return {
    requirement_ids: requirementIds,
    test_case_ids: [...testIds].sort(),
    matches,
    missing_ids: missing,
    candidates,
    best_score: matches.length > 0 ? Math.max(...matches.map((m) => m.score)) : 0,
    query_terms: queryTerms,
    generic: queryWords.every((w) => GENERIC_TERMS.has(w)),
    weights,
    notes,
    thin_ids: thin,
  }
}

/**
 * A task that meets no requirement on its own words is read with its sentences of context (round 13b: "Users
 * sign on with their mail address and a passphrase. ... make it a clean failure" is about login): a match found
 * so is kept only when it is not thin and every requirement of it has a specific word the task itself names
 * (the context says which requirement, the task says what of it changes).
 */
function fromContext(index: RequirementIndex, scopeText: string, explicit: {requirement_ids: readonly string[]; test_ids: readonly string[]}, options: ScopeOptions, weights: readonly ScopeTermWeight[], notes: string[]): ScopeMatch[] {
  const own = new Set(weights.filter((w) => w.kind === 'specific').map((w) => w.term))
  // round 27a: a task that only points back at the report ("...; fix it") names nothing: the report says what
  const back = FIX_BACK.test(options.deciding ?? scopeText)
  if (own.size === 0 && !back) return []
  const read = resolveScope(index, `${options.context}. ${scopeText}`, explicit, {...options, context: '', deciding: `${options.context} ${options.deciding ?? scopeText}`, contextRead: true})
  if (read.matches.length === 0 || (read.thin_ids ?? []).length > 0 || (!back && !read.matches.every((m) => m.terms.some((t) => own.has(t))))) {
    if (read.matches.length > 0) notes.push(`read with its context, the task meets ${read.requirement_ids.join(', ')}, not kept: ${(read.thin_ids ?? []).length > 0 ? 'thin' : 'the task names no specific word of each'}`)
    return []
  }
  if (back) notes.push(`${read.requirement_ids.join(', ')} from the report the task points back to ("${(options.deciding ?? scopeText).trim()}"): the report says which requirement`)
  else notes.push(`${read.requirement_ids.join(', ')} from the task read with its context: the task names ${[...own].filter((t) => read.matches.some((m) => m.terms.includes(t))).join(', ')}, the context says which requirement`)
  return read.matches
}

/** Raw words of a text in order (hyphenated words split), lower-cased, for compound detection. */
const RAW_WORD = /[a-z0-9]+/g

/**
 * The scope terms of a request, weighed: stems of its words, two words read as one when the project writes
 * them as one ("start up" and "start-up" meet "startup"), typos of project words read as those words, and
 * the request's verbs kept when they are project words ("encrypt the titles", "rank results by ...").
 */
function queryTermsOf(index: RequirementIndex, request: string, frames: readonly {verb: string}[], lookup: (w: string) => {term: string; from?: string}): ScopeTermWeight[] {
  const out = new Map<string, ScopeTermWeight>()
  const add = (t: string, from?: string) => {
    if (out.has(t)) return
    const idf = index.idf(t) ?? index.maxIdf
    out.set(t, {term: t, idf: Math.round(idf * 100) / 100, kind: kindOf(index, t), ...(from ? {from} : {})})
  }
  const scopeText = request.replace(COMMON_PHRASES, ' ').replace(CODE_UPKEEP, ' ').replace(TIME_PHRASES, ' ')
  const raw = (scopeText.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().match(RAW_WORD) ?? []) as string[]
  const joined = new Set<number>()
  for (let i = 0; i + 1 < raw.length; i++) {
    // two words of a concept the project writes otherwise ("sign in" -> login, "hard drive" -> disk)
    const phrase = conceptTerm(index, `${term(raw[i])} ${term(raw[i + 1])}`)
    if (phrase !== undefined && !joined.has(i)) {
      add(phrase, `${raw[i]} ${raw[i + 1]}`)
      joined.add(i).add(i + 1)
      continue
    }
    // a phrasal verb split by a pronoun object ("when I look something up", "log them out": round 14b)
    const split = i + 2 < raw.length && SPLIT_OBJECT.has(raw[i + 1]) && PARTICLES.has(raw[i + 2]) ? conceptTerm(index, `${term(raw[i])} ${term(raw[i + 2])}`) : undefined
    if (split !== undefined && !joined.has(i)) {
      add(split, `${raw[i]} ${raw[i + 1]} ${raw[i + 2]}`)
      joined.add(i).add(i + 2)
      continue
    }
    if (raw[i].length < 2 || raw[i + 1].length < 2) continue
    // "start up", "start-up", "starts up" -> startup
    const t = [term(raw[i] + raw[i + 1]), term(term(raw[i]) + raw[i + 1])].find((c) => index.postings(c) !== undefined)
    if (t !== undefined) {
      add(t, `${raw[i]} ${raw[i + 1]}`)
      joined.add(i).add(i + 1)
    }
  }
  const skip = new Set<string>()
  for (const i of joined) skip.add(raw[i])
  for (const w of words(scopeText)) {
    if (skip.has(w)) continue
    const {term: t, from} = lookup(w)
    add(t, from)
    const weight = out.get(t)!
    if (weight.derived === undefined && isAgentNoun(index, w, t, (base) => projectTerm(index, base)) && definite(scopeText, w)) {
      weight.derived = 'agent'
      weight.from ??= w
    }
  }
  for (const f of frames) {
    const t = term(f.verb)
    if (!out.has(t) && kindOf(index, t) === 'specific') add(t, f.verb)
  }
  return [...out.values()]
}

/**
 * The places a refinement is attached to ("add a --dry-run option to sync": sync): a word there may make scope alone for
 * the requirement whose title it leads, as a refinement of that feature (round 10b).
 */
function refinementPlaces(index: RequirementIndex, frames: readonly {verb: string; object: string}[], lookup: (w: string) => {term: string}): ReadonlySet<string> {
  const out = new Set<string>()
  for (const f of frames) {
    if (!CREATING_VERBS.has(f.verb)) continue
    const object = ` ${f.object.toLowerCase()} `
    const at = attachment(object)
    if (!at || !REFINEMENT_HEADS.has(words(object.slice(0, at.index)).at(-1) ?? '')) continue
    for (const t of termsIn(index, object.slice(at.index + at[0].length), lookup)) if (kindOf(index, t) === 'specific') out.add(t)
  }
  return out
}

/** How much a word of a clause describing the object counts, against one of the object itself. */
const DESCRIBING_SHARE = 0.4

/** How much a common English word of the request weighs against the words a requirement has. */
const COMMON_QUERY_SHARE = 0.5

/** How many things the goal's requirements lack a means may name and still be how the goal is reached (when the whole request is thin). */
const MEANS_NEWS = 2

/** The words of a means that the goal's requirements do not have (unknown to the project, or other requirements' own). */
function meansNews(index: RequirementIndex, goal: readonly ScopeMatch[], means: string, lookup: (w: string) => {term: string; from?: string}): string[] {
  const own = new Set(goal.flatMap((m) => {
    const i = index.lookup(m.id)
    return i === undefined ? [] : [...index.termsOf(i).keys()]
  }))
  return termsIn(index, means, lookup).filter((t) => !own.has(t) && !STOP_WORDS.has(t) && !/^\d/.test(t) && (kindOf(index, t) === 'unknown' || kindOf(index, t) === 'specific'))
}

/** Where the means of a goal begins ("speed up startup by caching ..."). */
const MEANS = /\s(?:by|through|via)\s+[a-z-]+ing\b/i

/** Where a place's detail begins ("to PDF with page numbers"). */
const WITH_DETAIL = /\s(?:with|including|showing|that has|that have)\s/

const INSTEAD = /\s(?:instead of|rather than)\s/

/** The scope terms of a piece of text (the project's spelling of typos, and of two-word concepts: "signing in"). */
function termsIn(index: RequirementIndex, text: string, lookup: (w: string) => {term: string; from?: string}): string[] {
  return queryTermsOf(index, text, [], lookup).map((w) => w.term)
}

/**
 * A change that brings something new into being ("add an HTML export", "support OAuth login") is within a
 * requirement only when the requirement covers what it names. The object is split from where it is attached
 * ("add a --limit flag to notes search": the flag goes on search) and from a clause describing it ("a
 * migration that adds a column"). When the place is specific to a requirement, the addition is a refinement
 * of it; otherwise a requirement stays in scope only when the object's words it has outweigh the object's
 * words it lacks (words no requirement has, and words of other requirements; those of a describing clause
 * count less, common English not at all).
 */
function novelObjects(index: RequirementIndex, top: ScopeMatch[], frames: readonly {verb: string; object: string; written?: string}[], lookup: (w: string) => {term: string}, notes: string[], agents: ReadonlySet<string> = new Set(), caused: ReadonlySet<string> = new Set(), text = '', context = ''): ScopeMatch[] {
  const frame = frames.find((f) => (CREATING_VERBS.has(f.verb) || PRODUCING_VERBS.has(f.verb)) && !nounOnly(f.written ?? f.verb, text))
  if (!frame || top.length === 0) return top
  // what it replaces is not what it adds ("login with a magic link instead of a password")
  let object = ` ${frame.object.toLowerCase().replace(TEST_KIND, ' ')} `.split(INSTEAD)[0] + ' ' // round 29d: a test's kind is not new
  let describing = ''
  const rel = RELATIVE.exec(object)
  if (rel) {
    describing = object.slice(rel.index + rel[0].length)
    object = object.slice(0, rel.index + 1)
  }
  // "add Dropbox as a second sync server": the role's words are known to the project, the object is not;
  // the role counts like a describing clause when the requirement has its words, fully when it lacks them
  let role = ''
  const as = AS_ROLE.exec(object)
  if (as) {
    role = object.slice(as.index + as[0].length)
    object = object.slice(0, as.index + 1)
  }
  let place = ''
  const at = attachment(object)
  if (at) {
    place = object.slice(at.index + at[0].length)
    object = object.slice(0, at.index + 1)
  }
  const placeTerms = termsIn(index, place, lookup).filter((t) => kindOf(index, t) === 'specific')
  const placed = top.filter((m) => {
    const i = index.lookup(m.id)
    if (i === undefined) return false
    const own = index.termsOf(i)
    return placeTerms.some((t) => (own.get(t) ?? 0) >= FIELD_WEIGHT.component)
  })
  // a new named thing ("passkeys for login", "a captcha on the reset form") is not a refinement of where it goes;
  // an object made of common words or ending in a refinement noun ("a strength check", "a --limit flag") is
  const objectWords = words(object)
  const named = objectWords.some((w) => kindOf(index, lookup(w).term) !== 'common')
  // ... also before a "with" detail that names nothing the project does not know ("a perf test with ten thousand notes")
  const [headPart, ...withDetail] = ` ${object} `.split(WITH_DETAIL)
  const detailKnown = withDetail.length > 0 && words(withDetail.join(' ')).every((w) => kindOf(index, lookup(w).term) !== 'unknown')
  const refinement = !named || REFINEMENT_HEADS.has(objectWords.at(-1) ?? '') || (detailKnown && REFINEMENT_HEADS.has(words(headPart).at(-1) ?? ''))
  if (placed.length > 0 && refinement) {
    notes.push(`"${frame.verb} ... ${place.trim()}": attached to ${placed.map((m) => m.id).join(', ')}`)
    return placed
  }
  // an attachment the project does not know is part of what is new ("an export to JSON", "a bar on the page")
  if (place && placeTerms.length === 0) object = `${object} ${place}`
  // "add a test that a reset link can't be used twice": a refinement with nothing else named is about what its
  // clause describes, which then counts fully for what the requirement has
  const refinementOnly = !place && objectWords.length > 0 && objectWords.every((w) => kindOf(index, lookup(w).term) === 'common' || REFINEMENT_HEADS.has(w))
  const describingShare = refinementOnly ? 1 : DESCRIBING_SHARE
  const head = termsIn(index, object, lookup)
  const roleTerms = termsIn(index, role, lookup).filter((t) => !head.includes(t))
  const rest = termsIn(index, describing, lookup).filter((t) => !head.includes(t) && !roleTerms.includes(t))
  // an owner named in the possessive says whose thing it is, not what is new ("let the server's copy win")
  const owners = new Set([...frame.object.toLowerCase().matchAll(/\b([a-z][a-z-]*)'s\b/g)].map((m) => lookup(m[1]).term))
  // round 25b: a requirement another instruction of a compound request names by its own word stays (policy/compound-parts.ts)
  const others = frames.filter((f) => f !== frame).flatMap((f) => termsIn(index, f.object, lookup)).filter((t) => kindOf(index, t) === 'specific')
  return top.filter((m) => {
    const i = index.lookup(m.id)!
    const own = index.termsOf(i)
    let have = 0
    let lack = 0
    const lacking: string[] = []
    for (const [list, share, lackShare] of [[head, 1, 1], [roleTerms, DESCRIBING_SHARE, 1], [rest, describingShare, DESCRIBING_SHARE]] as const) {
      for (const t of list) {
        // what a causative makes the thing do is its action, not a thing it names ("let the sync command print ...")
        if (STOP_WORDS.has(t) || /^\d/.test(t) || caused.has(t) || owners.has(t) || OUTPUT_FORM_TERMS.has(t)) continue
        const kind = kindOf(index, t)
        // common English and words of many requirements say nothing about which feature this is
        if (kind === 'common' || kind === 'frequent') continue
        const idf = index.idf(t) ?? index.maxIdf
        // the doer named by an agent noun ("let the uploader skip ...") is the component and its action
        if (own.has(t)) have += idf * share * (agents.has(t) ? 2 : 1)
        else {
          lack += idf * lackShare
          lacking.push(t)
        }
      }
    }
    if (have > lack) return true
    // round 12b: a causative whose object names nothing but what the thing is made to do ("let the server's copy
    // win") adds nothing new: the request's other words decide
    if (have === 0 && lack === 0 && caused.size > 0 && CAUSING.has(frame.verb)) {
      notes.push(`${m.id} kept: "${frame.verb} ${object.trim()}" names only what it is made to do`)
      return true
    }
    // round 14b: an object naming nothing but a part of a thing of the requirement's own ("let people change a tag's
    // name") is a part of that thing: nothing new is named
    if (have === 0 && lack === 0 && [...owners].some((t) => own.has(t) && kindOf(index, t) === 'specific')) {
      notes.push(`${m.id} kept: "${frame.verb} ${object.trim()}" names only a part of ${[...owners].filter((t) => own.has(t)).join(', ')}`)
      return true
    }
    // round 14b: an object that only points back ("add the missing ones", "add them") is what the rest of the
    // request names: kept when that names more of the requirement's than it lacks
    if (have === 0 && lack === 0 && !place.trim() && POINTING_BACK.test(object) && outweighs(index, own, termsIn(index, text, lookup))) {
      notes.push(`${m.id} kept: "${frame.verb} ${object.trim()}" points back to what the request names`)
      return true
    }
    // "...; add a test for both": an object naming nothing, placed on nothing the project knows, beside other instructions is about what
    // they name; their words decide
    // (round 12b: or beside a sentence of context, "Exported PDFs have no page breaks between notes. Add them.")
    if (have === 0 && lack === 0 && termsIn(index, place, lookup).every((t) => kindOf(index, t) === 'common') && (frames.length > 1 || contextFits(index, own, termsIn(index, context, lookup)))) {
      notes.push(`${m.id} kept: "${frame.verb} ${object.trim()}" names nothing; the request's other instructions decide`)
      return true
    }
    // "export notes to PDF with page numbers": an object that names nothing ("notes") is what the requirement
    // already works on, and where it goes says what the change is: the place decides, a "with ..." detail of it
    // counting like a describing clause
    if (have === 0 && lack === 0 && placeTerms.length > 0) {
      const [where, ...detail] = ` ${place} `.split(WITH_DETAIL)
      const whereTerms = termsIn(index, where, lookup)
      const detailTerms = termsIn(index, detail.join(' '), lookup).filter((t) => !whereTerms.includes(t))
      let placeHave = 0
      let placeLack = 0
      for (const [list, share] of [[whereTerms, 1], [detailTerms, DESCRIBING_SHARE]] as const) {
        for (const t of list) {
          const kind = kindOf(index, t)
          if (STOP_WORDS.has(t) || /^\d/.test(t) || kind === 'common' || kind === 'frequent') continue
          const idf = (index.idf(t) ?? index.maxIdf) * share
          if (own.has(t)) placeHave += idf
          else {
            placeLack += idf
            lacking.push(t)
          }
        }
      }
      if (placeHave > placeLack) {
        notes.push(`${m.id} kept: "${frame.verb} ${object.trim()}" names nothing new and its place (${place.trim()}) is ${m.id}'s`)
        return true
      }
    }
    const acted = actedOnTitle(index, m.id, text, lookup)
    if (acted !== undefined) {
      notes.push(`${m.id} kept: "${acted}" acts on what ${m.id} (${index.requirement(i).status}) governs`)
      m.score = Math.max(m.score, ...top.filter((o) => !isRetired(index, o.id)).map((o) => o.score))
      return true
    }
    if (others.some((t) => own.has(t))) return notes.push(`${m.id} kept: another instruction of the request names it`) > 0
    notes.push(`${m.id} dropped: "${frame.verb} ${object.trim()}" names ${lacking.join(', ')}, which ${m.id} does not cover`)
    return false
  })
}

/** The creating verbs that are causatives ("let the server's copy win"). */
const CAUSING: ReadonlySet<string> = new Set(['let', 'make', 'have'])

/** A read-only request's share of the minimum score: reading decides nothing, so a weaker match still informs. */
const READ_SCORE_SHARE = 0.5

function scoreQuery(index: RequirementIndex, queryTerms: readonly string[], options: ScopeOptions, surface: boolean, strict: boolean, explained: ReadonlySet<string> = new Set(), pairs: ReadonlyMap<number, ReadonlySet<string>> = new Map(), agents: ReadonlySet<string> = new Set(), subjects: ReadonlySet<string> = new Set(), places: ReadonlySet<string> = new Set()): {top: ScopeMatch[]; candidates: number} {
  const {acc, titleAcc, touched} = index
  let touchedCount = 0
  let queryWeight = 0
  let tellingWeight = 0
  const idfOf = new Map<string, number>()
  for (const t of queryTerms) {
    const p = index.postings(t)
    const idf = p ? Math.log(1 + index.size / p.idx.length) : index.maxIdf
    idfOf.set(t, idf)
    // words a requirement kind stands for ("half a second" after "start") are read as the kind's term
    const share = explained.has(t) ? 0 : 1
    queryWeight += idf * share
    const common = kindOf(index, t) === 'common'
    // common English says little about which requirement is meant, so it dilutes coverage less (see below)
    tellingWeight += (common ? idf * COMMON_QUERY_SHARE : idf) * share
    if (!p) continue
    const {idx, weight} = p
    // per term, not per posting: a common word's postings run to a quarter of the requirements (issue 22's p99)
    const agent = agents.has(t)
    const {eligible} = index
    const title = FIELD_WEIGHT.title
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k]
      if (eligible[i] === 0) continue
      if (acc[i] === 0) touched[touchedCount++] = i // once: every addition is positive (idf > 0, field weights > 0)
      // an agent noun ("the synchroniser") names the component and its action: it counts twice for the requirement
      // whose title it leads ("Sync notes with the server", not "Plaintext sync payload dump")
      acc[i] += idf * weight[k] * (agent && titleHead(index, i) === t ? 2 : 1)
      if (weight[k] === title) titleAcc[i] += idf
    }
  }
  // a phrase of a requirement's description named in the request counts as its title would
  phraseBonus(index, pairs, acc, idfOf)
  const top: {i: number; score: number}[] = []
  let candidates = 0
  const k = options.max_requirements
  for (let x = 0; x < touchedCount; x++) {
    const i = touched[x]
    const titleCover = index.titleWeight[i] > 0 ? titleAcc[i] / index.titleWeight[i] : 0
    // a question is not diluted by its common English ("how long can I stay idle before I have to sign in
    // again?" is about the session timeout); a change is (its scope decides whether it may go ahead)
    const coverage = acc[i] / (strict ? queryWeight : tellingWeight)
    const score = 0.65 * coverage + 0.35 * titleCover
    acc[i] = 0
    titleAcc[i] = 0
    // a question is answered from whatever it mentions: a word of the description is enough to point at it
    if (score < (strict ? options.min_score : options.min_score * READ_SCORE_SHARE)) continue
    candidates++
    if (top.length === k && !better(index, score, i, top[k - 1])) continue
    top.push({i, score})
    top.sort((a, b) => (better(index, a.score, a.i, b) ? -1 : 1))
    if (top.length > k) top.pop()
  }
  const best = top[0]?.score ?? 0
  const matches = top
    .filter((c) => c.score >= best * 0.5)
    .map((c) => {
      const m = index.termsOf(c.i)
      return {i: c.i, id: index.id(c.i), score: round(Math.min(1, c.score)), via: 'match' as const, terms: queryTerms.filter((t) => m.has(t))}
    })
    // One shared word is not scope when it is common or the request is about something else: "change the
    // colour of the search box on the web page" shares "search" with a search requirement and is not about it.
    // an agent noun ("have the syncer wait ...") names the doer of one requirement's action: the best match that has it
    .filter((m, x, all) => !strict || m.terms.length > 1 || singleTermScope(index, m.i, m.terms[0], (idfOf.get(m.terms[0]) ?? 0) / tellingWeight, surface) || (!surface && subjects.has(m.terms[0]) && agentNoun(index, agents, m.terms[0]) && all.findIndex((o) => o.terms.includes(m.terms[0])) === x) || (places.has(m.terms[0]) && titleHead(index, m.i) === m.terms[0]))
    .map(({i: _i, ...m}) => m)
  // A match whose words are all words of a better match adds nothing ("refactor the sync command" is about
  // the sync command, not also about every other requirement of the sync component).
  // Only words that say something count here: "reduce the start up time" shares "time" (common English) with the
  // migrations requirement, which must not hide the startup requirement it adds nothing to.
  const telling = (m: {terms: string[]}) => m.terms.filter((t) => kindOf(index, t) !== 'common')
  // ... unless it is a frozen or deprecated requirement and one of them is its title's word and not the better
  // match's ("when a note clashes ..., let the server's copy win" shares "conflict" with sync, which only reports
  // conflicts: it is conflict resolution's title, and the change to it must be blocked)
  const titled = (m: {id: string}, t: string) => (index.termsOf(index.lookup(m.id)!).get(t) ?? 0) >= FIELD_WEIGHT.title
  const ownTitle = (m: {id: string; terms: string[]}, o: {id: string}) => isRetired(index, m.id) && telling(m).some((t) => titled(m, t) && !titled(o, t))
  const kept = matches.filter((m, i) => !matches.some((o, j) => j < i && telling(o).length > telling(m).length && telling(m).every((t) => o.terms.includes(t)) && !ownTitle(m, o)))
  return {candidates, top: kept}
}
