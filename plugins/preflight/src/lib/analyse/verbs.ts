/**
 * Verbs of a clause (split from intent.ts): the lexicon's base form of an inflected verb, and what a verb does with its
 * object (a read verb whose object says when or where the program shows it changes the program; a removing verb whose
 * object is data destroys it; a bump of a version releases).
 */
import {codeConstruct} from './code-construct.js'
import {testHousekeeping} from './test-housekeeping.js'
import {cutToLength, removedFromStore} from './destroyed-where.js'
import {VERB_INTENT, REQ_ID, TEST_ID, VERSION, SOFT_DESTRUCTIVE, DATA_OBJECT, type Intent} from './lexicon.js'
import {handsRunOutput} from './run-output.js'
import {runtimeObject} from './runtime-object.js'
import {bumpsDependency} from './dependency-bump.js'
import {shownInCommandOutput} from './command-output.js'
import {WRITING_READ_VERBS, INTO_DOCUMENT, DISPLAY_VERBS, INTO_STORE, INFORMING_VERBS, THIRD_PARTY, UI_WORDS, SHOWN_HOW, SHOWING_VERBS, SHOWN_WHEN, SHOWN_WHERE, SAID_BETTER, TO_ASKER_VERBS, TO_ASKER, OUTPUT_PART, SHOWN_THING, PROPOSED_PLAIN, NOT_PROPOSING} from './forms.js'

/** Base form of an inflected verb when the lexicon knows it ("fixes", "fixing", "deleted" -> fix, delete). */
export function lexiconVerb(word: string): string | undefined {
  if (VERB_INTENT.has(word)) return word
  const candidates = [
    word.replace(/ies$/, 'y'),
    word.replace(/es$/, ''),
    word.replace(/s$/, ''),
    word.replace(/ing$/, ''),
    word.replace(/ing$/, 'e'),
    word.replace(/(.)\1ing$/, '$1'),
    word.replace(/ed$/, ''),
    word.replace(/d$/, ''),
    word.replace(/(.)\1ed$/, '$1'),
  ]
  return candidates.find((c) => c !== word && VERB_INTENT.has(c))
}

/** Words after which a lexicon verb is a noun or an adjective ("the build", "is empty"). */
export const NOT_A_VERB_AFTER = new Set(['saw', 'seen', 'noticed', 'observed', 'heard', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'seems', 'looks', 'stays', 'remains', 'gets', 'not', 'the', 'a', 'an', 'this', 'that', 'these', 'those', 'my', 'our', 'your', 'its', 'their', 'his', 'her', 'some', 'any', 'no', 'each', 'every', 'of', 'for', 'new', 'last', 'previous', 'latest', 'upcoming'])

/**
 * The object of a removing verb is data, history, infrastructure or files ("the old backups folder",
 * "every note older than a year", "LEDGER.md"), not a piece of the code or a line of a file ("the unused
 * helper", "REQ-TAG-001 from docs/REQUIREMENTS.md": what comes after "from" is where, not what).
 */
