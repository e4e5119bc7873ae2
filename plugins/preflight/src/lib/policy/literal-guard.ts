/**
 * Literal guards for the decision's heavy patterns (issues 14 and 22): a cheap test, read off a pattern's own source,
 * that is false only where the pattern cannot match, so the pattern runs (and, in a one-shot process, is compiled)
 * only where its words occur.
 *
 * The guard is the pattern's literal prefilter (literal-prefilter.ts: per top-level alternative, the literal runs and
 * "one of these" groups it needs unconditionally), each "one of these" compiled into one small alternation of plain
 * words with the pattern's own flags, so a word is met exactly where the pattern itself could meet it (case folding
 * included: no lower-casing or ASCII check is needed, unlike `mayMatch`). A pattern with an alternative that needs no
 * literal gets no guard: it always runs.
 *
 * Measured over the corpus's clauses (7,221, lower-cased): OUTSIDE_USER_DATA, whose every position first runs a
 * 40-character negation look-behind, took 30 us a clause and takes 3.2 behind its guard. The other 340 patterns of the
 * analysis and the decision took 0.1-2.3 us each, and their guards cost more than that (DESTROYED_OUTCOME 1.3 us, 4.8
 * for its guard of 26 alternatives), so only patterns listed in GUARDED_PATTERNS are guarded; add one when a measure
 * shows it costs several times its guard.
 */
import {OUTSIDE_USER_DATA} from './outside-data.js'
import {literalPrefilter, type Clause, type LiteralPrefilter} from './literal-prefilter.js'

/** A test that is false only where the pattern cannot match. */
export type LiteralGuard = (text: string) => boolean

const ALWAYS: LiteralGuard = () => true

function escaped(word: string): string {
  return word.replaceAll(/[$()*+.?[\\\]^{|}]/g, String.raw`\$&`)
}

function clauseGuard(clause: Clause, flags: string): LiteralGuard {
  if (Array.isArray(clause)) {
    const words = new RegExp((clause as readonly string[]).map(escaped).join('|'), flags)
    return (text) => words.test(text)
  }
  const inner = (clause as {any: LiteralPrefilter}).any.map((clauses) => alternativeGuard(clauses, flags))
  return (text) => inner.some((met) => met(text))
}

function alternativeGuard(clauses: readonly Clause[], flags: string): LiteralGuard {
  const all = clauses.map((c) => clauseGuard(c, flags))
  return (text) => all.every((met) => met(text))
}

/** The guard of `pattern` (true everywhere when some alternative of it needs no literal). */
export function literalGuard(pattern: RegExp): LiteralGuard {
  const prefilter = literalPrefilter(pattern.source, pattern.flags)
  if (!prefilter) return ALWAYS
  // the words are searched anywhere: a sticky, global or indices flag would change what a test does, not what it finds
  const flags = pattern.flags.replaceAll(/[dgy]/g, '')
  const alternatives = prefilter.map((clauses) => alternativeGuard(clauses, flags))
  return (text) => alternatives.some((met) => met(text))
}

/** The patterns worth a guard (see above), each with its guard; the guards are built on first use. */
export const GUARDED_PATTERNS: readonly RegExp[] = [OUTSIDE_USER_DATA]

const guards = new WeakMap<RegExp, LiteralGuard>()

/** `pattern.exec(text)`, after its guard: null at once where the pattern cannot match. */
export function guardedExec(pattern: RegExp, text: string): RegExpExecArray | null {
  let guard = guards.get(pattern)
  if (guard === undefined) {
    guard = literalGuard(pattern)
    guards.set(pattern, guard)
  }
  return guard(text) ? pattern.exec(text) : null
}
