/**
 * Intent classification: a request is split into clauses; each clause is a question (read_only) or a
 * request whose leading verb, after polite openers, gives its intent; phrases such as `rm -rf`, `force-push`
 * or `drop table` make any non-question clause destructive. The request's intent is its most severe
 * clause, so "explain X, then delete Y" is destructive while "add a delete button" stays a change.
 */
import {
  CODE_CUES,
  DESTRUCTIVE_PHRASES,
  DOC_WORDS,
  FILLER,
  INTENT_SEVERITY,
  AUX_OPENERS,
  ASK_FOR,
  GIVE_TO_ASKER,
  READ_NOUNS,
  NEGATORS,
  PHRASAL_VERBS,
  SUBJECT_FOLLOWERS,
  SUBJECTS,
  QUESTION_OPENERS,
  RELEASE_PHRASES,
  REQ_ID,
  SEPARABLE_PHRASAL,
  TEST_ID,
  TEST_WORDS,
  USER_DOCS,
  GOVERNANCE_DOCS,
  VAGUE_WORDS,
  VERB_INTENT,
  VERSION,
  WISH,
  type Intent,
} from './lexicon.js'
import {ANSWER_MANNER, ANYONE_KNOW, DELEGATED_CHANGE, KEEP_AS_IS, PURPOSE_CLAUSE, RESULT_CLAUSE, PROPOSED_FOR, PROPOSED_ALSO, NEGATED_BEHAVIOUR_CONDITION, EDITING_VERBS, DROPPED_IT, NEGATED_MODAL, EMPTY_ASK, DOC_PRODUCT, CONVERSATION_PLACE, CONSTRAINT_LEAD, BUG_REPORT, CAUSATIVE_HAVE, CONVERSATION_WORDS, NEVER_HAPPENS, TAG_QUESTION, CHANGE_LABEL, CONDITION_LEAD, CURIOUS, DOC_PART, INTO_DOCUMENT, INTO_STORE, INTO_USER_DOC, LABEL_WORDS, MODAL, ADVERBS, SAYING_VERBS, DOCUMENTING, MODIFIED_NOUN, NAMED_WANT, NEGATED_WISH, NEGATED_WORK, NOT_KNOWING, POLITE_WONDER, QUESTION_LEAD, REQUEST_LABEL, PRONOUN_OBJECT, INFORMAL_MODALS, ON_DEMAND_CLAUSE, STATING_SUBJECTS, UI_WORDS} from './forms.js'
import {CREATING_VERBS} from './scope-lexicon.js'
import {impliedTools} from './tools.js'
import {bare, lexiconVerb, NOT_A_VERB_AFTER, plainProposal, resolveVerb, wishedVerb} from './verbs.js'
import {pointBack, contextClauses, contradict, repairsReported, resolveIntoContext, scopedText, withoutConstraints} from './discourse.js'
import {correctTypos} from './typos.js'
import {onlyAsks} from './asked-only.js'
import {ROLE_LEAD, SHOWN_CLAUSE} from './role-lead.js'
import {negatedShowing, readTopics} from './topics.js'
import {STOP_WORDS} from '../text/tokens.js'
import {retryAsked} from './retry-ask.js'
import {describedBehaviour} from './described-behaviour.js'
import {TEST_RIDER} from './test-rider.js'
import {NEEDED_ARTIFACT} from './needed-artifact.js'
import {PACKAGE_RUN} from './package-run.js'
import {markStory} from './story-form.js'
import {askedAfterReport, FOLLOW_ON_LEAD, markPointersBack, PASTE_MARKS, PASTED_LEAD} from './follow-up.js'
import {changeTarget} from './change-target.js'
import {PURPOSE_ASKED} from './incidental-scope.js'
import {markUnverbed} from './unverbed-change.js'
import {markWantedState} from './wanted-state.js'
import {markDestroyedOutcome} from './destroyed-outcome.js'
import {markCodeReads} from './code-reads.js'
import {markSwitchedReads} from './read-switched.js'
import {markShownInUi} from './shown-in-ui.js'
import {stripRequestPrefix} from './request-prefix.js'
import {PROSE_ADDENDUM} from './prose-addendum.js'
import {chatShorthand, spellTurnWords} from './pointer-turn.js'
import {notExampleValues, uniqueIds} from '../text/ids.js'
import {markEmptyTask, withoutDoneItems} from './empty-task.js'
import {unframeHeadings} from './markdown-frame.js'
import {markPresented, withoutPresentedFences, withoutRefusedReports} from './reported-material.js'
import {TOPICLESS_ASK, VAGUE_IDIOM, WORK_ELSEWHERE, vagueContraction} from './vague-forms.js'
import {confirmedReading, proposedClause} from './proposed-question.js'
import {RELEASE_RUN} from './release-worded.js'
import {EXAMPLE_CONFIG_DOC, proseForPeople} from './prose-docs.js'
import type {PastedReading} from './pasted-material.js'
import {HANDOFF_PLACE, unframeHandoff} from './handoff-frame.js'
import {unframeTaskLead, withLabelledContext} from './brief-context.js'
import {stepsBeforeReads} from './step-before-read.js' // round 30a: a step put before a read as its time is that step, then the read
import {compoundNounHead} from './compound-noun.js'
import {VALUE_CODES} from './docs-place.js'
import {withCorrections} from './typo-scope.js'
import {ridingChanges} from './read-then-change.js'
import {markCommandReads, markRunDestroys, markWrittenBehaviour, passiveDoneFirst, withoutLeadingOptions} from './commands-run.js'

/** What an AEE phase rule looks at: read, or which kind of change. */
export type PhaseAction = 'read_only' | 'docs_change' | 'test_change' | 'code_change' | 'destructive' | 'release'

export interface ClauseAnalysis {
  text: string
  intent: Intent
  question: boolean
  /** the verb (or phrase id) that decided the clause's intent, when any */
  cue?: string
  /**
   * how the cue was found: a question, the leading verb, a phrase anywhere, a verb later in the clause, a
   * wish ("it should ..."), a negated instruction ("don't edit anything"), an object that names nothing
   * ("continue with the plan"), the manner of the answer alone ("please keep the answer short": no
   * instruction, like filler), a statement next to a task (context: "The export currently skips untitled notes."),
   * an instruction that a constraint forbidding every change contradicts, or nothing at all (unclear)
   */
  via: 'question' | 'leading_verb' | 'phrase' | 'later_verb' | 'wish' | 'negated' | 'vague' | 'manner' | 'contradiction' | 'context' | 'default'
  /** words following the decisive verb (the target), for instructions */
  object: string
  /** the decisive verb as written ("making", "get rid of"): left out of scope matching */
  verb?: string
  /** a constraint the clause states ("don't touch the sync code", "no edits please:"): what not to do is no scope */
  constraint?: string
  /** the situation a task points back to ("fix that" after "The README has a typo."): read for the kind of change */
  about?: string
  /** the topic before a colon or " - " that a change after it is about ("login: downcase the address ..."), round 15c */
  topic?: string
}

