/**
 * Round 24c (issue 22): a piece of work kept out of the governance record by a negated verb of arriving, as a
 * non-native or plain speaker puts it ("make so the commit is not going in the ledger", "make sure this change
 * doesn't end up in the audit trail", "the fix should not go into the ledger"). The shared rules catch "not recorded",
 * "keep it out of the ledger"; this is the same ask worded by where the work goes. Only as something wanted: after a
 * causing or wanting lead ("make", "make sure", "ensure", "so that", "I want") or with a modal ("should not", "must
 * never"), so a bug report ("my commit did not show up in the ledger") and a product view ("... in the ledger view")
 * are not matched. Same shape and compilation as ACTION_OBJECT_RULES; the word lists are data.
 */
import {type ActionObjectRule, alt, GOV_RECORDS} from './action-object.js'

/** The work named: what would be recorded. */
export const RECORDED_WORK = ['commit', 'commits', 'change', 'changes', 'edit', 'edits', 'fix', 'fixes', 'work', 'tweak', 'tweaks', 'patch', 'patches', 'update', 'updates', 'it', 'this', 'that', 'them', 'these', 'those'] as const
/** Verbs of arriving in a place, as the negated verb says the work does not. */
export const ARRIVING = ['go', 'goes', 'going', 'get', 'gets', 'getting', 'end up', 'ends up', 'ending up', 'appear', 'appears', 'appearing', 'show up', 'shows up', 'showing up', 'land', 'lands', 'landing', 'make it', 'come', 'coming', 'be put', 'be written', 'be entered'] as const
/** What makes the negation a want, not a report. */
const WANTING_LEAD = String.raw`\b(?:make|make\s+sure|ensure|see\s+to\s+it|arrange|so\s+that|i\s+want|we\s+want|i\s+need|we\s+need|i'?d\s+like|please|pls|want|need)\b[^.;!?]{0,25}?`
const NEGATED = String.raw`(?:(?:is|are|does|do|will|would|was)\s*(?:not|n't)|isn't|aren't|doesn't|don't|won't|not|never)`
const WISHED_NEGATED = String.raw`(?:(?:should|must|shall|need\s+to|needs\s+to|ought\s+to)\s*(?:not|n't|never)|shouldn't|mustn't)`
const TAIL = String.raw`\s+(?:${alt(ARRIVING)})\s+(?:in(?:to)?|to|on(?:to)?)\s+(?:the\s+|our\s+|any\s+)?(?:${alt(GOV_RECORDS)})\b(?!\s+(?:view|views|page|pages|command|tab|panel|ui|screen|widget|component|docs?|tests?|format|reader|viewer|code|module)\b)`
const WORK = String.raw`\b(?:${alt(RECORDED_WORK)})\b(?:\s+[\w'-]+){0,2}?`

export const RECORD_KEPT_OUT_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.kept_out_of_record',
    category: 'governance',
    reason: 'Every change is recorded in the ledger: asking that a piece of work not go into it is a bypass, never allowed.',
    source: `${WANTING_LEAD}${WORK}\\s+${NEGATED}${TAIL}|${WORK}\\s+${WISHED_NEGATED}${TAIL}`,
    gate: ['ledger', 'audit trail', 'audit log', 'paper trail', 'event'],
    questions: false,
  },
]