function destroysData(object: string): boolean {
  // what comes after "from" or "in" is where, not what: "delete the TODO comment in sync.ts" edits sync.ts
  const head = object.split(/\b(?:from|in|inside|within)\b/)[0]
  return DATA_OBJECT.test(head) || removedFromStore(object) || /^\s*(?:of\s+)?(?:all|every|everything|each|the whole|the entire|whole|entire)\b/.test(head) || /(?:^|\s)['"`]?(?:\.{0,2}\/)?[\w.-]*(?:\/[\w.-]*|\.[a-z0-9]{1,5})(?=$|[\s'"`,;:])/.test(head.replaceAll(REQ_ID, ' ').replaceAll(TEST_ID, ' ').trim())
}

export function resolveVerb(verb: string, rawObject: string, clause: string): {intent: Intent; cue: string} {
  const kind = VERB_INTENT.get(verb)!
  const object = rawObject.replaceAll(REQ_ID, ' ').replaceAll(TEST_ID, ' ')
  // "reset the inactivity timer", "kill the sync request if ...": a thing that lives while the program runs, no data lost
  if ((kind === 'remove' || kind === 'destructive' || SOFT_DESTRUCTIVE.has(verb)) && runtimeObject(object)) return {intent: 'change', cue: verb}
  switch (kind) {
    case 'read_only':
      // "explain the session timeout in the user guide", "note in the README that ...": writing a document
      if (WRITING_READ_VERBS.has(verb) && !/^(?:me|us|you)\b/.test(object.trim()) && INTO_DOCUMENT.test(object)) return {intent: 'change', cue: verb}
      // "dump what sync sends to a plain-text file": output sent somewhere that keeps it is written, not read
      if (DISPLAY_VERBS.has(verb) && !/^(?:me|us|you)\b/.test(object.trim()) && INTO_STORE.test(object)) return {intent: 'change', cue: verb}
      // "tell the user instead of picking one", "remind users when ...": the program informs its users
      if (INFORMING_VERBS.has(verb) && THIRD_PARTY.test(object)) return {intent: 'change', cue: verb}
      // "show a warning toast", "show the avatar in the header", "print plain output when NO_COLOR is set"
      // change what the program shows; "show me the diff" reads
      if (DISPLAY_VERBS.has(verb) && !/^(?:me|us|you)\b/.test(object.trim())) {
        if (/^(?:a|an)\s/.test(object.trim()) || /\b(?:when|whenever|if|unless|instead of|rather than|by default|even)\b/.test(object) || UI_WORDS.test(object)) return {intent: 'change', cue: verb}
        // "show the ten best keyword matches first": where or how the program shows it, an order or a place
        if (SHOWN_HOW.test(object)) return {intent: 'change', cue: verb}
      }
      // "print the number of conflicts found at the end of each sync run", "display each note's labels beneath its
      // title in the PDF export", "report how many edits are queued when sync gets the connection back": when or where
      // the program shows it is its behaviour ("list the tests that fail when offline", "show me ... once you're done" read)
      if (SHOWING_VERBS.has(verb) && !/^(?:me|us|you)\b/.test(object.trim()) && (SHOWN_WHEN.test(object) || SHOWN_WHERE.test(object))) return {intent: 'change', cue: verb}
      // round 29d: a thing shown in a command's own help or version output (command-output.ts)
      if (SHOWING_VERBS.has(verb) && shownInCommandOutput(object)) return {intent: 'change', cue: verb}
      // "explain the error better when login fails": how the program explains, said better, at an event of its own
      if (WRITING_READ_VERBS.has(verb) && SAID_BETTER.test(object.trim()) && SHOWN_WHEN.test(object)) return {intent: 'change', cue: verb}
      // "describe the skipped notes in the export summary", "explain the reason in the message a command prints ...":
      // writing into a named part of the program's output (round 15c); "explain the bug in the export", "explain the
      // numbers in the sync summary" (what it already shows) read
      if (WRITING_READ_VERBS.has(verb) && verb !== 'list' && !/^(?:me|us|you|it|what|why|how|where|when|which|who|whether|if)\b/.test(object.trim()) && OUTPUT_PART.test(object) && !SHOWN_THING.test(object.trim())) return {intent: 'change', cue: verb}
      // "list the newer matches before the older ones when searching": an order the program lists in, or when it
      // lists, is its behaviour ("list the failing tests when you're done" still reads)
      if (verb === 'list' && (/\b(?:before|after|above|below)\s+(?:the\s+)?(?:[\w-]+\s+)?ones\b/.test(object) || /\b(?:when|whenever|while)\s+(?!(?:you|we|i|u)\b)[\w-]+ing\b/.test(object))) return {intent: 'change', cue: verb}
      return {intent: 'read_only', cue: verb}
    case 'run':
      // "run migrations at start-up instead of on first write", "test that the link expires": changes
      if (/\b(?:instead of|at start-?up|on start|automatically|by default|whenever|each time|every time|on (?:launch|boot|startup)|at (?:launch|boot))\b|\bwhen (?:the |it )?(?:\w+ )?(?:starts?|launch(?:es)?|boots?)\b/.test(object) || (verb === 'test' && /^that\b/.test(object.trim()))) return {intent: 'change', cue: verb}
      return {intent: 'read_only', cue: verb}
    case 'remove':
      // "delete the unused helper" is a change, "delete the old backups folder" destroys data; a test's own
      // throwaway resources at a moment of the run are housekeeping (analyse/test-housekeeping.ts)
      return {intent: destroysData(object) && !testHousekeeping(clause) ? 'destructive' : 'change', cue: verb}
    case 'bump':
      // "bump the version to 2.1.0", "bump to v2" are releases; "bump lodash to 4.17.21" is a dependency change
      // round 29d: a named dependency bumped to a version is a change (dependency-bump.ts)
      return {intent: (/\bversion\b/.test(object) && !bumpsDependency(object)) || /^(?:to\s+)?v?\d+\.\d+/.test(object.trim()) ? 'release' : 'change', cue: verb}
    case 'tag':
      return {intent: VERSION.test(object) || /\brelease\b/.test(object) ? 'release' : 'change', cue: verb}
    case 'destructive':
      if ((SOFT_DESTRUCTIVE.has(verb) && !destroysData(object)) || testHousekeeping(clause) || cutToLength(verb, object) || codeConstruct(object)) return {intent: 'change', cue: verb}
      return {intent: 'destructive', cue: verb}
    case 'change':
      // "paste the failures here", "put the list in your reply": an answer in the conversation, not a change
      if ((TO_ASKER_VERBS.has(verb) && TO_ASKER.test(object)) || handsRunOutput(verb, object, clause)) return {intent: 'read_only', cue: verb}
      if (SOFT_DESTRUCTIVE.has(verb) && destroysData(object) && !/\bcache\b/.test(clause)) return {intent: 'destructive', cue: verb}
      return {intent: 'change', cue: verb}
    default:
      return {intent: kind, cue: verb}
  }
}

/** A word without the punctuation around it (an apostrophe inside is kept). */
export const bare = (word: string) => word.replaceAll(/^[^a-z0-9']+|[^a-z0-9']+$/g, '')

/**
 * The first modal after a subject ("the list should show": "should"; "must be deleted": "must"; "needs to be
 * wiped": "needs") and the lexicon verb right after it (after "be"/"get" for a passive), when there is one.
 */
export function wishedVerb(tokens: readonly string[]): {modal: number; at: number; verb: string; passive: boolean} | undefined {
  for (let j = 1; j < tokens.length - 1; j++) {
    const w = bare(tokens[j])
    let at: number
    if (w === 'should' || w === 'must' || w === 'shall') at = j + 1
    else if (/^(?:has|have|needs?|ought)$/.test(w) && bare(tokens[j + 1]) === 'to') at = j + 2
    else continue
    // "search should also look through ...", "sync must always report ...": an adverb between modal and verb
    while (/^(?:also|still|always|only|just|really|automatically|actually|properly|immediately|never|now|instead|then|first|additionally)$/.test(bare(tokens[at] ?? ''))) at++
    const passive = /^(?:be|get)$/.test(bare(tokens[at] ?? ''))
    if (passive) at++
    const verb = lexiconVerb(bare(tokens[at] ?? ''))
    return verb ? {modal: j, at, verb, passive} : undefined
  }
  return undefined
}

/** "could the search command show ...": the words up to the verb after the thing (one to three words), as a match. */
export function plainProposal(rest: string): [string] | null {
  const lead = PROPOSED_PLAIN.exec(rest)
  if (!lead) return null
  const words = rest.slice(lead[0].length).split(/\s+/)
  for (let j = 1; j <= 3 && j < words.length; j++) {
    const w = bare(words[j])
    if (NOT_PROPOSING.test(w)) return null
    // "could the sync upload be failing ...": a verb's form followed by "be" is a noun of the thing
    if (lexiconVerb(w) === w && !NOT_PROPOSING.test(bare(words[j + 1] ?? ''))) return [`${lead[0]}${words.slice(0, j).join(' ')} `]
  }
  return null
}
