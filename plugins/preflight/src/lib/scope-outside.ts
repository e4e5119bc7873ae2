/**
 * What a scope term is in this project (common English, in many requirements, specific, or unknown), and the
 * checks that drop word matches for what lies outside the project: a product or an acronym no requirement
 * mentions, a graphical element a requirement of another component does not cover. Split from scope.ts.
 */
import {GENERIC_TERMS} from './analyse/lexicon.js'
import {COMMON_ENGLISH} from './analyse/scope-lexicon.js'
import type {ScopeMatch, ScopeTermWeight} from './scope.js'
import type {RequirementIndex} from './scope-index.js'
import {stem} from './text/stem.js'
import {STOP_WORDS, isGradedAdjective, term, words} from './text/tokens.js'


// a common word that synonym folding maps onto a technical term ("settings" -> config) leaves the term its
// weight: the request saying "config" is specific even if "settings" is everyday English
export const COMMON: ReadonlySet<string> = new Set(COMMON_ENGLISH.filter((w) => term(w) === stem(w)).map((w) => term(w)))

/**
 * A number written with its unit or as an ordinal ("10k notes", "takes 3s", "under 200ms", "a 21st label") says how
 * much, not which feature, like a number word (round 14b).
 */
const QUANTITY = /^\d+(?:[.,]\d+)?(?:k|m|ms|s|sec|secs|min|mins|h|hr|hrs|x|kb|mb|gb|st|nd|rd|th)$/

/** A term's kind in this project: unknown, common English, in many requirements, or specific. */
export function kindOf(index: RequirementIndex, t: string): ScopeTermWeight['kind'] {
  // a comparative of a common adjective says how, not which feature ("keep only the older copy")
  if (COMMON.has(t) || GENERIC_TERMS.has(t) || isGradedAdjective(t) || QUANTITY.test(t)) return 'common'
  const p = index.postings(t)
  if (!p) return 'unknown'
  return p.idx.length > Math.max(2, index.size * 0.34) ? 'frequent' : 'specific'
}

/**
 * Common words cannot make scope one at a time, but several of them that only one requirement has are that
 * requirement's own wording ("fix the check that refuses notes with an empty title" against "Empty titles are
 * refused"): a match resting on JOINT_COMMON or more distinct everyday words (not generic ones like "bug" or "thing",
 * not quantities), each found in this requirement and in no other, stands like a specific word.
 */
const JOINT_COMMON = 3
export function jointlyOwn(index: RequirementIndex, m: ScopeMatch): boolean {
  if (m.terms.length < JOINT_COMMON) return false
  const own = index.lookup(m.id)
  if (own === undefined) return false
  let n = 0
  for (const t of new Set(m.terms)) {
    if (!COMMON.has(t) || GENERIC_TERMS.has(t) || QUANTITY.test(t)) continue
    const p = index.postings(t)
    if (p && p.idx.length === 1 && p.idx[0] === own) n++
  }
  return n >= JOINT_COMMON
}

/**
 * A capitalised word inside a sentence (not its first word): a name ("Dropbox", "Mixpanel", "YubiKey"), or an
 * acronym in capitals ("SMS", "KDF"), which is as often a technical term as a product.
 */
const NAME = /(?<![.!?:;\n"'`([]\s*|^\s*)(?<=\s)([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*|[A-Z]{2,}s?)(?=[\s,.;:!?)'"]|$)/g

/**
 * A change that names a product or service the project's requirements never mention ("sync with Outlook",
 * "store notes in Dropbox") is about something new, whatever words it shares with a requirement: word matches
 * are dropped (explicit ids stay), so the request needs a requirement that covers the product first.
 */
