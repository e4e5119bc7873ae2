/**
 * Round 25b (issue 22): compound requests. Agents rarely ask one thing at a time: an ordinary first task carries a
 * second one ("fix the ranking in search and add a calendar view", "update the search docs, also build a Slack
 * integration", "tidy the export message and whatever else you think needs doing"). The decision of such a request
 * is its strictest part's, in every state. The request-wide rules already see the most severe intent (a destructive
 * or forbidden part decides); what they miss is a part that is an ordinary change on its own:
 * - An open-ended rider: a part that hands the doer an unnamed extent of work ("and whatever else you think needs
 *   doing", "then do the rest as you see fit", "after that, carry on with whatever's next"). The named task does not
 *   make the blank cheque concrete: the request needs clarification (and a change part is still gated by the phase).
 * - A part that is a change of its own, led by a change verb after a conjunction or in its own sentence, decided
 *   alone: the phase gate and the permission profile block it by its own kind (a code fix next to a README edit is a
 *   code change in inception), and a part no requirement covers needs clarification even when its neighbour is in
 *   scope (scope found on the whole text would lend the neighbour's requirement to it).
 * Only those rules are taken from a part: a part read alone loses its context (pronouns, constraints), so what needs
 * the context (policy, destructive wording, frozen requirements) stays with the whole request. The joiners, the
 * extent words and the constraint leads are data.
 */

import type {ClauseAnalysis, RequestAnalysis} from '../analyse/intent.js'
import {DOC_WORDS, SUBJECT_FOLLOWERS, VERB_INTENT} from '../analyse/lexicon.js'
import {lexiconVerb} from '../analyse/verbs.js'
import {DECISION_RANK, type Decision, type NarrationStep} from '../types.js'

/** Words that join a second task to a first inside a sentence ("and", "also", "then", "while you're at it", "oh and"). */
export const JOINERS = ['and then', 'and also', 'and', 'also', 'then', 'plus', 'after that', 'afterwards', 'after this', 'next', 'finally', "while you're at it", 'while youre at it', 'while you are at it', 'oh and', 'btw', 'by the way', 'p.s.', 'ps', 'as well as', '&']

/** Fillers between a joiner and the verb of the second task ("and also please add ..."). */
export const JOIN_FILLERS = ['also', 'then', 'just', 'please', 'pls', 'plz', 'maybe', 'quickly', 'too', 'can you', 'could you']

const alt = (words: readonly string[]) => words.map((w) => w.replaceAll(/[.&]/g, (c) => `\\${c}`).replaceAll(' ', '\\s+')).join('|')

/** A joiner (after a comma, a semicolon or a space) and what follows it: the next task's first word is captured. */
export const PART_START = new RegExp(`(?:\\s*[,;]\\s*|\\s+)(?:(?:${alt(JOINERS)})\\s*,?\\s+)(?:(?:${alt(JOIN_FILLERS)})\\s+)*([a-z][a-z'-]*)`, 'g')

