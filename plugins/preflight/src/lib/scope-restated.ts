/**
 * A frozen requirement's rule restated, not changed (round 14b): "when two edits collide, keep both copies of the note"
 * and "when two people edit the same note, tell the user instead of silently picking one" meet the frozen conflict rule
 * on its own words, but ask for what it already says; the change they ask for is within the live requirement of the
 * same component that shares their words (the sync command reports conflicts and never overwrites silently). Such a
 * request names only words of the frozen requirement and of that live one, and no word that says the rule should work
 * otherwise (`DEVIATING`: only, newest, merge, automatically, stop, ...) unless a negation before it turns it round
 * ("instead of silently picking"); a negation of the frozen rule's own word ("the user never has to pick") is a
 * change. The frozen match stays reported, at under half the live match's score, so the frozen step reads it as
 * incidental; the live requirement is added when the words did not find it.
 */
import {DEVIATING, NEGATED_SKIP, NEGATOR} from './analyse/scope-lexicon.js'
import type {ScopeMatch, ScopeTermWeight} from './scope.js'
import type {RequirementIndex} from './scope-index.js'
import {isRetired} from './scope-frozen.js'
import {STOP_WORDS, term} from './text/tokens.js'

/**
 * How many requirements of each shared word's postings are looked at for the live requirement: a restatement's words
 * are specific (a few requirements each); a bound keeps the check from growing with the project.
 */
const MAX_CANDIDATES = 32

/** Share of the live match's score the restated frozen match keeps (under decide.ts's incidental ratio). */
const RESTATED_SHARE = 0.5

/** The frozen requirement's own specific terms (title and description). */
function ownTerms(index: RequirementIndex, i: number): ReadonlySet<string> {
  return new Set(index.termsOf(i).keys())
}

/** Choosing one side's copy: which copy wins. */
const SIDE_CHOSEN = /\b(?:keep|keeps|keeping|take|takes|taking|use|uses|using|prefer|prefers|preferring|favou?r|favou?rs)\s+(?:only\s+)?(?:the\s+|my\s+|our\s+|their\s+)?(?:server|remote|local|client|device|laptop|phone|first|second|other|mine|theirs|ours|one)\b/i

/** How many words after a negation its object may reach. */
const NEGATED_WINDOW = 4

/** Overriding what is there: negated, it agrees with a rule that keeps things ("never overwrite", "shouldn't clobber"). */
const OVERRIDING: ReadonlySet<string> = new Set(['overwrit', 'overwrite', 'replac', 'replace', 'clobber', 'lose', 'lost', 'discard'])

