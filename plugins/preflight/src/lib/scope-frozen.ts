/**
 * A frozen or deprecated requirement found only on words a live requirement also has (round 12b).
 *
 * "add a summary line to the sync output listing conflicts" meets the frozen conflict rule on "sync" and "conflict",
 * but the sync requirement has both words too (it reports conflicts): the change is to what the live requirement
 * describes, and the frozen one shares its words by accident: "sync" is the live requirement's title word and the frozen
 * one's only by its component, and its own word ("conflicts") is only what the change lists or counts. Such a match is dropped (narrated) so it cannot block
 * the change; a frozen requirement the request names with a word of its own ("keep only the newer copy": versions,
 * "merge conflicting versions") or by id stays, and so the change to it is still blocked.
 */
import {CREATING_VERBS, PRODUCING_VERBS} from './analyse/scope-lexicon.js'
import type {ScopeMatch} from './scope.js'
import type {RequirementIndex} from './scope-index.js'
import {kindOf} from './scope-outside.js'
import {knownVerb} from './scope-recall.js'
import {MORE_REPORTING} from './analyse/unverbed-change.js'
import {term, words} from './text/tokens.js'

const RETIRED: ReadonlySet<string> = new Set(['frozen', 'deprecated'])

/** Whether a requirement is frozen or deprecated: a change to it is blocked. */
export function isRetired(index: RequirementIndex, id: string): boolean {
  const i = index.lookup(id)
  return i !== undefined && RETIRED.has(index.requirement(i).status.toLowerCase())
}

/** The terms of a requirement's title (`titleOnly`) or of its title and description: not its component. */
function textTerms(index: RequirementIndex, id: string, titleOnly: boolean): ReadonlySet<string> {
  const r = index.requirement(index.lookup(id)!)
  return new Set(words(titleOnly ? r.title ?? '' : `${r.title ?? ''} ${r.description ?? ''}`).map((w) => term(w)))
}

/** Words that report or count what they go with ("listing conflicts", "how many conflicts", "a conflict report"). */
const REPORTING = new Set([...MORE_REPORTING, 'list', 'listing', 'lists', 'count', 'counting', 'counts', 'report', 'reporting', 'reports', 'show', 'showing', 'shows', 'print', 'printing', 'prints', 'mention', 'mentioning', 'mentions', 'many', 'number', 'summary', 'summarise', 'summarize', 'summarising', 'summarizing', 'total', 'tally'])

/** Whether every time the text has a word of term `t`, a reporting word is among the three words before it or right after it ("a conflict report"). */
function reported(text: string, t: string): boolean {
  const ws = words(text)
  let seen = false
  for (let i = 0; i < ws.length; i++) {
    if (term(ws[i]) !== t) continue
    seen = true
    if (!ws.slice(Math.max(0, i - 3), i).some((w) => REPORTING.has(w)) && !REPORTING.has(ws[i + 1] ?? '')) return false
  }
  return seen
}

/** `top` without the frozen or deprecated matches whose every word is a word of a live match's too. */
export function frozenAside(index: RequirementIndex, top: ScopeMatch[], notes: string[], text: string): ScopeMatch[] {
  if (top.length < 2) return top
  return top.filter((m) => {
    if (m.via !== 'match' || m.terms.length === 0 || !isRetired(index, m.id)) return true
    const own = textTerms(index, m.id, false)
    // ... only what the change reports or counts: "make sync merge conflicts automatically" changes the rule
    if (!m.terms.filter((t) => own.has(t)).every((t) => reported(text, t))) return true
    const live = top.find((n) => {
      if (n === m || n.via !== 'match' || isRetired(index, n.id) || !m.terms.every((t) => n.terms.includes(t))) return false
      const title = textTerms(index, n.id, true)
      return m.terms.some((t) => title.has(t) && !own.has(t))
    })
    if (!live) return true
    const by = m.terms.filter((t) => !own.has(t))
    notes.push(`${m.id} dropped: its words ${m.terms.join('+')} are all ${live.id}'s too, ${by.join('+')} only by its component and in ${live.id}'s title, and ${m.id} is ${index.requirement(index.lookup(m.id)!).status}`)
    return false
  })
}

/**
 * `top` without the frozen or deprecated matches that are thin (round 12b): "fix the version conflict between the two
 * lodash copies in the lockfile" meets the conflict rule on one word of its own ("conflict") against lodash and the lockfile it lacks;
 * a thin match only says the request may be about it, which cannot block a change (the change then asks).
 */
export function thinRetiredAside(index: RequirementIndex, top: ScopeMatch[], thin: string[], notes: string[]): ScopeMatch[] {
  return top.filter((m) => {
    // one specific word of its own: a match on its own name ("the plaintext payload dump ...") is no accident
    if (m.via !== 'match' || !thin.includes(m.id) || !isRetired(index, m.id) || m.terms.filter((t) => kindOf(index, t) === 'specific').length > 1) return true
    thin.splice(thin.indexOf(m.id), 1)
    notes.push(`${m.id} dropped: a thin match of a ${index.requirement(index.lookup(m.id)!).status} requirement cannot block`)
    return false
  })
}

/**
 * The title word of a frozen or deprecated requirement written as the object of a verb of the gate's lexicon (round
 * 13b: "let sync overwrite conflicts with the server copy", "merge conflicts"): the change acts on what the retired rule
 * governs, so the match stays whatever else the change names, and it is no incidental match of lower score than a live
 * one (its score is raised to the best live match's); a verb that only reports it ("list conflicts") or creates a new
 * thing of that name ("add a plaintext format") does not.
 */
export function actedOnTitle(index: RequirementIndex, id: string, text: string, lookup: (w: string) => {term: string}): string | undefined {
  if (!isRetired(index, id)) return undefined
  const title = textTerms(index, id, true)
  // the words as written, so the verb is right before the word ("add a plaintext format" names a new thing, not the dump)
  const ws = text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []
  for (let i = 1; i < ws.length; i++) {
    const before = ws[i - 1]
    if (REPORTING.has(before) || CREATING_VERBS.has(before) || PRODUCING_VERBS.has(before) || !knownVerb(before)) continue
    const t = lookup(ws[i]).term
    if (title.has(t) && kindOf(index, t) === 'specific') return `${before} ${ws[i]}`
  }
  return undefined
}
