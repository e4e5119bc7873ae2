/**
 * Round 18b (issue 22): a destructive phrase stated of a thing as what it does now ("the migration runner can only roll
 * back everything at once", "the importer currently discards all changes") describes a behaviour, often the bug a
 * later sentence asks to fix; it is no instruction to destroy. The describing words are data.
 */

/** Words that state what a subject does now, right before the phrase. */
export const DESCRIBING = ['can only', 'could only', 'will only', 'only', 'currently', 'always', 'still', 'already', 'sometimes', 'often', 'apparently', 'somehow', 'accidentally', 'silently']

/** Words that lead an instruction, not a subject ("please only revert ...", "then always roll back ..."). */
const NOT_SUBJECT = /^(?:please|pls|plz|kindly|just|then|and|so|now|ok|okay|also|you|u|can|could|would|will|should|must)$/

export const DESCRIBED = new RegExp(`\\s(?:${DESCRIBING.map((w) => w.replaceAll(' ', '\\s+')).join('|')})\\s+$`)

/** The text before a destructive phrase has a subject of its own and a describing word right before the phrase. */
export function describedBehaviour(before: string): boolean {
  const words = before.trim().split(/\s+/).filter(Boolean)
  return words.length >= 2 && !NOT_SUBJECT.test(words[0].toLowerCase()) && DESCRIBED.test(` ${before.toLowerCase()}`)
}

/** What a thing is said to do in a bug report: exit, crash, fail, skip, hang ("login with a wrong password exits 0"). */
export const BEHAVIOUR_VERBS = ['exits', 'exited', 'crashes', 'crashed', 'fails', 'failed', 'returns', 'returned', 'skips', 'skipped', 'hangs', 'hung', 'throws', 'threw', 'errors', 'breaks', 'ignores', 'ignored', 'freezes', 'froze', 'stalls', 'times out', 'timed out', 'misses', 'loses', 'lost', 'overwrites', 'overwrote', 'succeeds', 'succeeded', 'stops', 'stopped', 'works', 'worked']

/**
 * A thing's behaviour stated ("login with a wrong password exits 0", "the export of a big notebook crashes"): a short
 * subject that is no person, then one of BEHAVIOUR_VERBS. Background for a task next to it, as THING_STATE's forms are.
 */
export const THING_BEHAVES = new RegExp(`^(?!(?:i|we|you|they|he|she|please|pls|just|then|and|so)\\b)(?:(?:the|our|my|this|that|its|their|a|an)\\s+)?(?:[a-z0-9_./'-]+\\s+){0,5}?(?:${BEHAVIOUR_VERBS.map((w) => w.replaceAll(' ', '\\s+')).join('|')})\\b`)

/** An input that is wrong is no secret ("a wrong password", "an invalid token"): left out before looking for one. */
export const WRONG_SECRET = /\b(?:wrong|invalid|bad|incorrect|mistyped|expired|misspelled|empty)\s+(?=passwords?|passphrases?|tokens?|credentials?)\w+/g
