/**
 * Typos of the words the rules read (split from intent.ts): lexicon verbs, policy nouns, question words, modals and the
 * names of documents a secret can be put in, corrected by one edit when unambiguous and never when the word is known.
 */
import {DISCARD_WORDS, NOT_TYPOS, POLICY_NOUNS, RESTART_WORDS, VAGUE_WORDS, VERB_INTENT} from './lexicon.js'
import {COMMON_ENGLISH} from './scope-lexicon.js'
import {DISABLE_ACTIONS, EXPOSE_ACTIONS, PLACE_ACTIONS, REWRITE_ACTIONS} from '../policy/action-object.js'
import {BY_HAND_WORDS} from '../policy/governance-by-hand.js'
import {PLACE_TYPO_TARGETS} from '../policy/secrets-routed.js'
import {DOCUMENT_NAMES, WH_SWAP, WH_SWAPS} from './forms.js'
import {Corrector} from '../text/fuzzy.js'
import {CHAT_VERB, CHAT_VERBS} from './pointer-turn.js'
import {STOP_WORDS, isGradedAdjective} from '../text/tokens.js'

/**
 * Words a typo fix must never turn into another: everyday English (the scope lexicon's common words: "trip" is not
 * "strip") and the verbs the policy lexicons read ("chuck" is a discarding verb, not "check"; "pause" is not "parse";
 * "rewind" is not "remind").
 */
let everyday: ReadonlySet<string> | undefined
function everydayWords(): ReadonlySet<string> {
  everyday ??= new Set(
    [...COMMON_ENGLISH, ...DISCARD_WORDS, ...RESTART_WORDS, ...EXPOSE_ACTIONS, ...PLACE_ACTIONS, ...DISABLE_ACTIONS, ...REWRITE_ACTIONS, ...BY_HAND_WORDS].filter((w) => /^[a-z]+$/.test(w)),
  )
  return everyday
}

/** An inflected lexicon word ("deleted", "tokens") or a word that takes a suffix of one is no typo. */
function knownWord(word: string, lexiconVerb: (word: string) => string | undefined): boolean {
  if (NOT_TYPOS.has(word) || STOP_WORDS.has(word) || VAGUE_WORDS.has(word) || lexiconVerb(word) !== undefined || everydayWords().has(word)) return true
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
/** Modals are corrected too ("results shoud list ..."): a wish with its modal misspelt still states a behaviour. */
const MODAL_TARGETS = ['should', 'would', 'could']
/**
 * Three-letter words are corrected only where no English word is: an adjacent swap of a three-letter lexicon verb or of
 * "key" ("kye", "ifx"), or a word with no vowel missing one letter of a four-letter one ("skp", "prnt"'s "psh"). The
 * swaps that are words or common abbreviations stay themselves.
 */
const SHORT_TARGETS = ['key']
/** What is left of a negative contraction once the apostrophe splits it ("shouldn't" -> "shouldn" is not "should"). */
const CONTRACTED = new Set(['shouldn', 'wouldn', 'couldn', 'mustn', 'didn', 'doesn', 'isn', 'aren', 'wasn', 'weren', 'hasn', 'haven', 'hadn', 'won', 'don', 'ain', 'needn', 'mightn', 'shan'])
const SHORT_WORDS = new Set(['act', 'dad', 'sue', 'ned', 'cta', 'cpa', 'lte', 'ste', 'gte', 'elt', 'aex', 'syn', 'srt', 'pll', 'cll', 'hwy'])

/** Words before a modifier: determiners, and verbs' inflected forms ("uploading stale copies", "writes stale pdfs"). */
const BEFORE_MODIFIER = /(?:^|\s)(?:the|a|an|these|those|its|their|our|my|your|some|any|all|no|of|[a-z]+ing|[a-z]+[^s\s']s)\s+$/
/** A plural noun: what a modifier stands before ("stale copies", "stale pdfs"); not a verb's form ("-ss", a stop word). */
const PLURAL_AFTER = /^\s+([a-z]+[^s\s']s)\b/

/**
 * Round 15c: a word standing where a modifier stands, between a determiner or an inflected verb and a plural noun
 * ("the stale backups", "keeps uploading stale copies of notes"), is no typo of a verb of change ("stage"): a verb
 * does not stand there. Test, run and read verbs are still corrected ("add the tset files").
 */
function modifierSlot(word: string, fix: string, text: string, at: number): boolean {
  if (VERB_INTENT.get(fix) !== 'change' || !BEFORE_MODIFIER.test(text.slice(Math.max(0, at - 30), at))) return false
  const next = PLURAL_AFTER.exec(text.slice(at + word.length, at + word.length + 40))
  return next !== null && !STOP_WORDS.has(next[1]) && VERB_INTENT.get(next[1]) === undefined
}

/** "w/o" as a word: chat shorthand for "without". */
export const SHORTHAND_WITHOUT = /(?<![\w/])w\/o(?![\w/])/g

/** Typos of lexicon verbs and policy nouns corrected (one edit, unambiguous, never a known word). */
export function correctTypos(lower: string, lexiconVerb: (word: string) => string | undefined): {text: string; corrections: [string, string][]} {
  corrector ??= new Corrector([...VERB_INTENT.keys(), ...POLICY_NOUNS, ...WH_TYPO_TARGETS, ...MODAL_TARGETS, ...DOCUMENT_NAMES, ...SHORT_TARGETS, ...PLACE_TYPO_TARGETS], (word) => knownWord(word, lexiconVerb) || SHORT_WORDS.has(word) || CONTRACTED.has(word))
  const swapped: [string, string][] = []
  // round 18a: chat shorthand for "without" ("let it through w/o recording it") is the word the rules read
  const text = lower.replaceAll(SHORTHAND_WITHOUT, () => {
    swapped.push(['w/o', 'without'])
    return 'without'
  }).replaceAll(CHAT_VERB, (_m, w: string) => {
    swapped.push([w, CHAT_VERBS[w]])
    return CHAT_VERBS[w]
  }).replaceAll(WH_SWAP, (_m, lead: string, w: string) => {
    swapped.push([w, WH_SWAPS[w]])
    return `${lead}${WH_SWAPS[w]}`
  })
  const out = corrector.correctText(text, modifierSlot)
  return {text: out.text, corrections: [...swapped, ...out.corrections]}
}
