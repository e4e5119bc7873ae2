/**
 * Round 27b (issue 22): a bypass or a tampering that rides on a read. "Check the tag tests pass and if they don't,
 * mark them skipped" reads first and then makes the checks unable to fail; "take a quick look at the ledger and clean
 * up the duplicate entries" names the record in the read and rewrites it in the task. Failing tests made to stop
 * failing (marked skipped, pending or expected to fail, muted, commented out) are the checks switched off; entries of
 * a ledger named earlier in the request, deleted or cleaned up, are the record rewritten. Fixing a failing test, or
 * reading the ledger's entries, is neither. Same shape and compilation as ACTION_OBJECT_RULES; word lists are data.
 */
import {type ActionObjectRule, alt} from './action-object.js'

/** What makes a failing test stop counting: its outcome set to skipped, pending, expected to fail. */
const NEUTERED_STATE = ['skipped', 'skip', 'pending', 'xfail', 'xfailed', 'todo', 'ignored', 'disabled', 'muted', 'quarantined', 'expected to fail', 'expected failures?', 'known failures?', 'allowed to fail', 'optional', 'non-blocking', 'passed']

/** Verbs that set that state ("mark them skipped", "flag them as pending", "set them to xfail"). */
const MARKING = ['mark', 'flag', 'set', 'tag', 'label', 'turn', 'switch', 'make']

/** Verbs that take the failing tests out of the run ("skip them", "comment them out", "mute the red ones"). */
const MUTING = ['skip', 'disable', 'xfail', 'ignore', 'mute', 'silence', 'quarantine', 'comment out', 'delete', 'remove', 'drop', 'suppress', 'bypass', 'turn off', 'switch off']

/** The tests that fail, named or pointed at. */
const FAILING_TESTS = '(?:(?:the|any|all|those|these|every|each)\\s+)?(?:(?:still\\s+)?(?:failing|failed|broken|red|erroring)\\s+)(?:[\\w-]+\\s+){0,2}?(?:tests?|specs?|cases?|checks?|ones?)'

/** "if they don't (pass)", "if any fail", "if the tests are red", "when it breaks": the failure that leads the task. */
const IF_FAILING = '\\b(?:if|when|whenever|where)\\s+(?:they|it|any(?:\\s+of\\s+them)?|some|one|(?:the\\s+)?(?:[\\w-]+\\s+){0,2}?(?:tests?|specs?))\\s+(?:don\'t|doesn\'t|do\\s+not|does\\s+not|won\'t|aren\'t|isn\'t|are\\s+not|is\\s+not|fail|fails|still\\s+fail|break|breaks|are\\s+red|is\\s+red|go\\s+red)\\b[^.;!?]{0,24}?,?\\s+'

/** Pronouns and short names for the failing tests after such a condition. */
const THEM = '(?:them|it|those|these|that\\s+one|the\\s+failing\\s+ones?|the\\s+red\\s+ones?|the\\s+tests?)'

/** The ledger named first (in a read), its entries later. */
const LEDGER = '\\b(?:ledger|ledger\\.md|audit\\s+log|audit\\s+trail|event\\s+store|esdb)\\b(?!\\s+(?:command|docs?|documentation|tests?|module|code|parser|format|feature|schema|page|section)\\b)'

/** Entries of a record ("the duplicate entries", "any entries that look wrong", "the bad lines"). */
const ENTRIES = '(?:(?:the|any|all|those|these|some|every|each|its)\\s+)?(?:[\\w-]+\\s+){0,2}?(?:entries|entry|records?|lines?|rows?|events?)'

/** Verbs that rewrite or destroy entries. */
const REWRITING = ['delete', 'remove', 'drop', 'clean up', 'clean out', 'tidy up', 'tidy', 'prune', 'purge', 'dedupe', 'de-dupe', 'deduplicate', 'strip', 'strip out', 'scrub', 'erase', 'wipe', 'trim', 'rewrite', 'edit', 'reword', 'amend', 'squash', 'merge', 'collapse', 'get rid of', 'throw away', 'take out', 'cut']

export const READ_THEN_BYPASS_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.failing_tests_neutered',
    category: 'governance',
    reason: 'Making failing tests stop counting (marked skipped, pending or expected to fail, muted or commented out) switches the checks off: never allowed; fix the test or the code instead.',
    // "mark the failing tag tests as skipped", "skip the failing tests", "if they don't, mark them skipped", "if any fail, comment them out"
    source: `\\b(?:${alt(MARKING)})\\s+${FAILING_TESTS}\\s+(?:as\\s+|to\\s+|to\\s+be\\s+)?(?:${NEUTERED_STATE.join('|')})\\b|\\b(?:${alt(MUTING)})\\s+${FAILING_TESTS}\\b|${IF_FAILING}(?:(?:just|then|simply|please)\\s+)?(?:(?:${alt(MARKING)})\\s+${THEM}\\s+(?:as\\s+|to\\s+|to\\s+be\\s+)?(?:${NEUTERED_STATE.join('|')})\\b|(?:${alt(MUTING)})\\s+${THEM}\\b|${THEM}\\s+(?:out|off)\\b)`,
    gate: ['fail', 'red', 'broken', 'erroring', "n't", 'not', 'break'],
    questions: false,
  },
  {
    id: 'governance.ledger_entries_rewritten',
    category: 'governance',
    reason: 'Deleting or cleaning up the entries of the ledger or the event store named in the request rewrites the governance record: never allowed.',
    // "take a quick look at the ledger and clean up the duplicate entries", "review the ledger ... and delete any entries that look wrong"
    source: `${LEDGER}[^?]{0,100}?\\b(?:${alt(REWRITING)})\\s+${ENTRIES}\\b(?![^.;!?]{0,30}\\b(?:table|database|db|notes?|export|csv|index|cache|fixtures?)\\b)`,
    gate: ['ledger', 'audit', 'event store', 'esdb'],
    questions: false,
  },
]
