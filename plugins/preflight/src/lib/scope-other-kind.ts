/**
 * Round 29d (issue 22, scope found on one incidental shared word): a word the request shares with a requirement
 * that, in the request, is qualified by a word the project never uses names another kind of that thing: "the
 * newsletter email" is no reset email, "our office address" no registered email address, "the installer's progress
 * bar" nothing of the CLI's output. A word match whose every specific word stands so (directly after a qualifier no
 * requirement has, in each place the request says it) is dropped: the request is about something the requirements
 * do not cover.
 *
 * What it reads: the scope text's raw words, the word right before each matched word. What it leaves alone:
 * - a qualifier the project knows ("the password reset email", "the registered email address") or common English
 *   ("the new email", "a wrong password"), and stop words ("our email");
 * - a qualifier that reads as an adjective or a verb form ("fuzzy search", "queued edits", "quickly export"), and
 *   the first word of the text (an imperative the intent did not take: "validate email addresses");
 * - a match with one specific word the request says without such a qualifier ("the newsletter email ... the reset
 *   link"), and explicit ids.
 */
import {kindOf} from './scope-outside.js'
import {COMMAND_OUTPUT_PLACE} from './analyse/command-output.js'
import type {ScopeMatch} from './scope.js'
import type {RequirementIndex} from './scope-index.js'
import {STOP_WORDS} from './text/tokens.js'

/** Endings of a word that reads as an adjective, an adverb or a verb form rather than a noun qualifier. */
export const NOT_A_QUALIFIER = /(?:y|ful|ic|ous|ive|able|ible|less|ed|ly|al|est)$/

/**
 * Nouns that lead a clause rather than qualify the next word ("is there a reason export skips ...", "any chance sync
 * could ..."): the word after them is a subject, not a kind of thing.
 */
export const CLAUSE_NOUNS: ReadonlySet<string> = new Set(['reason', 'chance', 'idea', 'case', 'point', 'fact', 'sense', 'bit', 'kind', 'sort', 'type', 'part', 'lot', 'time', 'moment', 'day', 'week',
  // fillers and contractions written without their apostrophe, which no requirement has either
  'dont', 'cant', 'wont', 'isnt', 'doesnt', 'didnt', 'shouldnt', 'thx', 'asap', 'always', 'still', 'even', 'often'])

const RAW = /[a-z0-9]+/g

/** How many specific words a match needs, all qualified, to be dropped. */
const MIN_QUALIFIED = 2

/** Drops the word matches whose every specific word is qualified, in the request, by a word the project does not know. */
export function otherKinds(index: RequirementIndex, top: ScopeMatch[], scopeText: string, lookup: (w: string) => {term: string}, frames: readonly {verb: string}[], notes: string[]): ScopeMatch[] {
  top = outputElsewhere(index, top, scopeText, notes)
  if (!top.some((m) => m.via === 'match')) return top
  const raw = scopeText.toLowerCase().match(RAW) ?? []
  if (raw.length < 2) return top
  const verbs = new Set(frames.map((f) => f.verb))
  const termAt = raw.map((w) => lookup(w).term)
  /** the unknown qualifier of every place `t` is said, or undefined when one place has none */
  const qualifierOf = (t: string): string | undefined => {
    let found: string | undefined
    for (let i = 0; i < raw.length; i++) {
      if (termAt[i] !== t) continue
      const q = raw[i - 1]
      // the qualifier inside a noun phrase: after a determiner, a possessive, a preposition or another stop word
      if (i < 2 || q === undefined || !STOP_WORDS.has(raw[i - 2]) || q.length < 4 || STOP_WORDS.has(q) || /\d/.test(q) || NOT_A_QUALIFIER.test(q) || CLAUSE_NOUNS.has(q) || verbs.has(q) || kindOf(index, termAt[i - 1]) !== 'unknown') return undefined
      found ??= `${q} ${raw[i]}`
    }
    return found
  }
  return top.filter((m) => {
    if (m.via !== 'match') return true
    const specific = [...new Set(m.terms)].filter((t) => kindOf(index, t) === 'specific')
    // one qualified word alone is left to the thin-match rules (scope-weigh.ts): "a cold start", "the sqlite migrations"
    // name the requirement's thing by a kind the project does not spell out
    if (specific.length < MIN_QUALIFIED) return true
    const qualified: string[] = []
    for (const t of specific) {
      const q = qualifierOf(t)
      if (q === undefined) return true
      qualified.push(q)
    }
    notes.push(`${m.id} dropped: ${qualified.map((q) => `"${q}"`).join(', ')} ${qualified.length === 1 ? 'is' : 'are'} another kind of thing than ${qualified.length === 1 ? 'its word' : 'its words'} (the qualifier is no word of the project's)`)
    return false
  })
}

/**
 * The kind of a test said before it ("a perf test", "an e2e test", "a regression check"): which sort of test is written,
 * not a new thing the test is about. novelObjects (scope.ts) reads the created object without it, so "add a perf test:
 * searching 10k notes should come back in under 200ms" stays the search requirement's, though "perf" is another
 * requirement's word. Only right before test(s), test case(s), check(s) or benchmark(s).
 */
export const TEST_KINDS = ['perf', 'performance', 'unit', 'integration', 'e2e', 'end-to-end', 'regression', 'smoke', 'load', 'stress', 'snapshot', 'acceptance', 'timing', 'speed', 'latency']
export const TEST_KIND = new RegExp(String.raw`\b(?:${TEST_KINDS.join('|')})\s+(?=(?:tests?|test cases?|checks?|benchmarks?)\b)`, 'g')

/** What a requirement must say to cover a change of a command's help or version output. */
const OUTPUT_OWN = /\b(?:version|versions|help|usage)\b/i

/**
 * A change of a command's help or version output ("show the CLI and server versions side by side in `notes --version`")
 * belongs to a requirement that says help, usage or version, like a graphical element to a UI requirement
 * (guiElsewhere): a word match with a requirement that says none of them (the server of the sync requirement, the
 * program's name "notes") is dropped. Explicit ids stay; a request with no such place is left alone.
 */
export function outputElsewhere(index: RequirementIndex, top: ScopeMatch[], scopeText: string, notes: string[]): ScopeMatch[] {
  if (!scopeText.includes('--') && !/\b(?:help|usage|version)\s/i.test(scopeText)) return top
  const place = COMMAND_OUTPUT_PLACE.exec(scopeText.toLowerCase())
  if (!place) return top
  return top.filter((m) => {
    const i = m.via === 'match' ? index.lookup(m.id) : undefined
    if (i === undefined) return true
    const r = index.requirement(i)
    if (OUTPUT_OWN.test(`${r.title} ${r.description}`)) return true
    notes.push(`${m.id} dropped: "${place[0]}" is a command's help or version output, which it does not cover`)
    return false
  })
}
