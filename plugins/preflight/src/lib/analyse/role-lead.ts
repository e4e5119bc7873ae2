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

/**
 * Round 17b: asking leave to do something ("would it be ok to set the hooks to warn-only?", "could I get you to ...")
 * is proposing it, as SUGGESTION_LEAD's forms are: the policy reads it as the instruction it proposes.
 */
export const PERMISSION_LEAD = /^(?:(?:so|ok|okay|hey|hi|well|then)[,\s]+)?(?:(?:would|will|could)\s+it\s+be\s+(?:ok|okay|alright|all\s+right|fine|acceptable|possible|a\s+problem)\s+(?:if|to|for\s+(?:you|me|us)\s+to)|(?:would|could|can)\s+i\s+(?:get|ask)\s+you\s+to|is\s+there\s+any\s+way\s+(?:you|we)\s+(?:could|can)|any\s+way\s+(?:you|we)\s+(?:could|can))\b/
