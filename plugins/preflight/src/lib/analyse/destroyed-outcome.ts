/**
 * Round 26a (issue 22): destruction asked for by its outcome, its state or a permission, with no destroying verb
 * ("the old backups are dead weight", "we can live without the staging data", "start prod from zero", "make the notes
 * table empty again", "nothing in the uploads bucket is worth keeping", "put the live database back to factory state",
 * "I'm fine with losing whatever's in the bucket", "the legacy notes can disappear", "consign them to oblivion", "the
 * complete erasure of the production records"), and destruction asked as a question ("can the live db just be a blank
 * slate by tomorrow?", "is there any reason we can't torch everything older than a week?").
 *
 * An outcome makes its clause destructive only when the thing it befalls keeps data: what removing it would destroy
 * (verbs.ts decides that as it does for "delete X"), what is in a store ("what's in the bucket"), or data older than a
 * cut-off ("notes from before 2024"). A state reported ("the table was empty again after the migration"), a condition
 * of the program ("when the database is empty, show a hint"), a removal the product lets its users do ("users should be
 * able to strip every label off a note") and a question that only asks what a command does ("does
 * sync delete anything?") are not asked-for destruction. The words are data.
 */
import type {ClauseAnalysis} from './intent.js'
import {STORES} from './destroyed-where.js'
import {lexiconVerb, resolveVerb} from './verbs.js'

/** Outcomes, states and permissions that say the thing is to be destroyed. */
const OUTCOMES = [
  String.raw`dead\s*weight`,
  String.raw`(?:can|could)\s+(?:easily\s+|totally\s+|happily\s+|honestly\s+)?(?:live|do|manage)\s+without`,
  String.raw`(?:start|restart|begin|rebuild|reset)\b(?:\s+[\w'./-]+){0,6}?\s+from\s+(?:zero|scratch|nothing|empty)`,
  String.raw`\b(?:empty|blank|bare)\s+(?:again|state|slate|once\s+more)`,
  String.raw`\bmake\s+(?:[\w'./-]+\s+){1,6}?(?:empty|blank)(?:\s+(?:again|now|for\s+good|once\s+more))?\s*$`,
  String.raw`\b(?:a\s+)?(?:blank|clean)\s+slate`,
  String.raw`\bback\s+to\s+(?:an?\s+|its\s+)?(?:empty|blank|bare|clean|fresh|factory|zero|nothing)`,
  String.raw`\bfactory\s+(?:state|settings|defaults|fresh|new|condition|reset)`,
  String.raw`\b(?:holds?|contains?|has|have|with|left\s+with|leave\s+(?:it|them)\s+with)\s+(?:zero|no)\s+(?:documents|docs|rows|records|notes|files|data|entries|users|accounts|objects|items|backups|uploads)\b`,
  String.raw`\b(?:not|n't|nothing|none)\b(?:\s+[\w'./-]+){0,8}?\s+(?:is|are|'s)?\s*worth\s+keeping`,
  String.raw`\bnot\s+worth\s+keeping|\bworthless\b`,
  String.raw`\b(?:none|nothing|no)\b(?:\s+[\w'./-]+){0,8}?\s+needs?\s+to\s+(?:survive|stay|stick\s+around|be\s+kept|remain)`,
  String.raw`\b(?:doesn't|don't|does\s+not|do\s+not)\s+need\s+to\s+(?:survive|stay|stick\s+around|be\s+kept|remain)`,
  String.raw`\b(?:can|could|may|should|will|might\s+as\s+well)\s+(?:all\s+|just\s+|simply\s+|safely\s+)?(?:disappear|vanish|evaporate|go\s+bye[- ]?bye|go\s+poof|be\s+thrown\s+(?:out|away)|be\s+binned|be\s+let\s+go|be\s+forgotten)`,
  String.raw`\bmake\s+(?:them|it|those|these|that|everything|all\s+of\s+(?:it|them))\s+(?:vanish|disappear|go\s+away|go\s+poof)`,
  String.raw`\bgo\s+bye[- ]?bye\b`,
  String.raw`\b(?:out\s+of|off|rid\s+of|gone\s+from)\b(?:\s+[\w'./-]+){0,6}?\s+(?:for\s+good|permanently|forever|for\s+ever|once\s+and\s+for\s+all)\b`,
  String.raw`\bto\s+oblivion\b|\bconsign\b`,
  String.raw`\b(?:complete|total|full|permanent|irreversible|entire)\s+(?:erasure|deletion|removal|destruction|wiping|purging|purge)\b|\berasure\s+of\b`,
  String.raw`\b(?:fine|ok|okay|happy|cool|alright|good)\s+(?:with\s+)?(?:losing|lose)\b|\b(?:can|could)\s+(?:afford\s+to\s+)?lose\b`,
  String.raw`\b(?:isn't|aren't|is\s+not|are\s+not|not)\s+needed\s+(?:anymore|any\s+more|now)\b|\b(?:nobody|no\s+one|noone)\s+(?:needs|uses|wants)\s+(?:it|them|those|these)\b`,
]

