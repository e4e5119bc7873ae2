/**
 * Whether a piece of text is about a requirement, by weighing the words it has against those it lacks (split from
 * scope.ts in round 14b): a sentence of context next to an object that names nothing, and what an object that only
 * points back ("add the missing ones") refers to.
 */
import type {RequirementIndex} from './scope-index.js'
import {kindOf} from './scope-outside.js'
import {STOP_WORDS} from './text/tokens.js'

/** The idf of the telling words a requirement has and of those it lacks (common and frequent words count for neither). */
function weigh(index: RequirementIndex, own: ReadonlyMap<string, number>, terms: readonly string[]): {have: number; lack: number} {
  let have = 0
  let lack = 0
  for (const t of terms) {
    const kind = kindOf(index, t)
    if (STOP_WORDS.has(t) || /^\d/.test(t) || kind === 'common' || kind === 'frequent') continue
    if (own.has(t)) have += index.idf(t) ?? index.maxIdf
    else lack += index.idf(t) ?? index.maxIdf
  }
  return {have, lack}
}

/**
 * Whether a sentence of context is about a requirement (round 12b): its telling words the requirement has outweigh
 * those it lacks ("Exported PDFs have no page breaks between notes." fits the export; "Users want reminders on their
 * notes." names reminders, which nothing covers).
 */
export function contextFits(index: RequirementIndex, own: ReadonlyMap<string, number>, terms: readonly string[]): boolean {
  const {have, lack} = weigh(index, own, terms)
  return have > 0 && lack === 0
}

/** An object that only points back to what was named before it ("the missing ones", "them", "those"). */
export const POINTING_BACK = /\b(?:ones|one|them|it|those|these|that|this)\s*$/

/** Whether the words of a text the requirement has outweigh those it lacks. */
export function outweighs(index: RequirementIndex, own: ReadonlyMap<string, number>, terms: readonly string[]): boolean {
  const {have, lack} = weigh(index, own, terms)
  return have > lack
}
