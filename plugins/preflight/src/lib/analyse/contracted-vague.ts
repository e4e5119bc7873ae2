/**
 * Vague words in their contracted forms (round 22b): "carry on with whatever's next", "do whatever's best", "go
 * ahead with everything that's left". A word with a clitic ('s, 're, 'll, 've, 'd) is as vague as the word it is
 * built on; the object of such a go-ahead names nothing, so the request needs clarification like "whatever is next".
 */

/** The clitics English attaches to a pronoun or determiner. */
export const CLITIC = /^([a-z]+)'(?:s|re|ll|ve|d)$/

/** True when `word` is a vague word with a clitic attached ("whatever's", "everything's"). */
export function vagueContraction(word: string, vague: ReadonlySet<string>): boolean {
  const m = CLITIC.exec(word.replaceAll('’', "'"))
  return m !== null && vague.has(m[1])
}
