/**
 * Round 27b (issue 22): changes disguised as reads. Read-only is decided on positive evidence, so a read verb
 * must not hide the change that rides on it:
 * - read words that are change verbs together with a particle: "check in the fix" (commit it), "check it in",
 *   "look after the release", "see to the version bump", "attend to the login bug" (do the work);
 * - a change verb in a clause that says the agent does it first: "show me the diff after you've renamed the flag",
 *   "once you have applied the fix, list what changed", "when you're done moving the migrations", "after applying the
 *   rename, show me the diff";
 * - a phrasal change verb coordinated after a read: "take a look at the old dump and bring it back", "read the
 *   sync code, then clean up the retry loop" (a single coordinated verb is already read by intent.ts).
 * A read whose clause says the agent does nothing ("check in the logs whether ...", "check in with me", "what
 * happens after a note is renamed") keeps its reading. The word lists are data.
 */

/** What is committed when it is "checked in" (a fix, a change, a file): not a place to look in ("the logs"). */
const COMMITTED_THINGS = ['fix', 'fixes', 'fixed', 'change', 'changes', 'changed', 'patch', 'patches', 'config', 'configuration', 'settings', 'file', 'files', 'update', 'updates', 'updated', 'work', 'edit', 'edits', 'diff', 'rename', 'renames', 'migration', 'migrations', 'lockfile', 'bump', 'refactor', 'rewrite', 'tweak', 'tweaks', 'workaround', 'hotfix', 'script', 'scripts', 'manifest', 'workflow', 'dockerfile', 'yaml', 'yml', 'json']

/** After "check in the X", words that make it a look inside X rather than a commit ("check in the config whether ..."). */
const LOOKING_INSIDE = '(?:whether|if|how|what|which|where|why|that|for\\s+(?:any|errors?|warnings?|typos?|mistakes?|problems?|issues?|occurrences?|mentions?|references?))'

/** Phrasal verbs whose first word is a read word but which ask for a change; spread into lexicon.ts's PHRASAL_VERBS. */
export const READ_WORD_PHRASAL: ReadonlyArray<readonly [RegExp, string]> = [
  // "check in the fix for the search ranking", "check in the updated config" (not "check in on", "check in with me")
  [new RegExp(`^check(?:s|ed|ing)?\\s+in\\s+(?=(?:(?:the|my|your|our|this|that|these|those|a|an|all|every|new|updated|latest|pending)\\s+)*(?:[\\w.-]+\\s+){0,3}?(?:${COMMITTED_THINGS.join('|')})\\b(?![^.;!?]*\\b${LOOKING_INSIDE}\\b))`), 'commit'],
  // "look after the 1.4 release", "see to the version bump", "attend to the login bug": taking the work on
  [/^(?:look(?:s|ed|ing)?\s+after|see\s+to|attend\s+to)\b/, 'change'],
]

/** Separable forms: "check it in", "check the fix in" (the object inside; nothing but an end or "and" after "in"). */
export const READ_WORD_SEPARABLE: ReadonlyArray<readonly [RegExp, string]> = [
  [/^check\s+((?:[^\s]+\s+){1,4}?)in\b(?=\s*(?:[.;!?,]|$|(?:and|then|too|please|now|for me)\b))/, 'commit'],
]

/**
 * A release named by its noun after a verb of taking work on ("see to the version bump for 1.5", "handle the version
 * bump"): spread into lexicon.ts's RELEASE_PHRASES (non-question clauses only). Not the bump's script, PR or tests.
 */
export const NOUNED_RELEASE = /\b(?:the|a|this|next|our)\s+(?:v?\d+\.\d+(?:\.\d+)?\s+|major\s+|minor\s+|patch\s+)?version\s+bump\b(?!\s+(?:script|pr|pull\s+request|commit|tests?|docs?|notes?|workflow|job|logic|code|step)\b)/

/** "after you've renamed", "once you have applied", "when you're done moving", "as soon as u've pushed": the agent's change first. */
const DONE_FIRST = /\b(?:after|once|when|as\s+soon\s+as)\s+(?:you|u)(?:'ve|\s+have|'re\s+done|\s+are\s+done|\s+finish|'ve\s+finished|\s+have\s+finished)\s+(?:(?:just|actually|already|successfully|carefully|\w+ly)\s+)?([a-z'-]+)\s+([^.;!?]*)/g

/** "after applying the rename", "once deleting the old exports": a gerund with its object, done before the read. */
const DONE_FIRST_GERUND = /\b(?:after|once)\s+([a-z]+ing)\s+((?:the|a|an|this|that|these|those|my|our|your|all|every)\s+[^.;!?,]*)/g

/** After a read, a phrasal change verb coordinated with it: "... and bring it back", ", then clean up ...". */
const COORDINATED = /(?:\b(?:and|&|then)|,)\s+(?:then\s+|also\s+|just\s+|please\s+)?(?=[a-z])/g

/**
 * A wh-clause in the present just before the time clause: what happens or how something behaves, not a task ("what
 * happens after you've deleted a note"); one in the past asks about the agent's own work ("what changed once you've ...").
 */
const ASKED_BEHAVIOUR = /\b(?:what|how|whether|why|which|where|if)\s+(?:[\w'-]+\s+){0,4}?(?:happens?|would|will|does|do|is|are|works?|behaves?|looks?|goes|occurs?|gets?|can|should)\b[^,.;!?]{0,40}$/

type Phrasal = (rest: string) => {verb: string; object: string} | undefined

/**
 * The changes that ride on a read's object: each as the verb (base form) and its object, for intent.ts to resolve
 * and keep when more severe than the read. `verbOf` gives a word's lexicon verb (inflections undone), `phrasal`
 * reads a verb of more than one word at the start of a text.
 */
export function ridingChanges(object: string, clause: string, verbOf: (word: string) => string | undefined, phrasal: Phrasal): {verb: string; object: string}[] {
  const out: {verb: string; object: string}[] = []
  // the clause, not only the object: the change may come before the read ("once you have fixed X, show me ...")
  const lower = clause.toLowerCase()
  for (const m of lower.matchAll(DONE_FIRST)) {
    // "show me what happens after you've deleted a note": the "you" of a described behaviour is anyone
    if (ASKED_BEHAVIOUR.test(lower.slice(0, m.index))) continue
    const written = m[1]
    const verb = verbOf(written) ?? (/ed$/.test(written) ? verbOf(written.replace(/ed$/, 'e')) : undefined)
    if (verb) out.push({verb, object: m[2]})
    else {
      const p = phrasal(`${written} ${m[2]}`)
      if (p) out.push(p)
    }
  }
  for (const m of lower.matchAll(DONE_FIRST_GERUND)) {
    const verb = ASKED_BEHAVIOUR.test(lower.slice(0, m.index)) ? undefined : verbOf(m[1])
    if (verb) out.push({verb, object: m[2]})
  }
  for (const m of object.matchAll(COORDINATED)) {
    const p = phrasal(object.slice(m.index + m[0].length))
    if (p) out.push(p)
  }
  return out
}
