/**
 * Round 23a (issue 22): long agent prompts that carry pasted material (a stack trace, a CI log, a diff, a code block,
 * a quoted ticket or review comment, a chat transcript). The decision follows what the request asks, not the words
 * the paste happens to hold: "here is the trace: ```... DROP TABLE notes_tags ...``` can you explain it? Please don't
 * change anything" asks for an explanation, and a teammate's "[09:10] ana: we should just delete the ledger" quoted
 * before "what does the ledger record? just answer" is no instruction to the agent.
 *
 * Two readings, both fail safe:
 * - A request that carries pasted material and declares that it wants nothing changed ("don't change anything", "no
 *   edits, just the summary", "i'll fix it myself, just tell me", "I only want your opinion") is read without the paste
 *   and without the sentences that only narrate (led by a pronoun, with no question, request or wish in them). When
 *   what is left is read-only by the analyser's own positive evidence, that reading decides; when it asks to act on
 *   the paste ("run it", "apply this"), or anything else is left, the whole request decides as before.
 * - A request that carries pasted material and says it asks for nothing ("nothing more from me", "no need to do
 *   anything", "just keeping you in the loop", "only context") and, without the paste and its narration, holds no
 *   question, instruction or wish is unclear: nothing to act on (V), never accepted as read-only by default.
 * Secrets in the paste are caught separately on the whole text (policy/secrets-in-paste.ts).
 */
import type {ClauseAnalysis, RequestAnalysis} from './intent.js'
import {VERB_INTENT} from './lexicon.js'

