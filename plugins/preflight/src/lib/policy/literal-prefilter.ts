/**
 * Literal prefilters of the forbidden rules: words a request must contain for a rule's pattern to be able to match,
 * read off the pattern's source, so that a rule whose words are absent is neither compiled nor run (issue 14: a
 * rejected one-shot preflight's largest cost was compiling the opened rules to machine code, 5-24 KB of source each).
 *
 * For each top-level alternative (a pattern that is one group is opened first), the elements outside every other
 * group that the alternative needs unconditionally (not followed by a quantifier) give clauses: a non-capturing
 * group whose inner alternatives each need a literal run gives "one of these" (the longest run of each; when some
inner alternative has no run outside its own groups, the group's alternatives' own clauses, read the same way with
runs of any length, nested: met when one inner alternative has all of its clauses met); a literal
 * run of three or more characters gives itself (a character followed by a quantifier is left out). The rule can match only where
 * some alternative has every clause met. An alternative with no clause means no prefilter for the rule. Lookarounds,
 * capturing groups, classes and escapes are skipped, never read as literals.
 */

/**
 * Per alternative, clauses; a clause is met when the text contains one of its strings, or, for a group (`any`), when
 * one of the group's alternatives has every one of its own clauses met.
 */
export type LiteralPrefilter = readonly (readonly Clause[])[]
export type Clause = readonly string[] | {readonly any: LiteralPrefilter}

const QUANTIFIER = /^[?*+{]/
const LITERAL = /[\w '-]/

/** Index of the `)` closing the group opened at `open`, skipping escapes and classes; -1 if none. */
function closing(source: string, open: number): number {
  let depth = 0
  for (let i = open; i < source.length; i++) {
    const ch = source[i]
    if (ch === '\\') i++
    else if (ch === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++
    } else if (ch === '(') depth++
    else if (ch === ')' && --depth === 0) return i
  }
  return -1
}

/** The index after the escape at `at` (`\\u00e9`, `\\x41`, `\\cA`, `\\p{L}`, `\\k<name>`, `\\12` whole: their letters and digits are no literal). */
function afterEscape(source: string, at: number): number {
  const next = source[at + 1]
  const rest = source.slice(at + 2)
  if (next === 'u') return at + 2 + (rest.startsWith('{') ? rest.indexOf('}') + 1 : 4)
  if (next === 'x') return at + 4
  if (next === 'c') return at + 3
  if ((next === 'p' || next === 'P') && rest.startsWith('{')) return at + 2 + rest.indexOf('}') + 1
  if (next === 'k' && rest.startsWith('<')) return at + 2 + rest.indexOf('>') + 1
  if (next !== undefined && next >= '0' && next <= '9') return at + 2 + (/^\d*/.exec(rest)?.[0].length ?? 0)
  return at + 2
}

/**
 * The top-level alternatives of a pattern's source, each with the parts of it outside any group: `a(b|c)d|e` is
 * [`a(b|c)d`, `e`]. Escapes, classes and groups are skipped over, so `\\|`, `[|]` and `(b|c)` split nothing (an
 * unclosed group: the source whole). Also forbidden.ts's, for its required parts.
 */
export function alternatives(source: string): string[] {
  const out: string[] = []
  let start = 0
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]
    if (ch === '\\') i++
    else if (ch === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++
    } else if (ch === '(') {
      const end = closing(source, i)
      if (end === -1) return [source]
      i = end
    } else if (ch === '|') {
      out.push(source.slice(start, i))
      start = i + 1
    }
  }
  out.push(source.slice(start))
  return out
}

/** The longest literal run among an alternative's clauses (clausesOf with runs of any length); '' when none. */
function longestLiteral(clauses: readonly Clause[]): string {
  let best = ''
  for (const clause of clauses) if (Array.isArray(clause) && clause.length === 1 && clause[0].length > best.length) best = clause[0]
  return best
}

