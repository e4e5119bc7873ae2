/**
 * Typos of the words the rules read (split from intent.ts): lexicon verbs, policy nouns, question words and the
 * names of documents a secret can be put in, corrected by one edit when unambiguous and never when the word is known.
 */
import {NOT_TYPOS, POLICY_NOUNS, VAGUE_WORDS, VERB_INTENT} from './lexicon.js'
import {DOCUMENT_NAMES, WH_SWAP, WH_SWAPS} from './forms.js'
import {Corrector} from '../text/fuzzy.js'
import {STOP_WORDS, isGradedAdjective} from '../text/tokens.js'

/** An inflected lexicon word ("deleted", "tokens") or a word that takes a suffix of one is no typo. */
function knownWord(word: string, lexiconVerb: (word: string) => string | undefined): boolean {
  if (NOT_TYPOS.has(word) || STOP_WORDS.has(word) || VAGUE_WORDS.has(word) || lexiconVerb(word) !== undefined) return true
  // "older", "newest", "bigger", "safer": a comparative or superlative of a common adjective is no typo ("older" is not "order")
  if (isGradedAdjective(word)) return true
  // "precompute", "autosave", "unarchive": a prefix on a lexicon verb makes a word, not a typo of another verb
  const prefixed = /^(?:pre|re|un|de|auto|over|under|sub|co|multi|post|non|mis|out)-?([a-z]{4,})$/.exec(word)
  if (prefixed && lexiconVerb(prefixed[1]) !== undefined) return true
  const base = word.replace(/(?:ies|es|s|ed|d|ing|er|ers|ly|ment|ments)$/, '')
  return base !== word && (VERB_INTENT.has(base) || NOT_TYPOS.has(base) || POLICY_NOUNS.includes(base) || VERB_INTENT.has(`${base}e`))
}

let corrector: Corrector | undefined
/** Question words are corrected too ("wher is ...", "hwo long ..."): a question is positive evidence of reading. */
const WH_TYPO_TARGETS = ['what', 'where', 'which', 'when', 'how', 'why', 'who', 'whose']

/** Typos of lexicon verbs and policy nouns corrected (one edit, unambiguous, never a known word). */
export function correctTypos(lower: string, lexiconVerb: (word: string) => string | undefined): {text: string; corrections: [string, string][]} {
  corrector ??= new Corrector([...VERB_INTENT.keys(), ...POLICY_NOUNS, ...WH_TYPO_TARGETS, ...DOCUMENT_NAMES], (word) => knownWord(word, lexiconVerb))
  const swapped: [string, string][] = []
  const text = lower.replaceAll(WH_SWAP, (_m, lead: string, w: string) => {
    swapped.push([w, WH_SWAPS[w]])
    return `${lead}${WH_SWAPS[w]}`
  })
  const out = corrector.correctText(text)
  return {text: out.text, corrections: [...swapped, ...out.corrections]}
}
