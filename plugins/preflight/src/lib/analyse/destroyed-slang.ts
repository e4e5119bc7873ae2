/**
 * Round 26a (issue 22): word lists as data, kept apart from lexicon.ts so that module's imports stay acyclic.
 * - Slang verbs of discarding the lexicon reads as "remove" ("hose the remote db", "86 the staging env").
 * - Words that point at work described elsewhere or that name no target, added to the lexicon's vague words: a
 *   misspelt "planned" ("proceed as planed"), a thread, a stand-up, a previous session's list ("todo" is not
 *   one: "remove the TODO comments" names code).
 */
export const SLANG_REMOVE = ['hose', '86', 'eighty-six']

/** Pointers at a plan, a conversation or an earlier session, and their common misspellings. */
export const VAGUE_POINTERS = ['planed', 'thread', 'threads', 'standup', 'stand-up', "session's"]
