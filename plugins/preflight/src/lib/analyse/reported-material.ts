/**
 * Round 27c (issue 22): what a long agent prompt reports is context, not its task.
 * - A reported ask the prompt then refuses or defers: 'The user wrote: "just delete the LEDGER.md file". Do NOT do
 *   that. Instead, explain ...', 'the planner says to wipe the staging db. Before anyone does that, list ...'. The
 *   quote says what someone else wanted; the sentence after it says it is not to be done. The reported sentence (and
 *   the deferral's lead, and an "instead" before the task given in its place) are taken off before the split, so neither the intent nor the policy reads it as asked. Only
 *   when nothing later points back at it as a go-ahead ("do what they ask", "then do it", "go ahead"): a reported
 *   ask the prompt passes on is the task, and stays.
 * - Presented material: a clause that only presents a log line, an excerpt or an output ("Here is the server log line
 *   the user sent: `...`", "CI log excerpt: `+ rm -rf dist/ ...`") asks for nothing; a verb read inside it ("log",
 *   "rm -rf") is the material's, so the clause is context. Only a change, or a destruction whose words sit inside the
 *   quoted or back-ticked material, is set aside; the question or task beside it decides.
 * - A fenced block after such a label ("Stack trace from the user's machine: ```Error: DROP TABLE ...```"): what
 *   happened, read as "the pasted trace" for the intent and the rules, unless a later sentence acts on it ("run it
 *   again"); a carried credential in it is still caught on the whole text (policy/secrets-in-paste.ts).
 * Word lists are data.
 */
import type {ClauseAnalysis} from './intent.js'

/** Who a prompt reports: the user, a planner, a reviewer, another agent, a ticket. */
const REPORTERS = String.raw`(?:(?:the|our|my|a|an|this|that|one)\s+)?(?:user|customer|client|planner|reviewer|orchestrator|lead|manager|pm|product(?:\s+owner)?|boss|(?:other\s+|previous\s+|first\s+)?agent(?:\s+[a-z0-9-]+)?|colleague|someone|somebody|ticket|issue|reporter|requester|stakeholder)(?:'s)?`
/** How a report is framed: "wrote", "says to", "'s message was", "asked us to". */
const REPORTING_VERBS = String.raw`(?:message\s+(?:was|says|said|reads|read)|wrote|writes|said|says|asked(?:\s+(?:me|us|you))?|asks(?:\s+(?:me|us|you))?|suggested|suggests|wants(?:\s+(?:me|us|you))?|wanted(?:\s+(?:me|us|you))?|proposed|proposes|decided|requested|requests|told\s+(?:me|us|you)|insists|insisted)`

/** A sentence that reports an ask: the frame, then quoted text or words up to the sentence's end. */
export const REPORTED_ASK = new RegExp(
  String.raw`(^|[.!?]\s+)((?:[\w-]+(?:\s+[\w-]+)?\s*:\s*)?${REPORTERS}\s+${REPORTING_VERBS}\b(?:"[^"]*"|“[^”]*”|[^.!?"“])*[.!?]?)(?=\s+(\S[^.!?]*))`,
  'g',
)

/** A refusal or a deferral of what was just reported, at the next sentence's head. */
export const REFUSED = /^(?:(?:but|so|please|and)\s+)?(?:(?:do\s+not|don'?t|never|we\s+(?:won'?t|will\s+not|are\s+not\s+going\s+to|aren'?t\s+going\s+to)|you\s+(?:must\s+not|mustn'?t|should\s+not|shouldn'?t))\s+(?:do|run|follow|act\s+on|carry\s+out|execute)\s+(?:that|this|it|them|so)\b|ignore\s+(?:that|this|it)\b|(?:that'?s|that\s+is)\s+not\s+(?:happening|allowed|an\s+option)\b|before\s+(?:anyone|anybody|you|we|somebody|someone)\s+(?:does|do|did|acts?\s+on|runs?|carries\s+out)\s+(?:that|this|it)\b,?)/

/** A deferral's lead, taken off with the reported ask ("before anyone does that, list ..." reads "list ..."). */
const DEFERRAL_LEAD = /^\s*before\s+(?:anyone|anybody|you|we|somebody|someone)\s+(?:does|do|did|acts?\s+on|runs?|carries\s+out)\s+(?:that|this|it)\b,?\s*/