/** Whether the text says the rule should work otherwise: a deviating word not negated, or a negated rule word. */
function deviates(text: string, rule: ReadonlySet<string>, lookup: (w: string) => {term: string}): string | undefined {
  const ws = text.toLowerCase().replace(/\u2019/g, "'").match(/[a-z][a-z']*/g) ?? []
  const negatedAt = new Set<number>()
  for (let i = 0; i < ws.length; i++) {
    const negation = NEGATOR.test(ws[i]) || (ws[i] === 'instead' && ws[i + 1] === 'of') || (ws[i] === 'rather' && ws[i + 1] === 'than')
    if (!negation) continue
    let j = i + (ws[i] === 'instead' || ws[i] === 'rather' ? 2 : 1)
    while (j < ws.length && j - i <= 4 && NEGATED_SKIP.has(ws[j])) j++
    if (j >= ws.length) continue
    negatedAt.add(j)
    // what is negated is a way of working otherwise ("instead of silently picking one", "never overwrite"): agreement
    if (DEVIATING.has(ws[j]) || OVERRIDING.has(lookup(ws[j]).term)) continue
    // "the user never has to pick", "rather than keeping both", "don't make the user choose": the rule's own action
    // negated, within a few words, is a change
    for (let k = j; k < ws.length && k - j < NEGATED_WINDOW; k++) {
      if (rule.has(lookup(ws[k]).term) && !DEVIATING.has(ws[k])) return ws.slice(i, k + 1).join(' ')
    }
  }
  for (let i = 0; i < ws.length; i++) {
    if (!(DEVIATING.has(ws[i]) || OVERRIDING.has(lookup(ws[i]).term)) || negatedAt.has(i) || NEGATOR.test(ws[i]) || ws[i] === 'instead' || ws[i] === 'rather') continue
    // a negation word itself counts only through what it negates (above); "no longer" is read there too
    if (ws[i] === 'longer' && (ws[i - 1] === 'no' || ws[i - 1] === 'any')) continue
    return ws[i]
  }
  return undefined
}

/** `top` with each frozen match the request restates set below a live match of its component. */
export function restatedAside(index: RequirementIndex, top: ScopeMatch[], weights: readonly ScopeTermWeight[], text: string, lookup: (w: string) => {term: string}, notes: string[]): ScopeMatch[] {
  const frozen = top.filter((m) => m.via === 'match' && isRetired(index, m.id) && index.requirement(index.lookup(m.id)!).status.toLowerCase() === 'frozen')
  if (frozen.length !== 1) return top
  const m = frozen[0]
  const fi = index.lookup(m.id)!
  const ruleWeights = index.termsOf(fi)
  const rule = ownTerms(index, fi)
  const named = weights.filter((w) => (w.kind === 'specific' || w.kind === 'unknown') && !STOP_WORDS.has(w.term)).map((w) => w.term)
  if (named.length === 0 || !named.some((t) => rule.has(t))) return top
  // the checks that need no live requirement first: a side chosen, a deviating word outside a negation
  if (SIDE_CHOSEN.test(text) || deviates(text, new Set(), lookup) !== undefined) return top
  // the live requirement of the frozen one's component that shares the request's words (found through their postings)
  const component = (index.requirement(fi).component ?? '').toLowerCase()
  let live: number | undefined
  let shared = 0
  for (const t of named) {
    for (const i of (index.postings(t)?.idx ?? []).slice(0, MAX_CANDIDATES)) {
      if (i === fi || !index.eligible[i] || isRetired(index, index.id(i)) || (index.requirement(i).component ?? '').toLowerCase() !== component) continue
      const own = index.termsOf(i)
      // the frozen requirement's title words count most ("conflict" ties sync to the conflict rule, "edit" the queue)
      const n = named.filter((x) => own.has(x)).reduce((sum, x) => sum + (ruleWeights.get(x) ?? 0.5), 0)
      if (n > shared) {
        live = i
        shared = n
      }
    }
  }
  if (live === undefined) return top
  const liveTerms = index.termsOf(live)
  const outside = named.filter((t) => !rule.has(t) && !liveTerms.has(t))
  if (outside.length > 0) return top
  const rewording = deviates(text, new Set([...rule].filter((t) => !liveTerms.has(t) && !STOP_WORDS.has(t) && t !== term('one'))), lookup)
  if (rewording !== undefined) return top
  const liveId = index.id(live)
  const existing = top.find((o) => o.id === liveId)
  const liveScore = Math.max(existing?.score ?? 0, m.score)
  const out = top.map((o) => (o === m ? {...o, score: Math.round(liveScore * RESTATED_SHARE * 1000) / 1000} : o.id === liveId ? {...o, score: liveScore} : o))
  if (!existing) out.unshift({id: liveId, score: liveScore, via: 'match', terms: named.filter((t) => liveTerms.has(t))})
  notes.push(`${m.id} restated, not changed: the request names only its words and ${liveId}'s, and nothing that makes the rule work otherwise; the change is ${liveId}'s`)
  return out.sort((a, b) => b.score - a.score)
}

/** Where a negation's reach ends: the end of its clause. */
const CLAUSE_END = /[,.;:!?]|\s(?:but|and then|then|while|even)\s/

/**
 * A deprecated requirement's behaviour forbidden (round 14b): "never write a note to disk unencrypted, even
 * temporarily" and "add a test that the bytes on disk aren't plaintext" name the deprecated plaintext dump's words
 * only inside a negation: they ask for what the dump's deprecation wants, within the live requirement their negated
 * clause shares a word with (encrypted storage on disk). The deprecated match stays reported at under half the live
 * one's score; without such a live requirement it stays as it is.
 */
export function forbiddenRetiredAside(index: RequirementIndex, top: ScopeMatch[], weights: readonly ScopeTermWeight[], text: string, lookup: (w: string) => {term: string}, notes: string[]): ScopeMatch[] {
  const retired = top.filter((m) => m.via === 'match' && index.requirement(index.lookup(m.id)!).status.toLowerCase() === 'deprecated')
  if (retired.length !== 1) return top
  const m = retired[0]
  const di = index.lookup(m.id)!
  const lower = text.toLowerCase().replace(/\u2019/g, "'")
  // the clauses with a negation, from the negation on
  const negated: string[] = []
  const clauses: string[] = []
  for (const clause of lower.split(CLAUSE_END)) {
    const at = /\b(?:never|not|no|without|cannot|[a-z]+n't)\b/.exec(clause)
    if (at) {
      negated.push(clause.slice(at.index))
      clauses.push(clause)
    }
  }
  if (negated.length === 0) return top
  const named = weights.filter((w) => (w.kind === 'specific' || w.kind === 'unknown') && !STOP_WORDS.has(w.term)).map((w) => w.term)
  const spanTerms = new Set(clauses.flatMap((c) => (c.match(/[a-z][a-z'-]*/g) ?? []).map((w) => lookup(w).term)))
  // the live requirement sharing a word with a clause that negates, and the most of the request's words
  let live: number | undefined
  let shared = 0
  for (const t of named) {
    if (!spanTerms.has(t)) continue
    for (const i of (index.postings(t)?.idx ?? []).slice(0, MAX_CANDIDATES)) {
      if (i === di || !index.eligible[i] || isRetired(index, index.id(i))) continue
      const own = index.termsOf(i)
      const n = named.filter((x) => own.has(x)).length
      if (n > shared) {
        live = i
        shared = n
      }
    }
  }
  if (live === undefined) return top
  const liveTerms = index.termsOf(live)
  // every word of the deprecated requirement's own (not the live one's) the request names is inside a negation
  const own = [...index.termsOf(di).keys()].filter((t) => !liveTerms.has(t) && m.terms.includes(t))
  const all = (lower.match(/[a-z][a-z'-]*/g) ?? []).map((w) => lookup(w).term)
  const ownCount = all.filter((t) => own.includes(t)).length
  const negatedCount = negated.flatMap((c) => (c.match(/[a-z][a-z'-]*/g) ?? []).map((w) => lookup(w).term)).filter((t) => own.includes(t)).length
  if (own.length === 0 || ownCount === 0 || negatedCount < ownCount) return top
  const liveId = index.id(live)
  const existing = top.find((o) => o.id === liveId)
  const liveScore = Math.max(existing?.score ?? 0, m.score)
  const out = top.map((o) => (o === m ? {...o, score: Math.round(liveScore * RESTATED_SHARE * 1000) / 1000} : o.id === liveId ? {...o, score: liveScore} : o))
  if (!existing) out.unshift({id: liveId, score: liveScore, via: 'match', terms: named.filter((t) => liveTerms.has(t))})
  notes.push(`${m.id} forbidden, not changed: its words ${own.filter((t) => all.includes(t)).join('+')} are named only inside a negation; the change is ${liveId}'s`)
  return out.sort((a, b) => b.score - a.score)
}
