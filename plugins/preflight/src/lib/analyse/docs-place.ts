/**
 * Round 25c (issue 22): what makes a documentation edit read as one when its words are few or odd.
 *
 * - The document named before a later verb: "in readme please write how do login with email and password". The verb
 *   and its object alone ("write how do login ...") name no document; the place before the verb does, so the change's
 *   target carries it (change-target.ts), and the phase gate reads a docs change, not a code change.
 * - A code that is a value, not source: "exit code 2", "the HTTP status code", "an error code" in a docs edit ("write
 *   docs/hooks.md describing ... what exit code 2 means") do not make it a code change (intent.ts reads CODE_CUES
 *   past them).
 *
 * The words are data.
 */

/** Documents a change can be written into, named in words or by a Markdown path. */
export const DOC_PLACES = ['readme', 'docs', 'doc', 'documentation', 'wiki', 'user guide', 'guide', 'handbook', 'runbook', 'faq', 'changelog', 'contributing guide', 'man page', 'help page']

/** The document named as the place before a later verb ("in readme please write ..."), captured. */
export const DOC_PLACE_BEFORE = new RegExp(`(?:^|\\s)(?:in|into|inside|on|to|under)\\s+(?:the\\s+|our\\s+|a\\s+|my\\s+)?(${DOC_PLACES.map((w) => w.replaceAll(' ', '\\s+')).join('|')}|[\\w./-]+\\.md)\\b[^.;!?]*$`)

/**
 * A code that is a value, described rather than changed ("what exit code 2 means", "the meaning of each status code",
 * "a table of error codes"). A code the program is to return ("make sync exit with code 4 and note it in the README")
 * is not one: that request changes code, and stays a code change.
 */
export const VALUE_CODES = /\b(?:what|which|each|every|all|meanings?\s+of|list\s+of|table\s+of)\s+(?:the\s+|an?\s+)?(?:exit|status|error|return|http|response)\s+codes?(?:\s+\d{1,3})?\s*(?:means?|stands?\s+for|signal(?:s|l?ed)?|is\s+for|are\s+for|\b(?:mean|do)\b)?/g

/** The document named before a clause's later verb, or undefined. */
export function documentBefore(text: string, verb: string | undefined): string | undefined {
  if (!verb) return undefined
  const at = text.indexOf(verb)
  if (at <= 0) return undefined
  return DOC_PLACE_BEFORE.exec(text.slice(0, at))?.[1]
}
