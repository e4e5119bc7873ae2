/**
 * Round 23b (issue 22): a destroyed state wanted by the speaker ("I want the whole notes directory gone", "we'd like
 * the old backups wiped before Friday", "i need every note on the server deleted"). A first person who wants or needs a
 * thing in a state of destruction asks for the destruction, as "make sure X is gone" does (unverbed-change.ts); the
 * verb that reaches the state, with the thing as its object, decides as it would as a verb, so "I want the warning
 * gone when NO_COLOR is set" stays the change it is. The words are data.
 *
 * The same holds for a thing allowed to go ("the notes table can go", "the old backups could go now", "all the
 * staging data can go away for good"): "can go" at the end of a clause, or before an adverb of finality, is
 * "remove" with the thing as its object (the policy's readings read it so for protected paths, policy/readings.ts).
 * Going somewhere ("the button can go in the header") or becoming something ("the tests can go green") is not.
 */
import type {ClauseAnalysis} from './intent.js'
import {resolveVerb} from './verbs.js'
import {WISHED_STATES} from './unverbed-change.js'

/** A speaker wanting a thing, up to the thing. */
export const WANTING = ['i want', 'i wanna', 'we want', 'i need', 'we need', "i'd like", 'id like', "we'd like", 'i would like', 'we would like', "i'd love", "we'd love", 'i would love', 'i wish', 'we wish', "i'd prefer", "we'd prefer", 'i prefer', 'let us have', 'can i have', 'can we have', 'could i have', 'could we have', 'could we get', 'can we get', 'i wanted', 'we wanted']

const STATES = WISHED_STATES.map(([s]) => s).join('|')

/** "<speaker wants> <thing> [to be|to get] <destroyed state>". */
export const WANTED_STATE = new RegExp(
  `^(?:(?:please|pls|so|and|also|honestly|basically|ok|okay|look)[,]?\\s+)*(?:${WANTING.map((w) => w.replace(' ', '\\s+')).join('|')})\\s+((?:[\\w'’./-]+\\s+){1,8}?)(?:to\\s+(?:be|get)\\s+|(?:all|completely|fully|totally|entirely)\\s+)?(${STATES})\\b`,
)

/** "<thing> can go [away] [now|for good|...]" to the end of its clause; the subject is not a person or a pointer. */
export const ALLOWED_TO_GO = new RegExp(
  `^(?:(?:please|pls|so|and|also|honestly|basically|ok|okay|look|i think|imo)[,]?\\s+)*(?!(?:i|we|you|they|he|she|it|that|this|there|which|who)\\s)((?:[\\w'’./-]+\\s+){1,8}?)(?:can|could|should|must|may|might|has\\s+to|have\\s+to|needs?\\s+to|will\\s+have\\s+to)\\s+(?:all\\s+|both\\s+|just\\s+|simply\\s+|probably\\s+|safely\\s+)?go(?:\\s+away)?(?:\\s+(?:now|too|as\\s+well|for\\s+good|entirely|completely|altogether|forever|permanently))?\\s*$`,
)

/** Each wished state's form, with the verb that reaches it. */
export const WANTED_FORMS = WISHED_STATES.map(([form, verb]) => [new RegExp(`^(?:${form})$`), verb] as const)

/** Rereads clauses that want a destroyed state: the destruction is asked for when the state's verb destroys data. */
export function markWantedState(clauses: ClauseAnalysis[]): void {
  for (const [i, c] of clauses.entries()) {
    if (c.question || c.intent === 'destructive') continue
    const text = c.text.trim().toLowerCase()
    // the clause's last part: "start over with a clean slate: the notes table can go"
    const allowed = ALLOWED_TO_GO.exec(text.replace(/[.!?\s]+$/, '').split(/\s*(?:[:;—–]|\s-\s)\s*/).at(-1) ?? '')
    if (allowed) {
      const thing = allowed[1].trim()
      if (resolveVerb('remove', thing, text).intent === 'destructive') clauses[i] = {...c, intent: 'destructive', via: 'wish', cue: 'remove (allowed to go)', object: thing}
      continue
    }
    const m = WANTED_STATE.exec(text)
    if (!m) continue
    const thing = m[1].trim()
    const verb = WANTED_FORMS.find(([form]) => form.test(m[2]))?.[1] ?? 'remove'
    if (resolveVerb(verb, thing, text).intent === 'destructive') clauses[i] = {...c, intent: 'destructive', via: 'wish', cue: `${verb} (a state wanted: ${m[2]})`, object: thing}
  }
}
