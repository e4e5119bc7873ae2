/**
 * Reading a change by its topic (round 15c): "login - downcase the address before looking the user up", "tags - collapse
 * labels that differ only in letter case". A topic before a colon or " - " that names a requirement's feature says
 * which feature the change after it refines, so what the instruction names besides (a verb the lexicon lacks, the
 * details of how) does not make that requirement's match thin. The analysis hands the topics only for changes that
 * create nothing new ("login: add passkeys" is a new thing, whatever its topic).
 */
import type {ScopeMatch} from './scope.js'
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
