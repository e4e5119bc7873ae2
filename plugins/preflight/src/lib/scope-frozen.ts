/**
 * A frozen or deprecated requirement found only on words a live requirement also has (round 12b).
 *
 * "add a summary line to the sync output listing conflicts" meets the frozen conflict rule on "sync" and "conflict",
 * but the sync requirement has both words too (it reports conflicts): the change is to what the live requirement
 * describes, and the frozen one shares its words by accident: "sync" is the live requirement's title word and the frozen
 * one's only by its component. Such a match is dropped (narrated) so it cannot block
 * the change; a frozen requirement the request names with a word of its own ("keep only the newer copy": versions,
 * "merge conflicting versions") or by id stays, and so the change to it is still blocked.
 */
import type {ScopeMatch} from './scope.js'
import type {RequirementIndex} from './scope-index.js'
import {term, words} from './text/tokens.js'

const RETIRED: ReadonlySet<string> = new Set(['frozen', 'deprecated'])

function retired(index: RequirementIndex, id: string): boolean {
  const i = index.lookup(id)
  return i !== undefined && RETIRED.has(index.requirement(i).status.toLowerCase())
}

/** The terms of a requirement's title (`titleOnly`) or of its title and description: not its component. */
function textTerms(index: RequirementIndex, id: string, titleOnly: boolean): ReadonlySet<string> {
  const r = index.requirement(index.lookup(id)!)
  return new Set(words(titleOnly ? r.title ?? '' : `${r.title ?? ''} ${r.description ?? ''}`).map((w) => term(w)))
}

/** `top` without the frozen or deprecated matches whose every word is a word of a live match's too. */
export function frozenAside(index: RequirementIndex, top: ScopeMatch[], notes: string[]): ScopeMatch[] {
  if (top.length < 2) return top
  return top.filter((m) => {
    if (m.via !== 'match' || m.terms.length === 0 || !retired(index, m.id)) return true
    const own = textTerms(index, m.id, false)
    const live = top.find((n) => {
      if (n === m || n.via !== 'match' || retired(index, n.id) || !m.terms.every((t) => n.terms.includes(t))) return false
      const title = textTerms(index, n.id, true)
      return m.terms.some((t) => title.has(t) && !own.has(t))
    })
    if (!live) return true
    const by = m.terms.filter((t) => !own.has(t))
    notes.push(`${m.id} dropped: its words ${m.terms.join('+')} are all ${live.id}'s too, ${by.join('+')} only by its component and in ${live.id}'s title, and ${m.id} is ${index.requirement(index.lookup(m.id)!).status}`)
    return false
  })
}