/** The clauses one alternative needs (literal runs of `minRun` characters or more); [] when none can be read. */
function clausesOf(alternative: string, minRun = 3): Clause[] {
  const clauses: Clause[] = []
  let i = 0
  while (i < alternative.length) {
    const ch = alternative[i]
    if (ch === '\\') {
      i = afterEscape(alternative, i)
    } else if (ch === '[') {
      for (i++; i < alternative.length && alternative[i] !== ']'; i++) if (alternative[i] === '\\') i++
      i++
    } else if (ch === '(') {
      const end = closing(alternative, i)
      if (end === -1) return []
      if (alternative.startsWith('(?:', i) && !QUANTIFIER.test(alternative.slice(end + 1))) {
        // each inner alternative is read once (reading it again for the nested form doubled the work per level)
        const nested = alternatives(alternative.slice(i + 3, end)).map((a) => clausesOf(a, 1))
        const literals = nested.map(longestLiteral)
        if (literals.every((p) => p.length > 0)) clauses.push([...new Set(literals)])
        // an inner alternative with no run outside its own groups (`(?:the|a)\\s+(?:key|token)`): the group is met
        // when one of its alternatives has all of its own clauses met
        else if (nested.every((c) => c.length > 0)) clauses.push({any: nested})
      }
      i = end + 1
    } else if (ch === '{') {
      // a quantifier's bounds ({0,100}) are no literal
      i += /^\{\d*(?:,\d*)?\}/.exec(alternative.slice(i))?.[0].length ?? 1
    } else if (LITERAL.test(ch)) {
      let j = i
      while (j < alternative.length && LITERAL.test(alternative[j])) j++
      const run = QUANTIFIER.test(alternative.slice(j)) ? alternative.slice(i, j - 1) : alternative.slice(i, j)
      if (run.trim().length >= minRun) clauses.push([run])
      i = j
    } else {
      i++
    }
  }
  return clauses
}

/** The alternatives a prefilter's clauses are read from, in order: the top-level ones (a pattern that is one group: its inner ones). */
export function topAlternatives(source: string): string[] {
  let alts = alternatives(source)
  while (alts.length === 1 && alts[0].startsWith('(?:') && closing(alts[0], 0) === alts[0].length - 1) alts = alternatives(alts[0].slice(3, -1))
  return alts
}

/**
 * The prefilter of a pattern (`flags` its flags: with `i` the literals are lower-cased, as the request is), or
 * undefined when some alternative gives no clause.
 */
export function literalPrefilter(source: string, flags: string): LiteralPrefilter | undefined {
  const out: Clause[][] = []
  for (const alt of topAlternatives(source)) {
    const clauses = clausesOf(alt)
    if (clauses.length === 0) return undefined
    out.push(flags.includes('i') ? clauses.map(lowerCased) : clauses)
  }
  return out
}

function lowerCased(clause: Clause): Clause {
  return Array.isArray(clause) ? clause.map((s: string) => s.toLowerCase()) : {any: (clause as {any: LiteralPrefilter}).any.map((c) => c.map(lowerCased))}
}

/** Whether `text` meets a clause (see LiteralPrefilter). */
export function clauseMet(clause: Clause, text: string): boolean {
  if (Array.isArray(clause)) return clause.some((s: string) => text.includes(s))
  return (clause as {any: LiteralPrefilter}).any.some((clauses) => clauses.every((c) => clauseMet(c, text)))
}

/**
 * Whether a pattern with this prefilter can match `text`. Text with characters beyond ASCII is always "can" (case
 * folding there is not lower-casing), and so is text with upper-case letters for a case-insensitive pattern.
 */
export function mayMatch(prefilter: LiteralPrefilter, text: string, ignoreCase: boolean): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(text) || (ignoreCase && /[A-Z]/.test(text))) return true
  return prefilter.some((clauses) => clauses.every((clause) => clauseMet(clause, text)))
}
