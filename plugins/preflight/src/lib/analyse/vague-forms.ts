/**
 * Vague forms the word list alone misses (round 22b):
 * - Vague words with a clitic: "carry on with whatever's next", "do whatever's best". A word with 's, 're, 'll, 've
 *   or 'd is as vague as the word it is built on.
 * - Idioms of finishing or moving on that name no object: "let's get this over the line", "get it across the finish
 *   line", "wrap this up", "get the ball rolling". Set aside before the object's words are checked.
 * - A question with no topic: "Thoughts?", "any ideas?", "what do you think?", "your take?". Nothing in it names what
 *   to answer from the project, so it is read as nothing to act on, not as a read-only question.
 * - Work that is described somewhere else (the lead's probes, sixth stop): "implement the rest of the backlog", "address
 *   the review comments", "apply the feedback from Sam", "do the follow-ups", "sort out the thing from this morning".
 *   The object points at a list, a review or a conversation the gate cannot see: nothing in it names what to change.
 *   Set aside, with who or when it came from, before a change's object words are checked; "address the review comment
 *   about the sync retry" still names its subject, and a read ("explain the review", "summarise the feedback") is
 *   not set aside: it asks about what the asker can see.
 * - Go-ahead idioms that name nothing: "crack on", "go wild", "knock yourself out", "have at it", "your call". "your call".
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

/** Work described elsewhere, with where or whom it came from ("the feedback from Sam", "the thing from this morning"). */
export const WORK_ELSEWHERE =
  /\b(?:(?:open|outstanding|pending|remaining|leftover|review|reviewer'?s?|pr|mr|code\s+review)\s+)*(?:backlog|feedback|comments?|nits?|follow[- ]?ups?|action\s+items?|todos?|to-dos?|suggestions|requested\s+changes|thing|stuff)(?:\s+(?:from|by|of|in|on)\s+(?:the\s+)?(?:this|last|yesterday'?s?|today'?s?|the)?\s*(?:[a-z]+(?:'s)?))?(?=\s*$|\s+(?:and|too|as\s+well|please|pls)\b)|\b(?:crack\s+on|go\s+(?:wild|nuts|for\s+it)|knock\s+yourself\s+out|have\s+at\s+it|something\s+useful|(?:your|ur)\s+call|dealer'?s\s+choice)\b/g

/** A question that names no topic: an opinion asked for about nothing named. */
export const TOPICLESS_ASK =
  /^\s*(?:(?:so|ok|okay|well|hmm+|hey|and|but|any)\s+)*(?:(?:any|your|some)\s+)?(?:thoughts|ideas|opinions?|suggestions|feedback|input|comments|take|views?)(?:\s+(?:on|about)\s+(?:this|that|it|these|those))?\s*[.!?]*$|^\s*(?:(?:so|ok|okay|well|hmm+)\s+)*what\s+(?:do|would)\s+you\s+(?:think|reckon|suggest|recommend|say)(?:\s+(?:about\s+(?:this|that|it)|we\s+(?:should\s+)?do(?:\s+now|\s+next)?))?\s*[.!?]*$/
