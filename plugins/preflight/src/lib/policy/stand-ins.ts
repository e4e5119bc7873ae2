/**
 * The words that make a secret named next to them a stand-in for one ("a placeholder token", "a dummy password", "fake
 * credentials", "an example key", "a stub secret"): no live value is placed, shown or committed. One list, read by every
 * rule and safeguard that sets stand-ins aside (forbidden.ts, secrets-tooled.ts, secrets-handled.ts, secrets-in-paste.ts,
 * secrets-carried.ts, and the topic fillers of action-object*.ts, secrets-routed.ts and secrets-contained.ts), so that a
 * word is added once. Each user adds only what its own reading needs and says why (a test's token, an empty env file,
 * an invalid password). Entries are regexp fragments: the words are data.
 */
export const STAND_IN_WORDS: readonly string[] = ['placeholders?', 'dummy', 'fake', 'sample', 'example', 'mock', 'bogus', 'made-up', 'fictional', 'stub', 'stand-?in']

/** The words as one alternation, for `\b(?:${STAND_IN})\b` and look-behinds. */
export const STAND_IN = STAND_IN_WORDS.join('|')

/**
 * Marks that make a value written in a secret's place a stand-in: masks, the kernel's own placeholder words ("changeme",
 * "your-key-here") and template holes ("<token>", "${TOKEN}", "{{ token }}").
 */
export const STAND_IN_MARKS: readonly string[] = ['redacted', 'masked', 'changeme', 'x{3,}', 'your[-_ ]\\w+[-_ ]here']
