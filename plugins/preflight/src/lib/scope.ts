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
import {FIELD_WEIGHT, type RequirementIndex} from './scope-index.js'
import {term, words} from './text/tokens.js'

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
}

const round = (x: number) => Math.round(x * 1000) / 1000

/** The tests covering `requirementIds`, sorted, each once. */
export function testsCovering(index: RequirementIndex, requirementIds: readonly string[]): string[] {
  const out = new Set<string>()
  for (const id of requirementIds) for (const t of index.testsCovering(id)) out.add(t)
  return [...out].sort()
}

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
  const queryTerms = [...new Set(queryWords.map(term))]
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
    const scored = scoreQuery(index, queryTerms, options, UI_SURFACE.test(scopeText), options.strict !== false)
    candidates = scored.candidates
    matches.push(...scored.top)
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
  }
}

/** Words that put a request on a user-interface surface. */
const UI_SURFACE = /\b(?:pages?|buttons?|box(?:es)?|toolbar|icons?|dialogs?|toasts?|dashboard|screens?|header|menus?|tabs?|modals?|widgets?|sidebar|banner|web ?site|web ?page|css|animations?|layout|fonts?|tooltip)\b/i
const UI_COMPONENT = /^(?:ui|frontend|front-end|web|gui|design|ux)$/i

/**
 * Whether one shared word can put a request in a requirement's scope: it can when it is most of the request,
 * or when it is specific to that requirement (in its title, and in no or almost no other requirement) and the
 * request is not about a user-interface surface the requirement does not cover. So "refactor the search
 * ranking" finds the search requirement, "add a search bar to the settings page" does not.
 */
function singleTermScope(index: RequirementIndex, i: number, t: string, share: number, surface: boolean): boolean {
  if (share >= 0.5) return true
  const df = index.postings(t)?.idx.length ?? 0
  const specific = (df === 1 || df / index.size <= 0.005 || (df === 2 && share >= 0.4)) && share >= 0.2
  const inTitle = index.termsOf(i).get(t) === FIELD_WEIGHT.title
  const ui = surface && !UI_COMPONENT.test(index.requirement(i).component ?? '')
  return specific && inTitle && !ui
}

function scoreQuery(index: RequirementIndex, queryTerms: readonly string[], options: ScopeOptions, surface: boolean, strict: boolean): {top: ScopeMatch[]; candidates: number} {
  const {acc, titleAcc} = index
  const touched: number[] = []
  let queryWeight = 0
  const idfOf = new Map<string, number>()
  for (const t of queryTerms) {
    const p = index.postings(t)
    const idf = p ? Math.log(1 + index.size / p.idx.length) : index.maxIdf
    idfOf.set(t, idf)
    queryWeight += idf
    if (!p) continue
    const {idx, weight} = p
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k]
      if (index.eligible[i] === 0) continue
      if (acc[i] === 0) touched.push(i)
      acc[i] += idf * weight[k]
      if (weight[k] === FIELD_WEIGHT.title) titleAcc[i] += idf
    }
  }
  const top: {i: number; score: number}[] = []
  let candidates = 0
  const k = options.max_requirements
  for (const i of touched) {
    const coverage = acc[i] / queryWeight
    const titleCover = index.titleWeight[i] > 0 ? titleAcc[i] / index.titleWeight[i] : 0
    const score = 0.65 * coverage + 0.35 * titleCover
    acc[i] = 0
    titleAcc[i] = 0
    if (score < options.min_score) continue
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
    .filter((m) => !strict || m.terms.length > 1 || singleTermScope(index, m.i, m.terms[0], (idfOf.get(m.terms[0]) ?? 0) / queryWeight, surface))
    .map(({i: _i, ...m}) => m)
  // A match whose words are all words of a better match adds nothing ("refactor the sync command" is about
  // the sync command, not also about every other requirement of the sync component).
  const kept = matches.filter((m, i) => !matches.some((o, j) => j < i && o.terms.length > m.terms.length && m.terms.every((t) => o.terms.includes(t))))
  return {candidates, top: kept}
}

function better(index: RequirementIndex, score: number, i: number, other: {i: number; score: number}): boolean {
  if (score !== other.score) return score > other.score
  return index.id(i) < index.id(other.i)
}
