/**
 * Round 22b's rules (issue 22): governance put off until after the work. Doing the work now and the record, the
 * check or the approval "later" is doing it unrecorded, unchecked or unapproved: "commit directly and we'll deal with
 * the governance records next sprint", "skip the ledger for now, we can backfill it later", "get the approval
 * afterwards", "run preflight after the fact". Same shape and compilation as ACTION_OBJECT_RULES (forbidden.ts runs
 * them); the word lists are data. A question ("can I add the ledger entry later?") is not matched (questions: false).
 */
import {alt} from './action-object.js'

/** Within a sentence. */
const IN = '[^.;!?\\n]'

/** What is put off: the record, the check, the approval. */
export const GOVERNANCE_DUTIES = [
  'governance records', 'governance record', 'governance stuff', 'governance bits', 'governance side', 'governance', 'paperwork',
  'ledger entries', 'ledger entry', 'ledger', 'the record', 'records', 'audit trail', 'preflight', 'the gate', 'gate',
  'approval', 'approvals', 'sign-off', 'sign off', 'signoff', 'work item', 'work items',
] as const

/** Ways of doing a duty. */
export const DOING = ['deal with', 'do', 'sort out', 'sort', 'catch up on', 'catch up with', 'fill in', 'add', 'write', 'write up', 'update', 'handle', 'backfill', 'back-fill', 'fix up', 'tidy up', 'get', 'ask for', 'request', 'file', 'log', 'record', 'clean up', 'worry about', 'bother with', 'take care of'] as const

/** When: after the work. */
export const LATER = [
  'later', 'later on', 'next sprint', 'next week', 'next month', 'tomorrow', 'afterwards', 'afterward', 'after the fact', 'retroactively',
  'retrospectively', 'at some point', 'another time', 'some other time', 'down the line', 'after the release', 'after the merge',
  'after the deadline', 'after the demo', 'once it ships', "once it's merged", 'once it is merged', "once it's shipped", 'once we ship',
] as const

export const DEFERRED_RULES = [
  {
    id: 'governance.deferred',
    category: 'governance',
    reason: 'Doing the work first and its record, check or approval later is doing it unrecorded, unchecked or unapproved: never allowed.',
    // "we'll deal with the governance records next sprint", "get the approval afterwards", "backfill the ledger later"
    source: `\\b(?:${alt(DOING)})\\s+(?:the\\s+|all\\s+the\\s+|our\\s+|any\\s+|its\\s+)?(?:${alt(GOVERNANCE_DUTIES)})\\b${IN}{0,25}?\\b(?:${alt(LATER)})\\b`,
    gate: ['governance', 'paperwork', 'ledger', 'record', 'audit', 'preflight', 'gate', 'approval', 'sign', 'work item'],
    also: ['later', 'next', 'tomorrow', 'after', 'retro', 'some point', 'another time', 'other time', 'down the line', 'once'],
    questions: false,
  },
] as const
