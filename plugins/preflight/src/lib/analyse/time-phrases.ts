/**
 * Round 25c (issue 22): phrases that say when, not what ("as soon as it has been used once", "right away", "from now
 * on"). Read one by one, their words ("soon") count as new things a requirement lacks and make a covered change thin
 * ("invalidate and delete a reset link as soon as it has been used once" asked instead of accepted under
 * REQ-AUTH-003); scope reads past them, as it reads past COMMON_PHRASES. They name no feature, so a request made only
 * of them still matches nothing. The phrases are data.
 */
export const TIME_PHRASE_LIST: readonly string[] = ['as soon as', 'as soon as possible', 'asap', 'right away', 'straight away', 'right after', 'from now on', 'at once', 'in time', 'sooner or later', 'no sooner than']

export const TIME_PHRASES = new RegExp(`\\b(?:${[...TIME_PHRASE_LIST].sort((a, b) => b.length - a.length).join('|').replaceAll(' ', '\\s+')})\\b`, 'gi')
