/**
 * Round 27a (issue 22's scope class): the words of talk about code and about how a program feels, which say how or
 * where in the code, never which feature. "Tidy the code path that deals with orphaned labels when the last note
 * carrying a label is removed" names the labels requirement; "path", "deals", "carrying" are how a developer talks
 * about it, and counted as words the requirement lacks they made the match thin. "The app takes four seconds to come
 * up; trim the boot path so launching feels instant": "path" and "instant" are the same talk. Read as common English
 * (scope-lexicon.ts's COMMON_ENGLISH), they count towards a match and never make one on their own.
 *
 * Data only: adding a word is adding it here.
 */
export const TALK_WORDS: readonly string[] = (
  // where in the code: "the code path", "the branch that handles", "the bit of code that deals with"
  'path paths bit bits piece pieces logic handler handlers routine routines flow flows ' +
  // what code does with a thing: "deals with", "takes care of", "carrying a label", "touches"
  'deal deals dealing dealt carry carries carrying carried involve involves involving touch touches touching ' +
  // how it feels to a user: "feels instant", "snappy", "sluggish", "clunky"
  'instant snappy sluggish laggy clunky janky smooth smoother slick ' +
  // how things are laid out on screen (analyse/scope-arranged.ts reads which layout): "stacked vertically", "in tabs"
  'stack stacked stacking vertical vertically horizontal horizontally underneath beside tab tabs tabbed ' +
  // how a user erred: "a mistyped password", "a fat-fingered entry"
  'mistype mistyped mistypes mistyping typo typos typed'
).split(/\s+/).filter(Boolean)
