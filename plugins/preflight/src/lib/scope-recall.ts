/**
 * Round 9b of scope resolution (requirement recall): what a request is about when it uses few of the requirement's
 * words. A requirement's kind named by a measure and a quantity, the instruction's verb yielding to what it acts on,
 * and two words standing together in a requirement's description. Split from scope.ts; each needs a real match of
 * the project's own, so none opens acceptance on its own.
 */
import {VERB_INTENT} from './analyse/lexicon.js'
import {AGENT_FORMS, BEHAVIOUR_VERBS, EXTENDING, INFINITIVE_VERBS, REQUIREMENT_KINDS} from './analyse/scope-lexicon.js'
import type {ScopeMatch, ScopeTermWeight} from './scope.js'
import {FIELD_WEIGHT, type RequirementIndex} from './scope-index.js'
import {UI_COMPONENT, kindOf} from './scope-outside.js'
import {STOP_WORDS, term, words} from './text/tokens.js'

/**
 * The terms of the kinds of requirement a request is about without naming them: a measure next to a quantity of
 * its kind ("start in under half a second" is a start-up budget), when the project has the kind's term; they are
 * added to `have`, the request's weighed terms.
 */
export function kindTerms(index: RequirementIndex, scopeText: string, have: ScopeTermWeight[], termsIn: (text: string) => string[]): {terms: ScopeTermWeight[]; explained: ReadonlySet<string>} {
  const out: ScopeTermWeight[] = []
  const explained = new Set<string>()
  for (const kind of REQUIREMENT_KINDS) {
    const measure = kind.measure.exec(scopeText)
    const quantity = kind.quantity.exec(scopeText)
    if (!measure || !quantity) continue
    const t = kind.terms.map((w) => term(w)).find((w) => index.postings(w) !== undefined)
    if (t === undefined || out.some((w) => w.term === t)) continue
    // a request naming the kind's word ("after launch") keeps it, and its quantity still says no more than the kind
    if (!have.some((w) => w.term === t)) out.push({term: t, idf: Math.round((index.idf(t) ?? index.maxIdf) * 100) / 100, kind: kindOf(index, t), from: `kind ${kind.name}: ${measure[0]} + ${quantity[0]}`})
    // the measure and its quantity are what the kind's term stands for: they no longer dilute the match
    for (const w of termsIn(`${measure[0]} ${quantity[0]}`)) if (w !== t) explained.add(w)
  }
  have.push(...out)
  return {terms: out, explained}
}

/**
 * The instruction's verb is one requirement's title word, and what it acts on is another's: "reset the inactivity
 * timer on every command" shares "reset" with password reset and "inactivity" with the session timeout. When every
 * match rests on the verb alone (its other shared words common English) and the request names a specific word
 * of the project besides, the request is scoped without the verb: what is acted on says which feature it is.
 */
export function verbYields(index: RequirementIndex, top: ScopeMatch[], queryTerms: readonly string[], weights: readonly ScopeTermWeight[], frames: readonly {verb: string; written?: string}[], rescore: (terms: readonly string[]) => ScopeMatch[], notes: string[]): ScopeMatch[] {
  const verbs = new Set(frames.filter((f) => f.written === undefined || f.written === f.verb).map((f) => f.verb))
  const verbTerms = new Set(weights.filter((w) => w.from !== undefined && verbs.has(w.from) && w.kind === 'specific').map((w) => w.term))
  if (verbTerms.size === 0 || top.length === 0) return top
  const onVerb = (m: ScopeMatch) => m.via === 'match' && m.terms.some((t) => verbTerms.has(t)) && m.terms.every((t) => verbTerms.has(t) || kindOf(index, t) !== 'specific')
  const yielding = top.filter(onVerb)
  if (yielding.length === 0) return top
  const rest = queryTerms.filter((t) => !verbTerms.has(t))
  const acted = rest.filter((t) => kindOf(index, t) === 'specific')
  if (acted.length === 0) return top
  const kept = top.filter((m) => !onVerb(m))
  const again = rescore(rest).filter((m) => !kept.some((k) => k.id === m.id) && !yielding.some((y) => y.id === m.id))
  if (again.length === 0) return top
  notes.push(`${yielding.map((m) => m.id).join(', ')} ${yielding.length === 1 ? 'yields' : 'yield'}: only the verb (${[...verbTerms].join(', ')}) is ${yielding.length === 1 ? 'its' : 'their'} word; what it acts on (${acted.join(', ')}) is ${again.map((m) => m.id).join(', ')}'s`)
  return [...again, ...kept]
}

