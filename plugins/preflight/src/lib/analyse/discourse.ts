/**
 * How the sentences of one request relate (split from intent.ts): a constraint that forbids every change next to
 * an instruction that changes (a contradiction), the task of a multi-sentence prompt found by its form with the
 * statements around it as context, what the task's pronouns name in that context ("The export command skips
 * untitled notes. Change it ..."), and the words scope reads: the task, what its pronouns name, never what a
 * constraint says to leave alone.
 */
import {GOVERNANCE_OBJECT, INTENT_SEVERITY, SECRET_OBJECT, VERB_INTENT, WISH, type Intent} from './lexicon.js'
import {BUG_REPORT, EXCEPTION_LEAD, EXPECTED_BEHAVIOUR, FORBIDS_ALL_CHANGE, NEVER_HAPPENS, OUTCOME_GOAL, KEEP_AS_IS, MODAL, PRONOUN_OBJECT, SYMPTOM} from './forms.js'
import {CREATING_VERBS} from './scope-lexicon.js'
import {namesNothing} from './retry-ask.js'
import {THING_BEHAVES, WRONG_SECRET} from './described-behaviour.js'
import type {ClauseAnalysis} from './intent.js'

/** The clause analyser's verb helpers this module reads with (passed in: intent.ts imports this module). */
export interface Verbs {
  /** base form of an inflected lexicon verb */
  lexiconVerb: (word: string) => string | undefined
  /** the intent of a verb acting on an object */
  resolveVerb: (verb: string, object: string, clause: string) => {intent: Intent; cue: string}
  /** an object that names nothing ("", "asap", "plz") */
  vagueObject: (object: string) => boolean
}

const bare = (word: string) => word.replaceAll(/^[^a-z0-9']+|[^a-z0-9']+$/g, '')

/**
 * Marks the changing clauses of a request that forbids every change as a contradiction (unclear), and the
 * constraint with them; true when the request contradicts itself (then it is unclear as a whole: a read next to
 * the contradiction does not make it read-only).
 */
