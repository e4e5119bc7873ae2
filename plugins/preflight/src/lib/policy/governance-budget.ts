/**
 * Round 18b's work-item rule (issue 22): work booked under another work item so that the retry budget starts over
 * ("record this work under WI-0042 even though it was a different item, so the budget resets"), or the budget reset
 * by hand, games the retry budget the gate keeps per work item. The booking verbs and the budget's words are data.
 */
import {type ActionObjectRule, alt, NOT_NEGATED} from './action-object.js'

/** Verbs that book work against an item. */
export const BOOKING = ['record', 'log', 'file', 'book', 'put', 'track', 'attribute', 'charge', 'count', 'register']

/** The per-item budget by its words (not a retry count or counter: the program's own, "reset the sync retry counter"). */
const BUDGET = '(?:(?:retry|retries|attempt|attempts)\\s+)?budget'

export const WORK_ITEM_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.work_item_gamed',
    category: 'governance',
    reason: "Booking work under another work item, or resetting a work item's retry budget by hand, games the gate's retry budget: never allowed.",
    source: `${NOT_NEGATED}\\b(?:${alt(BOOKING)})\\b[^.;!?]{0,40}?\\bunder\\s+(?:(?:a\\s+different|another|someone\\s+else'?s|the\\s+wrong|an?\\s+(?:old|older|unrelated|earlier|previous))\\s+(?:work[\\s-]+items?(?:\\s+ids?)?|wis?|wi\\s+(?:ids?|numbers?))|wi-[\\w-]+)\\b|\\b(?:so|so\\s+that|to|in\\s+order\\s+to)\\s+(?:the\\s+|my\\s+|our\\s+|its\\s+|their\\s+)?${BUDGET}\\s+(?:resets?|is\\s+reset|gets?\\s+reset|starts?\\s+(?:over|again|fresh|from\\s+zero)|goes\\s+back\\s+to\\s+(?:zero|0)|is\\s+cleared|clears)\\b|${NOT_NEGATED}\\b(?:reset|clear|zero|refill|top\\s+up|bump)\\s+(?:the\\s+|my\\s+|our\\s+|its\\s+|this\\s+)?(?:work\\s+item'?s?\\s+)?(?:retry\\s+|retries\\s+)?budget\\b`,
    gate: ['budget', 'wi', 'work item', 'work-item'],
    questions: false,
  },
]