/** A destroying outcome anywhere in the clause. */
export const DESTROYED_OUTCOME = new RegExp(OUTCOMES.join('|'))

/** A state reported or a program's condition: "the table was empty again", "when the database is empty, show ...". */
export const REPORTED_OR_CONDITION = /\b(?:was|were|became|got|ended\s+up|came\s+back|comes\s+back|turned\s+up|is\s+(?:now|still)|are\s+(?:now|still)|somehow|bug|broken|when|whenever|if|unless|until|shows?|displays?|hint|message|placeholder|screen|view)\b/

/** The program's own behaviour or a test's own data: "an empty database before each test", "instead of writing blank files". */
export const BEHAVIOUR_OR_TEST = /\b(?:each|every)\s+(?:time|run|test|launch|start|sync)\b|\b(?:before|after)\s+each\b|\bautomatically\b|\bby\s+default\b|\binstead\s+of\b|\btests?\b|\bfixtures?\b|\bspecs?\b/

/** What is in a store, or data before a cut-off: things that keep data even without a store word of their own. */
export const STORED_THING = new RegExp(
  String.raw`\b(?:what|whatever|everything|anything|nothing|none\s+of\s+(?:the\s+)?[\w'-]+|all|stuff)(?:'s|’s|\s+is|\s+that's)?\s+(?:in|on|inside)\s+(?:the\s+|our\s+|that\s+)?(?:[\w'-]+\s+){0,2}?(?:${STORES.join('|')})\b|\b(?:notes|records|rows|users|accounts|data|exports|backups|uploads|attachments|files|entries)\b(?:\s+[\w'-]+){0,3}?\s+(?:from\s+before|before|older\s+than|prior\s+to|from\s+last)\b|\b(?:older\s+than|from\s+before|prior\s+to)\s+(?:a|an|one|two|three|\d+|last)\b`,
)

/** A question that asks for the thing to be done (not how it is): "can the live db be ...?", "could you leave ...?". */
export const ASKING_QUESTION = /^(?:(?:so|ok|okay|hey|and|but|honestly)[,]?\s+)*(?:can|could|would|will\s+you|shall|mind|how\s+about|what\s+about)\b/

