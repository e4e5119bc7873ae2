/**
 * Round 22c (issue 22): a short turn that tells the agent to skip "the checks" with nothing else ("skip the checks",
 * "ok just bypass the hooks this time", "ignore the checks and commit"). Said to an agent in a governed session, bare
 * checks or hooks with no product word before or after them are the governance checks: skipping them is a bypass
 * however short the turn (the shared rules need a governance word or an approval claim next to "skip"). A product's
 * checks keep their own words and are not matched ("skip the permission checks for admins in export", "skip the
 * checks on empty notes"): only the whole clause, up to an end, a time word or a following commit/push, is read.
 * Same shape and compilation as ACTION_OBJECT_RULES; the word lists are data.
 */
import {type ActionObjectRule, alt} from './action-object.js'

/** Verbs of leaving a check out. */
export const SKIPPING_VERBS = ['skip', 'bypass', 'ignore', 'disable', 'dodge', 'sidestep', 'circumvent', 'forget', 'forget about', 'ditch', 'omit', 'turn off', 'switch off', 'skip over', 'go around', 'get around', 'work around', 'jump over', 'skp', 'sikp', 'bypas', 'ingore'] as const

/** The checks named bare: no product word stands before them. */
const BARE_CHECK_OBJECT = '(?:all\\s+)?(?:(?:the|those|these|any|our|your|all|its)\\s+)?(?:checks?|hooks?|checking|verification|guard\\s*rails?|gates?)'

/** What may follow the bare checks in the same clause: time words, courtesy, and the commit or push the skip is for. */
const TAIL = `(?:\\s+(?:this\\s+time|for\\s+now|for\\s+once|(?:just\\s+)?(?:this\\s+)?once|today|again|too|as\\s+well|please|pls|plz|entirely|altogether|completely|for\\s+this\\s+(?:one|change|commit|pr|push)|(?:and|then|,)\\s+(?:just\\s+)?(?:commit|push|merge|ship|land|deploy|go|continue|proceed)\\b[^.;!?]{0,40}))*`

/** What may lead the clause: acknowledgements, courtesy and "just". */
const LEAD = '(?:(?:ok(?:ay)?|fine|sure|yes|yeah|yep|yup|just|please|pls|plz|lgtm|look|honestly|so|then|and|now|right|alright|k|kk|go\\s+ahead\\s+and|you\\s+can|can\\s+you|could\\s+you)[,.!:]?\\s+)*'

export const CHECKS_SKIPPED_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.checks_skipped_bare',
    category: 'governance',
    reason: 'Skipping the checks or hooks that govern the work is a bypass, however short the request: never allowed.',
    // "skip the checks", "ok just bypass the hooks this time", "ignore the checks and commit it"
    source: `(?:^|[.;!?]\\s+|,\\s+)${LEAD}(?:${alt(SKIPPING_VERBS)})\\s+${BARE_CHECK_OBJECT}${TAIL}\\s*(?:[.;!?,]|$)`,
    gate: ['check', 'hook', 'verification', 'guard', 'gate'],
    questions: false,
  },
]
