/**
 * Round 22a (issue 22): a change asked as a question. By the contract read-only is decided on positive evidence, and a
 * change put as a question is still a change: "how about we respect FORCE_COLOR too?", "why not make the migrations
 * log each step?", "would it be hard to add a --dry-run flag to sync?", "shouldn't the login trim the email?", "could
 * you look into fixing that?" were read as questions (their first word is a question word) and accepted in inception
 * and under read_only. Each form here is a proposal lead; what follows it is analysed as the instruction it proposes,
 * so a read proposed ("why don't you explain ...", "would it be hard to understand the migration code?") stays a read
 * and only a change, a destruction or a release proposed makes the clause one. A "shouldn't X do Y?" next to a
 * confirmation ("that's what the requirement says, right?") checks the asker's understanding: it stays a question.
 */
import {ASKING_MARKER, NO_CHANGE} from './asked-only.js'
import type {ClauseAnalysis} from './intent.js'
import {VERB_INTENT} from './lexicon.js'
import {lexiconVerb} from './verbs.js'
import {passiveAsked} from './passive-proposal.js'

/** "how about we/you ...", "what about adding ...": the words that put a proposal, up to the proposed instruction. */
export const HOW_ABOUT = /^(?:how|what) about\s+(?:(?:we|you|u|i)\s+(?:just\s+|maybe\s+|also\s+|perhaps\s+)?(?=[a-z])|(?=[a-z]+ing\b))/

/** "how about a note in the docs ...", "how about an --all flag": a new thing proposed (an indefinite noun phrase). */
export const PROPOSED_THING = /^how about\s+(?:a|an|some|another)\s+(?=[a-z-])/

/** "why not make ...", "why don't we add ...", "why wouldn't you just drop ...": a proposal put as a why-question. */
export const WHY_NOT = /^why\s+(?:not|don'?t\s+(?:we|you|u)|do\s+(?:we|you)\s+not|wouldn'?t\s+(?:we|you))\s+(?:just\s+|simply\s+|also\s+)?(?=[a-z])/

/**
 * A feasibility question on a conditional ("would it be hard to add ...", "how hard would it be to make ...", "would
 * that be a lot of work to ..."): it asks about doing something, so what it would do decides. The present tense ("is
 * it hard to export to pdf?", "how long does it take to sync?") asks how the product is used and is left alone.
 */
export const FEASIBLE_TO =
  /^(?:(?:would|will|could)\s+(?:it|that)\s+be\s+(?:(?:very|too|really|that|so|super)\s+)?(?:hard|difficult|tricky|complicated|complex|easy|simple|quick|a lot of work|much work|lots of work|much effort|a big deal|a big job|a problem|an issue|expensive|costly|feasible|doable|ok|okay|fine|risky)|how\s+(?:hard|difficult|easy|tricky|complicated|much work|much effort|big a job)\s+(?:would|will|could)\s+(?:it|that)\s+be)\s+(?:for\s+(?:you|us|someone|me)\s+)?to\s+(?=[a-z])/

