/**
 * Typo tolerance: a word within one edit (an insertion, a deletion, a substitution or a swap of two
 * neighbouring letters) of exactly one lexicon word is read as that word ("deleet" -> delete, "prnt" ->
 * print, "bypas" -> bypass, "tset" -> test). Known words are never corrected, and short words only by a swap
 * or a missing letter, so "text" stays "text"; a word of three letters only by a swap of a three-letter word ("kye"
 * -> key) or, when it has no vowel and so is no English word, by one missing letter ("skp" -> skip).
 * Deterministic; results are memoised.
 */

/** Whether `a` and `b` are at most one Damerau edit apart (optimal string alignment, one operation). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true
  const la = a.length
  const lb = b.length
  if (Math.abs(la - lb) > 1) return false
  let i = 0
  while (i < la && i < lb && a[i] === b[i]) i++
  if (la === lb) {
    // substitution at i, or a swap of i and i+1
    if (a.slice(i + 1) === b.slice(i + 1)) return true
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  }
  // one insertion or deletion at i
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/** Whether `a` is `b` with two neighbouring letters swapped, or with one letter missing. */
function swapOrMissing(a: string, b: string): boolean {
  if (a.length === b.length) {
    let i = 0
    while (i < a.length && a[i] === b[i]) i++
    return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  }
  return a.length + 1 === b.length && withinOneEdit(a, b)
}

export class Corrector {
  private readonly byLength = new Map<number, string[]>()
  private readonly memo = new Map<string, string>()

  /** `targets`: the words typos are corrected to; `known`: words that are never corrected (besides targets). */
  constructor(
    targets: Iterable<string>,
    private readonly known: (word: string) => boolean,
  ) {
    for (const t of new Set(targets)) {
      if (t.length < 3 || !/^[a-z]+$/.test(t)) continue
      const list = this.byLength.get(t.length) ?? []
      list.push(t)
      this.byLength.set(t.length, list)
    }
  }

  /** The lexicon word `word` is a typo of, or `word` itself. */
  correct(word: string): string {
    if (word.length < 3 || word.length > 20 || this.known(word) || !/^[a-z]+$/.test(word)) return word
    const cached = this.memo.get(word)
    if (cached !== undefined) return cached
    let found: string | undefined
    let ambiguous = false
    for (const len of [word.length - 1, word.length, word.length + 1]) {
      for (const t of this.byLength.get(len) ?? []) {
        if (t === word) return word
        // a word of four letters only by a swap or a missing letter ("tset", "prnt"); longer ones by any edit; one of
        // three by a swap ("kye"), or by a missing letter when it has no vowel ("skp": "ski" and "kip" are words)
        const ok = word.length === 3 ? (t.length === 3 ? swapOrMissing(word, t) : t.length === 4 && !/[aeiou]/.test(word) && swapOrMissing(word, t)) : word.length <= 4 ? swapOrMissing(word, t) : withinOneEdit(word, t)
        if (!ok) continue
        if (found !== undefined && found !== t) ambiguous = true
        found = t
      }
    }
    const out = found !== undefined && !ambiguous ? found : word
    if (this.memo.size > 50_000) this.memo.clear()
    this.memo.set(word, out)
    return out
  }

  /**
   * `text` with each lower-case word corrected; other characters kept. Returns the corrections made. `keep` may refuse
   * a correction by where the word stands (the text and the word's offset).
   */
  correctText(text: string, keep?: (word: string, fix: string, text: string, at: number) => boolean): {text: string; corrections: [string, string][]} {
    const corrections: [string, string][] = []
    const out = text.replaceAll(/(?<![\w./$-])[a-z]{3,20}(?![\w/-]|\.[a-z])/g, (w, at: number) => {
      const c = this.correct(w)
      if (c !== w && keep?.(w, c, text, at)) return w
      if (c !== w) corrections.push([w, c])
      return c
    })
    return {text: out, corrections}
  }
}