/** A fenced block (```...```, closed), a chat turn ("[09:10] ana: ..." to its sentence's end or the next turn), a quoted passage ("> "..."" or "> ..." to its sentence's end). */
export const PASTED_FENCE = /```[^]*?```/g
export const PASTED_CHAT_TURN = /\[\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]m)?\]\s*[\w.@-]{1,30}:\s[^[]*?(?=\s*\[\d{1,2}:\d{2}|[.!?](?=\s|$)|$)[.!?]?/gi
export const PASTED_QUOTE = /(?<=^|[\s:])>\s*(?:"[^"]*"|“[^”]*”|[^.!?>]*[.!?])/g

/** Saying that nothing is to change: the asker wants an answer, an opinion or a summary. Kept as data. */
const HANDS_OFF_PHRASES = [
  "(?:please\\s+)?(?:don'?t|do\\s+not|no\\s+need\\s+to)\\s+(?:\\w+\\s+)?(?:change|modify|edit|touch|fix|write|commit|alter|run|add|apply)\\w*\\s+(?:anything|a\\s+thing|any\\s+(?:files?|code)|it|them|this|that|the\\s+(?:code|files?|repo))",
  "no\\s+(?:changes?|edits?|code\\s+changes?)(?:\\s+(?:needed|wanted|required|please))?",
  "(?:i'?m\\s+)?not\\s+asking\\s+(?:you\\s+)?to\\s+(?:change|fix|edit|modify|touch|run|apply)",
  "just\\s+(?:tell\\s+me|answer|explain|the\\s+(?:summary|explanation|answer))",
  "i'?(?:ll|\\s+will)\\s+(?:fix|change|handle|do)\\s+it\\s+myself",
  "i\\s+(?:only|just)\\s+(?:want|need)\\s+(?:your\\s+(?:opinion|take|view|read)|to\\s+know|to\\s+understand|the\\s+(?:explanation|summary|answer))",
  "just\\s+asking",
  "read[\\s-]only(?:\\s+please)?",
] as const
export const HANDS_OFF = new RegExp(`\\b(?:${HANDS_OFF_PHRASES.join('|')})\\b`)

/** Saying that nothing is asked: the paste is there for the record. Kept as data. */
const NO_ASK_PHRASES = [
  "nothing\\s+(?:more\\s+|else\\s+)?(?:from\\s+me|to\\s+do|needed)",
  "no\\s+need\\s+to\\s+do\\s+anything",
  "no\\s+action\\s+(?:needed|required)",
  "(?:i\\s+)?(?:don'?t|do\\s+not)\\s+have\\s+anything\\s+for\\s+you",
  "(?:just\\s+)?keeping\\s+you\\s+in\\s+the\\s+loop",
  "(?:it'?s\\s+)?(?:only|just)\\s+(?:for\\s+)?context",
  "for\\s+the\\s+record",
  "on\\s+record\\s+somewhere",
] as const
export const NO_ASK = new RegExp(`\\b(?:${NO_ASK_PHRASES.join('|')})\\b`)
const NO_ASK_ALL = new RegExp(NO_ASK.source, 'g')

/**
 * A sentence that only narrates: after fillers or a topic label ("some background first:"), led by a pronoun, by a
 * past-tense subordinate clause ("while i was chasing ..."), or by a subject and a finite verb of state or past
 * ("build is broken", "the job had run ...", "a contributor proposed ..."): an imperative verb is never directly
 * followed by one of those, so "fix what is broken" is no narration. With no question, request or wish in it.
 */
const FILLERS = "(?:(?:sorry(?:\\s+for\\s+the\\s+\\w+)?|so|and|but|also|ok|okay|well|fyi|honestly|[\\w\\s-]{1,30}:)[,:]?\\s+)*"
const PRONOUN_LEAD = "(?:i|i'm|i've|i'd|we|we're|we've|we'd|it|it's|its|this|that|these|those|there|there's|here|here's|he|she|they|they're|everything|nothing|someone|somebody)\\b"
const PAST_SUBORDINATE = "(?:while|when|after|since|as)\\s+(?:i|we)\\s+(?:was|were|had|\\w+ed)\\b"
const STATED_SUBJECT = "(?:(?:the|my|our|a|an|some|every|one\\s+of)\\s+(?:[\\w.-]+\\s+){1,3}|[\\w.-]+\\s+)(?:is|are|was|were|has|had|keeps|kept|looks|seems|went|started|stopped|failed|fails|passed|broke|ran|proposed|sent|wrote|reported|left|forwarded|asked)\\b"
export const NARRATION_LEAD = new RegExp(`^${FILLERS}(?:${PRONOUN_LEAD}|${PAST_SUBORDINATE}|${STATED_SUBJECT})`)
const REQUEST_OR_WISH = /\b(?:please|pls|plz|kindly|can\s+you|could\s+you|would\s+you|will\s+you|go\s+ahead|let'?s|let\s+us|should|must|need(?:s)?\s+to|has\s+to|have\s+to|ought|want(?:s)?\s+(?:you|it|them|the|to)|(?:i|we)'?d\s+(?:like|rather|prefer)|would\s+like|rather|make\s+sure)\b/
/** The request acts on the paste: "run it", "apply this", "do what it says" (a negation earlier in the sentence voids it). */
const ON_THE_PASTE = /\b(?:do|run|apply|execute|exec|follow|use|add|commit|merge|paste|put|copy|make|try|push|ship|deploy|install|land|carry\s+out|replay|reproduce)\s+(?:[\w'-]+\s+){0,3}?(?:it|this|that|these|those|them|below|above|following|pasted|attached|same|snippet|patch|script|diff|config|migration|sql|query|command|commands|steps?|hunk|change)\b|\bwhat\s+(?:it|this|that)\s+says\b|\b(?:as|like)\s+(?:above|below|shown|pasted)\b|\b(?:run|execute|apply|do)\s*:\s*\.?$/
const NEGATION = /\b(?:not|never|without|no)\b|n't\b/

/** What each reading says in the narration. */
export const PASTED_READING = {
  read_only: ' and its narration: the request says it only asks',
  nothing_asked: ', which the request only hands over: nothing is asked',
  destruction_pasted: ': what it destroys is in the paste, which the request does not ask to run or apply (the policy still reads it)',
  quoted_read: ' quoted inline, which the request only reads (summarises, translates, classifies, quotes or asks about): the quote is material, not an instruction',
  quoted_refused: ' quoted inline as what a test has the gate refuse: the quote is material, not an instruction',
} as const

export interface PastedReading {
  /** the text without the paste (and, for a declared read or nothing asked, without the narration) */
  text: string
  kind: 'read_only' | 'nothing_asked' | 'destruction_pasted' | 'quoted_read' | 'quoted_refused'
  spans: number
}

function stripPaste(request: string): {text: string; spans: number} {
  let spans = 0
  const cut = () => {
    spans++
    return ' . '
  }
  const text = request.replace(PASTED_FENCE, cut).replace(PASTED_CHAT_TURN, cut).replace(PASTED_QUOTE, cut)
  return {text: text.replaceAll(/\s+/g, ' ').trim(), spans}
}

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter((s) => s.replaceAll(/[\s.!?:;,]/g, '') !== '')
}

/** A sentence that introduces the paste ("from our team chat earlier:", "here is the trace:") ends where the paste was. */
const INTRODUCES_PASTE = /:\s*\.?$/

/** A later piece of the sentence that starts with a verb of the lexicon: "we're late, so just commit it". */
const PIECES = /[,;:]\s*|\s+(?:so|then|and|but|or)\s+/
const PIECE_LEAD = /^(?:(?:so|then|and|but|just|now|please|pls|simply|also|go\s+ahead\s+and)\s+)*([a-z-]+)/

function instructsLater(sentence: string): boolean {
  return sentence.split(PIECES).slice(1).some((piece) => {
    const word = PIECE_LEAD.exec(piece.trim())?.[1]
    return word !== undefined && VERB_INTENT.has(word)
  })
}

function narrates(sentence: string): boolean {
  if (sentence.includes('?') || REQUEST_OR_WISH.test(sentence) || HANDS_OFF.test(sentence) || instructsLater(sentence)) return false
  return NARRATION_LEAD.test(sentence) || INTRODUCES_PASTE.test(sentence)
}

const HANDS_OFF_ALL = new RegExp(HANDS_OFF.source, 'g')
const DECLARATION_FILLER = /\b(?:please|pls|thanks|thank\s+you|yet|for\s+now|and|just|so|ok|okay|though|fyi|but|on\s+(?:this|that|it|the\s+\w+))\b/g

/** A sentence made only of the declaration that nothing is to change ("please don't change anything yet, i just want the explanation."). */
function declarationOnly(sentence: string): boolean {
  return !sentence.includes('?') && !/[a-z]/.test(sentence.replace(HANDS_OFF_ALL, ' ').replace(DECLARATION_FILLER, ' '))
}

/** "i'm new here too, so: what does the ledger record?": the part after a narrating lead and a colon. */
function afterNarration(sentence: string): string {
  const colon = sentence.indexOf(': ')
  if (colon < 0) return sentence
  const lead = sentence.slice(0, colon + 1)
  return narrates(lead.replace(/[,\s]*(?:so|and|but)?:$/, '.')) ? sentence.slice(colon + 2) : sentence
}

function actsOnPaste(text: string): boolean {
  return sentences(text).some((s) => {
    const m = ON_THE_PASTE.exec(s)
    return m !== null && !NEGATION.test(s.slice(0, m.index))
  })
}

/** Clauses that ask or instruct something: anything but narration, context or nothing at all. */
const ASKS: ReadonlySet<ClauseAnalysis['via']> = new Set(['question', 'leading_verb', 'wish', 'phrase', 'vague', 'negated'])

/**
 * The reading of a request that carries pasted material, when its own words say it only asks or asks nothing (see
 * the module comment); undefined when the request carries no paste, says neither, or the reading does not hold.
 */
export function pastedReading(request: string, analyse: (text: string) => RequestAnalysis): {reading: PastedReading; analysis: RequestAnalysis} | undefined {
  const lower = request.toLowerCase()
  if (!lower.includes('```') && !lower.includes('>') && !/\[\d{1,2}:\d{2}/.test(lower)) return undefined
  const stripped = stripPaste(lower)
  if (stripped.spans === 0) return undefined
  const handsOff = HANDS_OFF.test(stripped.text)
  const noAsk = NO_ASK.test(stripped.text)
  if (!handsOff && !noAsk) return destructionOnlyPasted(request, stripped, analyse)
  const kept = sentences(stripped.text).map(afterNarration).filter((s) => !narrates(s))
  if (handsOff) {
    const text = kept.filter((s) => !declarationOnly(s)).join(' ')
    if (!text || actsOnPaste(text)) return undefined
    const analysis = analyse(text)
    if (analysis.intent !== 'read_only') return undefined
    // the policy still reads the narration (only the paste is set aside): what the asker did or saw is judged as before
    return {reading: {text, kind: 'read_only', spans: stripped.spans}, analysis: {...analysis, lower: analyse(stripped.text).lower}}
  }
  // the declaration itself is taken out, not its sentence: "nothing more from me, but could you rerun the e2e tests?" asks
  const rest = kept.map((s) => s.replace(NO_ASK_ALL, ' ').replace(DECLARATION_FILLER, ' ')).filter((s) => /[a-z]/.test(s)).join(' ')
  if (rest.includes('?') || REQUEST_OR_WISH.test(rest)) return undefined
  const base = analyse(stripped.text)
  // what is left may only narrate or set context: any clause that asks, instructs or wishes (even by a later verb) is an ask
  if (rest && analyse(rest).clauses.some((c) => ASKS.has(c.via) || (c.intent !== 'unclear' && c.via !== 'context'))) return undefined
  const analysis: RequestAnalysis = {...base, intent: 'unclear', action: 'read_only', tools: ['read_file'], clauses: base.clauses.map((c) => ({...c, intent: 'unclear' as const, via: 'vague' as const}))}
  return {reading: {text: stripped.text, kind: 'nothing_asked', spans: stripped.spans}, analysis}
}

/**
 * A change asked next to a paste whose own words destroy something (a CI log's "rm -rf node_modules", a function's
 * "DELETE FROM note_labels", a reviewer quoting "run `rm -rf ~/.notes`"): the request is destructive only through the
 * paste, and it does not ask to run or apply what it pastes. Its intent is read without the paste; the policy still
 * reads the whole text (a protected path or a bypass in the paste is judged as before).
 */
function destructionOnlyPasted(request: string, stripped: {text: string; spans: number}, analyse: (text: string) => RequestAnalysis): {reading: PastedReading; analysis: RequestAnalysis} | undefined {
  const whole = analyse(request)
  if (whole.intent !== 'destructive' || actsOnPaste(stripped.text)) return undefined
  const analysis = analyse(stripped.text)
  if (analysis.intent !== 'change') return undefined
  return {reading: {text: stripped.text, kind: 'destruction_pasted', spans: stripped.spans}, analysis: {...analysis, lower: whole.lower}}
}
