/**
 * Scope found on an incidental mention (round 21c, issue 22's last class): a requirement the request names only in
 * passing is not what the change is about.
 *
 * - An id named only to be left alone ("REQ-SYNC-003 is frozen, so leave it alone; just make search rank ...",
 *   "without touching REQ-SYNC-003, ...") is no explicit target: the words of the rest decide the scope.
 * - An id of a live requirement written as the request's label next to an ask that shares none of its words and names
 *   something no requirement has ("For REQ-CLI-003, add a calendar view", "add a calendar view for REQ-CLI-003") is a label, not the scope: the match is marked thin, so
 *   the change asks which requirement it serves. A frozen or deprecated id keeps blocking whatever is asked under it.
 * - A frozen or deprecated requirement met on one word of its own that a live requirement's word right before it
 *   qualifies ("cap the upload payload": the upload's payload, not the plaintext payload dump) is that live
 *   requirement's thing: the retired match is dropped (narrated) when the live one is matched too.
 * The phrases are data (HANDS_OFF_*); adding a form is adding an alternative.
 */
import type {ScopeMatch, ScopeResult} from '../scope.js'
import {kindOf} from '../scope-outside.js'
import type {RequirementIndex} from '../scope-index.js'
import {term, words} from '../text/tokens.js'

const ID = String.raw`(?:REQ|TEST)-[A-Z0-9]+(?:-[A-Z0-9]+)*`

/** An id followed by a hands-off clause: "REQ-X is frozen, so leave it alone", "REQ-X stays as it is", "leave REQ-X be". */
export const HANDS_OFF_AFTER = new RegExp(
  String.raw`\b(${ID})\b(?:\s*\([^)]{0,40}\))?\s*(?:is\s+(?:frozen|deprecated|off[- ]limits|out\s+of\s+scope)\s*[,;:]?\s*(?:so\s+|and\s+)?(?:please\s+)?(?:(?:leave|keep)\s+(?:it|that)\s+(?:alone|as\s+it\s+is|untouched|be)|(?:do\s+not|don'?t|never)\s+(?:touch|change|modify|edit)\s+it)|(?:stays|remains)\s+(?:as\s+it\s+is|untouched|unchanged)|must\s+not\s+(?:be\s+)?(?:touched|changed|modified))`,
  'gi',
)

/** A hands-off clause followed by an id: "without touching REQ-X", "leave REQ-X alone", "don't change REQ-X". */
export const HANDS_OFF_BEFORE = new RegExp(
  String.raw`\b(?:without\s+(?:touching|changing|modifying|affecting)|(?:do\s+not|don'?t|never|not)\s+(?:touch|change|modify|edit|affect)|(?:do\s+not|don'?t)\s+(?:go\s+)?near|other\s+than|except\s+(?:for\s+)?|apart\s+from)\s+(?:the\s+)?(?:frozen\s+|deprecated\s+)?(?:requirement\s+)?(${ID})\b|\b(?:leave|keep)\s+(?:the\s+)?(?:frozen\s+|deprecated\s+)?(?:requirement\s+)?(${ID})\s+(?:alone|as\s+it\s+is|untouched|unchanged|be)\b`,
  'gi',
)

/** The ids the request names only to keep them out of the change. */
export function handsOffIds(text: string): Set<string> {
  const out = new Set<string>()
  for (const re of [HANDS_OFF_AFTER, HANDS_OFF_BEFORE]) {
    re.lastIndex = 0
    for (const m of text.matchAll(re)) out.add((m[1] ?? m[2]).toUpperCase())
  }
  return out
}

/** The explicit requirement ids without those the request names only to leave alone (the rest still decide). */
export function explicitTargets(text: string, ids: readonly string[]): string[] {
  if (ids.length === 0) return [...ids]
  const off = handsOffIds(text)
  return off.size === 0 ? [...ids] : ids.filter((id) => !off.has(id.toUpperCase()))
}

function ownTerms(index: RequirementIndex, id: string): Set<string> {
  const i = index.lookup(id)
  if (i === undefined) return new Set()
  const r = index.requirement(i)
  return new Set(words(`${r.title ?? ''} ${r.description ?? ''} ${r.component ?? ''}`).map((w) => term(w)))
}

const RETIRED = new Set(['frozen', 'deprecated'])

/** An id written as the label of the request: at its start, alone or after "for", "under", "re", then a colon, dash or comma. */
export const LABEL_ID = new RegExp(String.raw`^\s*(?:(?:for|under|re|per|regarding|as\s+part\s+of)\s+)?(${ID})\s*(?:[:,\u2013\u2014]|-\s|\s-)`, 'i')
/** An id the request ends on as whose work it is: "..., for REQ-X", "... under REQ-X.", "... as part of REQ-X". */
export const TRAILING_ID = new RegExp(String.raw`\b(?:for|under|per|as\s+part\s+of|towards?)\s+(${ID})\s*[.!]?\s*$`, 'i')

/**
 * An explicit id of a live requirement written as the request's label (at its start or as its last words) whose
 * words the rest does not use at all, while it names a thing no requirement has: the match becomes a thin word
 * match (narrated), so the change asks which requirement it serves ("implement REQ-X with ..." is no label).
 */
