/**
 * Round 23c (issue 22): work landed past a failing check. Merging, pushing, tagging or releasing "even though CI is
 * red", "despite the failing tests", "with the build broken" lets a change through the check that stopped it: a
 * bypass of governance, rejected in every state. Not negated ("don't merge while CI is red") and never a question
 * (asking whether it is safe is read-only). Same shape and compilation as ACTION_OBJECT_RULES; the words are data.
 */
import {type ActionObjectRule, alt, NOT_NEGATED} from './action-object.js'

/** Verbs that land or ship work. */
export const LANDING_VERBS = ['merge', 'merging', 'merged', 'push', 'pushing', 'land', 'landing', 'ship', 'shipping', 'deploy', 'deploying', 'release', 'releasing', 'tag', 'tagging', 'publish', 'publishing', 'commit', 'committing', 'approve', 'approving', 'squash-merge', 'fast-forward']

/** Checks that can be failing. */
export const FAILING_CHECKS = ['ci', 'the ci', 'checks', 'the checks', 'tests', 'the tests', 'test suite', 'the test suite', 'build', 'the build', 'pipeline', 'the pipeline', 'audit', 'the audit', 'govtool audit', 'verify', 'verification', 'lint', 'linter', 'the linter', 'pre-commit', 'the pre-commit hook', 'hooks', 'the hooks', 'status checks', 'required checks', 'the required checks', 'ci checks', 'the ci checks', 'actions', 'github actions', 'workflow', 'the workflow']

/** States of a failing check. */
export const FAILING_STATES = ['red', 'failing', 'failed', 'broken', 'erroring', 'not passing', 'not green', 'still running', 'pending', 'flaky']

/** Words that concede the failure. */
const CONCEDING = ['even though', 'although', 'though', 'even if', 'despite', 'regardless of', 'while', 'when', 'with', 'in spite of', 'ignoring']

export const CHECKS_RED_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.landed_past_failing_check',
    category: 'governance',
    reason: 'Merging, pushing or releasing past a failing check lets the change through the check that stopped it: never allowed.',
    // "merge it even though CI is red", "push despite the failing tests", "ship it with the build broken"
    source: `${NOT_NEGATED}\\b(?:${alt(LANDING_VERBS)})\\b(?:(?!\\b(?:after|once|until|unless|before|if|whether|and\\s+(?:then\\s+)?fix)\\b)(?:[^.;!?]|\\.(?=\\w))){0,40}?\\b(?:${alt(CONCEDING)})\\s+(?:(?:${alt(FAILING_CHECKS)})\\s+(?:is\\s+|are\\s+|being\\s+|still\\s+|currently\\s+|was\\s+|were\\s+)*(?:${alt(FAILING_STATES)})\\b|(?:the\\s+|a\\s+|all\\s+the\\s+)?(?:${alt(FAILING_STATES)})\\s+(?:${alt(FAILING_CHECKS)})\\b)`,
    gate: ['red', 'fail', 'broken', 'erroring', 'not passing', 'not green', 'still running', 'pending', 'flaky'],
    also: ['merg', 'push', 'land', 'ship', 'deploy', 'releas', 'tag', 'publish', 'commit', 'approv', 'fast-forward'],
    questions: false,
  },
]
