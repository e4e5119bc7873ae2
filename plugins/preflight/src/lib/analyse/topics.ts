/**
 * Topics before a colon or " - " (split from intent.ts, round 15c): a topic gives way to what follows it ("search results:
 * dedupe ...", "tags - collapse labels ...", "sync - why does it ...?"), a document named first is what a writing verb
 * writes ("CHANGELOG: note ..."); and a showing verb negated into a named part of the program's output.
 */
import type {ClauseAnalysis} from './intent.js'
import {CONSTRAINT_LEAD, CHANGE_LABEL, DOC_TOPIC, OUTPUT_PART, SHOWING_VERBS, SHOWN_WHERE, TOPIC_INSTRUCTION, TOPIC_LEAD, WRITING_READ_VERBS} from './forms.js'
import {NEGATORS, QUESTION_OPENERS, SUBJECTS} from './lexicon.js'
import {CREATING_VERBS} from './scope-lexicon.js'
import {lexiconVerb} from './verbs.js'

const bare = (word: string) => word.replaceAll(/^[^a-z0-9']+|[^a-z0-9']+$/g, '')
const PERSONS = new Set(['you', 'we', 'i', 'they', 'he', 'she', 'u'])

/**
 * Reads each clause's topic lead again, in place: `asked` says which clauses ended with "?", `analyseClause` reads what
 * follows the topic, `imperativeWord` tells a word that may lead an instruction the lexicon lacks.
 */
export function readTopics(clauses: ClauseAnalysis[], asked: readonly boolean[], analyseClause: (text: string, asked: boolean) => ClauseAnalysis, imperativeWord: (word: string) => boolean): void {
// "search results: dedupe notes ... plz": a topic before a colon read as a leading read verb ("search") is where
// the change after it goes; what follows decides unless it reads too ("search results: collapse ... plz", with a
// verb the lexicon lacks, is unclear, not a search). Round 15c: so does a topic whose own word was read as the verb
// ("tags - collapse ...", "export: does it ...?") or a clause read as nothing, and what follows may be a question
// ("sync - why does it ...?") or an instruction led by a verb the lexicon lacks ("login: downcase the address ...")
for (const [i, c] of clauses.entries()) {
  // "CHANGELOG: note the new pdf exporter", "docs/auth.md - explain how the reset link expires": a writing verb after
  // a document named first writes that document (round 15c)
  const doc = c.intent === 'read_only' && !c.question ? DOC_TOPIC.exec(c.text.trim()) : null
  if (doc) {
    const inner = analyseClause(c.text.trim().slice(doc[0].length), asked[i])
    if (!inner.question && inner.intent === 'read_only' && WRITING_READ_VERBS.has(inner.cue ?? '') && !/^(?:to\s+)?(?:me|us)\b/.test(inner.object.trim())) clauses[i] = {...inner, text: c.text, intent: 'change'}
    continue
  }
  const topic = TOPIC_LEAD.exec(c.text.trim())
  if (!topic || CHANGE_LABEL.test(c.text.trim()) || CONSTRAINT_LEAD.test(c.text.trim()) || topic[1].split(/\s+/).some((w) => QUESTION_OPENERS.has(w) || SUBJECTS.has(w) || NEGATORS.has(w) || PERSONS.has(w))) continue
  const topicVerb = (c.via === 'leading_verb' || c.via === 'later_verb') && topic[1].split(/\s+/).includes(bare(c.verb ?? ''))
  const rest = c.text.trim().slice(topic[0].length)
  // "misc - sort it out", "export: does it cope ...?": the verb read after the topic leads what follows
  const leads = c.via === 'later_verb' && bare(rest.split(/\s+/)[0]) === bare(c.verb ?? '')
  const read = (c.intent === 'read_only' && !c.question) || topicVerb || c.via === 'default'
  if (!read && !leads) continue
  const inner = analyseClause(rest, asked[i])
  // ... where only the question or the vagueness after the topic is read anew; a change keeps its reading and is
  // about the topic ("labels: trim the whitespace around names")
  if (!read && !inner.question && inner.via !== 'vague') {
    if (c.intent === 'change' && inner.intent === 'change' && !CREATING_VERBS.has(c.cue ?? '')) clauses[i] = {...c, topic: topic[1]}
    continue
  }
  // a change that is no creation of something new ("login: add passkeys" is a new thing, however its topic reads)
  const about = (inner.intent === 'change' && !CREATING_VERBS.has(inner.cue ?? '')) ? {topic: topic[1]} : {}
  if (inner.question ? c.intent !== 'read_only' || topicVerb || leads : inner.intent !== 'read_only' && inner.intent !== 'unclear') clauses[i] = {...inner, text: c.text, ...about}
  else if (leads && inner.via === 'vague') clauses[i] = {...inner, text: c.text}
  else if (inner.intent === 'unclear' && inner.via === 'default' && !asked[i] && TOPIC_INSTRUCTION.test(rest) && imperativeWord(bare(rest.split(/\s+/)[0]))) {
    clauses[i] = {text: c.text, intent: 'change', question: false, via: 'wish', cue: `${bare(rest.split(/\s+/)[0])} (after a topic)`, object: rest, topic: topic[1]}
  }
}
}

/** Verbs that put a thing into what the program prints (round 16b: "don't include the password in the login failure output"). */
const INCLUDING_VERBS: ReadonlySet<string> = new Set(['include', 'put', 'write', 'add', 'append', 'embed', 'mention'])

/** A named output of the program's own ("in the login failure output", "in the export's output"), not the asker's. */
const NAMED_OUTPUT = /\bin\s+(?:the|its|their|each|every)\s+(?:[\w'-]+\s+){1,3}?output\b(?!\s+(?:code|module|file|function|handler|class|tests?|logic|directory|folder|dir))/

/**
 * A showing verb negated ("don't show", "never list", "stop printing", "no longer echo") whose object puts it in a named
 * part of the program's output (`OUTPUT_PART`, `SHOWN_WHERE`), or an including verb negated into a named output of the
 * program's (`NAMED_OUTPUT`): the verb, as written, and its object.
 */
export function negatedShowing(first: string, second: string, tokens: readonly string[]): {verb: string; written: string; object: string} | undefined {
  let at: number
  if (first === 'do' && second === 'not') at = 2
  else if (first === 'no' && second === 'longer') at = 2
  else if (/^(?:never|don'?t|dont)$/.test(first)) at = 1
  else if (/^(?:stop|quit)$/.test(first) && /ing$/.test(second)) at = 1
  else return undefined
  const written = bare(tokens[at] ?? '')
  const verb = lexiconVerb(written)
  const including = verb !== undefined && INCLUDING_VERBS.has(verb)
  if (verb === undefined || !(SHOWING_VERBS.has(verb) || including) || (first === 'stop' || first === 'quit' ? !written.endsWith('ing') : verb !== written)) return undefined
  const object = tokens.slice(at + 1).join(' ')
  if (/^(?:me|us|you|anything|any|nothing)\b/.test(object) || /[,:]/.test(object)) return undefined
  return OUTPUT_PART.test(object) || SHOWN_WHERE.test(object) || (including && NAMED_OUTPUT.test(object)) ? {verb, written, object} : undefined
}

