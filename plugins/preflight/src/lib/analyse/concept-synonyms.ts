/**
 * More everyday names of a requirement's notion (round 24b, requirement recall): thesaurus groups, read like
 * scope-lexicon.ts's CONCEPTS (a request word the project does not use is read as a word of its group the
 * project does use; a word the project uses is always itself). Data only: adding a synonym is adding a word.
 */
export const MORE_CONCEPTS: readonly (readonly string[])[] = [
  // what users file notes under: "attach up to twenty categories to a note" is the labels requirement
  // round 27a: the finder is what searches ("the finder puts the best match at the bottom")
  ['search', 'finder'],
  // the ninth stop (lead's probes): the version that wins a conflict is the one picked ("so the server copy always wins")
  ['pick', 'win', 'wins', 'winning', 'prevail', 'prevails'],
  ['label', 'category', 'categories', 'categorise', 'categorize', 'categorised', 'categorized'],
]
