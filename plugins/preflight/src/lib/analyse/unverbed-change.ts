/**
 * Round 21b (issue 22): changes asked for without a change verb, read for what they change. The words are data.
 *
 * - A state wished on a thing ("make sure the notes database is empty before the demo", "the old exports folder
 *   should be gone"): the state names the action that reaches it (empty, gone, wiped, deleted), and that action with
 *   the thing as its object decides, as it would as a verb ("empty the notes database" destroys data; "make sure the
 *   search box is empty when the app opens" changes the program).
 * - A document as the subject of a wish or a bug report ("the README should say that export supports pdf", "the
 *   usage page for search is missing the 200 ms target"): a documentation change, whatever verb the wish goes on with.
 * - A symptom reported alone ("piping notes search into less shows raw escape codes", "notes search takes four
 *   seconds with 10k notes", "the export command prints garbage for emoji titles"): a thing of the project said to
 *   give a wrong output, to be slow or to crash, with no question and no other task beside it, asks for the fix, as
 *   "..., please fix it" would. Without it the read verb inside ("search", "notes") was read as a read for the asker.
 */
import type {ClauseAnalysis} from './intent.js'
import {resolveVerb} from './verbs.js'
import {VERB_INTENT} from './lexicon.js'
import {term} from '../text/tokens.js'

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
const STATE_FORMS = WISHED_STATES.map(([form, verb]) => [new RegExp(`^(?:${form})$`), verb] as const)
function stateVerb(state: string): string {
  return STATE_FORMS.find(([form]) => form.test(state))?.[1] ?? 'remove'
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

/**
 * Verbs that bring a thing to the user's eyes without changing it ("surface sync conflicts in the output", "warn about
 * conflicts", "echo the conflicts found"): a frozen requirement met only on what they report is not what the change is
 * about (scope-frozen.ts reads these with its own reporting words). Words that are nouns as often (output, log, flag,
 * alert) are left out: "change the sync output so conflicts are merged" changes the frozen rule.
 */
export const MORE_REPORTING = ['surface', 'surfaces', 'surfacing', 'display', 'displays', 'displaying', 'echo', 'echoes', 'echoing', 'warn', 'warns', 'warning', 'tell', 'tells', 'telling', 'highlight', 'highlights', 'highlighting', 'flagging', 'notify', 'notifies', 'notifying', 'alerting', 'expose', 'exposes', 'exposing', 'logging', 'emit', 'emits', 'emitting', 'announce', 'announces', 'indicate', 'indicates', 'explain', 'explains', 'describe', 'describes']

/**
 * The forms output takes and where on the screen it goes ("show a warning when ...", "echo a one-line summary of the
 * migrations applied", "display how long the search took underneath the results"): how a feature tells the user, not
 * a new thing the feature lacks. Scope does not count them against a requirement (scope.ts, scope-weigh.ts).
 */
export const OUTPUT_FORMS = ['warning', 'warnings', 'summary', 'summaries', 'message', 'messages', 'notice', 'notices', 'hint', 'hints', 'took', 'underneath', 'beneath', 'below', 'above', 'beside', 'alongside', 'next to']
export const OUTPUT_FORM_TERMS: ReadonlySet<string> = new Set(OUTPUT_FORMS.flatMap((w) => w.split(' ')).map((w) => term(w)))

/** What a thing is reported to give that is wrong: garbage, raw escape codes, duplicates, nothing. */
export const WRONG_OUTPUT = ['raw', 'garbage', 'garbled', 'junk', 'broken', 'corrupt', 'corrupted', 'wrong', 'duplicates', 'duplicated', 'doubled', 'stale', 'nothing', 'blank', 'empty', 'escape codes', 'mojibake', 'question marks', 'twice', 'zero', '0 bytes', 'an error', 'errors', 'a stack ?trace', 'stack ?traces', 'undefined', 'null', 'nan', 'gibberish']
/** Verbs a thing gives its output with, said of it in the third person. */
export const OUTPUT_VERBS = ['shows', 'prints', 'displays', 'outputs', 'writes', 'renders', 'spits out', 'dumps', 'leaves', 'gives', 'returns', 'puts', 'emits', 'produces', 'sends', 'uploads', 'creates', 'lists']
/** Failures said of a thing, with what sets them off after them. */
export const FAILING_VERBS = ['crashes', 'hangs', 'freezes', 'stalls', 'times out', 'throws', 'errors out', 'segfaults', 'blows up', 'chokes', 'fails', 'breaks']
const NUMBER = '(?:\\d+(?:\\.\\d+)?|a|one|two|three|four|five|six|seven|eight|nine|ten|several|many|a\\s+few)'
const words = (list: readonly string[]): string => list.map((w) => w.replaceAll(' ', '\\s+')).join('|')

/** A subject of one to seven words that is no person, pointer or request opener, then the symptom. */
export const SYMPTOM = new RegExp(
  `^(?!(?:please|pls|just|then|can|could|would|will|you|u|i|we|they|he|she|it's|its|it|this|that|there|here|what|why|how|when|where|which|who|does|do|is|are)\\b)(?:(?!(?:that|which|who|where|if|whether)\\b)[\\w'./\`-]+\\s+){1,7}?` +
    `(?:(?:${words(OUTPUT_VERBS)})\\s+(?:me\\s+|us\\s+)?(?:(?:a|an|the|some|only|just|all|lots\\s+of|a\\s+lot\\s+of)\\s+)?(?:[\\w-]+\\s+)?(?:${words(WRONG_OUTPUT)})\\b` +
    `|takes\\s+(?:almost\\s+|nearly\\s+|over\\s+|about\\s+|around\\s+|like\\s+|more\\s+than\\s+|up\\s+to\\s+)?${NUMBER}\\s*(?:s|secs?|seconds?|minutes?|mins?|ms|milliseconds?|hours?)\\b` +
    `|(?:is|are|gets|feels|runs)\\s+(?:really\\s+|very\\s+|so\\s+|too\\s+|super\\s+|painfully\\s+|way\\s+too\\s+|unusably\\s+)?(?:slow|sluggish|laggy)\\s+(?:on|with|for|when|once|after|in)\\b` +
    `|(?:${words(FAILING_VERBS)})\\s+(?:on|with|for|when|whenever|if|after|once|in|at)\\b)`,
)

/** A symptom reported alone: no clause asks, instructs or says anything else that decides (see the module comment). */
function markSymptom(clauses: ClauseAnalysis[]): void {
  const reported = clauses.map((c) => {
    const text = c.text.trim().replace(/^(?:so|and|also|fyi|btw|heads up|bug)[,:]?\s+/, '')
    const first = text.split(/\s+/)[0] ?? ''
    // "show the notes that take ...", "list exports that print garbage": an imperative read, not a report
    if (c.question || (VERB_INTENT.get(first) === 'read_only' && /^\S+\s+(?:the|a|an|me|us|all|every|each|my|our|any)\b/.test(text))) return false
    // a leading "verb" only when it is a noun's plural ("notes search takes ..."); "look into why start-up takes 3 seconds" reads
    const plural = c.via === 'leading_verb' && /s$/.test(first) && !VERB_INTENT.has(first)
    return (c.intent === 'unclear' || c.intent === 'read_only') && (c.via === 'default' || c.via === 'later_verb' || plural) && SYMPTOM.test(text)
  })
  // every other clause says nothing that decides: no question, no instruction (a read asked for stays a read)
  if (!reported.some(Boolean) || clauses.some((c, i) => !reported[i] && !(c.intent === 'unclear' && (c.via === 'default' || c.via === 'context')))) return
  for (const [i, c] of clauses.entries()) if (reported[i]) clauses[i] = {...c, intent: 'change', question: false, via: 'wish', cue: 'bug report', object: c.text.trim()}
}

/**
 * Rereads the change clauses that carry no change verb: a destroyed state wished on data is destructive, and a
 * document's wish or lack is a documentation change (its text, with the document named, decides the kind).
 */
export function markUnverbed(clauses: ClauseAnalysis[]): void {
  markSymptom(clauses)
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
