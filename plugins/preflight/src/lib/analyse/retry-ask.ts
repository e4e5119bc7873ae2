/**
 * Round 18b (issue 22): a retry asked with a question mark ("hmm that didn't work, try again?", "one more time?",
 * "nope, still broken. again?") asks the agent to repeat whatever it did last: it names nothing to answer and nothing
 * to change, so it is no question (read-only needs positive evidence) but a request with nothing actionable. The
 * repeat cues and the words of a complaint about the last attempt are data.
 */
import {VAGUE_WORDS} from './lexicon.js'
import {CONVERSATION_WORDS} from './forms.js'

/** Saying "do it again": the cue a retry must carry. */
export const REPEAT_CUE = /\b(?:again|retry|re-?try|redo|re-?do|one\s+more\s+(?:time|go|try|shot|attempt)|once\s+more|another\s+(?:go|try|shot|attempt|round|pass))\b/

/** Words of a retry and of the complaint around it ("that didn't work", "still failing", "nope"). */
export const RETRY_WORDS: ReadonlySet<string> = new Set(
  (
    'try tries tried trying retry re-try redo re-do attempt attempts shot round pass one once more time times again go another ' +
    "nope nah no not didn't didnt doesn't doesnt won't wont work worked working fails failed failing fail broken broke still same error errors " +
    'hmm hm hmmm ugh meh huh wait ok okay oops welp sigh'
  ).split(' '),
)

const bare = (word: string) => word.toLowerCase().replaceAll(/^[^a-z0-9']+|[^a-z0-9']+$/g, '')

/** Every word is a retry's, a complaint's or one that names nothing ("nope, still broken", "that didn't work"). */
export function namesNothing(text: string): boolean {
  const words = text.split(/\s+/).map(bare).filter(Boolean)
  return words.length > 0 && words.every((w) => RETRY_WORDS.has(w) || VAGUE_WORDS.has(w) || CONVERSATION_WORDS.has(w))
}

/** The clause is only a retry: a repeat cue, and every word a retry's, a complaint's or one that names nothing. */
export function retryAsked(clause: string): boolean {
  return REPEAT_CUE.test(clause.toLowerCase()) && namesNothing(clause)
}
