/**
 * Round 27c (issue 22): a long agent prompt whose only task is empty. Background, a hand-off, what the last agent said,
 * the speaker's own plans and a list of working rules sit around "carry on", "finish the remaining items" or "do
 * whatever you think is best"; none of those sentences asks for a change of the project, so the empty task decides
 * (nothing actionable: needs clarification in every state):
 * - done items of a checklist ("[x] set up the repo"): reported as done, not asked (taken off before the split);
 * - a clause made only of working rules ("Constraints: keep each change small, don't touch the tests, and commit as
 *   you go", "work independently and use your best judgement"): how to work, not what to change;
 * - a go-ahead verb later in a clause, after a future auxiliary, whose object names nothing ("... will continue with
 *   the rest"): a report of someone carrying on is as empty as the go-ahead itself;
 * - a report shown under its label ("Status from the last worker: ...", read as the verb "status"): no read asked;
 * - the speaker stepping away ("I have to step away for an hour", "while I'm out"): a wish for themself;
 * - working rules inside a go-ahead's object ("keep going with the next things on your list ... and use your
 *   judgement on anything unclear") name nothing either.
 * Only clauses that ask for a change are set aside, and only when every word of them is one of these forms, so a
 * rule that is itself a bypass ("commit with --no-verify") or a change beside them still decides. Word lists are data.
 */
import type {ClauseAnalysis} from './intent.js'

