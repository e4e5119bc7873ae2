/**
 * Reading a change by its topic (round 15c): "login - downcase the address before looking the user up", "tags - collapse
 * labels that differ only in letter case". A topic before a colon or " - " that names a requirement's feature says
 * which feature the change after it refines, so what the instruction names besides (a verb the lexicon lacks, the
 * details of how) does not make that requirement's match thin. The analysis hands the topics only for changes that
 * create nothing new ("login: add passkeys" is a new thing, whatever its topic). And a change read without what it
 * replaces ("derive the key with scrypt instead of hashing the password once").
 */
import type {ScopeMatch, ScopeResult} from './scope.js'
import type {RequirementIndex} from './scope-index.js'
import {kindOf} from './scope-outside.js'

/**
 * Marks each match whose terms hold every specific word of a topic (at least one) as kept, in the notes `outweighed`
 * reads; a topic that names two requirements' words names neither's feature alone.
 */
export function topicKept(index: RequirementIndex, top: readonly ScopeMatch[], topics: readonly string[], termsIn: (text: string) => string[], notes: string[]): void {
  for (const topic of topics) {
    const specific = termsIn(topic).filter((t) => kindOf(index, t) === 'specific')
    if (specific.length === 0) continue
    const named = top.filter((m) => m.via === 'match' && specific.every((t) => m.terms.includes(t)))
    if (named.length !== 1) continue
    notes.push(`${named[0].id} kept: the topic "${topic}" names its feature`)
  }
}

/** What a change replaces ("instead of hashing the password once", "rather than sorting by title"). */
const REPLACED = /\s(?:instead of|rather than)\s+[a-z-]+ing\b/i

/**
 * What is done now, after "instead of" and a gerund, is being replaced: when the whole request meets nothing, or only
 * thinly, the matches of the new way alone (what comes before), when it meets them fully; else undefined.
 */
export function byReplacement(scopeText: string, notes: string[], resolve: (text: string) => ScopeResult): ScopeMatch[] | undefined {
  const replaced = REPLACED.exec(scopeText)
  if (!replaced || replaced.index === 0) return undefined
  const goal = resolve(scopeText.slice(0, replaced.index))
  if (goal.matches.length === 0 || (goal.thin_ids ?? []).length > 0) return undefined
  notes.push(...goal.notes, `${goal.requirement_ids.join(', ')} from what is asked before "${replaced[0].trim()} ...": what it replaces names how it is done now`)
  return goal.matches
}
