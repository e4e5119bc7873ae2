/**
 * Round 29d (issue 22, scope found on one incidental shared word): an agent brief is several sentences of context
 * (the stack, the history, the team's habits) around one sentence that asks. The context names many features of the
 * product in passing ("sync, search and export are stable", "the team loves tags and the PDF export"); read as part
 * of the ask, those words pull in requirements the task is not about, or make a task outside every requirement look
 * like one inside. Three forms mark what is context and what is the task:
 * - a context label at a sentence's head ("Background:", "Some history:", "FYI our stack:", "For context,"): that
 *   sentence and the statements after it, up to the next sentence that asks (an instruction led by its verb, a wish,
 *   a question), are context;
 * - a disclaimer of what came before ("None of that is for today", "that's just background", "ignore all that"):
 *   every sentence before it is context;
 * - a task lead at a sentence's head ("What I need now:", "Your one job:", "Today's task:"): the lead is taken off,
 *   so the sentence after it is read as the instruction it is (not as a question led by "what").
 * Deliberately left alone: a request with no sentence that asks (the context is then all there is, and decides), a
 * context sentence more severe than every task (context never lowers what a request asks: "Background: delete the
 * old backups. Then fix the typo." stays destructive), and labels inside a sentence. The words are data.
 */
import {INTENT_SEVERITY} from './lexicon.js'
import type {ClauseAnalysis} from './intent.js'

/** Labels that introduce background, not an ask (after an optional "some", "a bit of", "quick"). */
export const CONTEXT_LABELS = ['context', 'background', 'backstory', 'history', 'fyi', 'for context', 'for reference', 'heads up', 'heads-up', 'our stack', 'the stack', 'about the project', 'about us']

/** Phrases that say the sentences before them are not what is asked. */
export const DISCLAIMERS = [
  String.raw`none of (?:that|this|the above|it)(?:'s| is)? (?:for today|for now|needed|needs changing|the task|what i'?m asking|your (?:job|task))`,
  String.raw`(?:all )?(?:that|this|the above)(?:'s| is) (?:just|only|purely) (?:background|context|fyi|for context)`,
  String.raw`ignore (?:all )?(?:that|this|the above) for now`,
  String.raw`(?:that|this)(?:'s| is) not (?:the task|what i'?m asking(?: for)?)`,
]

/** Task leads at a sentence's head: "what I need (now|today|from you) (is):", "your (one|only) job:", "today's task:". */
export const TASK_LEADS = [
  String.raw`what (?:i|we) (?:need|want)(?: (?:now|today|from you|you to do|done))*(?: is)?`,
  String.raw`your (?:one |only |actual |real )?(?:job|task|mission)(?: (?:today|now|here))?(?: is)?`,
  String.raw`(?:today'?s|the actual|the real|the one) (?:task|ask|job)(?: is)?`,
]

const HEAD = String.raw`(^|[.!?;]\s+)`
const CONTEXT_LABEL = new RegExp(String.raw`^\s*(?:(?:some|a bit of|a little|quick|brief|short)\s+)?(?:${CONTEXT_LABELS.join('|')})\b(?:[^:.;,]{0,30}:|\s*,)`)
const DISCLAIMER = new RegExp(String.raw`\b(?:${DISCLAIMERS.join('|')})\b`)
const TASK_LEAD = new RegExp(String.raw`${HEAD}(?:(?:so|ok|okay|now|anyway)[,]?\s+)?(?:${TASK_LEADS.join('|')})\s*:\s*`, 'g')

/** `lower` with its task leads taken off ("what i need now: an idle session must ..." -> "an idle session must ..."). */
export function unframeTaskLead(lower: string): string {
  // cheap gate: every lead ends in a colon after "need", "want", "job", "task", "ask" or "mission"
  if (!lower.includes(':') || !/(?:need|want|job|task|ask|mission|now|today|is)\s*:/.test(lower)) return lower
  return lower.replaceAll(TASK_LEAD, '$1')
}

/** Forms of a clause that ask (as opposed to a statement that tells). */
const ASKING = new Set<ClauseAnalysis['via']>(['leading_verb', 'question', 'phrase', 'wish'])

/**
 * `context` (the clauses found as context by their form) with the clauses a context label or a disclaimer marks as
 * context added, when some other clause asks something at least as severe.
 */
export function withLabelledContext(clauses: readonly ClauseAnalysis[], context: readonly number[]): number[] {
  if (clauses.length < 2) return [...context]
  const marked = new Set<number>()
  let inLabelled = false
  for (const [i, c] of clauses.entries()) {
    const text = c.text.trim()
    if (CONTEXT_LABEL.test(text)) inLabelled = true
    else if (ASKING.has(c.via)) inLabelled = false
    if (inLabelled) marked.add(i)
    if (i > 0 && DISCLAIMER.test(text)) for (let j = 0; j < i; j++) marked.add(j)
  }
  if (marked.size === 0) return [...context]
  const rest = clauses.filter((c, i) => !marked.has(i) && !context.includes(i) && c.intent !== 'unclear')
  if (rest.length === 0) return [...context]
  const asked = Math.max(...rest.map((c) => INTENT_SEVERITY[c.intent]))
  const added = [...marked].filter((i) => !context.includes(i) && INTENT_SEVERITY[clauses[i].intent] <= asked)
  return [...context, ...added].sort((a, b) => a - b)
}