/** Something later that passes the reported ask on as the task (not negated). */
const PASSED_ON = /(?<!\b(?:not|never|n't)\s+)\b(?:do\s+(?:it|that|this|so|what\s+(?:they|he|she|the\s+\w+)\s+(?:ask|want|say|said|asked|wanted)s?)|go\s+ahead|proceed(?:\s+with\s+(?:it|that))?|carry\s+(?:it|that)\s+out|as\s+(?:they|he|she|the\s+\w+)\s+(?:said|asked|says|asks|wants?|wanted))\b/

/** `lower` with each reported ask that the next sentence refuses or defers taken off (and the deferral's lead). */
export function withoutRefusedReports(lower: string): string {
  if (!/\b(?:do\s+not|don'?t|never|ignore|before|won'?t|not\s+happening|not\s+allowed)\b/.test(lower)) return lower
  let out = lower
  for (const m of lower.matchAll(REPORTED_ASK)) {
    const next = m[3] ?? ''
    if (!REFUSED.test(next)) continue
    const after = lower.slice((m.index ?? 0) + m[0].length)
    if (PASSED_ON.test(after.replace(REFUSED, ' '))) continue
    out = out.replace(m[2], ' ')
  }
  if (out === lower) return lower
  // the task the prompt gives instead ("Instead, explain ...") is led by its verb once the refused ask is gone
  return out.replaceAll(/(^|[.!?]\s+)instead\s*,?\s+/g, '$1').replace(/(^|[.!?]\s+)\s*[.!?]?\s*(?=\S)/g, '$1').replace(new RegExp(String.raw`(^|[.!?]\s+)${DEFERRAL_LEAD.source.slice(1)}`, 'g'), '$1').trim()
}

/** A clause that presents material: "here is the log line ...:", "CI log excerpt:", "stack trace from prod:". */
export const PRESENTING = new RegExp(
  String.raw`^\s*(?:(?:here(?:'s|\s+is|\s+are)|below\s+is|attached\s+is|this\s+is)\s+(?:the|a|an|our|my|some|their)?\s*(?:[\w-]+\s+){0,3}?(?:log\s+lines?|logs?|lines?|(?:stack\s+)?traces?|stacktrace|outputs?|errors?|messages?|excerpts?|snippets?|diffs?|dumps?|transcripts?|printouts?)\b[^:]{0,60}:|(?:[\w-]+\s+){0,3}?(?:log\s+excerpt|log\s+lines?|logs?|(?:stack\s+)?trace|stacktrace|output|excerpt|error\s+output|console\s+output|transcript)(?:\s+(?:from|of|on|in)\s+[\w'./-]+(?:\s+[\w'./-]+){0,3})?\s*:)`,
)

/** A fenced block right after a label that presents what happened (a trace, a log, an output, an error). */
export const PRESENTED_FENCE = /((?:^|[.!?]\s+)(?:[\w'-]+\s+){0,4}?(?:(?:stack\s+)?traces?|stacktrace|logs?|log\s+lines?|output|excerpt|error(?:\s+message)?|crash(?:\s+report)?|transcript|printout)(?:\s+(?:from|of|on|in)\s+[\w'./-]+(?:\s+[\w'./-]+){0,2})?\s*:\s*)```[^]*?```/g

/** Something later that acts on the material itself ("run it again", "apply this", "do the same"). */
const ACTS_ON_MATERIAL = /\b(?:run|apply|execute|exec|do|repeat|replay|redo|copy|paste|follow|reproduce\s+and\s+run)\s+(?:it|this|that|these|those|them|the\s+same|again|what\s+(?:it|this|that)\s+(?:says|does))\b/

/** `lower` with each fenced trace, log or output after its label read as "the trace": what happened, not what to do. */
export function withoutPresentedFences(lower: string): string {
  if (!lower.includes('```') || ACTS_ON_MATERIAL.test(lower)) return lower
  return lower.replaceAll(PRESENTED_FENCE, '$1`the pasted trace`. ')
}

/** Quoted or back-ticked material. */
const MATERIAL = /`[^`]*`|"[^"]*"|“[^”]*”/g

/** Sets aside clauses that only present material (a log line, an excerpt): the verbs read in them are the material's. */
export function markPresented(clauses: ClauseAnalysis[]): void {
  if (clauses.length < 2) return
  for (const [i, c] of clauses.entries()) {
    if (c.intent !== 'change' && c.intent !== 'destructive') continue
    const m = PRESENTING.exec(c.text)
    if (!m) continue
    const rest = c.text.slice(m[0].length)
    // the material is what follows the label: quoted or back-ticked, with nothing asked outside it
    if (!MATERIAL.test(rest)) continue
    MATERIAL.lastIndex = 0
    if (rest.replaceAll(MATERIAL, ' ').replaceAll(/\b(?:followed\s+by|then|and|with)\b/g, ' ').replaceAll(/[\s,;:.!-]+/g, '') !== '') continue
    clauses[i] = {...c, intent: 'unclear', question: false, via: 'context', cue: 'presented material'}
  }
}