export interface RequestAnalysis {
  /** the request as analysed (trimmed, at most MAX_REQUEST characters) */
  text: string
  /** lower-cased, whitespace-collapsed text the policy patterns run on */
  lower: string
  intent: Intent
  /** every clause is a question */
  question: boolean
  /** round 18a: an explicit "just asking" beside the questions: no sentence is read as a proposal (analyse/asked-only.ts) */
  only_asking?: boolean
  clauses: ClauseAnalysis[]
  /** the phase action this request is */
  action: PhaseAction
  /** a documentation change to documents written for people (README, guides, *.md other than the governance files) */
  user_docs: boolean
  /** tool names the request implies (permission profile check) */
  tools: string[]
  explicit_requirement_ids: string[]
  explicit_test_ids: string[]
  /** a version number mentioned (release requests) */
  version?: string
  /** the text scope matching runs on: ids removed, decisive verbs removed */
  scope_text: string
  /**
   * what each instruction acts on: its verb (base form, as the lexicon knows it) and the words after it,
   * so scope can tell the object of "add X to Y" from where it goes, and keep a verb that is a project word
   */
  frames: {verb: string; object: string; written?: string}[]
  /** the sentences that decide the intent, and the context around them ("We are on the notes CLI.") */
  deciding_text: string
  context_text: string
  truncated: boolean
  /** words read as the lexicon word they are one typo away from ("deleet" -> delete) */
  corrections: [string, string][]
  /** the topics the deciding changes are about ("tags - collapse labels ..."): scope reads the feature from them */
  topics: string[]
  /** round 23a: the request read without the material it pastes (analyse/pasted-material.ts) */
  pasted?: PastedReading
  /** round 23a: kinds of live credential the request carries (policy/secrets-in-paste.ts), never the values */
  carried_secrets?: string[]
}

/** Longer requests are analysed on their first MAX_REQUEST characters (and the narration says so). */
export const MAX_REQUEST = 4000