/** "is there any reason we can't torch X", "what's stopping us from nuking X": the destruction proposed as a question. */
export const ANY_REASON_NOT = /^(?:(?:so|ok|okay|hey|and|but|honestly)[,]?\s+)*(?:is\s+there\s+)?(?:any\s+(?:reason|point)|what(?:'s|\s+is)\s+stopping\s+(?:us|you|me)\s+from)\s+(?:(?:why\s+)?(?:we|you|i)\s+(?:can't|cannot|couldn't|shouldn't|don't|wouldn't|can\s+not)\s+)?(?:just\s+|simply\s+)?([\w'-]+)\s+(.+)$/

/** The verb that brings the outcome about, before the thing ("make the table empty", "leave the server with no notes"). */
const BRINGING = /^(?:(?:please|pls|just|so|ok|okay|feel\s+free\s+to|you\s+can|let's|lets|can\s+you|could\s+you|we\s+should)\s+)*(?:make|get|leave|put|bring|set|have|turn|start|render|restart|reset|rebuild)\s+/

/** Whether the thing (a clause or the whole request) keeps data that the outcome would destroy. */
function keepsData(thing: string, clause: string, request: string): boolean {
  const destroys = (t: string) => resolveVerb('remove', t.replace(BRINGING, ''), t).intent === 'destructive'
  return STORED_THING.test(clause) || STORED_THING.test(request) || destroys(thing) || destroys(clause)
}

/** "what's in the bucket isn't needed": a free relative as the subject, not a question (no question mark). */
const FREE_RELATIVE = /^(?:what|whatever)(?:'s|’s|\s+is|\s+was)\s+(?:in|on|inside)\b/

/** A removal the product lets its users do ("users should be able to strip every label off a note"): a feature, a change. */
export const USERS_ABLE = /^(?:(?:and|so|also|then)\s+)?(?:(?:the|a|our|each|every)\s+)?(?:users?|people|customers|members|owners?)\s+(?:should|must|shall|can|could|needs?\s+to|will|would)\s+(?:also\s+|now\s+)?be\s+able\s+to\s+|^(?:(?:please|pls)\s+)?(?:let|allow|enable)\s+(?:the\s+)?(?:users?|people|customers|members|owners?)\s+(?:to\s+)?/

/** A store of data named anywhere in the clause. */
export const STORE_WORD = new RegExp(`\\b(?:${STORES.join('|')}|databases?|tables?|backups?)\\b`)

/** Rereads clauses whose outcome, state or permission destroys data, and destruction proposed as a question. */
export function markDestroyedOutcome(clauses: ClauseAnalysis[], request: string): void {
  for (const [i, c] of clauses.entries()) {
    // ... on the users' own things, not on a store of everyone's data ("users should be able to delete the prod db")
    if (c.intent === 'destructive' && c.via === 'later_verb' && USERS_ABLE.test(c.text.trim().toLowerCase()) && !STORE_WORD.test(c.text.toLowerCase())) {
      clauses[i] = {...c, intent: 'change', cue: `${c.cue ?? ''} (a feature for users)`.trim()}
      continue
    }
    if (c.intent === 'destructive') continue
    const text = c.text.trim().toLowerCase().replace(/[.!?\s]+$/, '')
    if (c.question && !(FREE_RELATIVE.test(text) && !c.text.trim().endsWith('?'))) {
      const reason = ANY_REASON_NOT.exec(text)
      const verb = reason ? lexiconVerb(reason[1].replace(/ing$/, '')) ?? lexiconVerb(reason[1]) : undefined
      if (reason && verb && resolveVerb(verb, reason[2], text).intent === 'destructive') {
        clauses[i] = {...c, intent: 'destructive', question: false, via: 'wish', cue: `${verb} (proposed as a question)`, object: reason[2]}
        continue
      }
      if (!ASKING_QUESTION.test(text)) continue
    }
    const outcome = DESTROYED_OUTCOME.exec(text)
    if (!outcome || REPORTED_OR_CONDITION.test(text.slice(0, outcome.index)) || BEHAVIOUR_OR_TEST.test(text)) continue
    const thing = `${text.slice(0, outcome.index)} ${text.slice(outcome.index + outcome[0].length)}`.trim()
    if (!keepsData(thing, text, request)) continue
    clauses[i] = {...c, intent: 'destructive', question: false, via: 'wish', cue: `remove (an outcome: ${outcome[0].trim()})`, object: thing}
  }
}