/** "shouldn't the login trim ...", "shouldn't there be a test ...": a wish asked in the negative (its subject follows). */
export const SHOULD_NOT_ASKED = /^(?:shouldn'?t|should\s+not)\s+(?!(?:i|you|u)\b)(?=[a-z])/

/** "look into fixing that", "see about adding ...", "consider dropping ...": a change, once looked into, is to be done. */
export const LOOK_INTO_DOING = /^(?:look into|looking into|see about|think about|consider|investigate|explore|check on|work on)\s+(?=[a-z]+ing\b)/

/**
 * A clause that only checks what the asker believes ("that's what the requirement says, right?", "correct?") or asks
 * the reason for how things are ("was there a reason behind that choice?", "just curious why").
 */
export const CONFIRMING = /\b(?:(?:was|is)\s+there\s+(?:a|any|some)\s+(?:good\s+|particular\s+|specific\s+)?(?:reason|rationale|motivation)|(?:reason|rationale|thinking)\s+(?:behind|for)\s+(?:it|that|this|the)\b|just\s+(?:curious|wondering)|out\s+of\s+curiosity)|(?:^|,\s*|\s)(?:right|correct|isn'?t it|no|yes|am i right|is that right|is that correct)\s*$|\b(?:(?:requirement|spec|specification|docs?|readme)\s+says|as (?:i|we) understand)/

/** The instruction proposed after a lead, analysed by `analyse` (the clause analyser, as a statement). */
export interface Proposal<T> {
  clause: T
  lead: string
}

type Intentful = {intent: string; cue?: string; object: string; via: string; question: boolean}

const gerundBase = (word: string, isVerb: (w: string) => boolean): string | undefined => {
  const m = /^([a-z]+?)ing$/.exec(word)
  if (!m) return undefined
  for (const base of [m[1], `${m[1]}e`, m[1].replace(/(.)\1$/, '$1')]) if (base.length > 1 && isVerb(base)) return base
  return undefined
}

/**
 * The proposal `rest` puts, when it opens with one of the leads above and proposes more than a read; `undefined`
 * leaves the clause to the rest of the analyser.
 */
export function proposedInQuestion<T extends Intentful>(
  rest: string,
  analyse: (text: string) => T,
  isVerb: (w: string) => boolean,
  runs: (cue: string | undefined) => boolean,
): Proposal<T> | undefined {
  // a change, or a command run ("how about you run the tests first?": the read_only preset grants no shell)
  const changes = (c: T) => (c.intent !== 'read_only' && c.intent !== 'unclear') || (!c.question && runs(c.cue))
  // "how about adding ...", "look into fixing ...": the gerund read as its plain form
  const ungerund = (text: string) => {
    const first = /^([a-z]+)\b/.exec(text)?.[1] ?? ''
    const base = gerundBase(first, isVerb)
    return base ? base + text.slice(first.length) : text
  }
  for (const lead of [HOW_ABOUT, WHY_NOT, FEASIBLE_TO, LOOK_INTO_DOING]) {
    const m = lead.exec(rest)
    if (!m || rest.length <= m[0].length) continue
    const inner = analyse(ungerund(rest.slice(m[0].length)))
    // "could you look into fixing that?", "how about we just continue?": a proposal that names nothing is vague, not a question
    if (changes(inner) || (inner.intent === 'unclear' && inner.via === 'vague')) return {clause: inner, lead: m[0].trim()}
    // "why don't you explain the runner?", "how about you show me the config": a read proposed is that read
    if (lead !== FEASIBLE_TO && inner.intent === 'read_only' && !inner.question) return {clause: inner, lead: m[0].trim()}
  }
  const thing = PROPOSED_THING.exec(rest)
  if (thing && rest.length > thing[0].length) {
    const inner = analyse(`add ${rest.replace(/^how about\s+/, '')}`)
    if (changes(inner)) return {clause: inner, lead: thing[0].trim()}
  }
  // round 23b: "could the old notes just be wiped?" (analyse/passive-proposal.ts)
  const passive = passiveAsked(rest, isVerb)
  if (passive && changes(analyse(passive))) return {clause: analyse(passive), lead: 'passive ask'}
  const negative = SHOULD_NOT_ASKED.exec(rest)
  if (negative) {
    // the subject is one to five words, up to the plain verb after it ("the login command | trim", "there | be")
    const words = rest.slice(negative[0].length).split(/\s+/)
    for (let j = 1; j <= 5 && j < words.length; j++) {
      if (words[j] !== 'be' && !isVerb(words[j])) continue
      const inner = analyse(`${words.slice(0, j).join(' ')} should ${words.slice(j).join(' ')}`)
      if (changes(inner)) return {clause: inner, lead: "shouldn't"}
      break
    }
  }
  return undefined
}

/** A clause analysed as a change asked as a question, with `proposed` set to its lead; undefined when `rest` is none. */
export function proposedClause(rest: string, text: string, analyse: (text: string) => ClauseAnalysis): (ClauseAnalysis & {proposed: string}) | undefined {
  const proposal = proposedInQuestion(rest, analyse, (w) => lexiconVerb(w) !== undefined, (cue) => VERB_INTENT.get(cue ?? '') === 'run')
  return proposal ? {...proposal.clause, text, proposed: proposal.lead} : undefined
}

/** "just your opinion", "roughly", "a ballpark is fine": the answer asked for is an estimate, nothing is to be done. */
export const OPINION_ONLY = /^(?:(?:and|but|so)\s+)?(?:(?:just|only)\s+)?(?:(?:your|an?|my)\s+(?:honest\s+|rough\s+|quick\s+|gut\s+)?(?:opinion|estimate|guess|take|view|thoughts?|feeling)|roughly|ballpark|in\s+your\s+opinion|gut\s+feeling)(?:\s+(?:please|pls|is\s+fine|will\s+do|is\s+enough))?\s*[,.:;]?\s*/

/**
 * A change proposed as a question (`proposed` set by the clause analyser) beside sentences that only check the asker's
 * reading ("..., right?", "that's what the requirement says") or only ask an opinion ("just your opinion, don't change
 * anything yet") asks: the proposal is read as the question it is put as. Any other sentence keeps it a proposal.
 */
export function confirmedReading<T extends {text: string; question: boolean; intent: string; via: string; proposed?: string}>(clauses: T[]): void {
  const onlyAsks = (text: string) => NO_CHANGE.test(text) || ASKING_MARKER.test(text)
  if (!clauses.some((c) => c.proposed !== undefined)) return
  const others = clauses.filter((c) => c.proposed === undefined)
  const checking = (c: T) => {
    const text = c.text.trim().replace(/[?.!\s]+$/, '')
    if (c.question && CONFIRMING.test(text)) return true
    const rest = text.replace(OPINION_ONLY, '')
    return rest !== text && (rest === '' || onlyAsks(rest))
  }
  if (others.length === 0 || !others.every((c) => checking(c) || onlyAsks(c.text.trim()))) return
  if (!others.some(checking)) return
  for (const [i, c] of clauses.entries()) if (c.proposed !== undefined) clauses[i] = {...c, intent: 'read_only', question: true, via: 'question'}
}
