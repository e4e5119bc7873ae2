/**
 * Whether a piece of text is about a requirement, by weighing the words it has against those it lacks (split from
 * scope.ts in round 14b): a sentence of context next to an object that names nothing, and what an object that only
 * points back ("add the missing ones") refers to; and a match outweighed by what the request names besides (moved here
 * from scope.ts in round 15c).
 */
import {WORKFLOW_WORDS} from './analyse/scope-lexicon.js'
import {OUTPUT_FORM_TERMS} from './analyse/unverbed-change.js'
import type {ScopeMatch, ScopeTermWeight} from './scope.js'
import type {RequirementIndex} from './scope-index.js'
import {knownVerb} from './scope-recall.js'
import {kindOf} from './scope-outside.js'
import {STOP_WORDS, term} from './text/tokens.js'

/** The idf of the telling words a requirement has and of those it lacks (common and frequent words count for neither). */
function weigh(index: RequirementIndex, own: ReadonlyMap<string, number>, terms: readonly string[]): {have: number; lack: number} {
  let have = 0
  let lack = 0
  for (const t of terms) {
    const kind = kindOf(index, t)
    if (STOP_WORDS.has(t) || /^\d/.test(t) || kind === 'common' || kind === 'frequent') continue
    if (own.has(t)) have += index.idf(t) ?? index.maxIdf
    else lack += index.idf(t) ?? index.maxIdf
  }
  return {have, lack}
}

/**
 * Whether a sentence of context is about a requirement (round 12b): its telling words the requirement has outweigh
 * those it lacks ("Exported PDFs have no page breaks between notes." fits the export; "Users want reminders on their
 * notes." names reminders, which nothing covers).
 */
export function contextFits(index: RequirementIndex, own: ReadonlyMap<string, number>, terms: readonly string[]): boolean {
  const {have, lack} = weigh(index, own, terms)
  return have > 0 && lack === 0
}

/** An object that only points back to what was named before it ("the missing ones", "them", "those"). */
export const POINTING_BACK = /\b(?:ones|one|them|it|those|these|that|this)\s*$/

/** Whether the words of a text the requirement has outweigh those it lacks. */
export function outweighs(index: RequirementIndex, own: ReadonlyMap<string, number>, terms: readonly string[]): boolean {
  const {have, lack} = weigh(index, own, terms)
  return have > lack
}

/**
 * A match resting on one specific word of its own while the request names two or more things it lacks (words
 * no requirement has, or other requirements' words) is incidental: "support logging in with a hardware key"
 * meets login's requirement on "login" only, "make search also index the user's browser history" meets search
 * on "search" only; what is new outweighs what is known. The match stays (it is what the request is about),
 * marked thin: a change resting only on thin matches needs clarification (`clarify.thin_scope` in decide.ts).
 * The instruction's verb is no word of the object's own ("encrypt attachments with the user's YubiKey").
 */
export function outweighed(index: RequirementIndex, top: readonly ScopeMatch[], weights: readonly ScopeTermWeight[], frames: readonly {verb: string; written?: string}[], notes: string[], owned: ReadonlySet<string> = new Set(), context: ReadonlySet<string> = new Set(), agents: ReadonlySet<string> = new Set(), extending?: string, caused: ReadonlySet<string> = new Set()): string[] {
  const verbs = new Set(frames.map((f) => f.verb))
  // the instruction's verbs, and what a causative makes the thing do (actions, not things the requirement lacks)
  const verbTerms = new Set([...weights.filter((w) => w.from !== undefined && verbs.has(w.from)).map((w) => w.term), ...caused])
  const workflow = new Set([...WORKFLOW_WORDS].map((w) => term(w)))
  return top.flatMap((m) => {
    // a creating verb's object already attached to this requirement's place ("add api key validation to the login")
    // or an object naming nothing, kept because its place is the requirement's ("export notes to PDF with ...")
    if (m.via !== 'match' || notes.some((n) => n.split(': attached to ')[1]?.split(', ').includes(m.id) || n.startsWith(`${m.id} kept: `))) return []
    const own = m.terms.filter((t) => !verbTerms.has(t) && kindOf(index, t) === 'specific')
    // what the context around the instruction names ("We are on the notes CLI.") is no part of what it asks for
    const lacking = weights.filter((w) => !m.terms.includes(w.term) && !verbTerms.has(w.term) && !workflow.has(w.term) && !OUTPUT_FORM_TERMS.has(w.term) && (w.kind === 'unknown' || w.kind === 'specific') && !context.has(w.term)).map((w) => w.term)
    const unknown = lacking.filter((t) => kindOf(index, t) === 'unknown')
    // a thing of the product user's own the project does not know ("the user's calendar", "the user's inbox") is
    // outside the product: it counts as two things the requirement lacks
    const outside = unknown.filter((t) => owned.has(t))
    // an agent noun of the requirement's verb ("the encryptor") names the component and its action: two words of its own
    if (own.length + own.filter((t) => agents.has(t)).length > 1 || lacking.length + outside.length < 2 || unknown.length < 1) {
      // what a request adds to a feature ("... for the backup service too") is new: anything it names the project does not know makes it thin
      if (extending === undefined || unknown.length === 0) return []
      notes.push(`${m.id} is thin: "${extending}" adds ${unknown.join(', ')}, which no requirement has`)
      return [m.id]
    }
    notes.push(`${m.id} is thin: one word of its own (${own.join(', ') || 'none'}) against ${lacking.length} it lacks (${lacking.join(', ')})${outside.length > 0 ? `, ${outside.join(', ')} the user's own, outside the product` : ''}`)
    return [m.id]
  })
}

/** A thing the request names, then a relative clause saying what it does ("a script that sends ..."). */
const RELATIVE_CLAUSE = /\b([a-z]+)\s+(?:that|which)\s+([a-z]+)/g

/**
 * The verbs of relative clauses about a thing the project does not know ("write a small script that sends the weekly
 * newsletter email"): what the new thing does is an action, not a word of a requirement the request is about, so
 * `outweighed` weighs it with the instruction's verbs (the reset email requirement's "send" is no second word of
 * its own there). Added to `caused`. A thing the project knows keeps its verb as a word ("fix the sync that sends
 * notes twice").
 */
export function withRelativeVerbs(index: RequirementIndex, caused: ReadonlySet<string>, text: string, lookup: (w: string) => {term: string}): ReadonlySet<string> {
  if (!/\b(?:that|which)\b/i.test(text)) return caused
  const out = new Set(caused)
  for (const [, thing, verb] of text.toLowerCase().matchAll(RELATIVE_CLAUSE)) {
    if (STOP_WORDS.has(thing) || kindOf(index, lookup(thing).term) !== 'unknown' || !knownVerb(verb)) continue
    out.add(lookup(verb).term)
  }
  return out
}
