/**
 * Round 21a (issue 22): "would you mind explaining ...", "do you mind wiping ...": after these polite openers the
 * instruction is a gerund, which the verb lexicon (base forms) does not know, so a later verb decided the clause
 * ("would you mind explaining why ... would change" read as a change). The gerund is read as its base form when the
 * lexicon knows that form: "explaining" -> explain, "wiping" -> wipe, "running" -> run.
 */

/** Openers after which a gerund is the instruction. */
export const GERUND_OPENER = /\b(?:would|do|will|could)\s+(?:you|u)(?:\s+please)?(?:\s+mind)?\s*$/

/** The gerund, after "mind" unless the opener already held it (REQUEST_PREFIX takes "would you " before "would you mind "). */
const GERUND = /^(?:mind\s+)([a-z]+?)ing\b/
const GERUND_AFTER_MIND = /^([a-z]+?)ing\b/

/** `rest` with its leading gerund read as the base form `isVerb` knows (unchanged when none is known). */
export function ungerund(opener: string, rest: string, isVerb: (word: string) => boolean): string {
  const m = (/\bmind\s*$/.test(opener) ? GERUND_AFTER_MIND : GERUND).exec(rest)
  if (!m) return rest
  const stem = m[1]
  for (const base of [stem, `${stem}e`, stem.replace(/(.)\1$/, '$1')]) if (base.length > 1 && isVerb(base)) return base + rest.slice(m[0].length)
  return rest
}
