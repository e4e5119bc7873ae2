/**
 * A frozen or deprecated rule's layout changed in other words (round 27a, issue 22's scope class): "show the two clashing
 * copies of a note one above the other instead of next to each other" meets the frozen conflict rule ("two versions side
 * by side") on its words, and no word of the rule's own is negated or replaced, so it reads as the rule restated; but
 * it names an arrangement other than the rule's (stacked, not side by side), or negates the rule's arrangement in a
 * synonym ("instead of next to each other"): the rule is asked to work otherwise. The retired match is then no
 * incidental one: its score is raised to the best live match's, so the frozen step blocks it.
 *
 * Arrangements are data (`ARRANGEMENTS`): each group is one layout in its words; a request naming a group other than
 * the rule's, or the rule's own group after a negation, changes the layout. A request naming only the rule's group
 * ("keep the two copies side by side") restates it, and a requirement without an arrangement is never touched.
 */
import type {ScopeMatch} from '../scope.js'
import type {RequirementIndex} from '../scope-index.js'
import {STOP_WORDS} from '../text/tokens.js'

/** Layouts of two things shown together, one group each: side by side, stacked, in tabs, merged into one. */
export const ARRANGEMENTS: ReadonlyArray<{name: string; re: RegExp}> = [
  {name: 'side by side', re: /\b(?:side[- ]by[- ]side|next\s+to\s+(?:each\s+other|one\s+another)|beside\s+(?:each\s+other|one\s+another)|in\s+(?:two\s+)?columns|split[- ](?:view|screen|pane)|left\s+and\s+right|horizontally)\b/i},
  {name: 'stacked', re: /\b(?:one\s+(?:above|below|under|on\s+top\s+of|after)\s+the\s+other|(?:above|below|under(?:neath)?|on\s+top\s+of)\s+(?:each\s+other|one\s+another)|stack(?:ed|ing)?|vertically|top\s+and\s+bottom|in\s+rows)\b/i},
  {name: 'tabbed', re: /\b(?:in\s+(?:separate\s+|two\s+)?tabs|tabbed|as\s+tabs)\b/i},
  {name: 'inline', re: /\b(?:inline|interleaved|in\s+(?:a\s+)?single\s+(?:view|pane|column)|merged\s+into\s+one|overlaid|as\s+a\s+diff)\b/i},
]

/** A negation right before a phrase: "instead of", "rather than", "not", "no longer". */
const NEGATED_BEFORE = /\b(?:instead\s+of|rather\s+than|not|no\s+longer|never)\s+(?:being\s+|shown\s+|displayed\s+|laid\s+out\s+)?$/i

/** The groups' patterns, global, compiled once. */
const GLOBAL = ARRANGEMENTS.map((g) => ({name: g.name, re: new RegExp(g.re.source, 'gi')}))

function groupsIn(text: string): Array<{name: string; negated: boolean}> {
  const out: Array<{name: string; negated: boolean}> = []
  for (const g of GLOBAL) {
    for (const m of text.matchAll(g.re)) out.push({name: g.name, negated: NEGATED_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index))})
  }
  return out
}

/** `top` with each retired match whose rule's arrangement the request changes raised to the best live match's score. */
export function arrangedOtherwise(index: RequirementIndex, top: ScopeMatch[], text: string, notes: string[], retired: (id: string) => boolean): ScopeMatch[] {
  const said = groupsIn(text)
  if (said.length === 0) return top
  const best = Math.max(0, ...top.filter((m) => !retired(m.id)).map((m) => m.score))
  return top.map((m) => {
    if (m.via !== 'match' || !retired(m.id)) return m
    const r = index.requirement(index.lookup(m.id)!)
    const rule = groupsIn(`${r.title ?? ''} ${r.description ?? ''}`).map((g) => g.name)
    if (rule.length === 0) return m
    const other = said.find((g) => !rule.includes(g.name) && !g.negated) ?? said.find((g) => rule.includes(g.name) && g.negated)
    if (!other) return m
    notes.push(`${m.id} kept: the request lays out what it governs ${other.negated ? `not ${other.name}` : other.name}, where ${m.id} says ${rule.join(', ')}: the rule asked to work otherwise`)
    return {...m, score: Math.max(m.score, best)}
  })
}

/** Where an object's head ends: a place, a purpose or a manner after it ("... to disk for debugging"). */
const HEAD_END = /\s(?:to|into|onto|on|in|inside|under|for|at|from|with|via|by|so|when|whenever|if|and|or|but)\s/

/**
 * A frozen or deprecated requirement met only on the place or purpose of a change whose object is its own new thing
 * (round 27a): "write the app's crash reports to disk for debugging" meets the deprecated plaintext dump on "disk" and
 * "debug" (its description's words, side by side), but what is written is crash reports, a thing no requirement has,
 * and none of the dump's words. The retired match is dropped (narrated): a change whose object is new and uncovered
 * asks which requirement it serves, it is not the retired rule's. An object that names a word of the retired
 * requirement's ("the debug file", "whichever copy") keeps the match.
 */
export function retiredOnlyByPlace(index: RequirementIndex, top: ScopeMatch[], text: string, frames: readonly {verb: string; object: string}[], kind: (t: string) => string, lookup: (w: string) => {term: string}, notes: string[], retired: (id: string) => boolean): ScopeMatch[] {
  const frame = frames[0]
  if (!frame || !top.some((m) => m.via === 'match' && retired(m.id))) return top
  const object = ` ${frame.object.toLowerCase()} `
  const end = HEAD_END.exec(object)
  if (!end) return top
  const head = (object.slice(0, end.index).match(/[a-z][a-z'-]*/g) ?? []).map((w) => lookup(w.replace(/'s$/, '')).term).filter((t) => !STOP_WORDS.has(t))
  const novel = head.filter((t) => kind(t) === 'unknown')
  if (novel.length === 0) return top
  const said = (text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []).map((w) => lookup(w).term)
  return top.filter((m) => {
    if (m.via !== 'match' || !retired(m.id)) return true
    const own = index.termsOf(index.lookup(m.id)!)
    if (head.some((t) => own.has(t))) return true
    // the retired requirement named by its title or component anywhere ("have sync write ...", "conflict handling")
    const r = index.requirement(index.lookup(m.id)!)
    const named = new Set(((`${r.title ?? ''} ${r.component ?? ''}`).toLowerCase().match(/[a-z][a-z'-]*/g) ?? []).map((w) => lookup(w).term).filter((t) => !STOP_WORDS.has(t)))
    if (said.some((t) => named.has(t))) return true
    notes.push(`${m.id} dropped: what the change acts on (${head.join(' ')}) is new (${novel.join(', ')}) and none of ${m.id}'s, nor its title or component; its words ${m.terms.join('+')} are only the change's place or purpose`)
    return false
  })
}