/** How far apart (in words) two terms of a requirement's description may be and still be read as one phrase of it. */
const PHRASE_WINDOW = 3

/** How many requirements may have both words of a pair for it to be read as a phrase of their descriptions. */
const PHRASE_MAX_REQUIREMENTS = 8

/**
 * Two specific words near each other in the request (within PHRASE_WINDOW words: round 10b, adjacent before) that
 * stand near each other in a requirement's description ("the session token", "queued edits" against "edits shall
 * be queued", "the keychain refuses to save the token" against "the session token in the OS keychain") name what that sentence of the
 * description is about: they count as much as title words for that requirement. Returns, per requirement, those terms.
 */
/**
 * The eligible requirements whose postings hold both terms, ascending; past `limit` found it stops (the caller
 * skips such pairs). Postings are ascending as the index builds them, so one merge walk allocates nothing; a list
 * out of order falls back to a set.
 */
function sharedBy(index: RequirementIndex, a: string, b: string, limit: number): number[] {
  const pa = index.postings(a)!.idx
  const pb = index.postings(b)!.idx
  const out: number[] = []
  let x = 0
  let y = 0
  while (x < pa.length && y < pb.length && out.length <= limit) {
    const u = pa[x]
    const v = pb[y]
    if ((x > 0 && u <= pa[x - 1]) || (y > 0 && v <= pb[y - 1])) {
      const set = new Set(pb)
      return [...pa].filter((i) => set.has(i) && index.eligible[i] !== 0).sort((m, n) => m - n)
    }
    if (u === v) {
      if (index.eligible[u] !== 0) out.push(u)
      x++
      y++
    } else if (u < v) x++
    else y++
  }
  return out
}

/** A requirement's description as terms, computed once per index and requirement (the index is immutable). */
const DESCRIBED = new WeakMap<RequirementIndex, Map<number, string[]>>()
function describedTerms(index: RequirementIndex, i: number): string[] {
  let byReq = DESCRIBED.get(index)
  if (!byReq) DESCRIBED.set(index, (byReq = new Map()))
  let terms = byReq.get(i)
  if (!terms) byReq.set(i, (terms = words(index.requirement(i).description).map((w) => term(w))))
  return terms
}

export function describedPairs(index: RequirementIndex, scopeText: string, lookup: (w: string) => {term: string}): ReadonlyMap<number, ReadonlySet<string>> {
  const out = new Map<number, Set<string>>()
  const seq = words(scopeText).map((w) => lookup(w).term)
  // the request's two words may stand apart as the description's do ("the keychain refuses to save the token")
  for (let k = 0; k + 1 < seq.length; k++) for (let g = 1; g <= PHRASE_WINDOW && k + g < seq.length; g++) {
    const [a, b] = [seq[k], seq[k + g]]
    if (a === b || kindOf(index, a) !== 'specific' || kindOf(index, b) !== 'specific') continue
    const both = sharedBy(index, a, b, PHRASE_MAX_REQUIREMENTS)
    // a pair many requirements share names no one sentence of one of them (and reading them all costs time)
    if (both.length > PHRASE_MAX_REQUIREMENTS) continue
    for (const i of both) {
      const described = describedTerms(index, i)
      const near = described.some((t, x) => t === a && described.slice(Math.max(0, x - PHRASE_WINDOW), x + PHRASE_WINDOW + 1).includes(b))
      if (!near) continue
      const set = out.get(i) ?? new Set<string>()
      set.add(a).add(b)
      out.set(i, set)
    }
  }
  return out
}

/** Raises each described phrase's terms to title weight in the requirements whose description has them (those already touched). */
export function phraseBonus(index: RequirementIndex, pairs: ReadonlyMap<number, ReadonlySet<string>>, acc: Float64Array | number[], idfOf: ReadonlyMap<string, number>): void {
  for (const [i, ts] of pairs) {
    if (acc[i] === 0) continue
    const own = index.termsOf(i)
    for (const t of ts) acc[i] += (idfOf.get(t) ?? 0) * (FIELD_WEIGHT.title - (own.get(t) ?? FIELD_WEIGHT.title))
  }
}

