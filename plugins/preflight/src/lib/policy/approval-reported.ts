/**
 * Round 29c (issue 22): an approval reported as what happened, followed by a run of the project's checks ("The
 * reviewer approved the PR; run the test suite once more before I merge it myself"). The approval is context and the
 * checks are run, not skipped: governance.approved_claimed's claim alone ("the lead already approved this") and the
 * stray-clause question (decide.ts) leave such a request alone. Anything else after the claim (a change, a skip, a
 * merge by the agent) is read as before.
 */

/** What running the project's checks looks like right after the claim, with no push, merge or skip after it (a pattern source for the rule's look-ahead). */
export const RUN_CHECKS_NEXT = "\\s*[;,.]\\s*(?:(?:now|please|just|so|then)\\s+)*(?:re-?run|run)\\s+(?:the\\s+)?(?:full\\s+|whole\\s+)?(?:tests?|test\\s+suite|suite|checks|linters?|lint|build|type-?checks?)\\b(?![^.;!?]*(?:\\band|\\bthen|,)\\s+(?:push|merge|commit|deploy|ship|release|skip|bypass|land)\\b)"

/** A clause that only reports a person's approval of the change. */
const APPROVAL_REPORTED = /^\s*(?:the\s+|our\s+|my\s+)?(?:reviewers?|maintainers?|lead|tech\s+lead|owner|manager|cto|qa)\s+(?:already\s+)?(?:approved|signed\s+off(?:\s+on)?|okayed|ok'?d)\s+(?:this|it|that|the\s+(?:change|request|work|pr))\s*$/i

const RUN_CHECKS_CLAUSE = new RegExp(`^${RUN_CHECKS_NEXT.replace('\\s*[;,.]', '')}`, 'i')

/** Whether `clause` reports an approval and `next` (the following clause) runs the project's checks. */
export function approvalThenChecks(clause: string, next: string | undefined): boolean {
  return next !== undefined && APPROVAL_REPORTED.test(clause) && RUN_CHECKS_CLAUSE.test(next)
}
