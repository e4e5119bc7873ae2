/**
 * Reading a request by what it is for (round 14b, split from scope.ts): an implementation technique said for a purpose
 * ("memoise the parsed config so the app doesn't re-read it on every start-up") is scoped by its purpose; and the
 * pronoun objects that split a phrasal verb from its particle ("when I look something up").
 */
import {TECHNIQUE} from './analyse/scope-lexicon.js'
import type {ScopeMatch, ScopeResult} from './scope.js'
import type {RequirementIndex} from './scope-index.js'
import {outsideProducts} from './scope-outside.js'

/** The pronoun objects that may split a phrasal verb from its particle, and the particles. */
export const SPLIT_OBJECT: ReadonlySet<string> = new Set(['it', 'them', 'something', 'stuff', 'things', 'that', 'this', 'everything', 'anything', 'me', 'us', 'him', 'her', 'everyone', 'people', 'users'])
export const PARTICLES: ReadonlySet<string> = new Set(['up', 'out', 'down', 'off', 'in', 'on', 'back', 'away'])

/** A purpose whose subject points back ("so it stays under 200 ms", "so that they load faster"). */
const POINTING_SUBJECT = /^\s*(?:it|they|this|that|these|those)\b/i

/** An auxiliary or negation and the verb after it, in a purpose clause. */
const AUX_VERB = /\b((?:doesn't|don't|won't|can't|cannot|never|no longer|will|can|does|do|should|must)(?:\s+(?:ever|have to|need to|has to))?)\s+[a-z-]+/gi

/**
 * The requirements an implementation technique's purpose names (`TECHNIQUE` in the scope lexicon): kept only when
 * the purpose alone meets them fully (not thin) and the technique's object brings in no product the project does
 * not mention ("cache the rendered previews so the web view loads quicker" still meets nothing). `resolve` scopes
 * the purpose alone.
 */
export function byPurpose(index: RequirementIndex, text: string, lookup: (w: string) => {term: string; from?: string}, notes: string[], resolve: (purpose: string, context?: string, deciding?: string) => ScopeResult, context = ''): ScopeMatch[] | undefined {
  const found = TECHNIQUE.exec(text)
  if (!found?.groups) return undefined
  const {means} = found.groups
  // round 18b: "Search is slow on big notebooks. Add an index so it stays under 200 ms": a purpose whose subject is a
  // pronoun is about what the context before it names
  // (read with the context, its own words make no match thin: the purpose, its pronoun left out, is what decides)
  const pointing = POINTING_SUBJECT.test(found.groups.goal) && context.trim() !== ''
  const goal = pointing ? `${context.trim()} . ${found.groups.goal}` : found.groups.goal
  // the purpose's verb after an auxiliary is what the program does, not a thing ("startup doesn't redo them")
  const read = resolve(goal.replace(AUX_VERB, '$1'), pointing ? context.trim() : '', found.groups.goal.replace(POINTING_SUBJECT, '').replace(AUX_VERB, '$1'))
  if (read.matches.length === 0 || (read.thin_ids ?? []).length > 0) return undefined
  const outside: string[] = []
  if (outsideProducts(index, read.matches, means, lookup, outside).length < read.matches.length) return undefined
  notes.push(`${read.requirement_ids.join(', ')} from the purpose "${goal.trim()}": the technique's object says how, not what`)
  return read.matches
}
