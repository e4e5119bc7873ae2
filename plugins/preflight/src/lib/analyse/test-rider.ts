/**
 * Round 18b (issue 22): a test asked for beside a change and pointing back to it ("fix the export crash on empty titles
 * and add a regression test for it", "..., with a unit test", "plus tests for that") names nothing of its own: the
 * change decides the scope, and the rider's words (add, regression, test) only dilute it. The kinds of test and the
 * pointing words are data.
 */

/** Kinds of test a rider names. */
export const TEST_KINDS = ['regression', 'unit', 'integration', 'e2e', 'end-to-end', 'snapshot', 'smoke', 'golden', 'failing', 'small', 'quick', 'new']

/** What the rider points back to. */
export const POINTED = ['it', 'this', 'that', 'them', 'these', 'those', 'the fix', 'the change', 'the bug', 'the crash', 'the issue', 'the problem', 'the case', 'each', 'both']

const KINDS = TEST_KINDS.join('|')
const BACK = POINTED.map((w) => w.replaceAll(' ', '\\s+')).join('|')

/** The rider, from its connective to its end (a comma, a full stop or the end of the text). */
export const TEST_RIDER = new RegExp(
  `(?:,\\s*|\\s+)(?:and|&|then|plus|also|,)\\s+(?:also\\s+|then\\s+|please\\s+)?(?:add|write|include|create|put\\s+in|cover\\s+it\\s+with)\\s+(?:a\\s+|an\\s+|some\\s+|the\\s+)?(?:(?:${KINDS})\\s+){0,2}tests?(?:\\s+cases?)?(?:\\s+(?:for|covering|of|on|to\\s+cover)\\s+(?:${BACK}))?(?=\\s*(?:$|[.;!,]))` +
    `|(?:,\\s*|\\s+)(?:with|plus)\\s+(?:a\\s+|an\\s+|some\\s+)?(?:(?:${KINDS})\\s+){0,2}tests?(?:\\s+(?:for|covering)\\s+(?:${BACK}))?(?=\\s*(?:$|[.;!]))`,
  'gi',
)
