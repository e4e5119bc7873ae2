/**
 * How a request word meets the project's terms (split from scope.ts in round 12b): as written, through a concept
 * group of the scope lexicon, a spelling variant, an agent noun, or a typo one edit away.
 */
import {CONCEPTS, VARIANT_FORMS} from './analyse/scope-lexicon.js'
import type {RequirementIndex} from './scope-index.js'
import {COMMON} from './scope-outside.js'
import {withinOneEdit} from './text/fuzzy.js'
import {isGradedAdjective, term} from './text/tokens.js'

/**
 * The project term a request word stands for: itself when the project knows it; else a project term one
 * edit away (words of five letters or more, against terms of five or more, only when exactly one is that
 * close: "serach" -> search, "lables" -> label); else the word's own term.
 */
/** Each word and phrase of a concept group (by its scope term, phrases by their terms joined with a space), to its group. */
const CONCEPT_OF: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, readonly string[]>()
  for (const group of CONCEPTS) {
    const members = group.map((w) => w.split(/\s+/).map((p) => term(p)).join(' '))
    for (const m of members) if (!out.has(m)) out.set(m, members)
  }
  return out
})()

/** The project's word for a request word or phrase of a concept group ("idle" -> inactivity), when it has one. */
export function conceptTerm(index: RequirementIndex, key: string): string | undefined {
  const group = CONCEPT_OF.get(key)
  if (!group) return undefined
  return group.find((m) => !m.includes(' ') && index.postings(m) !== undefined)
}

/** The project's term for a word as written or through a concept group, without typo tolerance ("serve" is not "server"). */
export function projectTerm(index: RequirementIndex, word: string): string | undefined {
  const t = term(word)
  return index.postings(t) ? t : conceptTerm(index, t)
}

export function termLookup(index: RequirementIndex): (word: string) => {term: string; from?: string} {
  const typos = new Map<string, {term: string; from?: string}>()
  return (word) => {
    const t = term(word)
    if (index.postings(t)) return {term: t}
    const concept = conceptTerm(index, t)
    if (concept !== undefined) return {term: concept, from: word}
    // a comparative of a common adjective is no typo of a project word ("the newer copy" is not "never")
    if (word.length < 5 || COMMON.has(t) || isGradedAdjective(word) || typos.size > 10_000) return {term: t}
    const known = typos.get(word)
    if (known) return known
    // a spelling variant or derived form of a project word or concept ("colouriser" -> color, "tagger" -> tag)
    for (const [pattern, replacement] of VARIANT_FORMS) {
      if (!pattern.test(word)) continue
      const v = term(word.replace(pattern, replacement))
      const found = index.postings(v) ? v : conceptTerm(index, v)
      if (found !== undefined && found !== t) {
        const out = {term: found, from: word}
        typos.set(word, out)
        return out
      }
    }
    // an agent noun meets its verb: "parser" -> parse, "loader" -> load, "compressor" -> compress
    if (/(?:er|or)$/.test(word)) {
      for (const base of [word.slice(0, -1), word.slice(0, -2)]) {
        const b = term(base)
        if (b.length >= 3 && index.postings(b)) {
          const out = {term: b, from: word}
          typos.set(word, out)
          return out
        }
      }
    }
    const vocabulary = index.vocabulary()
    let found: string | undefined
    let ambiguous = false
    // (round 13b: a stem up to three letters shorter is tried for a typo in the ending the stemmer kept,
    // "migraton" -> migrat, "inactivty" -> inactiv, "renamng" -> renam)
    for (let len = Math.max(5, t.length - 3); len <= Math.max(t.length, word.length) + 1; len++) {
      // typos keep the first letter ("presets" is no typo of "reset")
      for (const v of vocabulary.get(`${word[0]}${len}`) ?? []) {
        if (!(withinOneEdit(t, v) || withinOneEdit(word, v) || (word.startsWith(v) && word.length - v.length <= 3 && term(word.slice(0, v.length + 1)) !== t))) continue
        if (found !== undefined && found !== v) ambiguous = true
        found = v
      }
    }
    const out = found && !ambiguous && index.postings(found) ? {term: found, from: word} : {term: t}
    typos.set(word, out)
    return out
  }
}