/** The narration of the described phrases behind the matches kept. */
export function pairNotes(index: RequirementIndex, top: readonly ScopeMatch[], pairs: ReadonlyMap<number, ReadonlySet<string>>): string[] {
  return top.flatMap((m) => {
    const i = index.lookup(m.id)
    const phrase = i === undefined ? undefined : pairs.get(i)
    return phrase ? [`${m.id}: ${[...phrase].join(' + ')} stand together in its description, counted as its title`] : []
  })
}

/**
 * Whether a request word is an agent noun of a specific project word (`t`, the term it was read as): "syncer",
 * "exporter", "encryptor", "synchroniser", "tagger" name the doer of sync, export, encrypt, tag. The word's ending is
 * stripped (AGENT_FORMS) and the verb reached must be read as the same project term; common English ("faster") and
 * words whose stem is no project verb ("user", "server", "timer") are not agent nouns.
 */
export function isAgentNoun(index: RequirementIndex, word: string, t: string, projectTerm: (w: string) => string | undefined): boolean {
  if (!/(?:er|or)s?$/.test(word) || kindOf(index, t) !== 'specific') return false
  for (const [pattern, replacement] of AGENT_FORMS) {
    if (!pattern.test(word)) continue
    const base = word.replace(pattern, replacement)
    if (base !== word && base.length >= 3 && projectTerm(base) === t) return true
  }
  return false
}

/**
 * The agent nouns of a request that anchor it to the requirement whose action they do ("have the syncer wait a few
 * seconds between attempts" is about sync): none when the request extends what the doer does ("the downloader
 * should also fetch podcasts"), which is something new.
 */
export function agentAnchors(weights: readonly ScopeTermWeight[], scopeText: string, notes: string[]): ReadonlySet<string> {
  const agents = weights.filter((w) => w.derived === 'agent')
  if (agents.length === 0) return new Set()
  const extending = EXTENDING.exec(scopeText)
  if (extending) {
    notes.push(`${agents.map((w) => `"${w.from}"`).join(', ')} anchor${agents.length === 1 ? 's' : ''} nothing: "${extending[0]}" adds to what ${agents.length === 1 ? 'it does' : 'they do'}`)
    return new Set()
  }
  notes.push(`${agents.map((w) => `"${w.from}" is the doer of ${w.term}`).join('; ')} (agent noun: the component and its action)`)
  return new Set(agents.map((w) => w.term))
}

/** Whether `t` is an anchoring agent noun's term that is specific in the project (in no more than a third of the requirements). */
export function agentNoun(index: RequirementIndex, agents: ReadonlySet<string>, t: string): boolean {
  return agents.has(t) && kindOf(index, t) === 'specific'
}

/**
 * Whether a word is said of something that exists: after "the", a possessive or a demonstrative ("the syncer", "our
 * exporter", "the PDF exporter"), not after "a"/"an"/"new" ("add a keyword highlighter", "write an importer"), which
 * bring a new doer into being.
 */
