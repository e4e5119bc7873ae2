/**
 * Round 23b (issue 22): a change or a destruction asked as a passive question with "just" ("could the users' notes just
 * be wiped on the next sync?", "can the old exports simply be blown away?", "could search just be made faster?"). The
 * modal opens it like a question, but "just", "simply" or "please" before "be <participle>" asks for the thing done;
 * the participle read as its verb, with the subject as its object, decides as that instruction would ("wipe the users'
 * notes on the next sync"). Without such a word ("can a note be deleted from the CLI?", "could the notes be wiped by a
 * failed sync?") it stays the question about the product it is. The words are data.
 */

import {participleVerb} from './participles.js'

/** Modals that open a yes/no question about something being done. */
export const PASSIVE_MODALS = ['could', 'can', 'would', 'will', 'should', 'shall', 'may', 'might'] as const

/** Words that make the question a request: the asker wants it done, not to know whether it can be. */
export const ASKING_IT_DONE = ['just', 'simply', 'please', 'pls', 'plz', 'quickly', 'maybe just', 'not just', 'perhaps just', 'finally', 'already'] as const

const SUBJECT_NOT = '(?!(?:you|u|i|we|it|that|this|there|they|he|she)\\s)'

/** "could <subject of one to six words> just be <participle><rest>". */
export const PASSIVE_ASK = new RegExp(
  `^(?:${PASSIVE_MODALS.join('|')})\\s+${SUBJECT_NOT}((?:[\\w'’./-]+\\s+){1,6}?)(?:${ASKING_IT_DONE.map((w) => w.replace(' ', '\\s+')).join('|')})\\s+be\\s+([a-z]+)\\b(.*)$`,
)

/** The instruction a passive question with "just" asks for ("wipe the users' notes on the next sync"), or undefined. */
export function passiveAsked(rest: string, isVerb: (w: string) => boolean): string | undefined {
  const m = PASSIVE_ASK.exec(rest.trim().replace(/[?.!\s]+$/, ''))
  if (!m) return undefined
  const verb = participleVerb(m[2], isVerb)
  if (!verb) return undefined
  return `${verb} ${m[1].trim()}${m[3]}`
}
