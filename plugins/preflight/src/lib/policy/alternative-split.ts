/**
 * A rule whose literal prefilter has several top-level alternatives runs only the alternatives whose literals the
 * request holds, each compiled on its own (issue 14: the rule that hits "print the api key", secrets.expose, is
 * 18 KB in three alternatives of which one can match; compiling it whole was the largest cost left on that path).
 *
 * The match is the one the whole pattern gives: the whole pattern's match starts at the leftmost position where any
 * alternative matches and is, there, the first alternative (in source order) that matches, with the text that
 * alternative matches on its own. So the earliest match of the alternatives run one by one, ties going to the
 * earlier alternative, is the same match (`m[0]` and `index`; capture groups are numbered differently, and a source
 * with a backreference is never split). An alternative whose literals are absent cannot match anywhere and is not
 * run. Each alternative is compiled once per process (machine-code.ts, when long) and kept.
 *
 * Text beyond ASCII is split too (it used to run the whole pattern): the literals are ASCII and the text is lower-cased,
 * and without the `u` or `v` flag a case-insensitive pattern never folds a character beyond ASCII onto an ASCII one
 * (the spec's Canonicalize), so an alternative whose literals are absent still cannot match. Running the whole pattern
 * there compiled it to machine code besides its alternatives, twice over once two-byte text (an emoji, a curly
 * quote) came: 54 MB of the code space a long-running server can fill (code-space.test.ts).
 */
import {clauseMet, topAlternatives, type LiteralPrefilter} from './literal-prefilter.js'
import {machineCode} from './machine-code.js'

const BACKREFERENCE = /\\(?:[1-9]|k<)/

interface Split {
  sources: string[]
  compiled: (RegExp | undefined)[]
}

const splits = new WeakMap<RegExp, Split | null>()

/** The split of `pattern` along its prefilter's alternatives; null when it cannot be split (one alternative, a backreference, a mismatch). */
function splitOf(pattern: RegExp, literals: LiteralPrefilter): Split | null {
  let split = splits.get(pattern)
  if (split === undefined) {
    const sources = literals.length > 1 && !BACKREFERENCE.test(pattern.source) ? topAlternatives(pattern.source) : []
    split = sources.length === literals.length ? {sources, compiled: []} : null
    splits.set(pattern, split)
  }
  return split
}

/** `pattern.exec(text)`'s match (its text and index), running only the alternatives `literals` leave open. */
export function execOpenAlternatives(pattern: RegExp, literals: LiteralPrefilter | undefined, text: string): RegExpExecArray | null {
  const ignoreCase = pattern.flags.includes('i')
  const split = literals && !/[uv]/.test(pattern.flags) && !(ignoreCase && /[A-Z]/.test(text)) ? splitOf(pattern, literals) : null
  if (!split || !literals) return machineCode(pattern).exec(text)
  let best: RegExpExecArray | null = null
  for (let k = 0; k < literals.length; k++) {
    if (!literals[k].every((clause) => clauseMet(clause, text))) continue
    let re = split.compiled[k]
    if (!re) {
      try {
        re = split.compiled[k] = new RegExp(split.sources[k], pattern.flags.replace(/[gy]/g, ''))
      } catch {
        return machineCode(pattern).exec(text)
      }
    }
    const m = machineCode(re).exec(text)
    if (m && (!best || m.index < best.index)) {
      best = m
      if (m.index === 0) break
    }
  }
  return best
}

/** How many of `pattern`'s alternatives this process has compiled on their own (tests). */
export function compiledAlternatives(pattern: RegExp): number {
  return splits.get(pattern)?.compiled.filter(Boolean).length ?? 0
}

/** The patterns a rule can run: its alternatives, each on its own, when it is split, else the whole pattern (code-space.test.ts compiles them all). */
export function runnablePatterns(pattern: RegExp, literals: LiteralPrefilter | undefined): RegExp[] {
  const split = literals && !/[uv]/.test(pattern.flags) ? splitOf(pattern, literals) : null
  if (!split) return [pattern]
  try {
    return split.sources.map((source) => new RegExp(source, pattern.flags.replace(/[gy]/g, '')))
  } catch {
    return [pattern]
  }
}