/** Leads of a constraint, not a task ("make sure nothing is deleted", "keep the secrets out", "don't log the token"). */
export const CONSTRAINT_PART = /^(?:make\s+sure|ensure|keep|leave|don'?t|do\s+not|never|avoid|without|no\s+need|careful|be\s+careful|check\s+that|note\s+that)\b/

/** A part that points back to another's object: read alone, it names nothing of its own. */
export const POINTING_PART = /\b(?:it|its|them|this|these|those|both|same)\b/

/** Words that name an unnamed extent of work ("whatever else", "the rest", "anything you find"). */
export const OPEN_EXTENT =
  /\b(?:whatever|anything|everything)(?:'s|\s+is)?\s+(?:else|other|next|left|remaining|needed|necessary|needs?\s+(?:doing|fixing|changing|to\s+be\s+done)|(?:you|u)\s+(?:think|see|feel|deem|find|like|want|notice|spot))\b|\b(?:the|all\s+the)\s+(?:rest|remaining(?:\s+(?:stuff|things|items|steps|tasks|work|bits))?|others?)\b(?!\s+of\b)|\bas\s+(?:you|u)\s+(?:see|think)\s+fit\b|\bwithout\s+(?:asking|checking\s+(?:in|with)|(?:a\s+)?confirm\w*)\b/

/** A rider inside a change's sentence, or a clause of its own, that hands over an unnamed extent ("... and whatever else you think needs doing"). */
export const OPEN_RIDER = new RegExp(
  `(?:^\\s*(?:(?:${alt(JOINERS)})\\s*,?\\s+)?|(?:\\s*[,;]\\s*|\\s+)(?:${alt(JOINERS)})\\s+)(?:(?:${alt(JOIN_FILLERS)})\\s+)*(?:(?:do|handle|fix|sort\\s+out|take\\s+care\\s+of|tackle|deal\\s+with|carry\\s+on\\s+with|continue\\s+with|go\\s+ahead\\s+with|finish|change|clean\\s+up|tidy(?:\\s+up)?|improve|anything|everything)\\s+)?(?:${OPEN_EXTENT.source})`,
)

/** A clause that reads as nothing to act on because it hands over an unnamed extent (not "thanks" or "go ahead"). */
function openEnded(c: ClauseAnalysis): boolean {
  return c.intent === 'unclear' && c.via === 'vague' && OPEN_EXTENT.test(c.text.toLowerCase().replaceAll('’', "'"))
}

/** The open-ended part of a request that also asks for something named, or undefined. */
export function openEndedPart(analysis: RequestAnalysis): string | undefined {
  if (analysis.intent === 'unclear') return undefined
  const clause = analysis.clauses.find(openEnded)
  if (clause) return clause.text.trim()
  for (const c of analysis.clauses) {
    if (c.question || c.via === 'context') continue
    const m = OPEN_RIDER.exec(c.text.toLowerCase().replaceAll('’', "'"))
    if (m) return m[0].trim()
  }
  return undefined
}

/** The plain form of a change verb of the lexicon that `word` is, or undefined (a participle or -s form is no instruction). */
function plainChangeVerb(word: string): string | undefined {
  const verb = lexiconVerb(word)
  return verb !== undefined && verb === word && VERB_INTENT.get(verb) === 'change' ? verb : undefined
}

/** A part of a compound request: a change of its own, led by its verb. */
export interface ChangePart {
  verb: string
  text: string
}

/**
 * The parts of a compound request that are changes of their own: in a clause led by its verb, the text cut where a
 * joiner meets a change verb in its plain form that is not the subject of what follows ("and sync must report" is
 * not a part); the clauses themselves when the request has more than one task. A request of one task has no parts.
 */
export function changeParts(analysis: RequestAnalysis): ChangePart[] {
  const tasks = analysis.clauses.filter((c) => c.intent !== 'unclear')
  const pieces: string[] = []
  for (const c of tasks) {
    const text = c.text.toLowerCase().trim()
    let cursor = 0
    if (c.via === 'leading_verb') {
      for (const m of text.matchAll(PART_START)) {
        const next = text.slice(m.index + m[0].length).trim().split(/\s+/)[0] ?? ''
        if (!plainChangeVerb(m[1]) || SUBJECT_FOLLOWERS.has(next)) continue
        pieces.push(text.slice(cursor, m.index))
        cursor = m.index + m[0].length - m[1].length
      }
    }
    pieces.push(text.slice(cursor))
  }
  if (pieces.length < 2) return []
  const parts: ChangePart[] = []
  for (const piece of pieces) {
    const text = piece.trim().replace(/[.!]+$/, '')
    const verb = plainChangeVerb(text.split(/\s+/)[0] ?? '')
    if (verb && !CONSTRAINT_PART.test(text) && !NEGATED_PART.test(text)) parts.push({verb, text})
  }
  return parts
}

/** Verbs that create a thing, which a part of its own may name ("add a calendar view", "build a Slack integration"). */
export const CREATING = ['add', 'build', 'create', 'implement', 'introduce', 'integrate', 'support', 'develop', 'offer', 'provide']

/** Nouns that name a feature of its own: a new one of these needs a requirement that covers it. */
export const FEATURE_NOUNS = ['view', 'views', 'integration', 'integrations', 'dashboard', 'page', 'screen', 'widget', 'panel', 'plugin', 'plugins', 'endpoint', 'endpoints', 'api', 'command', 'subcommand', 'mode', 'feature', 'bot', 'webhook', 'webhooks', 'calendar', 'chat', 'sharing', 'collaboration', 'reminders?', 'notifications?', 'editor', 'app', 'extension', 'theme', 'importer', 'exporter', 'backend', 'service', 'server', 'sidebar', 'menu', 'tab', 'wizard', 'assistant', 'timeline', 'graph', 'chart', 'report', 'analytics', 'tracking', 'login with', 'sign[- ]in with', 'sso', 'oauth', 'payments?', 'subscription', 'billing', 'engine', 'system', 'pipeline', 'generator', 'scheduler', 'client', 'digest', 'feed', 'portal', 'console', 'game', 'marketplace', 'store']

/** A part that names a new feature by one of the nouns. */
export const FEATURE_PART = new RegExp(`^(?:${CREATING.join('|')})\\s+(?:[\\w'-]+\\s+){0,4}?(?:${FEATURE_NOUNS.join('|')})\\b`)

/** Documents, tests and text of documents: a part about these is no code and no new feature. */
export const PROSE_OR_TEST = /\b(?:tests?|specs?|readme|docs?|documentation|guide|wiki|changelog|typos?|wording|spelling|grammar|sentences?|paragraphs?|sections?|headings?|examples?|comments?|notes? (?:in|to) the|[\w./-]+\.md)\b/

/** Verbs that say or write something into a document when the whole request edits one ("mention that ...", "note that ..."). */
export const SAYING = new Set(['mention', 'note', 'say', 'explain', 'describe', 'write', 'include', 'list', 'document', 'clarify', 'link', 'cover', 'expand', 'reword', 'rephrase'])

/** A part with a negation: what not to do is no task ("add nothing else"). */
const NEGATED_PART = /\b(?:nothing|not|never|no)\b/

/**
 * The rules a part decided alone may add to the whole. The phase gate and the permission profile, when the whole is a
 * documentation change and the part is code (a fix next to a README edit); a missing scope, when the part names a new
 * feature of its own.
 */
export function keepsRule(rule: string, part: ChangePart, whole: RequestAnalysis): boolean {
  if (rule === 'phase.gate' || rule === 'permissions.profile') return whole.action === 'docs_change' && !SAYING.has(part.verb) && !PROSE_OR_TEST.test(part.text) && !DOC_WORDS.test(part.text)
  if (rule === 'clarify.no_scope') return FEATURE_PART.test(part.text) && !POINTING_PART.test(part.text) && !PROSE_OR_TEST.test(part.text)
  return false
}

export interface PartVote {
  rule: string
  outcome: Decision
  detail: string
  instruction: string
}

/** The votes of the parts, each decided alone by `decidePart`, that the whole request takes. */
export function partVotes(whole: RequestAnalysis, decidePart: (part: string) => {narration: NarrationStep[]; instruction: string}): PartVote[] {
  const votes: PartVote[] = []
  if (whole.intent !== 'change') return votes
  // only a part that some rule could take is decided alone (the cost stays with compound requests)
  const parts = changeParts(whole).filter((p) => keepsRule('phase.gate', p, whole) || keepsRule('clarify.no_scope', p, whole))
  for (const part of parts) {
    const alone = decidePart(part.text)
    for (const step of alone.narration) {
      if (!step.fired || step.outcome === 'info' || step.outcome === 'pass' || !keepsRule(step.rule, part, whole)) continue
      const said = part.text.slice(0, 80)
      votes.push({rule: `compound.${step.rule}`, outcome: step.outcome, detail: `part "${said}" decided alone: ${step.detail}`, instruction: `Part of the request ("${said}"), decided on its own: ${alone.instruction.replace(/^(?:Blocked|Needs clarification|Rejected):\s*/, '')}`})
    }
  }
  return votes
}

/** The vote of an open-ended rider. */
export function openEndedVote(rider: string): PartVote {
  return {
    rule: 'compound.open_ended',
    outcome: 'needs_clarification',
    detail: `"${rider.slice(0, 80)}" hands over an unnamed extent of work next to a named task`,
    instruction: `Part of the request ("${rider.slice(0, 80)}") leaves what to do to the doer: a gate never takes "whatever else" or "the rest" as consent. Name each change (the component, file or requirement, REQ-...), or drop that part.`,
  }
}

/** The outcome with the parts' votes: the strictest decides; the narration records every vote. */
export function withPartVotes<O extends {decision: Decision; instruction: string; narration: NarrationStep[]}>(outcome: O, votes: readonly PartVote[]): O {
  if (votes.length === 0) return outcome
  const narration = [...outcome.narration]
  const decisionStep = narration.pop()
  for (const v of votes) narration.push({step: narration.length + 1, rule: v.rule, fired: true, outcome: v.outcome, detail: v.detail})
  const strictest = votes.reduce((a, b) => (DECISION_RANK[b.outcome] > DECISION_RANK[a.outcome] ? b : a))
  if (DECISION_RANK[strictest.outcome] <= DECISION_RANK[outcome.decision]) {
    if (decisionStep) narration.push({...decisionStep, step: narration.length + 1})
    return {...outcome, narration}
  }
  const decision = strictest.outcome
  const label = decision === 'rejected' ? 'Rejected' : decision === 'blocked' ? 'Blocked' : 'Needs clarification'
  const instruction = `${label}: ${votes.filter((v) => v.outcome === decision).map((v) => v.instruction).join(' ')}`
  narration.push({step: narration.length + 1, rule: 'decision', fired: false, outcome: 'info', detail: `${decision} (a part of the compound request is stricter than the whole; precedence rejected > blocked > needs_clarification > accepted)`})
  return {...outcome, decision, instruction, narration}
}