export function definite(text: string, word: string): boolean {
  const lower = text.toLowerCase()
  for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1)) {
    const before = lower.slice(Math.max(0, at - 40), at).split(/[^a-z0-9'-]+/).filter(Boolean)
    if (DEFINITE.has(before.at(-1) ?? '') || (DEFINITE.has(before.at(-2) ?? '') && !NEW_THING.has(before.at(-1) ?? ''))) return true
  }
  return false
}

const DEFINITE: ReadonlySet<string> = new Set(['the', 'our', 'this', 'that', 'its', 'my', 'your', 'their', 'existing', 'current'])
const NEW_THING: ReadonlySet<string> = new Set(['new', 'second', 'another', 'extra', 'additional', 'separate'])

/**
 * The anchoring agent nouns that are the subject of what the request asks ("have the syncer wait ...", "make the
 * synchroniser retry ...", "the searcher should ..."): the change is to how that doer works. `text` is the scope text
 * and the deciding sentences (the scope text has lost the instruction's verb), read sentence by sentence.
 */
export function agentSubjects(weights: readonly ScopeTermWeight[], agents: ReadonlySet<string>, text: string): ReadonlySet<string> {
  const out = new Set<string>()
  for (const sentence of text.toLowerCase().split(/[\n.;!?]+/)) {
    const lower = sentence.trim()
    for (const w of weights) {
      if (!agents.has(w.term) || !w.from) continue
      const at = lower.indexOf(w.from)
      if (at === -1) continue
      const before = lower.slice(0, at).trim()
      const after = lower.slice(at + w.from.length).trim()
      // the subject of a wish ("the searcher should ...") or a causative's object ("have the syncer wait ...")
      const causative = /^(?:(?:please|can you|could you|would you)\s+)?(?:have|make|let|get|tell)\s+(?:the|our|its|this)(?:\s+[a-z-]+)?$/.test(before)
      const subject = /^(?:the|our|this)(?:\s+[a-z-]+)?$/.test(before) && /^(?:should|must|shall|needs? to|has to|ought to|may|can|could|will|would)\b/.test(after)
      if (causative || subject) out.add(w.term)
    }
  }
  return out
}

const heads = new WeakMap<RequirementIndex, Map<number, string>>()

/** The term of the first word of a requirement's title: the action it names ("Sync notes with the server" -> sync). Remembered per index. */
export function titleHead(index: RequirementIndex, i: number): string {
  let known = heads.get(index)
  if (!known) heads.set(index, (known = new Map()))
  let head = known.get(i)
  if (head === undefined) {
    const first = words(index.requirement(i).title)[0]
    head = first === undefined ? '' : term(first)
    if (known.size >= 1 << 16) known.clear()
    known.set(i, head)
  }
  return head
}

/**
 * Whether one shared word can put a request in a requirement's scope: it can when it is most of the request,
 * or when it is specific to that requirement (in its title, and in no or almost no other requirement) and the
 * request is not about a user-interface surface the requirement does not cover. So "refactor the search
 * ranking" finds the search requirement, "add a search bar to the settings page" does not.
 */
export function singleTermScope(index: RequirementIndex, i: number, t: string, share: number, surface: boolean): boolean {
  if (share >= 0.5) return true
  const df = index.postings(t)?.idx.length ?? 0
  const specific = (df === 1 || df / index.size <= 0.005 || (df === 2 && share >= 0.4)) && share >= 0.2
  const inTitle = index.termsOf(i).get(t) === FIELD_WEIGHT.title
  const ui = surface && !UI_COMPONENT.test(index.requirement(i).component ?? '')
  // a word only this requirement has may stand in for its title when it is a good part of the request
  // ("bump the inactivity limit back to 30 minutes")
  return specific && (inTitle || (df === 1 && share >= 0.3)) && !ui
}

/** Whether a score for requirement `i` ranks before `other` (ties by id). */
export function better(index: RequirementIndex, score: number, i: number, other: {i: number; score: number}): boolean {
  if (score !== other.score) return score > other.score
  return index.id(i) < index.id(other.i)
}

/** A verb of the gate's lexicon, as written or with an -s, -es or -ed ending. */
export function knownVerb(w: string): boolean {
  return [w, w.replace(/e?s$/, ''), w.replace(/e?d$/, ''), w.replace(/ed$/, 'e')].some((v) => VERB_INTENT.has(v))
}

/** The verbs that make someone or something do a thing ("let the sync command print ..."). */
const CAUSATIVES: ReadonlySet<string> = new Set(['let', 'make', 'have'])

/** Words before the thing a causative acts on. */
const CAUSEE_LEAD: ReadonlySet<string> = new Set(['the', 'a', 'an', 'our', 'my', 'its', 'their', 'your', 'every', 'each'])

/** Words for the people who use the product: what a causative makes them do is what the product lets them do. */
const PERSONS: ReadonlySet<string> = new Set(['user', 'users', 'people', 'someone', 'customers', 'them', 'everyone', 'me', 'us'])

/** A subject pronoun, and the verb (or two coordinated verbs) it does ("how many notes it sent and received"). */
const PRONOUN_VERBS = /\b(?:it|they|he|she|we)\s+([a-z]+)(?:\s+(?:and|or)\s+([a-z]+))?/g

/**
 * What a thing of the project is made to do, read as actions, not as things the change names: after a causative
 * ("let the sync command print how many notes it sent and received", "let synchronisation retry twice ..."), the
 * verb of the gate's lexicon after the thing it acts on, when no thing of its own follows it (the thing: up to three words the project knows, one of them its own, not only
 * common English) and the verbs a pronoun does after it. Only words the project does not know: a word of another
 * requirement stays a thing the match lacks ("make the exporter encrypt ..."). Returned as scope terms.
 */
export function causedVerbs(index: RequirementIndex, frames: readonly {verb: string; object: string}[], lookup: (w: string) => {term: string}): ReadonlySet<string> {
  const out = new Set<string>()
  for (const f of frames) {
    if (!CAUSATIVES.has(f.verb)) continue
    // a possessive is its owner's word ("the server's copy")
    const ws = (f.object.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []).map((w) => w.replace(/'s$/, ''))
    let i = 0
    while (i < ws.length && CAUSEE_LEAD.has(ws[i])) i++
    // round 12b: a person is made to do what the product lets them do ("let the user pick one of the formats")
    const person = PERSONS.has(ws[i] ?? '')
    let own = person
    const start = i
    if (person) i++
    // a verb of how a thing behaves ends the thing ("let syncing wait and retry ...")
    while (!person && i < ws.length && i - start < 3 && !STOP_WORDS.has(ws[i]) && !BEHAVIOUR_VERBS.has(ws[i]) && kindOf(index, lookup(ws[i]).term) !== 'unknown') {
      if (kindOf(index, lookup(ws[i]).term) !== 'common') own = true
      i++
    }
    // a verb of how it behaves needs no thing of the project's before it ("let the newest copy win")
    if ((!own && !(i > start && BEHAVIOUR_VERBS.has(ws[i] ?? ''))) || i >= ws.length || STOP_WORDS.has(ws[i])) continue
    const unknown = (w: string | undefined) => w !== undefined && !STOP_WORDS.has(w) && kindOf(index, lookup(w).term) === 'unknown'
    // a verb of how it behaves ("wait", "win") is what it is made to do whatever the project calls it; what a person
    // does with the product may be a word of the project's ("pick")
    const behaves = BEHAVIOUR_VERBS.has(ws[i]) || (person && INFINITIVE_VERBS.has(ws[i]))
    if (behaves) {
      out.add(lookup(ws[i]).term)
      // ... and a verb coordinated with it ("wait and retry")
      if ((ws[i + 1] === 'and' || ws[i + 1] === 'or') && (BEHAVIOUR_VERBS.has(ws[i + 2] ?? '') || (unknown(ws[i + 2]) && knownVerb(ws[i + 2]!)))) out.add(lookup(ws[i + 2]!).term)
      continue
    }
    // a verb the gate knows ("print", "retry"): an unknown word there ("tweet") may as well be the new thing itself
    if (!unknown(ws[i]) || !knownVerb(ws[i])) continue
    // ... done without a thing of its own ("print how many ...", "retry twice"): a verb with an object the project
    // knows ("suggest labels") is a new capability over that thing, and the verb stays a word the match lacks
    const next = ws[i + 1]
    if (next !== undefined && !STOP_WORDS.has(next) && kindOf(index, lookup(next).term) !== 'common') continue
    out.add(lookup(ws[i]).term)
    for (const m of ws.slice(i + 1).join(' ').matchAll(PRONOUN_VERBS)) for (const w of [m[1], m[2]]) if (unknown(w)) out.add(lookup(w).term)
  }
  return out
}

/** A determiner and at most one word before a word: it is a noun there ("in the PDF export, print ..."). */
const NOUN_LEAD = String.raw`\b(?:the|a|an|this|that|our|its|their|my|your|each|every)\s+(?:[a-z0-9-]+\s+)?`

/**
 * Whether every time `verb` is written in the text it follows a determiner (round 12b): "in the PDF export, print
 * each note's title ..." has no instruction to export, so what follows "export" is no object it creates. A word
 * the text does not contain is not judged (false).
 */
export function nounOnly(verb: string, text: string): boolean {
  const lower = text.toLowerCase()
  const all = lower.match(new RegExp(String.raw`\b${verb}\b`, 'g'))?.length ?? 0
  if (all === 0) return false
  return (lower.match(new RegExp(NOUN_LEAD + String.raw`${verb}\b`, 'g'))?.length ?? 0) === all
}
