/**
 * Round 17b: a role the asker speaks as, put before what they ask ("As a reviewer, how do I approve a work item?",
 * "as the maintainer here, what should I check first?"). It names who asks, not what is asked: the clause is read
 * without it, so the question or instruction after it decides. Only a short noun phrase after an article or a
 * possessive, closed by a comma; a clause with a verb of its own ("as the export is slow, ...") is not a role.
 */
export const ROLE_LEAD = /^as\s+(?:a|an|the|your|our|my|this|one)\s+(?!(?:[\w'-]+\s+){0,3}?(?:is|are|was|were|has|have|had|does|did|can|will|would|should)\b)(?:[\w'-]+\s+){0,3}?[\w'-]+\s*,\s*/

/**
 * Round 17b: what a showing verb shows, put as an embedded question or a relative clause with its own verb ("show me
 * what was approved yesterday", "list the work items that were signed off"): it names the records to read, even when
 * its words are the vague ones of a go-ahead ("approved", "done"). Only for reading verbs: "do what was agreed" stays vague.
 */
export const SHOWN_CLAUSE = /\b(?:which|what|who|whose|that|when)\s+(?:[\w-]+\s+){0,3}?(?:was|were|is|are|got|has|have|had|did)\s+(?:[\w-]+\s+)?(?:approved|signed|recorded|logged|verified|accepted|rejected|blocked|done|changed|committed|merged|audited|written|added|closed|opened|created|run|passed|failed)\b/
