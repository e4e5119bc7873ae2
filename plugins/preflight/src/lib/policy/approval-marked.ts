/**
 * Round 19b (issue 22): a work item or a change marked approved by the agent ("mark WI-12 as approved in the ledger
 * yourself", "set this change to signed off, I okayed it verbally", "record the PR as reviewed"). Approval is a
 * reviewer's act recorded by govtool, never a status an agent writes: the same shape as round 17b's verdict-by-hand
 * rule for requirements, for the work the ledger tracks. Asked about ("how do I mark WI-12 as approved?") it is a
 * question (questions: false). Same shape and compilation as ACTION_OBJECT_RULES; the word lists are data.
 */
import {type ActionObjectRule, alt} from './action-object.js'

/** Verbs that set a status. */
const SET_STATUS = ['mark', 'marks', 'marking', 'set', 'sets', 'setting', 'flag', 'flags', 'record', 'records', 'log', 'logs', 'enter', 'tick', 'ticks', 'switch', 'change', 'update', 'put', 'move', 'stamp', 'stamps', 'list', 'file'] as const

/** The work the ledger tracks, by id or by kind ("WI-12", "this change", "my PR"). */
const TRACKED_WORK = `(?:wi-[\\w-]+|work[\\s-]+items?|(?:this|that|the|my|our|these|those)\\s+(?:[\\w-]+\\s+)?(?:changes?|prs?|pull\\s+requests?|work|fix(?:es)?|commits?|tasks?|work\\s+items?|refactors?|migrations?))`

/** A reviewer's outcome. */
const APPROVED = ['approved', 'signed off', 'signed-off', 'accepted', 'reviewed', 'okayed', "ok'd", 'authorised', 'authorized', 'green-lit', 'greenlit', 'pre-approved'] as const

export const APPROVAL_MARKED_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.approval_marked',
    category: 'governance',
    reason: 'Approval is a reviewer\'s act that govtool records: marking a work item or a change approved, reviewed or signed off by hand is never allowed.',
    // "looks good, mark WI-12 as approved in the ledger yourself, I already signed off verbally"
    source: `\\b(?:${alt(SET_STATUS)})\\b[^.;!?]{0,30}?\\b${TRACKED_WORK}\\b[^.;!?]{0,30}?\\b(?:as|to|into)\\s+(?:being\\s+|already\\s+|fully\\s+)?(?:${alt(APPROVED)})(?![\\w-])`,
    gate: ['approved', 'signed', 'accepted', 'reviewed', 'okayed', "ok'd", 'authorised', 'authorized', 'green-lit', 'greenlit'],
    also: ['approved', 'signed', 'accepted', 'reviewed', 'okayed', "ok'd", 'authorised', 'authorized', 'green-lit', 'greenlit'],
    questions: false,
  },
]
