/**
 * Vague forms the word list alone misses (round 22b):
 * - Vague words with a clitic: "carry on with whatever's next", "do whatever's best". A word with 's, 're, 'll, 've
 *   or 'd is as vague as the word it is built on.
 * - Idioms of finishing or moving on that name no object: "let's get this over the line", "get it across the finish
 *   line", "wrap this up", "get the ball rolling". Set aside before the object's words are checked.
 * - A question with no topic: "Thoughts?", "any ideas?", "what do you think?", "your take?". Nothing in it names what
 *   to answer from the project, so it is read as nothing to act on, not as a read-only question.
 */

/** The clitics English attaches to a pronoun or determiner. */
export const CLITIC = /^([a-z]+)'(?:s|re|ll|ve|d)$/

/** True when `word` is a vague word with a clitic attached ("whatever's", "everything's"). */
export function vagueContraction(word: string, vague: ReadonlySet<string>): boolean {
  const m = CLITIC.exec(word.replaceAll('’', "'"))
  return m !== null && vague.has(m[1])
}

/** Idioms of finishing or starting that name no object. */
export const VAGUE_IDIOM =
  /\b(?:over|across|past)\s+the\s+(?:finish\s+)?line\b|\bacross\s+the\s+finish\b|\bover\s+the\s+hump\b|\bthe\s+ball\s+rolling\b|\boff\s+the\s+ground\b|\bin\s+the\s+bag\b|\bover\s+with\b|\bup\s+and\s+running\b|\bfrom\s+here\b|\bto\s+the\s+finish\b|\bwrapped\s+up\b|\bsorted\b|\bmoving\b|\bdone\b|\bfinished\b/g

/** A question that names no topic: an opinion asked for about nothing named. */
export const TOPICLESS_ASK =
  /^\s*(?:(?:so|ok|okay|well|hmm+|hey|and|but|any)\s+)*(?:(?:any|your|some)\s+)?(?:thoughts|ideas|opinions?|suggestions|feedback|input|comments|take|views?)(?:\s+(?:on|about)\s+(?:this|that|it|these|those))?\s*[.!?]*$|^\s*(?:(?:so|ok|okay|well|hmm+)\s+)*what\s+(?:do|would)\s+you\s+(?:think|reckon|suggest|recommend|say)(?:\s+(?:about\s+(?:this|that|it)|we\s+(?:should\s+)?do(?:\s+now|\s+next)?))?\s*[.!?]*$/
