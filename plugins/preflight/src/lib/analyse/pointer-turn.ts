/**
 * Round 22c (issue 22): chat turns an agent receives mid-session that name nothing to act on. Two forms slipped past
 * the vague-object test:
 * - chat shorthand and misspelt function words ("pls continue w/ the remaining steps", "ok do teh thing", "thx, go
 *   ahead w/ it"): a word the vague lexicon did not know made the object look named, so the turn was read as a change
 *   (blocked outside implementation instead of asking what is meant);
 * - a bare pointer at what is left, with a question mark ("and the rest?", "what about the others?", "the remaining
 *   ones?"): no question word asks for anything, the "?" only hands the turn back, so it is no positive evidence of a
 *   read-only question (it was accepted). A question that asks something of the rest ("what are the others?", "how
 *   many are left?") keeps its verb and stays a question.
 * The word lists are data.
 */

import {Corrector} from '../text/fuzzy.js'
import {STOP_WORDS} from '../text/tokens.js'

/** Chat shorthand and misspellings of function words: they name nothing ("w/" is "with", "teh" is "the"). */
export const CHAT_SHORTHAND = new Set(
  (
    'w teh hte th tha da plz plez pleae pleas pls plss thx thnx thanx tnx ty tysm ta ur u r ya yah yea ye ' +
    'kk k np rn tho tbh btw imo imho fwiw idk sgtm lgtm lgmt ack roger noted gogo go-go cheers alrighty aight ' +
    'oki okie okey okk okok kthx kthxbye thnks thks ofc obv obvs stuf thign thigns thng nxt nex ahed aheaad'
  ).split(' '),
)

/**
 * The long words of a go-ahead turn, whose misspellings are read as the word itself ("evrything", "remianing",
 * "contiune", "proceeed"): one edit from exactly one of them, and not the word's own inflection. Short words are not
 * matched this way: one edit from "stuff" or "thing" are "staff" and "think", so their chat forms stay in the list.
 */
const LONG_TURN_WORDS = ['everything', 'remaining', 'continue', 'proceed']
let longTurnWords: Corrector | undefined

/** Whether a word is chat shorthand, or a misspelling of one of the long words of a go-ahead turn. */
export function chatShorthand(word: string): boolean {
  if (CHAT_SHORTHAND.has(word)) return true
  if (word.length < 6) return false
  longTurnWords ??= new Corrector(LONG_TURN_WORDS, (w) => STOP_WORDS.has(w) || /^(?:continu|proceed)(?:e[sd]|s|ing|ings)$/.test(w))
  return longTurnWords.correct(word) !== word
}

/** What is left, named only by pointing at it ("the rest", "the others", "the remaining ones"). */
export const REMAINDER_WORDS = new Set(['rest', 'remainder', 'remaining', 'others', 'other', 'leftovers', 'leftover', 'ones'])

/** The text with each misspelt long go-ahead word spelt right ("the remainig ones" -> "the remaining ones"). */
export function spellTurnWords(text: string): string {
  return text.replaceAll(/[a-z]{6,}/g, (w) => (chatShorthand(w) && longTurnWords ? longTurnWords.correct(w) : w))
}

/** A misspelling of "remaining" points at the rest as the word does ("the remaning ones?"). */
const remainderWord = (word: string) => REMAINDER_WORDS.has(word) || (word.length >= 8 && chatShorthand(word) && longTurnWords?.correct(word) === 'remaining')

/** Words a pointer at the rest may stand with: connectives, determiners, "what about", courtesy and time words. */
const POINTER_COMPANIONS = new Set(
  (
    'and so ok okay then now what how about the all of them those these it its this that for re regarding as well too ' +
    'also still yet please pls plz thanks thx hmm um uh oh ah well right next remaining other ones'
  ).split(' '),
)

/** Courtesy words that ask nothing on their own. */
const COURTESY = new Set(['please', 'thanks', 'thank', 'you', 'cheers', 'kindly'])

const bare = (word: string) => word.toLowerCase().replaceAll(/^[^a-z0-9']+|[^a-z0-9']+$/g, '')

/**
 * The clause, read as a question, is a bare pointer at what is left ("and the rest?", "what about the others?"): every
 * word points or connects, at least one names the rest, and no verb asks anything. Returns the cue, or undefined.
 */
export function remainderOnlyAsked(clause: string): string | undefined {
  const words = clause.trim().split(/\s+/).map(bare).filter(Boolean)
  if (words.length === 0 || words.length > 8) return undefined
  // "..., pls?", "thx?": courtesy alone, split off another clause, asks nothing either
  if (words.every((w) => chatShorthand(w) || COURTESY.has(w))) return 'courtesy'
  if (!words.some((w) => remainderWord(w))) return undefined
  return words.every((w) => remainderWord(w) || POINTER_COMPANIONS.has(w) || chatShorthand(w)) ? 'the rest' : undefined
}

/**
 * Chat abbreviations of the verbs of a go-ahead, read as the verb ("ok cont. w/ teh plan" is "continue", not a typo of
 * "count"; "impl the rest" is "implement"): the typo pass would otherwise turn them into another lexicon verb.
 */
export const CHAT_VERBS: Readonly<Record<string, string>> = {cont: 'continue', contd: 'continue', "cont'd": 'continue', impl: 'implement', procced: 'proceed'}
export const CHAT_VERB = /\b(cont|contd|cont'd|impl|procced)\b\.?(?=\s|$)/g
