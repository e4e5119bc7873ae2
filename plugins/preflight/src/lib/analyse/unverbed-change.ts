/**
 * Round 21b (issue 22): changes asked for without a change verb, read for what they change. The words are data.
 *
 * - A state wished on a thing ("make sure the notes database is empty before the demo", "the old exports folder
 *   should be gone"): the state names the action that reaches it (empty, gone, wiped, deleted), and that action with
 *   the thing as its object decides, as it would as a verb ("empty the notes database" destroys data; "make sure the
 *   search box is empty when the app opens" changes the program).
 * - A document as the subject of a wish or a bug report ("the README should say that export supports pdf", "the
 *   usage page for search is missing the 200 ms target"): a documentation change, whatever verb the wish goes on with.
 */
import type {ClauseAnalysis} from './intent.js'
import {resolveVerb} from './verbs.js'

/** A state reached by destroying or removing, with the verb that reaches it. */
export const WISHED_STATES: ReadonlyArray<readonly [string, string]> = [
  ['gone', 'remove'],
  ['deleted', 'delete'],
  ['removed', 'remove'],
  ['erased', 'erase'],
  ['purged', 'purge'],
  ['destroyed', 'destroy'],
  ['nuked', 'nuke'],
  ['dropped', 'drop'],
  ['wiped(?:\\s+(?:out|clean))?', 'wipe'],
  ['cleaned\\s+out', 'remove'],
  ['cleared(?:\\s+out)?', 'clear'],
  ['emptied(?:\\s+out)?', 'empty'],
  ['empty', 'empty'],
  ['blank', 'blank'],
  ['zeroed(?:\\s+out)?', 'wipe'],
]

const STATES = WISHED_STATES.map(([s]) => s).join('|')

/** Ways of wishing a state on a thing: "make sure X is", "ensure that X gets", "X should be", "X must end up". */
export const STATE_WISH = new RegExp(
  `^(?:(?:please|pls|just|and|then|also|so)\\s+)*(?:make\\s+sure|ensure|see\\s+to\\s+it|check)\\s+(?:that\\s+)?(.+?)\\s+(?:is|are|gets|get|ends\\s+up|end\\s+up|has\\s+been|have\\s+been|was|were|stays|stay|will\\s+be)\\s+(?:completely\\s+|fully\\s+|totally\\s+|entirely\\s+|all\\s+|properly\\s+)?(${STATES})\\b` +
    `|^(?!(?:i|we|you|they|he|she|it|me|us)\\s)(.+?)\\s+(?:should|must|needs\\s+to|has\\s+to|have\\s+to|ought\\s+to|will\\s+have\\s+to)\\s+(?:be|get|end\\s+up|have\\s+been)\\s+(?:completely\\s+|fully\\s+|totally\\s+|entirely\\s+|all\\s+|properly\\s+)?(${STATES})\\b`,
)

/** The verb that reaches a wished state. */
function stateVerb(state: string): string {
  for (const [form, verb] of WISHED_STATES) if (new RegExp(`^(?:${form})$`).test(state)) return verb
  return 'remove'
}

/** Documents written for people, named as the subject of a wish. */
export const DOC_NOUNS = ['readme', 'docs', 'doc', 'documentation', 'user guide', 'guide', 'manual', 'faq', 'wiki', 'changelog', 'handbook', 'tutorial', 'how-to', 'howto', 'usage page', 'help page', 'man page', 'reference page', 'install(?:ation)? (?:page|guide|instructions)', 'setup (?:page|guide|instructions)', 'getting[- ]started (?:page|guide)', '(?!(?:requirements|tests|ledger|agents)\\.md\\b)[\\w./-]+\\.md']

/** What a document is wished to say, or reported to lack. */
const DOC_SAYS = 'say|mention|explain|describe|cover|list|state|note|include|document|tell|point\\s+out|spell\\s+out|contain|link\\s+to|show|warn'
const DOC_LACKS = "(?:is|are)\\s+(?:still\\s+)?(?:missing|wrong|outdated|out\\s+of\\s+date|stale|incorrect|misleading|inaccurate|silent\\s+on)|(?:doesn'?t|does\\s+not|never)\\s+(?:mention|say|cover|explain|list|describe|document)|(?:still\\s+)?says|lacks|omits|leaves\\s+out"

/** A document as the subject of a wish or a report of what it lacks. */
export const DOC_SUBJECT = new RegExp(
  `^(?:(?:please|pls|also|and|so)\\s+)*(?:(?:the|our|a|an|this|that|your)\\s+)?(?:[\\w'-]+\\s+){0,2}?(?:${DOC_NOUNS.join('|')})(?:\\s+(?:for|of|on|about|in)\\s+(?:[\\w'.\`-]+\\s+){0,4}?)?\\s*(?:(?:should|must|needs\\s+to|has\\s+to|ought\\s+to)\\s+(?:also\\s+|really\\s+|clearly\\s+|properly\\s+)?(?:${DOC_SAYS})\\b|(?:${DOC_LACKS})\\b)`,
)

/** Documents for people among the words a change is written in (phaseAction reads these as documentation too). */
export const MORE_DOC_WORDS = /\b(?:usage|help|man|reference|install(?:ation)?|setup|getting[- ]started|quick[- ]?start)\s+(?:pages?|docs?|guide|section)\b/

/**
 * Rereads the change clauses that carry no change verb: a destroyed state wished on data is destructive, and a
 * document's wish or lack is a documentation change (its text, with the document named, decides the kind).
 */
export function markUnverbed(clauses: ClauseAnalysis[]): void {
  for (const [i, c] of clauses.entries()) {
    if (c.question || c.intent !== 'change') continue
    const text = c.text.trim()
    const state = STATE_WISH.exec(text)
    if (state) {
      const thing = state[1] ?? state[3]
      const verb = stateVerb(state[2] ?? state[4])
      const resolved = resolveVerb(verb, thing, text)
      if (resolved.intent === 'destructive') {
        clauses[i] = {...c, intent: 'destructive', via: 'wish', cue: `${verb} (a state wished: ${state[2] ?? state[4]})`, object: thing}
        continue
      }
    }
    if (DOC_SUBJECT.test(text)) clauses[i] = {...c, via: 'wish', cue: 'a document wished to say', object: text}
  }
}
