/**
 * Round 17a (issue 22): phrases of code upkeep, the state of the code rather than a thing of the product ("remove
 * the dead code in the export module that nothing calls anymore", "clean up the sync command's error handling, it's
 * a mess of nested ifs"). Read one by one their words ("dead", "handling", "mess", "nested") count as new things a
 * requirement lacks and make a real cleanup of a covered feature thin; scope reads past them, as it reads past
 * COMMON_PHRASES. The phrases are data: adding one is adding an entry. They name no feature, so a request made only
 * of them still matches nothing.
 */
export const CODE_UPKEEP_PHRASES: readonly string[] = [
  'dead code', 'dead branches?', 'unused (?:code|helpers?|functions?|imports?|variables?|exports?|branches|parameters?|params?|files?|constants?|types?)',
  'unreachable (?:code|branches?)', 'duplicated (?:code|logic|helpers?)', 'copy-?pasted (?:code|logic|blocks?)', 'leftover (?:code|debug(?:ging)? (?:code|statements?|prints?))',
  '(?:that|which) (?:nothing|nobody|no one|no code) (?:calls|uses|imports|references)(?: anymore| any more| now)?', '(?:that )?(?:is|are) never (?:called|used)(?: anymore| any more)?',
  'error[- ]handling', 'nested ifs?', 'nested if[- ]statements?', 'deeply nested', 'if[- ]else chains?', 'magic numbers?', 'code smells?', 'boilerplate',
  "(?:it'?s|it is|this is) (?:a |an )?(?:total |real |bit of a |complete )?(?:mess|spaghetti|tangle)(?: of)?", 'spaghetti(?: code)?', 'tech(?:nical)? debt', 'long functions?',
]

export const CODE_UPKEEP = new RegExp(`\\b(?:${CODE_UPKEEP_PHRASES.join('|').replaceAll(' ', '\\s+')})\\b`, 'gi')

/** Verbs of code upkeep the verb lexicon lacked ("please tidy it up", "declutter the export module"): changes. */
export const CODE_UPKEEP_VERBS: readonly string[] = ['tidy', 'declutter', 'untangle', 'detangle', 'modernise', 'modernize', 'consolidate', 'unify', 'prettify', 'de-duplicate', 'dry', 'decouple', 'modularise', 'modularize', 'refactorise']
