/**
 * Round 25c (issue 22): the typos the analysis corrects (analyse/typos.ts: "alow" -> "allow", "delte" -> "delete") are
 * corrected in the text scope reads too. Read as written, each misspelt word is a word no requirement has, and two of
 * them make a covered change thin ("alow users to delte a label from a note" asked instead of accepted under
 * REQ-TAG-001); corrected, they are the verbs the scope reader already sets aside or weighs as common. Only a dropped
 * letter or two letters swapped is taken: a letter changed often leaves another real word ("online" is no typo of
 * "inline", and read as one it made a covered offline-mode change thin).
 */

/** A dropped letter ("delte" for "delete") or two neighbouring letters swapped ("teh" for "the"). */
export function droppedOrSwapped(from: string, to: string): boolean {
  if (to.length === from.length + 1) {
    for (let i = 0; i < to.length; i++) if (to.slice(0, i) + to.slice(i + 1) === from) return true
    return false
  }
  if (to.length !== from.length) return false
  for (let i = 0; i + 1 < from.length; i++) {
    if (from[i] !== to[i]) return from[i] === to[i + 1] && from[i + 1] === to[i] && from.slice(i + 2) === to.slice(i + 2)
  }
  return false
}

/** The text with each corrected word (whole words, any case) replaced by its correction. */
export function withCorrections(text: string, corrections: readonly (readonly [string, string])[]): string {
  let out = text
  for (const [from, to] of corrections) {
    if (!/^[a-z][a-z'-]*$/.test(from) || !droppedOrSwapped(from, to)) continue
    out = out.replaceAll(new RegExp(`(?<![\\w'-])${from}(?![\\w'-])`, 'gi'), to)
  }
  return out
}