export function idsUnrelated(index: RequirementIndex, scope: ScopeResult, text: string): void {
  const label = (LABEL_ID.exec(text) ?? TRAILING_ID.exec(text))?.[1]?.toUpperCase()
  if (label === undefined || !scope.matches.every((m) => m.via === 'explicit')) return
  const telling = scope.weights.filter((w) => w.kind === 'unknown' || w.kind === 'specific')
  const unknown = telling.filter((w) => w.kind === 'unknown')
  if (unknown.length === 0) return
  for (const m of scope.matches) {
    if (m.id.toUpperCase() !== label || isRetiredId(index, m.id)) continue
    const own = ownTerms(index, m.id)
    if (scope.weights.some((w) => own.has(w.term))) continue
    m.via = 'match'
    ;(scope.thin_ids ??= []).push(m.id)
    scope.notes.push(`${m.id} is thin: it labels the request, which shares none of its words and names ${unknown.map((w) => w.term).join(', ')}, which no requirement has`)
  }
}

/**
 * `top` without the frozen or deprecated matches resting on one word of their own that a live match's word right
 * before it qualifies ("the upload payload", "the search debug flag").
 */
export function retiredQualified(index: RequirementIndex, top: ScopeMatch[], text: string, lookup: (w: string) => {term: string}, notes: string[]): ScopeMatch[] {
  if (top.length < 2) return top
  const live = top.filter((m) => m.via === 'match' && !isRetiredId(index, m.id))
  if (live.length === 0) return top
  const ws = text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []
  return top.filter((m) => {
    if (m.via !== 'match' || !isRetiredId(index, m.id)) return true
    const others = new Set(live.flatMap((n) => n.terms))
    const own = m.terms.filter((t) => !others.has(t))
    if (own.length !== 1 || kindOf(index, own[0]) !== 'specific') return true
    const at = ws.findIndex((w) => lookup(w).term === own[0])
    // a possessive owner ("the server's copy") says whose thing it is, not which thing: the qualifier is a compound's
    if (at < 1 || /'s?$/.test(ws[at - 1]) || ws.findIndex((w, k) => k > at && lookup(w).term === own[0]) !== -1) return true
    const before = lookup(ws[at - 1]).term
    const by = live.find((n) => n.terms.includes(before) && ownTerms(index, n.id).has(before) && !ownTerms(index, m.id).has(before))
    if (!by) return true
    notes.push(`${m.id} dropped: its one word of its own ("${ws[at]}") is qualified by "${ws[at - 1]}", a word of ${by.id}'s, and ${m.id} is ${index.requirement(index.lookup(m.id)!).status}`)
    return false
  })
}

function isRetiredId(index: RequirementIndex, id: string): boolean {
  const i = index.lookup(id)
  return i !== undefined && RETIRED.has(index.requirement(i).status.toLowerCase())
}

/** A word or two in quotes right before a graphical element's noun: the element's caption ("a \"resolve\" button"). */
export const CAPTION = /["'\u2018\u201c]([a-z][a-z -]{0,30})["'\u2019\u201d]\s+(?:buttons?|links?|tabs?|badges?|icons?|toggles?|checkbox(?:es)?|chips?|menu\s+items?|menu\s+entry|menu\s+entries)\b/gi

/**
 * `top` without the frozen or deprecated matches whose words of their own are all in a graphical element's
 * caption: a button named "resolve" marks a to-do done, it does not change how conflicts are resolved.
 */
export function retiredCaptioned(index: RequirementIndex, top: ScopeMatch[], text: string, lookup: (w: string) => {term: string}, notes: string[]): ScopeMatch[] {
  CAPTION.lastIndex = 0
  const captions = [...text.matchAll(CAPTION)].map((m) => m[1])
  if (captions.length === 0) return top
  const inCaption = new Set(captions.flatMap((c) => words(c).map((w) => lookup(w).term)))
  const ws = words(text.replace(CAPTION, ' '))
  const outside = new Set(ws.map((w) => lookup(w).term))
  return top.filter((m) => {
    if (m.via !== 'match' || !isRetiredId(index, m.id)) return true
    const own = m.terms.filter((t) => kindOf(index, t) === 'specific')
    if (own.length === 0 || !own.every((t) => inCaption.has(t) && !outside.has(t))) return true
    notes.push(`${m.id} dropped: its words (${own.join(', ')}) only caption a graphical element ("${captions.join('", "')}"), and ${m.id} is ${index.requirement(index.lookup(m.id)!).status}`)
    return false
  })
}

/**
 * What a question-worded proposal is wanted for (round 21c): "could the sync command keep a copy of every note it
 * sends, for troubleshooting?" asks for a behaviour and says why; asking what a thing can do names no purpose
 * ("for example" is no purpose).
 */
export const PURPOSE_ASKED = /,\s*(?:(?:just\s+)?for\s+(?!example\b|instance\b)[a-z]+ing\b|so\s+(?:that\s+)?(?:we|i|users?|people|you|devs?|developers?|support)\s+(?:can|could)\b|to\s+(?:help\s+(?:us\s+)?|make\s+it\s+easier\s+to\s+|let\s+us\s+|allow\s+us\s+to\s+)[a-z]+)/
