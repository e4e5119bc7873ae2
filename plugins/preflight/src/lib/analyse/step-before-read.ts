/**
 * Round 30a: a step put in front of a read as its time ("once you've made the output plain when NO_COLOR is set,
 * show me the test results", "once the tests have been run, show me which ones failed", "when the cleanup of stale
 * branches is finished (delete every branch except main), show me git branch -a"). The read after the comma is what
 * the sentence's grammar asks, but the step before it is work the doer is to do first: the analyser would otherwise
 * read the condition as a circumstance and the whole request as a read. The step is rewritten as the instruction it
 * stands for, before the read ("make the output plain when NO_COLOR is set, then show me the test results"), so the
 * clause split, the intent and the policy read it like the plain sequence.
 *
 * It reads three forms of the step, each only before a comma and a read or report verb addressed to the asker:
 * - the doer's own step: "once you've / you have / after you VERB-ed OBJECT" (a participle the lexicon knows);
 * - a passive step: "once the tests have been run", "after the old branch has been deleted" (a known participle
 *   after "been": "when the output is piped" is a circumstance, not a step);
 * - a named step that finishes: "after the linter finishes", "when the secret scan is done": a check (tests, linter,
 *   audit, scan, build) is run; any other step counts only through what it says in parentheses ("(delete every
 *   branch except main)").
 * Left alone: the asker's own steps ("once I've logged in, show me ..."), the program's events ("when sync finishes,
 * show a toast": no read to the asker), a question after the condition ("once you've deleted it, can it be
 * restored?"), and a step named without a check word or a parenthesis ("once the migration is done, show me ...").
 */

import {participleVerb} from './participles.js'

/** Read or report verbs addressed to the asker after the step (the main clause). */
export const READ_AFTER_STEP = /^(?:(?:please|pls|just|then)\s+)*(?:show|list|tell|give|print|display|report|summari[sz]e|let me (?:see|know)|paste me|send me|walk me through|point me (?:at|to))\b/

/** Words of a step that is a check run by the doer ("the linter", "the tests", "the secret scan", "the audit"). */
export const CHECK_STEP_WORDS = /\b(?:tests?|test suite|specs?|linters?|lint(?:ing)?|type ?check(?:er|ing)?|audit|scan(?:ner)?|build|ci|checks?|benchmarks?)\b/

const TEMPORAL = String.raw`(?:once|after|when|as soon as)`
/** "once you've made X, show me": the doer's own step (a perfect or a present tense). */
export const DOER_STEP = new RegExp(String.raw`^${TEMPORAL}\s+(?:you|we)(?:'ve|\s+have|\s+had)?\s+(?:finished\s+|done\s+)?([a-z]+)\s+([^,]{2,100}),\s*`)
/** "once the tests have been run, show me": a passive step with its subject. */
export const PASSIVE_STEP = new RegExp(String.raw`^${TEMPORAL}\s+((?:the|all|every|your|our)\s[^,]{1,80}?)\s+(?:has|have|had)\s+been\s+([a-z]+)(?:\s+([^,]{1,60}))?,\s*`)
/** "after the linter finishes, list the warnings": a named step that ends. */
export const FINISHED_STEP = new RegExp(String.raw`^${TEMPORAL}\s+((?:the|a|your|our)\s[^,]{1,120}?)\s+(?:finishes|completes|ends|is (?:done|finished|complete|completed|over|through)|has (?:finished|completed|run)|are (?:done|finished|complete|completed|through)|have (?:finished|completed|run))(\s*\([^)]{3,120}\))?\s*,\s*`)

/** The verbs a step may be read as (from the analyser's lexicon: a word it knows as a verb). */
type IsVerb = (word: string) => boolean

function rewriteSentence(sentence: string, isVerb: IsVerb): string | undefined {
  if (!/^(?:once|after|when|as soon as)\s/.test(sentence)) return undefined
  const doer = DOER_STEP.exec(sentence)
  if (doer) {
    const main = sentence.slice(doer[0].length)
    if (!READ_AFTER_STEP.test(main)) return undefined
    const word = doer[1]
    const verb = isVerb(word) ? word : participleVerb(word, isVerb)
    if (!verb || ['finish', 'do', 'be', 'get', 'have'].includes(verb)) return undefined
    return `${verb} ${doer[2].trim()}, then ${main}`
  }
  const finished = FINISHED_STEP.exec(sentence)
  if (finished) {
    const main = sentence.slice(finished[0].length)
    if (!READ_AFTER_STEP.test(main)) return undefined
    const inner = finished[2]?.trim().slice(1, -1).trim()
    if (inner) return `${inner}, then ${main}`
    return CHECK_STEP_WORDS.test(finished[1]) ? `run ${finished[1]}, then ${main}` : undefined
  }
  const passive = PASSIVE_STEP.exec(sentence)
  if (passive) {
    const main = sentence.slice(passive[0].length)
    if (!READ_AFTER_STEP.test(main)) return undefined
    const verb = participleVerb(passive[2], isVerb)
    if (!verb || ['do', 'finish', 'complete'].includes(verb)) return undefined
    return `${verb} ${passive[1]}${passive[3] ? ` ${passive[3]}` : ''}, then ${main}`
  }
  return undefined
}

/**
 * The request (lower case) with each sentence that puts a step before a read rewritten as the step then the read.
 * Gated by its temporal words: most requests return untouched at one test.
 */
export function stepsBeforeReads(lower: string, isVerb: IsVerb): string {
  if (!/\b(?:once|after|when|as soon as)\s/.test(lower)) return lower
  return lower.replaceAll(/(^|[.!;]\s+|\n\s*)((?:[^.!?;\n]|\.(?!\s|$))+)/g, (whole, lead: string, sentence: string) => {
    const rewritten = rewriteSentence(sentence, isVerb)
    return rewritten === undefined ? whole : `${lead}${rewritten}`
  })
}
