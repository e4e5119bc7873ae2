/**
 * Round 18b (issue 22): a destructive phrase stated of a thing as what it does now ("the migration runner can only roll
 * back everything at once", "the importer currently discards all changes") describes a behaviour, often the bug a
 * later sentence asks to fix; it is no instruction to destroy. The describing words are data.
 */

/** Words that state what a subject does now, right before the phrase. */
export const DESCRIBING = ['can only', 'could only', 'will only', 'only', 'currently', 'always', 'still', 'already', 'sometimes', 'often', 'apparently', 'somehow', 'accidentally', 'silently']

/** Words that lead an instruction, not a subject ("please only revert ...", "then always roll back ..."). */
const NOT_SUBJECT = /^(?:please|pls|plz|kindly|just|then|and|so|now|ok|okay|also|you|u|can|could|would|will|should|must)$/

const DESCRIBED = new RegExp(`\\s(?:${DESCRIBING.map((w) => w.replaceAll(' ', '\\s+')).join('|')})\\s+$`)

/** The text before a destructive phrase has a subject of its own and a describing word right before the phrase. */
export function describedBehaviour(before: string): boolean {
  const words = before.trim().split(/\s+/).filter(Boolean)
  return words.length >= 2 && !NOT_SUBJECT.test(words[0].toLowerCase()) && DESCRIBED.test(` ${before.toLowerCase()}`)
}