export function outsideProducts(index: RequirementIndex, top: ScopeMatch[], scopeText: string, lookup: (w: string) => {term: string}, notes: string[]): ScopeMatch[] {
  // no capital after the first word: no name (the common case, without running NAME)
  if (top.length === 0 || !/\s[A-Z]/.test(scopeText)) return top
  const outside: string[] = []
  const acronyms: string[] = []
  // round 13b: a parenthesis naming a thing of the project lists examples of it ("the system credential store (macOS
  // Keychain, Windows Credential Manager)"): the names there are instances of what the project knows, not new products
  const scanned = scopeText.replaceAll(/\(([^()]*)\)/g, (all, inner: string) => (words(inner).some((w) => kindOf(index, lookup(w).term) === 'specific') ? ' ' : all))
  for (const m of scanned.matchAll(NAME)) {
    const name = m[1]
    if (name === 'I' || /^I'/.test(name)) continue
    const parts = words(name)
    if (parts.length > 0 && parts.every((w) => kindOf(index, lookup(w).term) === 'unknown' && !STOP_WORDS.has(w))) (/[a-z]/.test(name) ? outside : acronyms).push(name)
    // an everyday word written as a name ("Word documents", "Pages files", "import from Keep") is a product when
    // the project never uses the word and the request is not written in title case
    else if (/^[A-Z][a-z]+$/.test(name) && everydayName(index, parts, lookup) && !titleCase(scopeText)) outside.push(name)
  }
  if (outside.length === 0 && acronyms.length === 0) return top
  // an unknown acronym the change sends things to ("upload every note to our FTP server", "into the CRM") is a
  // place outside the product, whatever the doer or the words shared with a requirement: like a product name
  for (const a of acronyms.splice(0)) (destination(scopeText, a) ? outside : acronyms).push(a)
  // an unknown acronym outweighs a match of one specific word, not a match of several ("derive the key from the
  // password with a proper KDF" is the encryption requirement's)
  const kept = outside.length > 0 ? [] : top.filter((m) => m.via !== 'match' || m.terms.filter((t) => kindOf(index, t) === 'specific').length >= ACRONYM_OUTWEIGHED)
  const dropped = top.filter((m) => !kept.includes(m))
  if (dropped.length > 0) notes.push(`${dropped.map((m) => m.id).join(', ')} dropped: the request names ${[...outside, ...acronyms].join(', ')}, which no requirement mentions`)
  return kept
}

/** The acronym is where the change puts things: after to, into or onto, with at most a determiner between. */
function destination(text: string, acronym: string): boolean {
  return new RegExp(`\\b(?:to|into|onto)\\s+(?:(?:the|a|an|our|their|my|your|its)\\s+)?(?:[a-z]+\\s+)?${acronym}\\b`).test(text)
}

/** A capitalised everyday word (one word, not a stop word) that no requirement uses, in any form. */
function everydayName(index: RequirementIndex, parts: readonly string[], lookup: (w: string) => {term: string}): boolean {
  if (parts.length !== 1 || STOP_WORDS.has(parts[0]) || parts[0].length < 3) return false
  const t = lookup(parts[0]).term
  return kindOf(index, t) === 'common' && !index.postings(t) && !index.postings(stem(parts[0]))
}

/** A request written in title case ("Add Word Export To The CLI") capitalises words that are no names. */
function titleCase(text: string): boolean {
  const all = text.match(/\b[A-Za-z][a-z]+\b/g) ?? []
  const capitalised = all.filter((w) => /^[A-Z]/.test(w))
  return all.length > 0 && capitalised.length * 3 > all.length
}

/** How many specific shared words a match needs to stand beside an acronym no requirement mentions. */
const ACRONYM_OUTWEIGHED = 2

/**
 * A change to a graphical element ("the sync icon in the toolbar", "a badge on the sidebar") belongs to a
 * requirement of a graphical interface: a requirement of another component that neither says the element nor is
 * a UI requirement does not cover it, however many other words it shares.
 */
export function guiElsewhere(index: RequirementIndex, top: ScopeMatch[], scopeText: string, notes: string[]): ScopeMatch[] {
  if (top.length === 0) return top
  const gui = GUI_ELEMENT.exec(scopeText.toLowerCase())
  if (!gui) return top
  const kept = top.filter((m) => {
    if (m.via !== 'match') return true
    const i = index.lookup(m.id)
    if (i === undefined) return true
    const r = index.requirement(i)
    return UI_COMPONENT.test(r.component ?? '') || GUI_ELEMENT.test(`${r.title} ${r.description}`.toLowerCase())
  })
  const dropped = top.filter((m) => !kept.includes(m))
  if (dropped.length > 0) notes.push(`${dropped.map((m) => m.id).join(', ')} dropped: "${gui[0]}" is a graphical element, which ${dropped.length === 1 ? 'it does' : 'they do'} not cover`)
  return kept
}

/** Elements of a graphical interface only (not "page", "screen" or "output", which a CLI also has). */
const GUI_ELEMENT = /\b(?:toolbar|icons?|dashboard|sidebar|side bar|widgets?|tooltips?|web ?app|mobile app|desktop app|frontend|front-end|badges?|spinners?|checkbox(?:es)?|dropdowns?|avatar)\b/

/** Words that put a request on a user-interface surface. */
export const UI_SURFACE = /\b(?:pages?|buttons?|box(?:es)?|toolbar|icons?|dialogs?|toasts?|dashboard|screens?|header|menus?|tabs?|modals?|widgets?|sidebar|banner|web ?site|web ?page|css|animations?|layout|fonts?|tooltip|gui|ui|web ?ui|web ?app|mobile app|desktop app|frontend|front-end|forms?|status bar|badges?)\b/i
export const UI_COMPONENT = /^(?:ui|frontend|front-end|web|gui|design|ux)$/i

/**
 * The instruction's verb is a project word ("encrypt", "migrate") but nothing it acts on is: "encrypt the user's
 * profile picture", "migrate the build from webpack to vite" share only the verb with a requirement and name
 * things the project does not know. Such a match is dropped; a known object ("encrypt the note bodies on disk")
 * or an object of common words only ("encrypt the notes") keeps it.
 */
export function verbOnly(index: RequirementIndex, top: ScopeMatch[], weights: readonly ScopeTermWeight[], frames: readonly {verb: string; written?: string}[], notes: string[]): ScopeMatch[] {
  // only an instruction's verb as written ("encrypt X"), not a gerund subject ("uploading notes should retry")
  const verbs = new Set(frames.filter((f) => f.written === undefined || f.written === f.verb).map((f) => f.verb))
  if (verbs.size === 0) return top
  const verbTerms = new Set(weights.filter((w) => w.from !== undefined && verbs.has(w.from)).map((w) => w.term))
  if (verbTerms.size === 0) return top
  const unknown = weights.filter((w) => w.kind === 'unknown' && !verbTerms.has(w.term)).map((w) => w.term)
  if (unknown.length === 0) return top
  return top.filter((m) => {
    if (m.terms.some((t) => !verbTerms.has(t) && kindOf(index, t) === 'specific')) return true
    notes.push(`${m.id} dropped: only the verb (${m.terms.filter((t) => verbTerms.has(t)).join(', ')}) is its word; what it acts on (${unknown.join(', ')}) is not the project's`)
    return false
  })
}

/** The user's things named in a request ("the user's calendar", "their users' photo gallery"): up to two words after the possessive. */
const USERS_OWN = /\b(?:users?'s?|customers?'s?|people's)\s+([a-z-]+)(?:\s+([a-z-]+))?/gi

/** The scope terms of the words after a user's possessive ("the user's calendar" -> calendar). */
export function usersOwn(scopeText: string, lookup: (w: string) => {term: string}): ReadonlySet<string> {
  const out = new Set<string>()
  for (const m of scopeText.matchAll(USERS_OWN)) for (const w of [m[1], m[2]]) if (w && !STOP_WORDS.has(w.toLowerCase())) out.add(lookup(w.toLowerCase()).term)
  return out
}
