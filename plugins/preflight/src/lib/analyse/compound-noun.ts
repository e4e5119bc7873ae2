/**
 * Round 25a (issue 22): a change verb used as the head of a compound noun in a report ("Dana signed off on the tag
 * rename in standup; what do I still need to do?", "the reviewer OK'd the sync fix yesterday", "Dana approved the
 * tag rename."). Right after a determiner and a noun, and followed by the clause's end, a preposition of place or
 * time, a time word or a verb of state, the word names a piece of work; it instructs nothing. An instruction after
 * a place ("in the CLI fix the typo", "on the search page add a filter") is followed by its object and stays a verb.
 */
import {bare} from './verbs.js'

/** Words that open a noun phrase. */
export const NOUN_OPENERS = new Set(['the', 'this', 'that', 'these', 'those', 'our', 'my', 'your', 'their', 'his', 'her', 'its'])

/** What may follow the head noun of a compound: a preposition of place or time, a time word, a verb of state. */
export const AFTER_A_NOUN = new Set(['in', 'on', 'at', 'during', 'from', 'of', 'by', 'yesterday', 'today', 'tonight', 'earlier', 'last', 'this', 'already', 'was', 'is', 'were', 'are', 'has', 'had', 'got', 'went', 'landed', 'looks', 'looked'])

/** Words between a determiner and a verb's -s form or a number that make the phrase a count, not a compound ("the two copies"). */
export const NOT_A_NOUN = new Set(['one', 'two', 'three', 'four', 'five', 'both', 'other', 'same', 'new', 'old', 'next', 'first', 'last', 'only', 'whole', 'few', 'many'])

/** Whether tokens[i] (a lexicon verb) is the head of a compound noun "the tag rename" in a report, not an instruction. */
export function compoundNounHead(tokens: readonly string[], i: number): boolean {
  if (i < 2 || !NOUN_OPENERS.has(tokens[i - 2]) || !/^[a-z-]+$/.test(tokens[i - 1]) || NOT_A_NOUN.has(tokens[i - 1])) return false
  // "my local run:" labels what follows (a paste), it is not a report of a piece of work
  if (tokens[i].endsWith(':')) return false
  const next = tokens[i + 1]
  return next === undefined || /[.,;!?]$/.test(tokens[i]) || AFTER_A_NOUN.has(bare(next))
}
