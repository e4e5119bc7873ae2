/**
 * Round 17b: a role the asker speaks as, put before what they ask ("As a reviewer, how do I approve a work item?",
 * "as the maintainer here, what should I check first?"). It names who asks, not what is asked: the clause is read
 * without it, so the question or instruction after it decides. Only a short noun phrase after an article or a
 * possessive, closed by a comma; a clause with a verb of its own ("as the export is slow, ...") is not a role.
 */
export const ROLE_LEAD = /^as\s+(?:a|an|the|your|our|my|this|one)\s+(?!(?:[\w'-]+\s+){0,3}?(?:is|are|was|were|has|have|had|does|did|can|will|would|should)\b)(?:[\w'-]+\s+){0,3}?[\w'-]+\s*,\s*/
