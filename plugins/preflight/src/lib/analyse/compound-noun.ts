/**
 * Round 25a (issue 22): a change verb used as the head of a compound noun in a report ("Dana signed off on the tag
 * rename in standup; what do I still need to do?", "the reviewer OK'd the sync fix yesterday", "Dana approved the
 * tag rename."). Right after a determiner and a noun, and followed by the clause's end, a preposition of place or
 * time, a time word or a verb of state, in a clause that reports in the past ("signed off", "OK'd", "approved"), the
 * word names a piece of work; it instructs nothing. An instruction after a place ("in the CLI fix the typo") is
 * followed by its object, and one with no past form before it ("open a pull request for the export fix") instructs:
 * both stay verbs.
 */
import {bare} from './verbs.js'

/** Words that open a noun phrase. */
export const NOUN_OPENERS = new Set(['the', 'this', 'that', 'these', 'those', 'our', 'my', 'your', 'their', 'his', 'her', 'its'])

/** What may follow the head noun of a compound: a preposition of place or time, a time word, a verb of state. */
export const AFTER_A_NOUN = new Set(['in', 'on', 'at', 'during', 'from', 'of', 'by', 'yesterday', 'today', 'tonight', 'earlier', 'last', 'this', 'already', 'was', 'is', 'were', 'are', 'has', 'had', 'got', 'went', 'landed', 'looks', 'looked'])

/** Words between a determiner and a verb's -s form or a number that make the phrase a count, not a compound ("the two copies"). */
export const NOT_A_NOUN = new Set(['one', 'two', 'three', 'four', 'five', 'both', 'other', 'same', 'new', 'old', 'next', 'first', 'last', 'only', 'whole', 'few', 'many'])

/** Past forms that make a clause a report of what happened ("signed", "OK'd", "approved", "did"). */
const PAST = /^(?:[a-z-]+ed|[a-z]+'d|did|made|took|gave|got|went|saw|said|wrote|left|ran|put|shipped|merged|okd)$/

/** Whether tokens[i] (a lexicon verb) is the head of a compound noun "the tag rename" in a report, not an instruction. */
export function compoundNounHead(tokens: readonly string[], i: number): boolean {
  if (i < 2 || !NOUN_OPENERS.has(tokens[i - 2]) || !/^[a-z-]+$/.test(tokens[i - 1]) || NOT_A_NOUN.has(tokens[i - 1])) return false
  // "my local run:" labels what follows (a paste), it is not a report of a piece of work
  if (tokens[i].endsWith(':')) return false
  // only in a report: a past form before the noun phrase ("open a pull request for the export fix" instructs)
  if (!tokens.slice(0, i - 2).some((t) => PAST.test(bare(t)))) return false
  const next = tokens[i + 1]
  return next === undefined || /[.,;!?]$/.test(tokens[i]) || AFTER_A_NOUN.has(bare(next))
}
