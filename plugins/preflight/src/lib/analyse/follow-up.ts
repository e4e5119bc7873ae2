/**
 * Round 19b (issue 22): turns of a conversation and text pasted from elsewhere. An agent's request is often the next
 * turn of a chat ("ok now do the same for the other endpoint", "hmm still not working, have another go", "that broke
 * the build, revert it"): what it asks to do points back at turns the gate never sees, so it names nothing actionable
 * (needs clarification in every phase), not a change. A request also carries what was pasted into it, led by where
 * it came from ("Reviewer comment on src/x.ts: ...", "CI says ... - can you run ...", "` - can you explain ..."): the
 * lead and the marks around the paste are no words of the request. The cue words are data.
 */
import {namesNothing, retryAsked} from './retry-ask.js'
import {remainderOnlyAsked} from './pointer-turn.js'

/**
 * Who or what a pasted text came from, closed by a colon ("reviewer comment on src/search/rank.ts:", "PR feedback:",
 * "code review note:"): the question or instruction after it decides. Only a review's or a pipeline's remark nouns.
 */
export const PASTED_LEAD = /^(?:(?:the|a|one|this|that)\s+)?(?:(?:code[- ])?review(?:er)?(?:'s|s)?|pr|mr|ci|lint(?:er)?|bot)\s+(?:comment|feedback|remark|suggestion|nit|note)s?(?:\s+(?:on|in|at|for|from)\s+[^\s:]+)?\s*:\s*/

/** Marks left at the start of a clause by a quote or a dash around a paste ("` - can you explain ...", "\" -- fix it"). */
export const PASTE_MARKS = /^[`'"*]*\s*[\u2013\u2014-]+\s+(?=[a-z])/

/**
 * A follow-on question after a question ("is there a limit? if so where is it enforced", "if not, why not"): the
 * condition is the answer to the earlier question, and the question after it asks.
 */
export const FOLLOW_ON_LEAD = /^(?:(?:and|but|or)\s+)?if\s+(?:so|not|yes|no|it\s+is|it\s+does|there\s+is(?:\s+one)?)\s*,?\s+(?=(?:where|what|which|why|how|who|when|whose|is|are|does|do|did|can|could|should|would)\b)/

/**
 * Where a change is specified, said after it ("... as the requirement says", "like the spec describes", "the way the
 * ticket asks"): a pointer to the source of the change, not a document to write. Round 30a: one word may name which
 * ("as the login requirement says").
 */
export const SOURCE_SAYS = /\b(?:as|like|the\s+way)\s+(?:the|our|its|their|this|that)\s+(?:[\w-]+\s+)?(?:requirements?|spec(?:ification)?s?|docs?|documentation|ticket|issue|story|user\s+story|design(?:\s+doc)?|readme|rfc|contract|acceptance\s+criteria)\s+(?:says?|said|states?|stated|describes?|described|asks?|asked|wants?|requires?|specifies|specified|defines?|defined|puts\s+it)\b/

/**
 * The same thing done again elsewhere, with what "the same" is left to an earlier turn ("do the same for the other
 * endpoint", "same for sync", "repeat that for the tags"): nothing stands between "same" and the place it goes.
 */
export const SAME_AGAIN = /^(?:(?:ok|okay|now|and|so|then|great|cool|nice|good|thanks|perfect|right|alright|next)[,.!]?\s+)*(?:(?:now|please|pls|can you|could you|just)\s+)*(?:(?:do|apply|make|repeat)\s+)?(?:the\s+)?same(?:\s+(?:thing|change|fix|again|here|there|one))?(?:\s+(?:but|also|too|as\s+well))?(?:\s+(?:for|with|on|to|in|over|across)\b|\s*[.!?]*$)|^(?:(?:ok|okay|now|and|so|then)[,.!]?\s+)*(?:(?:now|please|pls|just)\s+)*(?:repeat|redo)\s+(?:that|this|it)\s+(?:for|with|on|to|in)\b/

/**
 * Undoing the last turn's work named only by a pointer ("revert it", "undo that", "roll back your last change"):
 * which work is meant lies in turns the gate does not see.
 */
export const UNDO_UNNAMED = /\b(?:revert|undo|roll\s*back|back\s*out|reverse)\s+(?:it|that|this|those|these|them|everything\s+you\s+(?:did|changed)|what\s+you\s+(?:did|changed|just\s+did)|(?:the|your|my)\s+(?:last|previous|latest|recent|earlier)\s+(?:one|change|commit|edit|fix|attempt)s?|your\s+(?:change|commit|edit|fix)s?)\s*(?:please|pls|then|now|again)?\s*[.!]*\s*$/

/** What a complaint about the last turn names besides retry words ("that broke the build", "CI is red now"). */
const BREAKAGE_WORDS = /\b(?:build|builds|tests?|ci|pipeline|prod|production|staging|main|red|everything|app|all|broke|breaks|broken|down|failing|again)\b/g

/** Light verbs that carry a retry ("have another go", "give it another try", "take another shot"). */
const LIGHT_VERBS = /\b(?:have|give|take|make|do|just)\b/g

const bare = (word: string) => word.toLowerCase().replaceAll(/^[^a-z0-9']+|[^a-z0-9']+$/g, '')

/** What stands after "the same ... for" names nothing but places or pointers left to the conversation. */
function samePlaceOnly(rest: string): boolean {
  const words = rest.split(/\s+/).map(bare).filter(Boolean)
  return words.length <= 6
}

/** The clause only points back at an earlier turn: the same thing elsewhere, a retry, or undoing unnamed work. */
export function pointsBackOnly(clause: string): string | undefined {
  const text = clause.trim().toLowerCase()
  const same = SAME_AGAIN.exec(text)
  if (same && same[0].includes('same') && samePlaceOnly(text.slice(same[0].length))) return 'same again'
  if (same && /\b(?:repeat|redo)\b/.test(same[0]) && samePlaceOnly(text.slice(same[0].length))) return 'same again'
  if (retryAsked(text.replaceAll(LIGHT_VERBS, ' '))) return 'retry'
  const undo = UNDO_UNNAMED.exec(text)
  if (undo) {
    const before = text.slice(0, undo.index).replaceAll(BREAKAGE_WORDS, ' ').replaceAll(/[,;:.!-]/g, ' ').trim()
    if (before === '' || namesNothing(before)) return 'undo unnamed'
  }
  return undefined
}

/** A dash before a polite request ("... failed on node 20 - can you run the suite?"): where the request starts. */
export const DASH_THEN_ASK = /\s+[\u2013\u2014-]+\s+(?=(?:can|could|would|will)\s+(?:you|u|we)\b|please\b|pls\b)/

/** What a pasted report says happened ("CI says ...", "the build failed ...", "lint errors on ..."). */
export const REPORTED = /\b(?:says?|said|reports?|reported|shows?|showed|failed|fails|failing|errors?|errored|crashed|crashes|broke|breaks|red|complains?|complained|warns?|warned)\b/

/** The clause fields the passes here read and set (intent.ts's ClauseAnalysis). */
interface Clause {
  text: string
  intent: string
  question: boolean
  via: string
  cue?: string
  object: string
  topic?: string
}

/** Round 19b: each clause that only points back at earlier turns asks nothing actionable (unclear, vague). */
export function markPointersBack<C extends Clause>(clauses: C[]): void {
  for (const [i, c] of clauses.entries()) {
    const cue = c.intent === 'read_only' ? (c.question ? remainderOnlyAsked(c.text) : undefined) : pointsBackOnly(c.text)
    if (cue) clauses[i] = {...c, intent: 'unclear', question: false, via: 'vague', cue}
  }
}

/**
 * The request after a report's dash, read by `analyse`, when it names what it asks for ("... - please fix" leaves the
 * clause to say what): the whole clause keeps its text, and a change is about the report (its topic).
 */
export function askedAfterReport<C extends Clause>(text: string, analyse: (t: string) => C, vague: (object: string) => boolean): C | undefined {
  const after = askAfterReport(text)
  const asked = after === undefined ? undefined : analyse(after)
  if (!asked || vague(asked.object)) return undefined
  return {...asked, text, ...(asked.intent === 'change' ? {topic: text.slice(0, text.length - after!.length)} : {})}
}

/**
 * A report of what happened, then a dash and the request ("CI says `npm test` failed - can you run it locally?"):
 * the request after the dash decides what is asked; the report stays in the clause, so its words still make scope.
 */
export function askAfterReport(text: string): string | undefined {
  const dash = DASH_THEN_ASK.exec(text)
  if (!dash || !REPORTED.test(text.slice(0, dash.index))) return undefined
  return text.slice(dash.index + dash[0].length)
}