const CLAUSE_SPLIT = /(?:[!?;]+|\.(?=\s|$))\s*|\n+|\s*,?\s+(?:and then|then|and also|after that|afterwards|and finally)\s+|\s*,?\s+and\s+(?=(?:don'?t|do\s+not|never)\s+(?:write|put|add|record|log|mention|note)\s+(?:anything|it|this|that|a\s+word)\b)|,\s*but\s+|,\s*(?=(?:can|could|would|will) (?:you|u|we)\b|please\b|pls\b)/

/** A read-only thing asked for ("a summary of", "an overview", "the rundown"), after a way of asking (ASK_FOR). */
const READ_NOUN_OBJECT = new RegExp(`^(?:(?:a|an|the|some|your|quick|short|brief|high-level|detailed|full|rough|little|small|general|proper)\\s+)*(?:${READ_NOUNS.join('|')})(?=\\s+(?:of|on|about|regarding|for|from|covering|explaining|describing|showing)\\b|\\s*[,.!?:]?\\s*$)`)

/** The object names nothing: only vague words ("all of it", "the next step", "whatever you think is best"). */
function vagueObject(object: string, changing = false): boolean {
  if (REQ_ID.test(object) || TEST_ID.test(object)) {
    REQ_ID.lastIndex = 0
    TEST_ID.lastIndex = 0
    return false
  }
  // "the other one", "that one": a pronoun after a pointing word names nothing; "build one" still asks for a thing
  // "from where you stopped", "finish it off", "you can ... now": words that only point into the conversation
  return spellTurnWords(changing ? object.replaceAll(WORK_ELSEWHERE, ' ') : object).replaceAll(CONVERSATION_PLACE, ' ').replaceAll(HANDOFF_PLACE, ' ').replaceAll(VAGUE_IDIOM, ' ').replaceAll(/\b(other|that|this|next|same|another|last|previous|remaining)\s+ones?\b/g, '$1').split(/\s+/).map(bare).filter(Boolean).every((w) => VAGUE_WORDS.has(w) || CONVERSATION_WORDS.has(w) || chatShorthand(w) || vagueContraction(w, VAGUE_WORDS))
}

function verbClause(text: string, rest: string, verb: string, object: string, via: 'leading_verb' | 'later_verb', context = '', written = verb): ClauseAnalysis {
  const clause = verbClauseOf(text, rest, verb, object, via, context)
  return {...clause, verb: written}
}

function verbClauseOf(text: string, rest: string, verb: string, object: string, via: 'leading_verb' | 'later_verb', context: string): ClauseAnalysis {
  let resolved = resolveVerb(verb, object, rest)
  // coordinated verbs: "measure and cut the start-up time", "check the export and fix it": the most severe one
  // ... and one after a comma ("get the old migrations out of the way, delete them all"), whose pronoun object stands
  // for the first verb's object
  for (const m of object.matchAll(/(?:\b(?:and|&|then)|,)\s+(?:then\s+|also\s+|just\s+)?([a-z'-]+)/g)) {
    const v = lexiconVerb(m[1])
    if (!v) continue
    // "the sync and export modules": a verb before the noun it names is a modifier, not a second instruction
    if (MODIFIED_NOUN.test(object.slice(m.index + m[0].length))) continue
    const after = object.slice(m.index + m[0].length)
    const other = resolveVerb(v, m[0].startsWith(',') && PRONOUN_OBJECT.test(after.trim()) ? `${object.slice(0, m.index)} ${after}` : after, rest)
    if (INTENT_SEVERITY[other.intent] > INTENT_SEVERITY[resolved.intent]) resolved = other
  }
  // the means of an instruction is an instruction too: "tidy up the database by emptying the notes table",
  // "speed up start-up by skipping the chain check" do what the gerund says
  for (const m of object.matchAll(/\b(?:by|via|through)\s+([a-z'-]+ing)\b/g)) {
    const v = lexiconVerb(m[1])
    if (!v) continue
    const other = resolveVerb(v, object.slice(m.index + m[0].length), rest)
    if (INTENT_SEVERITY[other.intent] > INTENT_SEVERITY[resolved.intent]) resolved = other
  }
  // round 27b: a change riding on a read ("show me the diff after you've renamed X", "look at the dump and bring it back")
  // round 29a: ... and in the passive ("when the old uploads folder has been deleted, tell me ...")
  for (const r of resolved.intent === 'read_only' ? [...ridingChanges(object, text, lexiconVerb, phrasalVerb), ...passiveDoneFirst(text, lexiconVerb, (v, o) => resolveVerb(v, o, o).intent === 'destructive')] : []) {
    const other = resolveVerb(r.verb, r.object, rest)
    if (INTENT_SEVERITY[other.intent] > INTENT_SEVERITY[resolved.intent]) resolved = other
  }
  // a read that reaches into the product's user's things "too" ("search the user's photo gallery captions too")
  // extends what the feature reads: a change, not a read for the asker
  if (resolved.intent === 'read_only' && VERB_INTENT.get(verb) === 'read_only' && /\b(?:too|as well)\s*[.!]?\s*$/.test(object) && /\b(?:the |our |a )?users?'s?\b/.test(object)) {
    resolved = {intent: 'change', cue: `${verb} ... the user's ... too`}
  }
  // read-only is decided on positive evidence: "as discussed", "looks great to me" read nothing in particular
  if ((resolved.intent === 'change' || (resolved.intent === 'read_only' && VERB_INTENT.get(verb) === 'read_only' && !SHOWN_CLAUSE.test(object))) && vagueObject(object, resolved.intent === 'change') && vagueObject(context, resolved.intent === 'change')) return {text, intent: 'unclear', question: false, via: 'vague', cue: verb, object}
  if (resolved.intent !== 'release' && (resolved.intent !== 'read_only' || RELEASE_RUN.test(rest)) && RELEASE_PHRASES.some((p) => p.test(rest))) {
    if (INTENT_SEVERITY.release > INTENT_SEVERITY[resolved.intent]) return {text, intent: 'release', question: false, via: 'phrase', cue: 'release_phrase', object}
  }
  return {text, intent: resolved.intent, question: false, via, cue: resolved.cue, object}
}

/** A verb of more than one word at the start ("get rid of", "go through"), as the verb it stands for. */
function phrasalVerb(rest: string): {verb: string; object: string; written: string} | undefined {
  for (const [pattern, verb] of PHRASAL_VERBS) {
    const m = pattern.exec(rest)
    if (m) return {verb, object: rest.slice(m[0].length).trim(), written: m[0]}
  }
  for (const [pattern, verb] of SEPARABLE_PHRASAL) {
    const m = pattern.exec(rest)
    if (m) return {verb, object: `${m[1]} ${rest.slice(m[0].length)}`.trim(), written: m[0].slice(0, m[0].indexOf(' '))}
  }
  return undefined
}

const DO_FORMS = new Set(['do', 'does', 'did'])
const BE_FORMS = new Set(['is', 'are', 'was', 'were', 'am'])

const PREPOSITIONS = new Set(['in', 'on', 'at', 'for', 'from', 'with', 'by', 'to', 'under', 'into', 'of'])
const WH_WORDS = new Set(['which', 'what', 'whose', 'whom', 'how', 'where', 'when', 'who'])
const PERSONS = new Set(['you', 'we', 'i', 'they', 'he', 'she', 'u'])

const DETERMINERS = new Set(['the', 'a', 'an', 'my', 'our', 'your', 'their', 'its', 'any', 'every', 'each', 'some', 'all'])

/** The verb at `i` is negated ("don't edit") or deferred ("before you change anything"). */
function deferred(tokens: readonly string[], i: number): boolean {
  const previous = tokens.slice(Math.max(0, i - 3), i).map(bare)
  if (previous.some((w) => NEGATORS.has(w))) return true
  const before = previous.lastIndexOf('before')
  return before >= 0 && (SUBJECTS.has(previous[before + 1] ?? '') || before === previous.length - 1)
}

/**
 * A verb of change later in the clause ("could you have a look and make search faster?"); asked with a "?", a
 * participle after its noun describes it ("cipher used for notes on disk?").
 */
function laterChangeVerb(tokens: readonly string[], asked = false): boolean {
  for (let i = 1; i < tokens.length; i++) {
    if (asked && /^[a-z]+ed$/.test(bare(tokens[i])) && !/^(?:is|are|was|were|be|been|has|have|had|get|got|gets)$/.test(bare(tokens[i - 1]))) continue
    const v = lexiconVerb(bare(tokens[i]))
    if (v && VERB_INTENT.get(v) !== 'read_only' && VERB_INTENT.get(v) !== 'run' && !NOT_A_VERB_AFTER.has(tokens[i - 1]) && !STATING_SUBJECTS.has(bare(tokens[i - 1])) && !deferred(tokens, i)) return true
  }
  return false
}

function analyseClause(raw: string, endsWithQuestionMark: boolean): ClauseAnalysis {
  const text = raw.trim()
  // "docs: describe the reset flow": a label that says the clause is a change, whatever its verb
  const label = CHANGE_LABEL.exec(text)
  if (label) {
    const inner = analyseClause(text.slice(label[0].length), endsWithQuestionMark)
    // "issue: how does sync decide what to upload?": a question after a request's label is still a question
    if (inner.question && REQUEST_LABEL.test(label[1])) return {...inner, text}
    if (inner.intent === 'read_only' || inner.intent === 'unclear') return {...inner, text, intent: 'change', question: false, via: 'leading_verb', cue: `${label[1]}:`, verb: label[1], object: `${inner.verb ?? ''} ${inner.object}`.trim()}
    return {...inner, text}
  }
  // round 19b: "CI says the build failed - can you run the linter?": the request after the dash decides when it names
  // what it asks for ("... - please fix" leaves the clause to say what)
  const asked = askedAfterReport(text, (t) => analyseClause(t, endsWithQuestionMark), vagueObject)
  if (asked) return asked
  // "can we?", "could you?": a question with nothing asked names nothing to do or answer
  if (EMPTY_ASK.test(text.replace(FILLER, '')) || TOPICLESS_ASK.test(text)) return {text, intent: 'unclear', question: false, via: 'vague', cue: text.trim(), object: ''}
  const {rest: prefixStripped, prefixed} = stripRequestPrefix(text.replace(PASTE_MARKS, '').replace(FILLER, '').replace(ROLE_LEAD, '').replace(DROPPED_IT, 'it ').replace(QUESTION_LEAD, '').replace(PASTED_LEAD, '').replace(FOLLOW_ON_LEAD, '').replace(CONSTRAINT_LEAD, '').replace(PACKAGE_RUN, 'run '))
  // "when there's no network, keep the edits": a condition before the instruction (not a question: no "?")
  const leadingCondition = CONDITION_LEAD.exec(prefixStripped)
  // "if the audit fails, what should I do?": a condition before a question (its wh-word or auxiliary leads what
  // follows the comma) is that question
  if (leadingCondition && endsWithQuestionMark) {
    const asked = stripRequestPrefix(prefixStripped.slice(leadingCondition[0].length))
    if (!asked.prefixed && QUESTION_OPENERS.has(bare(asked.rest.split(/\s+/)[0] ?? ''))) return {...analyseClause(asked.rest, true), text}
  }
  const condition = endsWithQuestionMark ? null : leadingCondition
  const afterCondition = condition ? prefixStripped.slice(condition[0].length) : prefixStripped
  // "when two edits clash, just keep the newest one": the instruction may have its own polite opener
  const afterConditionStripped = condition ? stripRequestPrefix(afterCondition).rest : afterCondition
  const afterFirst = bare(afterConditionStripped.split(/\s+/)[0] ?? '')
  // what follows the condition instructs when it leads with a verb ("throw away the older one", "say ..."): a
  // subordinate clause then a main clause that is neither a question form nor a statement with its own subject
  const conditional = condition !== null && (lexiconVerb(afterFirst) !== undefined || phrasalVerb(afterConditionStripped) !== undefined || (/^[a-z]+$/.test(afterFirst) && imperativeWord(afterFirst)))
  const rest = conditional ? afterConditionStripped : prefixStripped
  // "if login fails, show 'invalid credentials'", "when someone types a wrong password, say ...": what the program
  // shows or says when something happens is a change of its behaviour (not when the condition is the asker's own:
  // "if you have a minute, show me ...")
  if (conditional && condition && SAYING_VERBS.has(afterFirst) && !/^(?:me|us)\b/.test(afterConditionStripped.slice(afterFirst.length).trim()) && !PERSONS.has(bare(condition[0].split(/\s+/)[1] ?? ''))) {
    return {text, intent: 'change', question: false, via: 'leading_verb', cue: afterFirst, verb: afterFirst, object: afterConditionStripped.slice(afterFirst.length).trim()}
  }
  // "when a user hasn't opened the app for a week, it should email them a reminder": a condition, then a wish with
  // its own subject, states how the program is to behave (a change), not a when-question
  if (condition && !conditional && MODAL.test(afterConditionStripped)) {
    const inner = analyseClause(afterConditionStripped, false)
    if (INTENT_SEVERITY[inner.intent] > INTENT_SEVERITY.read_only) return {...inner, text}
  }
  // "whenever the output is piped, don't colour it": a negated behaviour after its condition reads as with the
  // condition after it ("don't colour it whenever the output is piped")
  if (condition && !conditional && /^(?:never|don'?t|dont|do not)\s/.test(afterConditionStripped)) {
    const inner = analyseClause(`${afterConditionStripped.replace(/[.!]\s*$/, '')} ${condition[0].replace(/,\s*$/, '')}`, false)
    if (inner.intent === 'change') return {...inner, text}
  }
  // round 22a: a change asked as a question ("how about we ...", "why not make ...", "would it be hard to add ...")
  const proposal = proposedClause(rest, text, (t) => analyseClause(t, false))
  if (proposal) return proposal
  const tokens = rest.split(/\s+/).filter(Boolean)
  const first = bare(tokens[0] ?? '')
  const second = bare(tokens[1] ?? '')
  // a question: a wh-word, or an auxiliary before its subject ("do you", "is it") or with a question mark
  const opener =
    !prefixed &&
    !conditional &&
    // "when I type a wrong password the CLI exits 0": "when" then its subject, with no "?", is a subordinate clause (a
    // statement), not a question; one asks with an auxiliary after it ("when does the link expire", "when was ... tagged")
    !(first === 'when' && !endsWithQuestionMark && !AUX_OPENERS.has(second) && !/^(?:will|would|may|might|must|shall)$/.test(second)) &&
    // "have the audit return zero": a causative "have" is an instruction unless it is asked ("has it ...?")
    !(/^ha(?:ve|s|d)$/.test(first) && !endsWithQuestionMark && !SUBJECTS.has(second)) &&
    (QUESTION_OPENERS.has(first) || (PREPOSITIONS.has(first) && WH_WORDS.has(second) && endsWithQuestionMark)) &&
    // "does"/"did" never lead an instruction ("do the rest" does): "does a session expire while ..." asks, "?" or not
    // ... and a form of "be" never leads one ("is startup time measured anywhere", "are migrations reversible")
    (!AUX_OPENERS.has(first) || (DO_FORMS.has(first) ? PERSONS.has(second) || (first !== 'do' && second !== '') : SUBJECTS.has(second)) || endsWithQuestionMark || (!DO_FORMS.has(first) && DETERMINERS.has(second)) || (BE_FORMS.has(first) && second !== ''))
  // a leading verb used as the subject ("search should rank ...") is not the instruction
  // ... or as a noun before a wish ("search results should be ranked by relevance")
  const subjectNoun =
    SUBJECT_FOLLOWERS.has(second) ||
    // "search shouldn't show deleted notes", "sync doesn't upload anything": before a negated auxiliary, a subject
    /^(?:shouldn't|mustn't|shan't|won't|wouldn't|can't|cannot|couldn't|doesn't|didn't|isn't|aren't|wasn't|weren't)$/.test(second) ||
    (VERB_INTENT.get(lexiconVerb(first) ?? '') === 'read_only' && !DETERMINERS.has(second) && !PERSONS.has(second) && second !== 'me' && second !== 'us' && WISH.test(rest) && !/^(?:me|us)\b/.test(second)) ||
    // "queued edits should survive a restart", "uploading changed notes should retry": an inflected verb before a
    // modal describes the subject; an instruction leads with the verb's plain form. A removal's gerund still asks
    // for the removal ("removing the old backups should happen tonight")
    (/(?:ed|ing)$/.test(first) && lexiconVerb(first) !== undefined && lexiconVerb(first) !== first && MODAL.test(rest) && !(/ing$/.test(first) && /^(?:remove|destructive)$/.test(VERB_INTENT.get(lexiconVerb(first)!) ?? '')))
  const leading = subjectNoun ? undefined : lexiconVerb(first)
  const reading = leading !== undefined && VERB_INTENT.get(leading) === 'read_only'
  for (const phrase of DESTRUCTIVE_PHRASES) {
    const m = phrase.pattern.exec(rest)
    // "explain the rm -rf incident" is about the phrase, "run rm -rf build" does it
    // "the migration runner can only roll back everything": what a thing does now, not an instruction (round 18b)
    if (m && describedBehaviour(rest.slice(0, m.index))) continue
    // round 30b: a phrase that starts the clause is the command itself, even one led by a reading verb ("find ./data -delete")
    if (m && !opener && (!reading || m.index === 0)) return {text, intent: 'destructive', question: false, via: 'phrase', cue: phrase.id, object: rest.slice(m.index + m[0].length).trim()}
  }
  // "Please keep the answer short.", "Thanks in advance.": how to answer, no instruction (dropped like filler)
  if (ANSWER_MANNER.test(rest)) return {text, intent: 'unclear', question: false, via: 'manner', cue: rest.trim().slice(0, 40), object: ''}
  // "the session expires after 30 minutes, right?", "notes are encrypted on disk, aren't they?": a statement
  // asked to be confirmed is a question when no verb leads it
  if (endsWithQuestionMark && !prefixed && !leading && TAG_QUESTION.test(rest)) return {text, intent: 'read_only', question: true, via: 'question', cue: TAG_QUESTION.exec(rest)?.[0].replace(/^,\s*/, ''), object: rest}
  // "anyone know how long startup takes": asking whoever knows
  if (ANYONE_KNOW.test(rest)) return {text, intent: 'read_only', question: true, via: 'question', cue: ANYONE_KNOW.exec(rest)?.[0], object: rest}
  // "I forgot how labels are limited", "no idea why sync fails when offline": not knowing, a question
  if (NOT_KNOWING.test(rest)) return {text, intent: 'read_only', question: true, via: 'question', cue: NOT_KNOWING.exec(rest)?.[0], object: rest}
  // "no ANSI codes when the output is piped": a wanted behaviour stated as what must not happen
  if (first === 'no' && !NEGATED_WORK.test(second) && /\b(?:when|whenever|if|unless|while|in|on)\b/.test(rest)) return {text, intent: 'change', question: false, via: 'wish', cue: 'no ... when', object: rest}
  // "I was wondering if you could delete the backups folder": a request put politely, not a question
  const polite = POLITE_WONDER.exec(rest)
  if (polite && rest.length > polite[0].length) {
    const inner = analyseClause(rest.slice(polite[0].length), false)
    if (inner.intent !== 'unclear') return {...inner, text}
  }
  // "would it be possible for the export to put ...?", "could search also match titles?": a change proposed as a
  // question; what the thing is to do, even with a read verb ("could the export also show ..."), is a change to it
  // ... and put without a question mark: "could the search command show the match count" (the verb after the thing is the lexicon's)
  const proposed = PROPOSED_FOR.exec(rest) ?? PROPOSED_ALSO.exec(rest) ?? (endsWithQuestionMark && !PURPOSE_ASKED.test(rest) ? null : plainProposal(rest))
  if (proposed && rest.length > proposed[0].length) {
    const inner = analyseClause(rest.slice(proposed[0].length), false)
    if (INTENT_SEVERITY[inner.intent] > INTENT_SEVERITY.change) return {...inner, text}
    return {text, intent: 'change', question: false, via: 'wish', cue: proposed[0].trim(), object: rest.slice(proposed[0].length)}
  }
  // "not sure how the export names its files": doubt about how something is, a question put as a statement
  if (first === 'not' && CURIOUS.test(rest)) return {text, intent: 'read_only', question: true, via: 'question', cue: CURIOUS.exec(rest)?.[0], object: rest}
  // "don't show the full server address in the sync summary", "stop printing every note's body in the export log": what
  // the program is not to show in a named part of its own output is a change to it, a hiding that produces nothing
  // (round 15c; "don't show me ..." is not)
  const hidden = negatedShowing(first, second, tokens)
  if (hidden) return {text, intent: 'change', question: false, via: 'leading_verb', cue: 'hide', verb: hidden.written, object: hidden.object}
  // "don't edit anything", "never touch the schema": a constraint on the work, not work to do, and no
  // evidence of a question either: alone it is unclear (a question or an instruction next to it decides)
  if (NEGATORS.has(first) || (first === 'do' && second === 'not')) {
    // "never colour the output when NO_COLOR is set", "don't emit escape codes when stdout is redirected": what the
    // program must not do under a condition of its own is a change to its behaviour (an edit verb stays a constraint:
    // "don't touch the schema when ...", and so does a condition of the doer's: "... when you fix it")
    const negatedWord = first === 'do' ? bare(tokens[2] ?? '') : second
    const negatedVerb = lexiconVerb(negatedWord)
    const negatedKind = negatedVerb === undefined ? undefined : VERB_INTENT.get(negatedVerb)
    const behaviour = negatedKind === undefined ? imperativeWord(negatedWord) && !NEGATED_WORK.test(negatedWord) : (negatedKind === 'read_only' || (negatedKind === 'change' && !EDITING_VERBS.has(negatedVerb!))) && !/\b(?:me|us)\b/.test(tokens.slice(first === 'do' ? 3 : 2, first === 'do' ? 4 : 3).join(' '))
    // "never write a note to disk unencrypted": writing into the program's store is its behaviour, not editing work
    const stored = negatedKind === 'change' && INTO_STORE.test(rest) && !INTO_DOCUMENT.test(rest)
    if (/^(?:never|don'?t|dont|do)$/.test(first) && ((behaviour && NEGATED_BEHAVIOUR_CONDITION.test(rest)) || stored)) return {text, intent: 'change', question: false, via: 'wish', cue: `${first} ${negatedWord} ... when`, object: rest}
    // "don't change anything yet, just explain why", "no edits please: summarise ...": what follows the
    // constraint (after its comma or colon) is the request
    const after = /[,:]\s*(.+)$/.exec(rest)
    const inner = after ? analyseClause(after[1], endsWithQuestionMark) : undefined
    // the constraint says what not to touch: its words are no scope ("no edits please: just drop the notes table")
    if (inner && inner.intent !== 'unclear') return {...inner, text, constraint: rest.slice(0, rest.length - after![1].length)}
    return {text, intent: 'unclear', question: false, via: 'negated', cue: first, object: tokens.slice(1).join(' '), constraint: rest}
  }
  // "I'm curious why preflight blocked ...", "I wonder whether ...": a question put as a statement
  if (CURIOUS.test(rest)) return {text, intent: 'read_only', question: true, via: 'question', cue: CURIOUS.exec(rest)?.[0], object: rest}
  // "I'd like a summary of ...", "provide an overview of ...", "give me the file where ...": asking for an answer
  const ask = ASK_FOR.exec(rest)
  if ((ask && READ_NOUN_OBJECT.test(rest.slice(ask[0].length)) && !INTO_DOCUMENT.test(rest)) || (GIVE_TO_ASKER.test(rest) && !INTO_DOCUMENT.test(rest))) {
    return {text, intent: 'read_only', question: false, via: 'leading_verb', cue: ask?.[0].trim() ?? first, object: ask ? rest.slice(ask[0].length) : tokens.slice(2).join(' ')}
  }
  // "a quick overview of the dependencies would help", "the rundown on sync, please": the answer asked for
  // by naming it, when no instruction or wish follows ("the list of notes should be sorted" is a wish)
  const named = READ_NOUN_OBJECT.exec(rest)
  if (named && !INTO_DOCUMENT.test(rest) && !WISH.test(rest) && !laterChangeVerb(tokens)) {
    return {text, intent: 'read_only', question: false, via: 'leading_verb', cue: named[0].trim(), object: rest.slice(named[0].length)}
  }
  const phrasal = phrasalVerb(rest)
  if (phrasal) return verbClause(text, rest, phrasal.verb, phrasal.object, 'leading_verb', '', phrasal.written)
  const verb = leading
  // "hmm that didn't work, try again?": a retry with a question mark asks nothing and names nothing (round 18b)
  if (!opener && endsWithQuestionMark && retryAsked(rest)) return {text, intent: 'unclear', question: false, via: 'vague', cue: 'retry', object: ''}
  if (opener || (endsWithQuestionMark && !prefixed && !verb && !WISH.test(rest) && !laterChangeVerb(tokens, true))) {
    return {text, intent: 'read_only', question: true, via: 'question', cue: first, object: tokens.slice(1).join(' ')}
  }
  if (verb) return verbClause(text, rest, verb, tokens.slice(1).join(' '), 'leading_verb', '', first)
  if (RELEASE_PHRASES.some((p) => p.test(rest))) return {text, intent: 'release', question: false, via: 'phrase', cue: 'release_phrase', object: rest}
  // a wish whose subject is a thing of the project says what it should do or have done to it: "the tag list
  // should show how many notes use each label", "sync must report every conflict" change the feature (a read
  // verb there is the feature's, not the asker's); "the old exports folder must be deleted" deletes the folder
  // "the CLI shouldn't print colour codes into files": what a thing must not do is a wanted behaviour
  const mustNot = NEGATED_MODAL.exec(rest)
  if (mustNot && mustNot.index > 0 && !PERSONS.has(first) && !STATING_SUBJECTS.has(first) && first !== 'me' && !endsWithQuestionMark) return {text, intent: 'change', question: false, via: 'wish', cue: mustNot[0].trim(), object: rest}
  const wished = wishedVerb(tokens)
  if (wished && !PERSONS.has(first) && !STATING_SUBJECTS.has(first) && first !== 'me' && !deferred(tokens, wished.modal)) {
    const verb = wished.verb
    const kind = VERB_INTENT.get(verb)
    const word = bare(tokens[wished.at])
    if (kind === 'read_only' && !wished.passive) return {text, intent: 'change', question: false, via: 'wish', cue: `${tokens.slice(wished.modal, wished.at).join(' ')} ${verb}`, object: rest}
    if ((kind === 'remove' || kind === 'destructive') && wished.passive) return verbClause(text, rest, verb, tokens.slice(0, wished.modal).join(' '), 'later_verb', '', word)
  }
  // "we need a test that checks ...": a need for a test or a document asks for it (round 18b)
  const needed = NEEDED_ARTIFACT.exec(rest)
  if (needed && !endsWithQuestionMark) return {text, intent: 'change', question: false, via: 'wish', cue: needed[0].trim(), object: rest}
  // No leading verb ("the login page times out, please fix"): the first lexicon verb that is not a noun
  // here and not negated or deferred ("before you change anything, explain ...").
  for (let i = 1; i < tokens.length; i++) {
    const word = bare(tokens[i])
    if (deferred(tokens, i)) continue
    const context = tokens.slice(0, i).join(' ')
    const later = phrasalVerb(tokens.slice(i).join(' '))
    if (later && !NOT_A_VERB_AFTER.has(tokens[i - 1])) return verbClause(text, rest, later.verb, later.object, 'later_verb', context, later.written)
    const v = lexiconVerb(word)
    if (!v || NOT_A_VERB_AFTER.has(tokens[i - 1]) || SUBJECT_FOLLOWERS.has(bare(tokens[i + 1] ?? ''))) continue
    // "have search index everything ...": the word after a causative "have" is who is made to act, not the verb
    if (i === 1 && first === 'have' && !endsWithQuestionMark && tokens.length > 3) continue
    // "it would be nice if search highlighted ...": right after a subordinator a plain verb not followed by its object
    // is the subject of the subordinate clause, not an instruction
    if (/^(?:if|when|whenever|whether|once|unless|until)$/.test(bare(tokens[i - 1])) && v === word && !DETERMINERS.has(bare(tokens[i + 1] ?? ''))) continue
    // "when exporting to pdf the command crashes": a gerund right after a subordinator says when, it instructs nothing
    if (/^(?:when|whenever|while|once|after|before)$/.test(bare(tokens[i - 1])) && /ing$/.test(word) && v !== word) continue
    // "I'm preparing a review", "when I look for a word": a verb after its subject states, it does not instruct
    if (STATING_SUBJECTS.has(bare(tokens[i - 1]))) continue
    // "you know the drill", "you see what I mean": a read verb stated of the addressee asks for no answer
    if (VERB_INTENT.get(v) === 'read_only' && bare(tokens[i - 1]) === 'you') continue
    // "a colleague's change", "the app's build": after a possessive the word is a noun
    if (/'s$/.test(tokens[i - 1])) continue
    // "Dana signed off on the tag rename in standup": after a determiner and a noun, at a clause's end, a noun (round 25a)
    if (compoundNounHead(tokens, i)) continue
    // "defer reading the config": a read verb's gerund right after the clause's first word is that word's object
    if (VERB_INTENT.get(v) === 'read_only' && i === 1 && /ing$/.test(word) && v !== word) continue
    // "name files after note titles", "sort by note date": a read verb's plain form after a preposition is a noun
    if (VERB_INTENT.get(v) === 'read_only' && v === word && /^(?:after|before|by|with|of|from|per|into|about)$/.test(bare(tokens[i - 1])) && /^[a-z]+s$/.test(bare(tokens[i + 1] ?? ''))) continue
    // "page breaks between notes", "it reads better": a read verb's -s form later in a clause is a noun or a statement
    if (VERB_INTENT.get(v) === 'read_only' && v !== word && /s$/.test(word)) continue
    // "a security review", "the sync report": a read verb two words after a determiner is a compound noun
    if (VERB_INTENT.get(v) === 'read_only' && NOT_A_VERB_AFTER.has(tokens[i - 2] ?? '') && !PREPOSITIONS.has(tokens[i - 1])) continue
    // "we need search to handle 10,000 notes": a read verb inside a wish is its subject
    if (VERB_INTENT.get(v) === 'read_only' && WISH.test(rest) && /^(?:to|should|must)$/.test(bare(tokens[i + 1] ?? ''))) continue
    // "the next command should exit with code 4 and tell them to sign in again": a read verb after a thing's modal is
    // what the thing is to do, a behaviour (a person's modal is not: "you should show me ...")
    const modal = MODAL.exec(context)
    if (modal && VERB_INTENT.get(v) === 'read_only' && !endsWithQuestionMark && !PERSONS.has(first) && !STATING_SUBJECTS.has(first) && first !== 'me') return {text, intent: 'change', question: false, via: 'wish', cue: `${modal[0]} ... ${word}`, object: rest}
    // "have the sync command read the token from the environment": a read verb after a causative "have" and its object is what the thing is made to do (round 26b)
    if (first === 'have' && !endsWithQuestionMark && i <= 4 && DETERMINERS.has(bare(tokens[1] ?? '')) && VERB_INTENT.get(v) === 'read_only' && !/^(?:me|us)$/.test(bare(tokens[i + 1] ?? ''))) return {text, intent: 'change', question: false, via: 'wish', cue: `have ... ${word}`, object: rest}
    return verbClause(text, rest, v, tokens.slice(i + 1).join(' '), 'later_verb', context, word)
  }
  // "I don't want to change anything": a wish negated is a constraint
  if (NEGATED_WISH.test(rest)) return {text, intent: 'unclear', question: false, via: 'negated', cue: NEGATED_WISH.exec(rest)?.[0], object: rest}
  // "it would be great if things were better": a wish whose every word is vague names nothing to change
  const wish = WISH.exec(rest)
  if (wish && vagueObject(rest.slice(wish.index + wish[0].length).replaceAll(/\b(?:if|when|once|whether|could|would|was|a bit|bit|lot|little|much|nicer|easier|worked|works|work|got|get|slightly|somehow|generally|overall)\b/g, ' '))) {
    return {text, intent: 'unclear', question: false, via: 'vague', cue: wish[0], object: rest}
  }
  if (wish) return {text, intent: 'change', question: false, via: 'wish', cue: wish[0], object: rest}
  // "the pdf output is missing page breaks between notes": a bug report about a thing is a request to fix it
  // (not a statement about the speaker: "we saw sync fail"; and not when the request defers all change)
  if ((BUG_REPORT.test(rest) || NEVER_HAPPENS.test(rest)) && !PERSONS.has(first) && !STATING_SUBJECTS.has(first)) return {text, intent: 'change', question: false, via: 'wish', cue: 'bug report', object: rest}
  // "have the syncer wait a few seconds between attempts": a causative with a verb the lexicon lacks
  const causative = endsWithQuestionMark ? null : CAUSATIVE_HAVE.exec(rest.toLowerCase())
  if (causative) return {text, intent: 'change', question: false, via: 'wish', cue: `have ... ${causative[1]}`, object: rest.slice(5)}
  // "when edits clash, toss out the one saved first": a condition, then a clause led by a verb the lexicon lacks,
  // is still an instruction about how the program behaves then
  if (conditional && !endsWithQuestionMark) return {text, intent: 'change', question: false, via: 'wish', cue: `${first} (after a condition)`, object: rest}
  // "lazy-load them so the app starts faster", "defer reading the config ..., so startup gets quicker": an
  // instruction led by a verb the lexicon lacks, for a purpose the program is to meet, changes the program
  if (!endsWithQuestionMark && imperativeWord(first) && (PURPOSE_CLAUSE.test(rest) || RESULT_CLAUSE.test(rest) || ON_DEMAND_CLAUSE.test(rest))) return {text, intent: 'change', question: false, via: 'wish', cue: `${first} (for a purpose)`, object: rest}
  // "reversible migrations pls", "offline mode please": a thing named and asked for, with no verb, is wanted (round 16c)
  const askedFor = NAMED_WANT.exec(rest)
  if (askedFor && !endsWithQuestionMark && !vagueObject(askedFor[1])) return {text, intent: 'change', question: false, via: 'wish', cue: 'named ... please', object: askedFor[1]}
  return {text, intent: 'unclear', question: false, via: 'default', object: rest}
}


function phaseAction(intent: Intent, text: string): PhaseAction {
  if (intent === 'unclear') return 'read_only'
  if (intent === 'read_only' || intent === 'destructive' || intent === 'release') return intent
  const code = CODE_CUES.test(text.replaceAll(VALUE_CODES, ' '))
  if (TEST_WORDS.test(text) && !code) return 'test_change'
  // "document how the retry budget is set", "add a troubleshooting section on ...": every part writes prose
  if (text.split(' ; ').every((part, i) => (DOCUMENTING.test(part.trim()) || (i > 0 && PROSE_ADDENDUM.test(part.trim()))) && !UI_WORDS.test(part))) return 'docs_change'
  // "export the notes to Google Docs" names a product, not a document of the project's
  if (DOC_WORDS.test(text.replaceAll(DOC_PRODUCT, ' ')) && !code) return 'docs_change'
  if (EXAMPLE_CONFIG_DOC.test(text) && !code) return 'docs_change'
  return 'code_change'
}


/** A word that can lead an instruction the lexicon lacks: not a subject, determiner, question word, inflected form or adverb. */
function imperativeWord(word: string): boolean {
  return /^[a-z][a-z-]*$/.test(word) && !QUESTION_OPENERS.has(word) && !SUBJECTS.has(word) && !STATING_SUBJECTS.has(word) && !DETERMINERS.has(word) && !PERSONS.has(word) && !STOP_WORDS.has(word) && !/(?:[^s]s|ed|ing)$/.test(word) && !ADVERBS.test(word)
}

/** Classifies a request. Pure and deterministic. */
export function analyseRequest(request: string): RequestAnalysis {
  const trimmed = request.trim()
  const truncated = trimmed.length > MAX_REQUEST
  const text = truncated ? trimmed.slice(0, MAX_REQUEST) : trimmed
  const {text: typedText, corrections} = correctTypos(text.toLowerCase().replaceAll(/\s+/g, ' '), lexiconVerb)
  // "oughta", "it'd be nice if": spoken forms of a modal read as the modal
  // round 24c: a handoff, subtask or list frame (round 30b: a command's leading options off, analyse/command-options.ts) is taken off (analyse/handoff-frame.ts)
  // round 27c: markdown section headings (markdown-frame.ts), done checklist items and a reported ask the prompt refuses are not asked (empty-task.ts, reported-material.ts)
  const lower = stepsBeforeReads(withoutPresentedFences(withoutRefusedReports(withoutDoneItems(unframeTaskLead(unframeHandoff(unframeHeadings(withoutLeadingOptions(INFORMAL_MODALS.reduce((t, [form, modal]) => t.replaceAll(form, modal), typedText)))))))), (w) => VERB_INTENT.has(w))
  const clauses: ClauseAnalysis[] = []
  const asked: boolean[] = []
  let cursor = 0
  for (const m of lower.matchAll(new RegExp(CLAUSE_SPLIT, 'g'))) {
    const piece = lower.slice(cursor, m.index)
    if (piece.trim()) {
      clauses.push(analyseClause(piece, m[0].includes('?')))
      asked.push(m[0].includes('?'))
    }
    cursor = m.index + m[0].length
  }
  const tail = lower.slice(cursor)
  if (tail.trim()) {
    clauses.push(analyseClause(tail, false))
    asked.push(false)
  }
  readTopics(clauses, asked, analyseClause, imperativeWord)
  pointBack(clauses, {lexiconVerb, resolveVerb, vagueObject})
  // round 19b: a turn that only points back at earlier turns ("do the same for ...", "have another go", "revert it")
  markPointersBack(clauses)
  confirmedReading(clauses)
  // "can you look into it and do what is needed", "have a look at the sync code and fix whatever you find": what
  // to change is left to the doer, so a read next to it is no answer to what the request asks (a change named
  // before it stays: "fix the export bug and do whatever else is needed")
  for (const [i, c] of clauses.entries()) {
    const delegated = DELEGATED_CHANGE.exec(c.text)
    const before = delegated ? c.text.slice(0, delegated.index).replace(/[\s,;]*(?:and|then|and then)?\s*$/, '') : ''
    const onlyReads = before === '' || ['read_only', 'unclear'].includes(analyseClause(before, false).intent)
    if (delegated && (c.intent === 'read_only' || c.intent === 'unclear' || (c.intent === 'change' && onlyReads))) clauses[i] = {...c, intent: 'unclear', question: false, via: 'vague', cue: delegated[0]}
  }
  // round 27c: working rules, asides and reported carrying-on beside an empty task ask for nothing (analyse/empty-task.ts)
  markEmptyTask(clauses, vagueObject)
  markPresented(clauses)
  // a prompt of several sentences: context, then a task ("The export command currently skips notes with no title.
  // Change it so every note is written."). The task is found by its form; a statement (a verb after its subject,
  // or a gerund subject: "Searching for 'Todo' misses 'todo'") next to it is context, and feeds scope only when
  // the task points back into it
  // round 16b: a bare "fix" after the bug it repairs is a change of that bug (discourse.ts)
  repairsReported(clauses, vagueObject)
  // round 29d: a brief's labelled background and what a disclaimer puts aside are context too (brief-context.ts)
  const context = withLabelledContext(clauses, contextClauses(clauses))
  for (const i of context) clauses[i] = {...clauses[i], intent: 'unclear', question: false, via: 'context', cue: clauses[i].cue}
  // round 19b: a user story or a Given/When/Then scenario states the behaviour wanted: its statements are the change
  markStory(clauses, lower)
  // round 21b: a destroyed state wished on data, a document's wish or lack (analyse/unverbed-change.ts)
  markUnverbed(clauses)
  markWantedState(clauses)
  markDestroyedOutcome(clauses, lower)
  markCodeReads(clauses)
  markSwitchedReads(clauses)
  // round 29a: runs of operations tools, read or destroying, and what code being written is to do (analyse/commands-run.ts)
  markRunDestroys(clauses, (cue) => VERB_INTENT.get(cue) === 'run', lexiconVerb, (v, o) => resolveVerb(v, o, o).intent)
  markCommandReads(clauses)
  markWrittenBehaviour(clauses)
  markShownInUi(clauses)
  const pointedTo = clauses.length > 1 ? resolveIntoContext(clauses, context, {lexiconVerb, resolveVerb, vagueObject}) : []
  // a bug report next to "don't change anything" or "before you change anything" is context for a question
  if (clauses.some((c) => c.via === 'negated' || /\bbefore (?:you |we |i )?(?:chang|edit|touch|fix|modif)|\b(?:don'?t|do not|never|no need to)\s+(?:\w+\s+)?(?:chang|edit|touch|fix|modif)/.test(c.text))) {
    for (const [i, c] of clauses.entries()) if (c.cue === 'bug report') clauses[i] = {...c, intent: 'unclear', via: 'default'}
  }
  // "don't change anything, and delete the old backups folder", "read only please. Rename the export command": a
  // constraint that forbids every change next to an instruction that changes is a contradiction, unclear in every
  // phase; the instruction that is the constraint's exception ("don't change anything, just explain ...") is not
  // round 18a: a question beside "just asking", "don't change anything" or what the asker is doing only asks
  const onlyAsked = onlyAsks(clauses, asked)
  if (onlyAsked) for (const [i, c] of clauses.entries()) clauses[i] = {...c, intent: 'read_only', question: true, via: 'question'}
  const contradicts = contradict(clauses)
  // the most severe clause; unclear only when no clause says what to do (empty requests too)
  let intent: Intent = 'unclear'
  if (!contradicts) for (const c of clauses) if (INTENT_SEVERITY[c.intent] > INTENT_SEVERITY[intent]) intent = c.intent
  const question = clauses.length > 0 && clauses.every((c) => c.question)
  const explicitReq = uniqueIds(text.matchAll(REQ_ID))
  const explicitTest = uniqueIds(notExampleValues(text, text.matchAll(TEST_ID)))
  // what kind of change it is comes from the clauses that ask for it, not from background ("Requirement: ...")
  const target = clauses.filter((c) => c.intent === intent).map(changeTarget).join(' ; ') || text
  const action = phaseAction(intent, target)
  const decisive = clauses.filter((c) => c.via === 'leading_verb' || c.via === 'later_verb')
  const cues = new Set([...decisive.map((c) => c.cue), ...decisive.flatMap((c) => (c.verb ?? '').split(/\s+/))])
  // round 25c: the typos corrected for the intent are corrected for scope too (analyse/typo-scope.ts)
  const scopeText = withCorrections(withoutConstraints(scopedText(text, clauses, context, pointedTo, CLAUSE_SPLIT), clauses)
    // "... and add a regression test for it": a test rider names nothing of its own (round 18b)
    .replaceAll(TEST_RIDER, ' ')
    .replaceAll(LABEL_WORDS, '$1 ')
    .replaceAll(REQ_ID, ' ')
    .replaceAll(TEST_ID, ' '), corrections)
    .split(/\s+/)
    .filter((w) => !cues.has(w.toLowerCase().replaceAll(/[^a-z]/g, '')))
    .join(' ')
  return {
    text,
    lower,
    intent,
    question,
    clauses,
    // what kind of change it is comes from the clauses that ask for it, not from background ("Requirement: ...")
    action,
    user_docs: action === 'docs_change' && !GOVERNANCE_DOCS.test(lower) && ((USER_DOCS.test(target) && decisive.every((c) => !CREATING_VERBS.has(c.cue ?? '') || DOC_PART.test(c.object.trim()) || INTO_USER_DOC.test(c.object))) || proseForPeople(target)),
    tools: impliedTools(intent, clauses),
    explicit_requirement_ids: explicitReq,
    explicit_test_ids: explicitTest,
    version: VERSION.exec(lower)?.[0],
    scope_text: scopeText,
    frames: decisive.filter((c) => c.intent === 'change' && c.cue !== undefined).map((c) => ({verb: c.cue as string, object: c.object.replaceAll(KEEP_AS_IS, ' ').replace(/\s+(?:and|but)\s*$/, '').replaceAll(REQ_ID, ' ').replaceAll(TEST_ID, ' '), ...(c.verb ? {written: c.verb} : {})})),
    deciding_text: clauses.filter((c) => c.intent === intent).map((c) => c.text).join(' ; '),
    context_text: clauses.filter((c) => c.intent !== intent).map((c) => c.text).join(' ; '),
    truncated,
    corrections,
    topics: clauses.filter((c) => c.intent === intent && c.topic !== undefined).map((c) => c.topic as string),
    ...(onlyAsked?.marked ? {only_asking: true} : {}),
  }
}