export function contradict(clauses: ClauseAnalysis[]): boolean {
  const forbidding = clauses.findIndex((c) => FORBIDS_ALL_CHANGE.test(c.text))
  if (forbidding < 0) return false
  const rule = FORBIDS_ALL_CHANGE.exec(clauses[forbidding].text)?.[0].replace(/^[\s,.;:(]+|[\s.!:;,]+$/g, '') ?? ''
  let found = false
  for (const [i, c] of clauses.entries()) {
    if (c.intent !== 'change' && c.intent !== 'destructive' && c.intent !== 'release') continue
    // the instruction is what follows the constraint in its own clause, or the clause itself
    const m = i === forbidding ? FORBIDS_ALL_CHANGE.exec(c.text) : null
    const instruction = (m ? c.text.slice(m.index + m[0].length) : c.text).replace(/^[\s,.;:!-]+/, '')
    // "don't change anything, just explain ..." reads; "... just make the export faster" is a change nobody named
    if (EXCEPTION_LEAD.test(instruction) && !OUTCOME_GOAL.test(instruction)) continue
    clauses[i] = {...c, intent: 'unclear', via: 'contradiction', cue: `${rule} + ${c.cue ?? c.intent}`}
    found = true
  }
  if (found && clauses[forbidding].via !== 'contradiction') clauses[forbidding] = {...clauses[forbidding], intent: 'unclear', question: false, via: 'contradiction', cue: rule}
  return found
}

/** A person as the subject of a clause, with more words after it: "we get ...", "people who ...", "several users ...". */
const PERSON_SUBJECT = /^(?:(?:i|we|they|i'm|we're|they're|i've|we've)\s+\S|(?:(?:a|one|some|several|many|most|a few|two|three|our|the|other)\s+)?(?:users?|people|customers?|clients?|testers?|colleagues?|readers?|admins?|folks|team(?:mates)?)\s+(?:who\s+|that\s+)?[a-z'-]+\s+\S)/

/** A thing's state stated: a short subject, then a form of be, have or take ("startup takes 3 seconds because ..."). */
const THING_STATE = /^(?:(?:the|our|my|this|that|its|their)\s+)?(?:[a-z-]+\s+){0,2}?[a-z-]+\s+(?:has|had|takes|took|needs|seems|feels|looks)\s+\S/

/** A clause that denies something ("we don't need the ledger entry"): not background to pass over. */
const NEGATION = /\b(?:not|never|don'?t|doesn'?t|didn'?t|won'?t|can'?t|cannot|without)\b/

/** A quoted message ("we're seeing \"invalid credentials\" ..."): what the program prints, quoted, names no secret of the project. */
const QUOTED = /"[^"]*"|“[^”]*”|`[^`]*`/g

/**
 * A secret that belongs to the product's users or is typed by them ("people who forget their password", "correct
 * passwords are refused"): a thing the product handles, not one of the project's.
 */
const USERS_OWN = /\b(?:their|his|her|users'|user's|people's|customers'|customer's|correct|wrong|right|valid|invalid|incorrect|bad|entered|typed|mistyped)\s+(?:own\s+)?(?:passwords?|passphrases?|credentials?)\b/g

/** A statement about how things are: a verb after its subject, or a gerund as the subject, and no modal or wish. */
function statement(c: ClauseAnalysis): boolean {
  // "We get a lot of tickets from people locked out ...", "People who forget their password have no way back in": a
  // clause no form explains whose subject is a person tells how things are (not when it denies or names a record)
  // (round 18b: or a thing's behaviour, "login with a wrong password exits 0"; a wrong password is no secret)
  if (c.intent === 'unclear' && c.via === 'default') return (PERSON_SUBJECT.test(c.text.trim()) || THING_STATE.test(c.text.trim()) || THING_BEHAVES.test(c.text.trim())) && !NEGATION.test(c.text) && !GOVERNANCE_OBJECT.test(c.text) && !SECRET_OBJECT.test(c.text.replaceAll(USERS_OWN, ' ').replaceAll(QUOTED, ' ').replaceAll(WRONG_SECRET, ' ')) && !MODAL.test(c.text) && !WISH.test(c.text)
  if (c.intent !== 'change' && c.intent !== 'read_only') return false
  // "should", "we want ... to", "let's merge ...": a wish or a suggestion is part of the task
  if (MODAL.test(c.text) || WISH.test(c.text) || EXPECTED_BEHAVIOUR.test(c.text) || /\blet'?s\b|\blet us\b/.test(c.text)) return false
  if (c.via === 'later_verb') return true
  // "searching for 'todo' misses 'todo'", "exporting a note with images fails": an inflected form leading is its subject
  return c.via === 'leading_verb' && c.verb !== undefined && c.verb !== c.cue && /^[a-z]+(?:ing|ed|s)$/.test(c.verb) && c.text.trim().split(/\s+/).length > 2
}

/** A task by its form: a question, an instruction led by its verb, a destructive phrase. */
const TASK_FORM = new Set<ClauseAnalysis['via']>(['question', 'leading_verb', 'phrase'])

/** The clauses that are context for a task of the same request (empty unless a task is found by its form). */
export function contextClauses(clauses: readonly ClauseAnalysis[]): number[] {
  if (clauses.length < 2) return []
  const context = clauses.flatMap((c, i) => (statement(c) ? [i] : []))
  if (context.length === 0) return []
  const tasks = clauses.filter((c, i) => !context.includes(i) && (TASK_FORM.has(c.via) || (c.via === 'wish' && c.cue?.endsWith('(for a purpose)'))) && c.intent !== 'unclear')
  if (tasks.length === 0) return []
  // context never lowers what the request asks: a statement more severe than every task stays deciding
  const asked = Math.max(...clauses.filter((_c, i) => !context.includes(i)).map((c) => INTENT_SEVERITY[c.intent]))
  return context.filter((i) => INTENT_SEVERITY[clauses[i].intent] <= asked)
}

/** A task's object that is a thing named before ("change it so ...", "update them"): the subject of the sentence before. */
const THING_PRONOUN = /^(?:it|them|they|its)\b/

/** A task pointing at the situation just described ("fix that", "please fix this", "so that happens", "do that"). */
const SITUATION_PRONOUN = /\b(?:that|this)\s*(?:$|[,;:]|(?:in|into|on|for|with|to|across|as|by|and|or|but|then|so)\s|happens?\b|works?\b|is fixed\b|stops?\b|goes away\b|please\b|for me\b|asap\b|too\b|again\b|back\b|now\b|properly\b|first\b)/

/** A repair's object that is only its purpose ("so it exits 4", "it so that ..."). */
const REPAIR_PURPOSE = /^(?:(?:it|this|that|them)\s+)?(?:so|so\s+that|such\s+that|in\s+order\s+that)\b/

/** A task pointing at a place told before ("Make sync push notes there."): the context that names it. */
const PLACE_PRONOUN = /\bthere\s*(?:$|[,.;!]|too\b|as well\b|instead\b|also\b|first\b)/

/** Words that end a sentence's subject: its verb, a form of be/do/have, a modal, an adverb of time. */
const SUBJECT_END = /^(?:is|are|was|were|be|been|has|have|had|does|do|did|can|could|will|would|should|must|may|might|still|currently|now|always|never|sometimes|often|already|just|keeps?|seems?|gets?|got|no longer|only)$/

/** The subject of a statement ("the export command currently skips ...": "the export command"), at most five words. */
function subjectOf(text: string, lexiconVerb: (word: string) => string | undefined): string {
  const tokens = text.trim().replace(/^(?:there'?s|there is|there are|i (?:noticed|saw|found|see)|we (?:noticed|saw|found|see))\s+(?:that\s+)?/, '').split(/\s+/)
  const out: string[] = []
  for (const t of tokens) {
    const w = bare(t)
    if (out.length > 0 && (SUBJECT_END.test(w) || /^(?:that|which|who|where|whose)$/.test(w) || (lexiconVerb(w) !== undefined && lexiconVerb(w) !== w) || /(?:es|[^s]s|ed)$/.test(w) && out.length >= 2)) break
    out.push(t)
    if (out.length === 5) break
  }
  return out.join(' ')
}

/**
 * A task that points back into its context by a pronoun acts on what the pronoun names: "Change it so every note
 * is written" after "The export command currently skips notes" changes the export command (the task's object
 * gets it, so the kind of change is read on it: "Update it" after "The README still ..." edits the README).
 * Returns what scope reads from the context: the subjects named by "it", the sentence named by "fix that".
 */
export function resolveIntoContext(clauses: ClauseAnalysis[], context: readonly number[], {lexiconVerb, resolveVerb, vagueObject}: Verbs): string[] {
  const pointed: string[] = []
  for (const [i, c] of clauses.entries()) {
    // "There's a function that derives the key. Explain it to me.": a verb on a pronoun is no vague clause when
    // the sentence before names the thing
    const vague = c.via === 'vague' && c.cue !== undefined && VERB_INTENT.has(c.cue)
    if (i === 0 || context.includes(i) || (c.intent === 'unclear' && !vague)) continue
    // "Please implement that", "Is that intended?", "push notes there": the situation told before, all of it
    // ... and so does a bare instruction ("fix plz", "please fix asap") after it
    // ... and so does a repair whose object pointBack set to the problem told before ("... fails to write. fix plz", round 16b)
    const repairOfContext = c.object.trim() !== '' && clauses.some((p, j) => j < i && context.includes(j) && p.text.trim() === c.object.trim())
    const bareTask = !c.question && !vague && c.via === 'leading_verb' && (vagueObject(c.object) || repairOfContext)
    // ... and so does a repair whose object is only what it is to achieve ("... exits 1 instead of 4. please fix so it
    // exits 4", round 18b)
    const repairForPurpose = !c.question && c.via === 'leading_verb' && REPAIRING.has(c.cue ?? '') && REPAIR_PURPOSE.test(c.object.trim())
    if (SITUATION_PRONOUN.test(c.text) || PLACE_PRONOUN.test(c.text) || bareTask || repairForPurpose || (c.question && /\b(?:it|that|this)\b/.test(c.text))) {
      const situation = clauses.slice(0, i).filter((_p, j) => context.includes(j)).map((p) => p.text)
      pointed.push(...situation)
      // the kind of change is read on what it is about: "The CONTRIBUTING guide doesn't mention how to run the
      // tests. Add a short section for that." edits the guide
      // (what the situation is about, its subjects: what it says of them is no kind of change)
      if (!c.question && situation.length > 0) clauses[i] = {...c, about: situation.map((t) => subjectOf(t, lexiconVerb)).join(' ; ')}
      continue
    }
    const before = clauses[i - 1]
    if (!context.includes(i - 1) && !(before.intent === 'unclear' && before.via === 'default')) continue
    // the object as written (an earlier step may already have put the previous clause's object in its place)
    const written = c.verb !== undefined && c.text.includes(c.verb) ? c.text.slice(c.text.indexOf(c.verb) + c.verb.length).trim() : ''
    const object = THING_PRONOUN.test(written) ? written : c.object.trim()
    if (!c.question && THING_PRONOUN.test(object)) {
      // "Exported PDFs have no page breaks. Add them.": what is missing is what a creating verb adds
      const missing = CREATING_VERBS.has(c.cue ?? '') ? /\b(?:no|missing|without|lacks?|lacking)\s+([\w'-]+(?:\s+[\w'-]+){0,3}?)(?=\s+(?:between|in|on|at|for|from|of|when|while|after|before|anymore|any more|yet)\b|[,.;]?\s*$)/.exec(before.text)?.[1] : undefined
      const named = missing?.trim() || subjectOf(before.text, lexiconVerb)
      if (!named) continue
      pointed.push(named)
      // ... to the thing the sentence is about ("exported PDFs")
      if (missing) pointed.push(subjectOf(before.text, lexiconVerb))
      const resolvedObject = `${named} ${object.replace(THING_PRONOUN, '').trim()}`.trim()
      const resolved = c.cue && VERB_INTENT.has(c.cue) ? resolveVerb(c.cue, resolvedObject, `${c.cue} ${resolvedObject}`) : undefined
      if (vague) {
        if (!resolved || resolved.intent === 'unclear') continue
        clauses[i] = {...c, intent: resolved.intent, via: 'leading_verb', object: resolvedObject}
        // the sentence named is the task's object, not a stray sentence next to it
        if (before.via === 'default') clauses[i - 1] = {...before, via: 'context'}
        continue
      }
      const intent = resolved && INTENT_SEVERITY[resolved.intent] > INTENT_SEVERITY[c.intent] ? resolved.intent : c.intent
      clauses[i] = {...c, intent, object: resolvedObject}
    }
  }
  return pointed
}

/**
 * The text scope reads: the whole request without its context sentences, except what the task's pronouns name
 * ("Today they can export to Markdown and PDF. Please add an export to Word documents." is about Word; "The export
 * command skips untitled notes. Change it ..." is about the export command).
 */
export function scopedText(text: string, clauses: readonly ClauseAnalysis[], context: readonly number[], pointed: readonly string[], split: RegExp): string {
  if (context.length === 0) return text
  const flat = text.replaceAll(/\s+/g, ' ')
  const pieces: string[] = []
  let cursor = 0
  for (const m of flat.matchAll(new RegExp(split.source, 'gi'))) {
    const piece = flat.slice(cursor, m.index)
    if (piece.trim()) pieces.push(piece)
    cursor = m.index + m[0].length
  }
  if (flat.slice(cursor).trim()) pieces.push(flat.slice(cursor))
  // the original wording (its capitals name products) when its sentences line up with the clauses
  if (pieces.length !== clauses.length) return text
  return [...pieces.filter((_p, i) => !context.includes(i)), ...new Set(pointed)].join(' . ')
}

/**
 * The scope text without what the request's constraints say not to touch ("Don't change the login flow.", "no edits
 * please: ..."): a word of a constraint would match the requirement the request leaves alone (a frozen one blocks).
 * A request that is nothing but constraints keeps its words.
 */
export function withoutConstraints(text: string, clauses: readonly ClauseAnalysis[]): string {
  const kept = clauses.flatMap((c) => [...c.text.matchAll(KEEP_AS_IS)].map((m) => m[0].replace(/^[,;]\s*/, '')))
  // "the expected behaviour is that ...": a frame around what is asked, not a thing of the project
  kept.push(...clauses.flatMap((c) => EXPECTED_BEHAVIOUR.exec(c.text)?.[0] ?? []))
  const constraints = [...clauses.map((c) => c.constraint?.trim()), ...kept].filter((c): c is string => c !== undefined && c.length > 0)
  if (constraints.length === 0 || clauses.every((c) => c.constraint !== undefined && c.intent === 'unclear')) return text
  let out = text.replaceAll(/\s+/g, ' ')
  for (const constraint of constraints) {
    const at = out.toLowerCase().indexOf(constraint)
    // "don't drop my edits, stash them and push later": an instruction right after that acts on "them" or "it"
    // acts on what the constraint names, so its words are the request's scope (round 16c)
    // (its negated verb is not: only the thing it names is kept)
    const kept = at >= 0 && POINTED_BACK.test(out.slice(at + constraint.length)) ? constraint.replace(NEGATED_LEAD, '') : ''
    if (at >= 0) out = `${out.slice(0, at)} ${kept} ${out.slice(at + constraint.length)}`
  }
  return out
}

/** A constraint's negation and its verb ("don't drop", "never lose", "do not delete"). */
const NEGATED_LEAD = /^\s*(?:don'?t|do\s+not|never|no|without|stop)\s+[a-z'-]+\s*/i

/** The next clause leads with a verb whose object points back ("..., stash them", "; just queue it instead"). */
const POINTED_BACK = /^[\s,;:.-]*(?:(?:and|but|then|just|instead|rather|please|pls)\s+)*[a-z'-]+\s+(?:them|it|those|these|'em)\b/i

/**
 * Clauses that point back (split from intent.ts): a bare "fix" after a clause that describes a problem ("when
 * exporting to pdf the command crashes on notes with images, can u fix", "search takes 3s on a big notebook. fix asap
 * pls") is an instruction about that problem, and acts on it; a pronoun object ("show me the migrations table and then
 * drop it") names the previous clause's object, so the verb acts on that, not on nothing.
 */
export function pointBack(clauses: ClauseAnalysis[], {resolveVerb, vagueObject}: Verbs): void {
  // (a symptom that names nothing, "nope, still broken", is no problem to act on: round 18b)
  const symptomatic = (c: ClauseAnalysis) => c.via !== 'vague' && SYMPTOM.test(c.text) && !vagueObject(c.text) && !namesNothing(c.text)
  if (clauses.some(symptomatic)) {
    for (const [i, c] of clauses.entries()) {
      if (c.via !== 'vague' || !c.cue) continue
      const resolved = resolveVerb(c.cue, c.object, c.text)
      const problem = clauses.slice(0, i).reverse().find(symptomatic) ?? clauses.slice(i + 1).find(symptomatic)
      clauses[i] = {...c, intent: resolved.intent, via: 'leading_verb', object: vagueObject(c.object) && problem ? problem.text.trim() : c.object}
    }
  }
  for (const [i, c] of clauses.entries()) {
    if (i === 0 || c.question || !c.cue || !VERB_INTENT.has(c.cue) || !PRONOUN_OBJECT.test(c.object.trim())) continue
    const antecedent = clauses.slice(0, i).reverse().find((p) => p.object.trim() && !vagueObject(p.object))
    if (!antecedent) continue
    // a question's object starts with its verb ("what is in the notes table? After that, empty it")
    const named = antecedent.object.trim().replace(/^(?:(?:is|are|was|were|does|do|did|can|could|should|would|will)\s+)+(?:(?:in|on|inside|under)\s+)?/, '')
    const object = `${named} ${c.object.trim().replace(PRONOUN_OBJECT, '')}`.trim()
    const resolved = resolveVerb(c.cue, object, `${c.cue} ${object}`)
    // a verb that acts on what was just read ("list the migrations, then delete them") is that instruction,
    // never a vague clause left out next to a read
    if ((resolved.intent === 'destructive' || resolved.intent === 'change') && INTENT_SEVERITY[resolved.intent] > INTENT_SEVERITY[c.intent]) clauses[i] = {...c, intent: resolved.intent, via: 'leading_verb', object, cue: resolved.cue}
  }
}

/** Verbs that repair what is reported before them ("..., pls fix", "X isn't happening. fix plz"). */
const REPAIRING = new Set(['fix', 'repair', 'resolve', 'correct'])

/** A clause that ends in a bare repair after its report ("I get ESC[32m garbage in it, fix"). */
const TRAILING_REPAIR = /^(?<report>.+?)[,;:\s-]*[,;:-]\s*(?:(?:pls|plz|please|can you|could you|just|so)\s+)*(?:fix|repair)(?:\s+(?:it|that|this|pls|plz|please|asap|thanks|thx|for me))*\s*[.!]*$/

/** What a bug report says besides the symptoms the forms know: a thing not happening, missed, skipped or garbled. */
const REPORTED = /\b(?:isn'?t|aren'?t|wasn'?t|weren'?t|not|miss(?:es|ed)|skips?|skipped|ignores?|ignored|drops?|dropped|loses?|garbage|garbled|instead|stuck|exits? \d)\b/

/**
 * A bare repair after a bug report (round 16b): "sessoin expiry after 30 min of inactivty isn't happening, pls fix",
 * "when I redirect the output to a file I get ESC[32m garbage in it, fix", "Searching for Todo misses todo. fix plz":
 * the repair's object is the fault just reported, so the clause is a change of it (what it is about comes from the
 * report, as for "Please fix that"). A repair with nothing reported before it ("please fix that", "fix") stays vague,
 * and so does one whose report names a secret or a governance record (the policy and the stray-clause check read those).
 */
export function repairsReported(clauses: ClauseAnalysis[], vagueObject: (object: string) => boolean): void {
  for (const [i, c] of clauses.entries()) {
    if (c.question || c.via !== 'vague' || !REPAIRING.has(c.cue ?? '')) continue
    const trailing = TRAILING_REPAIR.exec(c.text.trim())
    const report = trailing?.groups?.report ?? (i > 0 && vagueObject(c.object) ? clauses[i - 1].text : undefined)
    if (report === undefined || report.trim().split(/\s+/).length < 3) continue
    // "nope, still broken. again?": a report that names nothing gives the repair nothing to act on (round 18b)
    if (namesNothing(report)) continue
    if (!(SYMPTOM.test(report) || BUG_REPORT.test(report) || NEVER_HAPPENS.test(report) || REPORTED.test(report))) continue
    if (GOVERNANCE_OBJECT.test(report) || SECRET_OBJECT.test(report.replaceAll(USERS_OWN, ' ').replaceAll(QUOTED, ' '))) continue
    // a repair after the report points back into it (resolveIntoContext reads a bare task's situation)
    clauses[i] = {...c, intent: 'change', via: 'leading_verb', object: trailing ? report.trim() : ''}
  }
}
