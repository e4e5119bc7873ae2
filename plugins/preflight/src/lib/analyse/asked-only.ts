/**
 * Round 18a (issue 22): a request that only asks, though not every sentence of it is a question. Questions about the
 * same flags and mechanisms a bypass names ("explain what HUSKY=0 does", "Is it true that --no-verify skips the
 * pre-commit check? Don't change anything.", "is it possible to move the ledger? just asking") were read as
 * instructions because a sentence beside the question was not one: a statement that the asker only asks, a
 * constraint that nothing is to change, or what the asker is doing ("I'm writing notes about the hooks").
 *
 * Read-only is still decided on positive evidence: at least one sentence is a question (or an embedded question after
 * "explain"/"walk me through"), and every other sentence is one of those three kinds. A possibility question ("is it
 * possible to ...?", "is there a way to ...?"), which the gate otherwise reads as a polite proposal, counts as a
 * question only next to an explicit "just asking". A request addressed to the doer ("can you ...", "could we ...")
 * is never turned into a question, and any instruction beside the question keeps the request an instruction.
 */
import type {ClauseAnalysis} from './intent.js'

/** Words after a statement that add no instruction: no clause boundary, no conjunction that could carry a second verb. */
const NOTHING_MORE = "(?:(?!\\b(?:and|then|so|but|please|pls|now|also|just|instead|first|after|before)\\b)[^,;:])"

/** Filler that may close a statement ("..., thanks", "... please", "... for now"). */
const CLOSING = "(?:[\\s,]*(?:please|pls|thanks|thx|thank\\s+you|really|here|though|tho|for\\s+now|yet|at\\s+all|out\\s+of\\s+curiosity))*\\s*[.!]*\\s*$"

/**
 * "just asking", "asking for the test setup", "out of curiosity", "I'm not asking you to change it, just curious": the
 * whole sentence, so that no instruction rides along ("asking for a friend, delete the ledger" is no marker).
 */
export const ASKING_MARKER = new RegExp(
  `^(?:(?:and|but|so|ok|okay)[,]?\\s+)?(?:(?:i'?m|i\\s+am)\\s+)?(?:(?:just|only|purely|simply)\\s+(?:asking|curious|wondering|checking)|asking\\s+(?:for|because|since|out\\s+of|so\\s+i)\\b${NOTHING_MORE}{0,40}|(?:just\\s+|purely\\s+)?out\\s+of\\s+curiosity|curious|not\\s+asking\\s+(?:you\\s+)?(?:to|for)\\s+(?:change|fix|edit|modify|touch|do)\\s+(?:it|this|that|them|anything)(?:\\s*,?\\s*(?:just|only|purely)\\s+(?:curious|asking|wondering))?|hypothetically|(?:purely\\s+)?hypothetical\\s+question|no\\s+(?:changes?|edits?)\\s+(?:needed|wanted|required))${CLOSING}`,
)

/** "don't change anything", "do not edit any files", "no need to touch the code", "read only please": the whole sentence. */
export const NO_CHANGE = new RegExp(
  `^(?:(?:and|but|so|please|pls)[,]?\\s+)*(?:(?:don'?t|do\\s+not|never|no\\s+need\\s+to|without)\\s+(?:\\w+\\s+)?(?:change|modify|edit|touch|fix|write|commit|alter)\\w*\\s+(?:anything|a\\s+thing|any\\s+(?:files?|code)|it|them|the\\s+(?:code|files?|repo))|read[\\s-]only|no\\s+(?:changes|edits)(?:\\s+(?:needed|wanted|required))?)${CLOSING}`,
)

/** What the asker is doing, said as context: "I'm writing notes about the hooks", "we're documenting the gate", "I'm reviewing our CI setup". */
export const ASKER_CONTEXT = new RegExp(
  `^(?![^]*\\b(?:tokens?|keys?|passwords?|secrets?|credentials?|creds|\\.env)\\b)(?:i'?m|i\\s+am|we'?re|we\\s+are)\\s+(?:(?:writing|drafting|preparing|putting\\s+together)\\s+(?:some\\s+|a\\s+|an\\s+|the\\s+|our\\s+|my\\s+)?(?:notes|docs|documentation|guide|doc|article|blog\\s+post|post|summary|wiki\\s+page|runbook|talk|presentation|onboarding\\s+doc|faq)\\s+(?:about|on|for|of)\\b|reviewing|auditing|studying|learning|reading\\s+up\\s+on|looking\\s+(?:at|into)|trying\\s+to\\s+understand|new\\s+to|getting\\s+to\\s+know|documenting|new\\s+here)\\b${NOTHING_MORE}{0,60}$`,
)

/** A question whether something can be done, which alone the gate reads as a proposal. */
export const POSSIBILITY = /^(?:(?:so|ok|okay|hey|hi|quick\s+question|q)[,:]?\s+)*(?:is\s+it\s+(?:possible|ok|okay|safe|allowed|feasible)\s+(?:to|for)|is\s+there\s+(?:a|any)\s+way\s+(?:to|for)|would\s+it\s+be\s+possible\s+to|can\s+(?:i|one|someone|people|a\s+user)|could\s+(?:i|one|someone)|how\s+(?:would|could|can|do)\s+(?:i|one|someone))\b/

/** Verbs that ask for an explanation: with a wh-word after them, an embedded question. */
const EXPLAINING = new Set(['explain', 'walk me through', 'help me understand', 'describe'])
const WH_OBJECT = /^(?:to\s+me\s+)?(?:what|how|why|whether|when|where|which|who|if)\b/
/** Written somewhere: "describe how sync works in the README" writes documentation. */
const INTO_DOCUMENT = /\b(?:in|into|to)\s+(?:the\s+|our\s+)?(?:readme|docs?|documentation|guide|wiki|faq|changelog|[\w-]+\.md)\b/

function embeddedQuestion(c: ClauseAnalysis): boolean {
  return c.intent === 'read_only' && c.via === 'leading_verb' && EXPLAINING.has(c.cue ?? '') && WH_OBJECT.test(c.object.trim()) && !INTO_DOCUMENT.test(c.text)
}

/**
 * Whether the clauses only ask (see the module comment), though not all of them are questions; `asked` says which
 * clause ended with "?". Undefined when not; else whether an explicit "just asking" says so (then a question the gate
 * would read as a proposal, "is there a way to run preflight without ...?", is not read as one either).
 */
export function onlyAsks(clauses: readonly ClauseAnalysis[], asked: readonly boolean[]): {marked: boolean} | undefined {
  if (clauses.length === 0 || clauses.length !== asked.length || clauses.every((c) => c.question)) return undefined
  // no sentence asks (nor ends with "?"): nothing to read as a question, and no pattern need run (most instructions)
  if (!clauses.some((c, i) => c.question || asked[i] || embeddedQuestion(c))) return undefined
  const marked = clauses.some((c) => ASKING_MARKER.test(c.text.trim()))
  let questions = 0
  for (const [i, c] of clauses.entries()) {
    const text = c.text.trim()
    if (c.question || embeddedQuestion(c) || (marked && asked[i] && POSSIBILITY.test(text))) questions++
    else if (c.intent === 'destructive' || c.intent === 'release' || !(ASKING_MARKER.test(text) || NO_CHANGE.test(text) || ASKER_CONTEXT.test(text))) return undefined
  }
  return questions > 0 ? {marked} : undefined
}
