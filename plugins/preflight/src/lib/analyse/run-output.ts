/**
 * The output of a run handed to the asker (round 22b): "run the linter on src/sync and paste the output", "run the
 * tests and send me the results", "execute the audit and post what it prints". A handing-over verb whose object is
 * what a run produced, with no place named, answers in the conversation: it reads, like "paste the failures here".
 * A place named after it ("paste the output into the README") is a change, and so is a handing-over verb with no
 * run before it.
 */

/** Verbs that hand something over to whoever asked. */
export const HANDING_VERBS = new Set(['paste', 'post', 'send', 'give', 'share', 'drop', 'report', 'forward'])

/** What a run produces, as the whole object (optionally "me"/"us" first), with nothing after it but "of it". */
export const RUN_PRODUCT = /^\s*(?:(?:me|us)\s+)?(?:(?:the|its|their|any|all(?:\s+the)?|whatever)\s+)?(?:(?:full|raw|whole|complete|relevant|resulting|linter|lint|test|build|audit)\s+)?(?:output|results?|failures?|errors?|warnings?|logs?|report|summary|findings|stack\s*traces?|what\s+it\s+(?:prints|says|shows|reports|finds|outputs))(?:\s+(?:of|from)\s+(?:it|that|them|the\s+(?:run|tests?|linter|lint|suite|build|checks?|audit)))?\s*[.!]?\s*$/

/** "let me know" what a run found ("if anything breaks", "how it goes", "what fails"). */
export const LET_KNOW = /^\s*(?:me|us)\s+know\b(?:\s+(?:if|whether|how|what|when|which)\b[^.;!?]{0,40})?\s*[.!]?\s*$/

/** A running verb earlier in the clause ("run", "execute", "rerun"). */
export const RAN_BEFORE = /\b(?:run|rerun|re-run|execute|launch|kick\s+off|fire\s+off|trigger)\b/

/** True when `verb` hands the asker the product of a run named earlier in `clause`. */
export function handsRunOutput(verb: string, object: string, clause: string): boolean {
  // "kick off the test suite and let me know if anything breaks": telling the asker what the run found
  const told = verb === 'let' && LET_KNOW.test(object)
  if (!told && (!HANDING_VERBS.has(verb) || !RUN_PRODUCT.test(object))) return false
  const at = clause.indexOf(verb)
  return RAN_BEFORE.test(at === -1 ? clause : clause.slice(0, at))
}