/** A checklist item marked done: "[x] read the requirements", "✅ set up CI" (up to the next item or sentence end). */
export const DONE_ITEM = /(?:\[[x✓✔]\]|✅|☑)\s*[^,;.[\]✅☑'"]*/g

/** A label that introduces working rules. */
const RULES_LABEL = /^\s*(?:constraints?|rules?|guidelines?|ground rules|conventions?|notes?|requirements for you|how to work)\s*:\s*/

/** Working rules: how to work, never what to change (each matched whole, between commas or "and"). */
const WORKING_RULES = [
  String.raw`keep (?:it|each (?:change|commit|step|pr)|every (?:change|commit)|the (?:diffs?|changes?|prs?|commits?)|changes|diffs|things) (?:small|minimal|short|tight|focused|tidy|simple|reviewable|atomic)`,
  String.raw`(?:do not|don'?t|never) (?:touch|change|edit|modify) (?:the )?tests?`,
  String.raw`commit (?:as you go|often|early and often|after each (?:step|change))`,
  String.raw`(?:work|act|proceed) (?:independently|autonomously|on your own|alone|carefully)`,
  String.raw`use your (?:own |best )*judg(?:e)?ment(?: on (?:anything|everything|whatever)(?: (?:unclear|else|ambiguous))?)?`,
  String.raw`(?:do not|don'?t|never) ask (?:(?:any|me|for|follow-?up|clarifying|more)\s+)*(?:questions?|permission|confirmation)`,
  String.raw`(?:be|stay) (?:careful|thorough|concise|brief|pragmatic)`,
  String.raw`take your time`,
  String.raw`report back(?: (?:when|once) (?:you'?re |you are )?(?:done|finished))?`,
  String.raw`ask (?:me )?if (?:anything is |something is |you'?re |you are )?(?:unclear|unsure|stuck|blocked)`,
]
export const WORKING_RULE = new RegExp(`\\b(?:${WORKING_RULES.join('|')})\\b`, 'g')

/** Verbs whose negation leaves a thing alone (never recording, checking or running verbs: "don't log it" is no such rule). */
const LEAVE_ALONE = ['touch', 'delete', 'remove', 'change', 'edit', 'modify', 'drop', 'wipe', 'rewrite', 'reformat', 'rename', 'move', 'break', 'mess with', 'alter', 'reset', 'clear']

/** One item of a list of what not to do: a negated leave-alone verb and its object ("don't touch the ledger"). */
export const NEGATED_LEAVE_ALONE = new RegExp(
  String.raw`^(?:and\s+|also\s+|but\s+|please\s+)*(?:do\s+not|don'?t|never|no\s+need\s+to)\s+(?:${LEAVE_ALONE.join('|')})\s+(?:anything|any\s+[\w-]+|(?:the|our|my|a|an|any)\s+[\w./-]+(?:\s+[\w./-]+)?|[\w./-]+)\s*$`,
)

/** The speaker stepping away: "I have to step away for an hour", "I'm heading out", "while I'm out". */
export const SPEAKER_AWAY =
  /^\s*(?:(?:ok|okay|so|well|anyway|btw)[,\s]+)?i(?:'m| am| have to| need to| must| gotta|'ll| will|'ve got to)?\s+(?:be\s+)?(?:step(?:ping)? away|head(?:ing)? out|go(?:ing)? (?:out|offline|afk|home)|off(?:line)?|out|away|afk|log(?:ging)? off|sign(?:ing)? off|leav(?:e|ing)(?: now| for (?:the day|a bit|an hour|lunch))?|back (?:in|later|tomorrow|soon))\b[^]*$/
/** "while I'm out", "till I'm back": where the speaker is, inside a go-ahead. */
export const WHILE_AWAY = /\b(?:while|until|till|when|before)\s+i(?:'m| am)?\s+(?:out|away|gone|back|offline|afk|in (?:a )?meetings?)\b/g
/** When a reported carrying-on will happen ("... tomorrow", "after lunch"): names nothing to change. */
export const WHEN_WORDS = /\b(?:tomorrow|today|tonight|later(?:\s+on)?|soon|next\s+(?:week|time|session|sprint)|this\s+(?:afternoon|evening|week)|in\s+the\s+(?:morning|afternoon)|after\s+(?:lunch|the\s+break|the\s+weekend)|on\s+monday)\b/g

/** "the next things on your list", "on your list": work on a list the gate cannot see. */
export const ON_YOUR_LIST = /\b(?:on|from|in)\s+(?:your|the|my|our)\s+(?:own\s+)?(?:list|plan|board|queue|backlog)\b/g

/** A report's label ("Status from the last worker:", "Progress update:", "Final message:"): what was done, shown. */
export const REPORT_LABEL = /^\s*(?:(?:a|the|my|our|its|their)\s+)?(?:(?:last|final|latest|previous)\s+)?(?:status|progress|update|progress\s+update|status\s+update|report|summary|recap|hand-?off\s+note|hand-?over\s+note|note|message)(?:\s+(?:from|of|by)\s+[^:]{1,40})?\s*:/

/** Verbs that only say to go on, whatever they point at. */
const GO_AHEAD_VERBS = new Set(['continue', 'carry', 'proceed', 'keep', 'go', 'resume', 'finish', 'complete', 'wrap', 'pick'])

/** A quotation mark at a word's edge (a clitic's apostrophe inside a word stays). */
const QUOTE_MARK = /(?:^|\s)['"“‘`]+|['"”’`]+(?=\s|$)/g

/** A report of someone carrying on: a future auxiliary right before the go-ahead verb. */
export const REPORTED_CARRYING_ON = /\b(?:will|'ll|shall|gonna|going\s+to)\s+(?:continue|carry|proceed|keep|go\s+on|resume|finish|complete|wrap|pick)\b/

const PUNCT = /[\s,;:.!-]+/g

/**
 * True when `text` (after an optional rules label) is made only of working rules, joined by commas and "and", with
 * at least one of them and, besides, only negated leave-alone items ("don't delete anything, keep it small").
 */
export function onlyWorkingRules(text: string): boolean {
  const body = text.replace(RULES_LABEL, '').replace(/[.!]\s*$/, '')
  const items = body.split(/[,;]/).map((s) => s.trim()).filter(Boolean)
  const rule = (item: string) => {
    WORKING_RULE.lastIndex = 0
    const found = WORKING_RULE.test(item)
    WORKING_RULE.lastIndex = 0
    return found && item.replaceAll(WORKING_RULE, ' ').replaceAll(/\b(?:and|also|please|pls|plus|then|but)\b/g, ' ').replaceAll(PUNCT, '') === ''
  }
  return items.length > 0 && items.some(rule) && items.every((item) => rule(item) || NEGATED_LEAVE_ALONE.test(item))
}

/** `lower` with the done items of a checklist taken off. */
export function withoutDoneItems(lower: string): string {
  return lower.includes('[') || /[✅☑]/.test(lower) ? lower.replaceAll(DONE_ITEM, ' ') : lower
}

/**
 * Sets aside the clauses of a prompt that ask for nothing once working rules, the speaker's absence and a reported
 * carrying-on are read as such; only when another clause is an empty go-ahead (so a named task is never lost).
 */
export function markEmptyTask(clauses: ClauseAnalysis[], vagueObject: (object: string, changing?: boolean) => boolean): void {
  const empty = (c: ClauseAnalysis): boolean => c.intent === 'unclear' && c.via === 'vague'
  // a go-ahead whose object is only working rules, the speaker's absence or an unseen list names nothing
  for (const [i, c] of clauses.entries()) {
    if (c.intent !== 'change' || (c.via !== 'leading_verb' && c.via !== 'later_verb')) continue
    const verb = [c.verb, c.cue].map((v) => (v ?? '').split(/\s+/)[0]).find((v) => GO_AHEAD_VERBS.has(v))
    if (verb === undefined) continue
    // later in a clause, only a report of carrying on ("... will continue with the rest"): "the splash screen can go"
    // and "once a sync finishes" are a destruction allowed and a time, not a go-ahead
    if (c.via === 'later_verb' && !REPORTED_CARRYING_ON.test(c.text)) continue
    const object = c.object.replaceAll(WORKING_RULE, ' ').replaceAll(WHILE_AWAY, ' ').replaceAll(ON_YOUR_LIST, ' ').replaceAll(WHEN_WORDS, ' ').replaceAll(QUOTE_MARK, ' ').replaceAll(/\b(?:and|also)\s*$/g, ' ')
    // (an object that is only a list of rules is what the clause after a labelled task lent it: "task: keep going. rules: ...")
    if (vagueObject(object, true) || onlyWorkingRules(c.object)) clauses[i] = {...c, intent: 'unclear', via: 'vague', cue: verb}
  }
  // a clause made only of working rules is never the task beside another clause ("..., keep it small")
  for (const [i, c] of clauses.entries()) {
    if (c.intent === 'change' && clauses.length > 1 && onlyWorkingRules(c.text)) clauses[i] = {...c, intent: 'unclear', question: false, via: 'context', cue: 'working rules'}
  }
  if (!clauses.some(empty)) return
  for (const [i, c] of clauses.entries()) {
    // "Status from the last worker: '...'" beside "proceed with the rest": a report shown, no read asked
    if (c.intent === 'read_only' && c.via === 'leading_verb' && REPORT_LABEL.test(c.text)) clauses[i] = {...c, intent: 'unclear', question: false, via: 'context', cue: 'report shown'}
    if (c.intent !== 'change') continue
    if (SPEAKER_AWAY.test(c.text)) clauses[i] = {...c, intent: 'unclear', question: false, via: 'context', cue: 'working rule or aside'}
  }
}
