/**
 * Round 24c: the frame an agent, a ticket or a list puts around what it asks, taken off (or turned into sentence
 * breaks) before the request is split into clauses, so the instruction inside decides:
 * - a handoff or subtask label at a sentence's head ("Subtask 3 of 5:", "Step 2/4 -", "Handoff from agent-2:",
 *   "Handover:", "[agent-1 -> agent-2]"), which names where the ask sits in someone's plan, not what it asks;
 * - steps numbered inline ("Steps: 1) find ... 2) change ... 3) update ..."), and a list of dashed bullets put on one
 *   line ("- fix the typo - bump ... - commit"): each step is a sentence of its own;
 * - a deliverable named by a plural noun and "for", with no verb ("tests for tag rename.", "docs for offline mode"):
 *   a terse request to write them, not the verb "test" (a question, "tests for tag rename?", is left as it is).
 * Word lists are data; every pattern is anchored to a sentence's head or a list marker, so prose keeps its dashes.
 */

/** A sentence's head: the start of the request or after a sentence's end. */
const HEAD = String.raw`(^|[.!?;]\s+)`

/** Labels that place an ask in a plan or a handoff (the number and "of N" optional after the unit). */
const PLAN_UNITS = ['sub-?tasks?', 'tasks?', 'steps?', 'phases?', 'parts?', 'items?', 'stages?', 'milestones?']
const HANDOFF_WORDS = ['hand-?off', 'hand-?over', 'handing (?:off|over)', 'relay', 'baton pass']

export const PLAN_LABEL = new RegExp(`${HEAD}(?:${PLAN_UNITS.join('|')})\\s*#?\\d{1,2}(?:\\s*(?:of|/)\\s*\\d{1,2})?\\s*(?:[:)\\]]|\\s-)\\s*`, 'g')
export const HANDOFF_LABEL = new RegExp(
  `${HEAD}(?:${HANDOFF_WORDS.join('|')})(?:\\s+(?:from|to|for|by)\\s+(?:the\\s+)?[\\w-]+(?:\\s+[\\w-]+)?(?:\\s+(?:to|for)\\s+(?:the\\s+)?[\\w-]+)?)?\\s*:\\s*`,
  'g',
)
/** "[agent-1 -> agent-2]", "(from orchestrator)": a routing tag at the head. */
export const ROUTING_TAG = /^\s*[[(](?:from\s+)?[\w-]+(?:\s*(?:->|→|=>|to)\s*[\w-]+)?[\])]\s*/

/** A list's own label before its first numbered step ("Steps: 1) ..."). */
export const LIST_LABEL = /(^|[.!?;]\s+)(?:steps?|plan|todo|to-?do|checklist|tasks?|instructions?)\s*:\s*(?=(?:1[).]|[-*•])\s)/g
/** Inline numbered steps: "1) ", "2. " (only once a "1" step and a "2" step are both there). */
export const NUMBERED_STEP = /(?:^|\s)\d{1,2}[).]\s+(?=[a-z])/g
const HAS_STEPS = /(?:^|\s)1[).]\s+[a-z][^]*\s2[).]\s+[a-z]/
/** Dashed or starred bullets put on one line: only when the request itself opens with one. */
export const BULLET = /(?:^|\s)[-*•]\s+(?=[a-z])/g
const OPENS_WITH_BULLET = /^\s*[-*•]\s+[a-z][^]*\s[-*•]\s+[a-z]/

/** A deliverable named, then "for" what it covers, at a sentence's head with no "?" before the sentence ends. */
const DELIVERABLES = ['(?:unit |e2e |integration |regression |more )?tests', 'docs', 'test cases', 'specs']
export const NAMED_DELIVERABLE = new RegExp(`${HEAD}(${DELIVERABLES.join('|')}) for\\b(?=[^.!?;]*(?:[.!;]|$))`, 'g')

/** `lower` (the request lower-cased, spaces collapsed) with its handoff frame taken off; unchanged when it has none. */
export function unframeHandoff(lower: string): string {
  let out = lower.replace(ROUTING_TAG, '')
  out = out.replaceAll(PLAN_LABEL, '$1').replaceAll(HANDOFF_LABEL, '$1')
  if (HAS_STEPS.test(out)) out = out.replaceAll(LIST_LABEL, '$1').replaceAll(NUMBERED_STEP, '. ')
  if (OPENS_WITH_BULLET.test(out)) out = out.replaceAll(BULLET, '. ')
  out = out.replaceAll(NAMED_DELIVERABLE, '$1write $2 for')
  return out.replace(/^[\s.]+/, '')
}

/** Who handed the work over, as an agent, a worker or a colleague names them ("agent-1", "the previous agent", "the orchestrator"). */
const HANDERS = String.raw`(?:the\s+)?(?:(?:previous|last|other|first|earlier|prior)\s+)?(?:sub-?agent|agent|worker|bot|assistant|model|orchestrator|colleague|teammate|dev|developer)(?:[- ]?\d{1,2})?|he|she`
/** "from where agent-1 stopped", "where the previous agent left off": a place in someone else's work, which names nothing. */
export const HANDOFF_PLACE = new RegExp(String.raw`\b(?:from\s+|at\s+)?where\s+(?:${HANDERS})\s+(?:left off|left it|stopped|ended|finished|got to|was|paused|broke off|gave up)\b`, 'g')
