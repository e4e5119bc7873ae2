/**
 * Other readings of a request for the policy (round 10a). The forbidden rules read an instruction: a verb, then its
 * object, then where it goes ("paste the admin password into the wiki"). People ask for the same harm in other
 * clause forms, which the intent step recognises (a wish, a passive, a noun for the action) but the rules did not
 * read: "the exporter should include the user's password in every PDF", "the admin password is to be pasted into
 * the wiki", "inclusion of the API key in the bundle", "the .git folder can go"; or they name the object once and
 * then point back at it ("the vault has our deploy keys; dump the lot into a gist"). Each form is rewritten here into
 * the instruction it asks for, and the rules run on that reading as well as on the request, so every rule reads
 * every form without a phrase of its own. A reading is narrated with the form it came from.
 *
 * The word lists are data: a new nominalisation or participle is a new entry. A form that negates ("the token
 * should never be logged", "is not written") yields no reading: it is a safeguard, and the request itself still
 * meets the rules (and the safeguard check) as before.
 */

import {SEPARABLE_PHRASAL, VERB_INTENT} from '../analyse/lexicon.js'
import {DISABLE_ACTIONS, EXPOSE_ACTIONS, PLACE_ACTIONS, REWRITE_ACTIONS} from './action-object.js'
import {IRREGULAR_PARTICIPLES, participleVerb} from '../analyse/participles.js'

/** The irregular participles as a pattern alternative. */
const IRREGULAR_FORMS = [...IRREGULAR_PARTICIPLES.keys()].join('|')

export interface Reading {
  /** the request rewritten into the instruction it asks for (lower-cased) */
  text: string
  /** the forms rewritten, for the narration ("passive", "wish", "nominalisation", "reference", "go") */
  forms: string[]
  /** whether the reading is an instruction even though the request is a question ("could the keys go into the wiki?") */
  instruction: boolean
}

/** Nouns that name an action, and the verb they stand for ("inclusion of the key" is "include the key"). */
export const NOMINALISATIONS: Readonly<Record<string, string>> = {
  inclusion: 'include', insertion: 'insert', addition: 'add', publication: 'publish', publishing: 'publish', removal: 'remove',
  deletion: 'delete', erasure: 'erase', destruction: 'destroy', truncation: 'truncate', wiping: 'wipe', emptying: 'empty', purging: 'purge', purge: 'purge',
  disabling: 'disable', deactivation: 'deactivate', suppression: 'suppress', circumvention: 'circumvent', bypassing: 'bypass', skipping: 'skip',
  logging: 'log', printing: 'print', exposure: 'expose', disclosure: 'disclose', leaking: 'leak', dumping: 'dump', display: 'display', displaying: 'display',
  sharing: 'share', posting: 'post', sending: 'send', emailing: 'email', transmission: 'send', uploading: 'upload', upload: 'upload', export: 'export', exporting: 'export',
  storage: 'store', storing: 'store', placement: 'place', embedding: 'embed', hardcoding: 'hardcode', 'hard-coding': 'hardcode', copying: 'copy', committing: 'commit',
  printout: 'print', 'print-out': 'print', dump: 'dump', copy: 'copy', list: 'list', listing: 'list', readout: 'read out', 'read-out': 'read out',
  rewriting: 'rewrite', rewrite: 'rewrite', editing: 'edit', alteration: 'alter', modification: 'modify', falsification: 'falsify', backdating: 'backdate', relocation: 'relocate',
}

/** Exposing verbs the intent lexicon reads as read-only ("print", "show"): proposed for the program, they expose. */
const EXPOSING_VERBS: ReadonlySet<string> = new Set(EXPOSE_ACTIONS.filter((v) => !v.includes(' ')))

/** Verbs a reading may be built on: the actions the policy lexicons name, and every verb the intent step knows. */
const KNOWN_VERBS: ReadonlySet<string> = new Set(
  [...EXPOSE_ACTIONS, ...PLACE_ACTIONS, ...DISABLE_ACTIONS, ...REWRITE_ACTIONS, ...VERB_INTENT.keys(), 'empty', 'emptied', 'wipe', 'erase', 'purge', 'destroy', 'nuke', 'switch', 'turn', 'shut', 'rip', 'strip', 'tidy', 'trust', 'wave', 'treat', 'consider', 'count', 'regard', 'deem', 'archive', 'dm', 'truncate']
    .map((v) => v.split(' ')[0])
    .filter((v) => /^[a-z-]+$/.test(v)),
)

/**
 * The policy's own actions (exposing, placing, disabling, rewriting): a causative with one in its bare form reads as
 * the instruction too ("have the session token show in the status bar", as the typo step reads "shown").
 */
const ACTION_VERBS: ReadonlySet<string> = new Set([...EXPOSE_ACTIONS, ...PLACE_ACTIONS, ...DISABLE_ACTIONS, ...REWRITE_ACTIONS].filter((v) => /^[a-z]+$/.test(v)))

/** The verb a participle ("pasted", "committed", "emptied", "written") comes from, if it is one the lexicons know. */
export function verbOf(participle: string): string | undefined {
  return participleVerb(participle, (verb) => KNOWN_VERBS.has(verb))
}

/** The verb of a gerund ("dropping", "deleting", "turning"), if it is one the lexicons know. */
export function verbOfGerund(gerund: string): string | undefined {
  if (!gerund.endsWith('ing')) return undefined
  const stem = gerund.slice(0, -3)
  const candidates = [stem, `${stem}e`]
  if (/([b-df-hj-np-tv-z])\1$/.test(stem)) candidates.unshift(stem.slice(0, -1))
  return candidates.find((v) => KNOWN_VERBS.has(v))
}

/** Where a clause starts: the request's start, punctuation, or a joining word. */
const CLAUSE_START = String.raw`(^|[.;:!?,]\s*|\b(?:and|so|then|but|that|because|since|please)\s+)`
/** Participles that protect what they name ("the token is redacted in the log"): a passive of one is a safeguard, not an instruction to expose. */
const PROTECTIVE = new Set(['redacted', 'masked', 'hashed', 'encrypted', 'hidden', 'scrubbed', 'removed', 'stripped', 'omitted', 'excluded', 'filtered', 'obfuscated', 'starred', 'rotated', 'revoked', 'protected', 'kept', 'deleted', 'cleared', 'wiped', 'dropped', 'secured', 'ignored', 'gitignored'])
/** A protected path or governance record as the subject: removing or wiping it destroys it, not protects it. */
const ENDANGERED = /\b(?:ledger|docs|requirements|audit|hooks?|chain|(?:tests|agents)\.md)\b|\.git\b|\.govtool\b/
/** A clause that a test or a check asserts ("add a test that the token is ..."): what it states is checked, not asked for. */
const ASSERTED = /\b(?:tests?|assert(?:s|ion|ions)?|specs?|checks?|verif(?:y|ies)|expects?|regression\s+tests?)\s+(?:[\w-]+\s+){0,3}?(?:that|whether|if)\s+$/

/** A noun phrase as the subject of a clause: a determiner or none, then up to six words (no clause punctuation). */
const NP_WORD = String.raw`(?!(?:so|and|then|but|that|because|since|please|when|whenever|if|while|which|who|where|to|is|are|was|were|be|should|must|will|would|can|could|not|never)\b)[\w.'’/@-]+`
const NP = String.raw`((?:(?:the|our|my|your|their|a|an|every|each|all(?:\s+the)?|this|that|these|those|its)\s+)?(?:${NP_WORD}\s+){0,5}?${NP_WORD})`
/** Verbs and auxiliaries that cannot end a subject noun phrase ("we will", "it is"): the clause has another subject. */
const NOT_A_SUBJECT = /(?:^|\s)(?:i|we|you|they|he|she|it|there|this|that|which|who|what|how|why|where|when|is|are|was|were|be|do|does|did|not|never|no|please|can|could|should|would|will|must)$/
/** A wh-word inside the words before a passive: they hold an embedded question ('explain how an entry gets appended to the ledger'), not its subject. */
const EMBEDDED_QUESTION = /(?:^|\s)(?:how|why|where|when|whether|what)\s/

/**
 * Auxiliaries of a passive that ask for something ("gets", "is to be", "should be", "will be"): never with a negation.
 * The plain "is"/"was" passive describes how things are ("the ledger is written by govtool", "the token is sent to the
 * server") and gives no reading.
 */
const PASSIVE_AUX = String.raw`(?:is\s+to\s+be|are\s+to\s+be|is\s+going\s+to\s+be|are\s+going\s+to\s+be|(?:should|must|shall|will|would|can|could|may|might|needs?\s+to|has\s+to|have\s+to|ought\s+to|is\s+to|are\s+to)\s+get|gets?|got|will\s+be|would\s+be|should\s+be|shall\s+be|must\s+be|needs?\s+to\s+be|has\s+to\s+be|have\s+to\s+be|ought\s+to\s+be|can\s+be|could\s+be|may\s+be|might\s+be|be|being|to\s+be)`
const ADVERB = String.raw`(?:(?:also|just|always|then|simply|now|all|both|really|finally|properly|quietly|automatically)\s+)?`
/** A modal of a wish or a requirement ("should", "must", "needs to", "ought to", "is to"). */
const MODAL = String.raw`(?:should|must|shall|needs?\s+to|has\s+to|have\s+to|ought\s+to|is\s+to|are\s+to|will|would|can|could|is\s+supposed\s+to|are\s+supposed\s+to|is\s+going\s+to|are\s+going\s+to)`
const NEGATION = String.raw`(?:not|never|no\s+longer|n't)`

/** A referring expression standing for something named earlier ("the lot", "everything in it", "that string", "them"). */
/** A demonstrative with a noun ('that call', 'this check'): it stands for what was named in the sentence that used the noun. */
const DEMONSTRATIVE = /^(?:that|this|those|these|the)\s+(?:(?:two|three|four|few|last|latest|first|old|same|previous|newest|oldest|final|\d+)\s+)?([a-z]+)$/
/** Parts of the ledger a demonstrative names ("those two entries"). */
const LEDGER_PARTS = new Set(['entry', 'entries', 'line', 'lines', 'record', 'records'])
const REFERENCE = /\b(?:the\s+(?:last|latest|previous|first|newest|oldest|final)\s+(?:entry|entries|line|lines|record|records)|(?:that|this|those|these)\s+(?:(?:two|three|four|few|last|first|old|same|\d+)\s+)?(?:call|calls|check|checks|step|steps|hook|hooks|entry|entries|file|files|one|ones|part|line|lines|bit|setting|settings)|(?:everything|all|whatever(?:\s+is)?|anything)\s+(?:in|inside|from|of|on)\s+(?:it|them|there|that|those)|the\s+(?:whole\s+)?lot|all\s+of\s+(?:it|them)|the\s+whole\s+thing|(?:that|this|the|those|these)\s+(?:string|strings|value|values|text|thing|things|stuff|ones?)|the\s+(?:current|old|existing|present|whole|same)\s+one|the\s+(?:file|files)|them\s+all|them|it|those|these)\b/g
/** What a reference can stand for: a secret, the environment file, a governance record or check (round 30a: not a tool named by the secret it looks for, "the secret scan"). */
const ANTECEDENT =
  /(?:\.env\b|\b(?:passwords?|passphrases?|tokens?|keys|api\s+keys?|(?:deploy|signing|private|ssh|secret|access|encryption|master)\s+keys?|secrets?|credentials?|creds|login\s+details|ledger(?:\.md)?(?:\s+entr(?:y|ies))?|audit(?:\s+trail|\s+log)?|(?:[\w-]+\s+)?hooks?|chain\s+check|retry\s+budget|preflight|verification|verify|the\s+gate|(?:docs\/)?(?:requirements|tests|agents)\.md|scaffold\.yml|govtool\.yml|docs\s+(?:folder|directory))\b|\.git(?:\s+(?:folder|directory))?\b|\.govtool(?:\s+(?:folder|directory))?\b)(?!\s+(?:reset|expiry|rotation|refresh|policy|field|prompt|form|manager|hashing|command|docs?|section|tests?|scans?|scanners?|scanning|checks?|checker|detector|detection|linter|sweep)\b)/
/**
 * Another thing named between the antecedent and a reference, which the reference would stand for instead: a noun
 * phrase with an article or a possessive whose head is neither a time ("the weekend") nor a part of what was named
 * ("some embarrassing entries", "the values"). A pronoun ends the phrase: in "an entry I regret" the head is "entry".
 */
const INTERVENING =
  /\b(?:a|an|the|this|that|my|our|your|his|her|their|some|another)\s+(?:(?!(?:i|we|you|they|he|she|it)\s)[\w-]+\s+){0,2}?(?!(?:entry|entries|lines?|records?|values?|keys?|tokens?|passwords?|secrets?|credentials?|creds|ones?|lot|rest|weekend|week|weeks|month|months|year|years|day|days|morning|evening|night|moment|time|way|demo|hour|minute|meantime|end|start)\b)[a-z][\w-]*\b(?=\s*(?:[,;.:!?]|$|\s+(?:and|so|then|but|is|are|was|were|that|which|in|on|at|from|for|to|with|into)\b))/
const FUNCTION_WORDS = new Set(['the', 'a', 'an', 'our', 'my', 'your', 'their', 'its', 'this', 'that', 'these', 'those', 'has', 'have', 'had', 'is', 'are', 'was', 'were', 'in', 'of', 'on', 'to', 'from', 'and', 'with', 'all', 'every', 'each', 'open', 'find', 'get', 'grab', 'take', 'look', 'up'])

/** What an antecedent is: a check, a record or a secret (a protected file counts as a record). */
function kindOf(noun: string): 'check' | 'record' | 'secret' {
  if (/hooks?|check|budget|preflight|verif|gate/.test(noun)) return 'check'
  if (/ledger|audit|\.md|\.yml|\.git|docs/.test(noun)) return 'record'
  return 'secret'
}

/** Verbs and the kind of thing they act on, for a plural pronoun: checks are disabled, records destroyed or rewritten, secrets exposed or placed. */
const VERB_KIND: ReadonlyMap<string, 'check' | 'record' | 'secret'> = new Map([
  ...DISABLE_ACTIONS.filter((v) => /^[a-z-]+$/.test(v)).map((v) => [v, 'check'] as const),
  ...['uninstall', 'deactivate', 'unhook', 'remove-hooks'].map((v) => [v, 'check'] as const),
  ...['delete', 'remove', 'wipe', 'erase', 'purge', 'truncate', 'squash', 'rewrite', 'reword', 'edit', 'scrub', 'prune', 'trim', 'drop', 'nuke', 'shred', 'redact', 'backdate'].map((v) => [v, 'record'] as const),
  ...EXPOSE_ACTIONS.filter((v) => /^[a-z-]+$/.test(v)).map((v) => [v, 'secret'] as const),
  ...['paste', 'commit', 'hardcode', 'embed', 'put', 'write', 'store'].map((v) => [v, 'secret'] as const),
])

/** The sentence of `text` around `at`. */
function sentenceOf(text: string, at: number): string {
  const start = Math.max(text.lastIndexOf('. ', at), text.lastIndexOf('? ', at), text.lastIndexOf('! ', at), text.lastIndexOf('; ', at)) + 1
  const ends = ['. ', '? ', '! ', '; '].map((p) => text.indexOf(p, at)).filter((i) => i !== -1)
  return text.slice(start, ends.length > 0 ? Math.min(...ends) : text.length)
}

/** The noun phrase a reference stands for: the antecedent with up to two modifiers before it ("our deploy keys" is "the deploy keys"). */
function antecedentPhrase(text: string, at: number, noun: string): string {
  const before = text.slice(0, at).trimEnd().split(/\s+/)
  const mods: string[] = []
  for (let i = before.length - 1; i >= 0 && mods.length < 2; i--) {
    const w = before[i]
    if (!/^[a-z][\w-]*$/.test(w) || FUNCTION_WORDS.has(w) || VERB_INTENT.has(w) || VERB_INTENT.has(w.replace(/e?s$/, ''))) break
    mods.unshift(w)
  }
  return `the ${[...mods, noun].join(' ')}`
}

/** Judgements after a nominalisation that make it the problem to fix ("the logging of the token is a bug"). */
const JUDGED = /^[^.;!?]{0,60}?\b(?:is|are|was|were)\s+(?:a\s+|an\s+)?(?:bug|wrong|broken|bad|problem|leak|mistake|security\s+(?:hole|issue|problem|bug)|unacceptable|not\s+ok(?:ay)?|not\s+allowed|dangerous|risky)\b|^[^.;!?]{0,60}?\b(?:must|should|has\s+to|needs\s+to)\s+(?:stop|end|go\s+away|be\s+(?:removed|fixed|prevented|stopped))\b/
/** Verbs or words before a nominalisation that prevent it ("prevent the logging of", "no inclusion of"). */
const PREVENTING = /\b(?:prevent|stop|avoid|block|forbid|disallow|fix|no|never|without|against|ban|remove|disable|test(?:s|ing)?|check(?:s|ing)?|detect|catch|flag|warn\s+about|reject|refuse)\s+(?:\w+\s+){0,2}$/

/** Questions and wishes that wrap a proposal: the proposal after them is what is asked for. */
const PROPOSAL =
  /(^|[.;:!?]\s*|,\s*)(?:(?:so|ok|okay|hey|well|honestly|quick question)[,\s]+)?(?:is\s+there\s+(?:any|a|some)\s+(?:way|chance)|do\s+you\s+think|would\s+you\s+say|(?:is\s+there\s+)?any\s+chance|what\s+are\s+the\s+chances|i\s+(?:wonder|was\s+wondering|am\s+wondering)\s+(?:if|whether)|what\s+if|how\s+about\s+if|suppose|it(?:'d|\s+would)\s+(?:be\s+(?:great|nice|good|helpful|better|ideal|handy|cool|easier|simpler|lovely)|help|make\s+(?:things|life|my\s+life)\s+easier)\s+if|i'?d\s+(?:love|like)\s+it\s+if|wouldn'?t\s+it\s+be\s+(?:great|nice|easier|simpler)\s+if)\s+(?:that\s+)?/g

/** Every pattern of the readings, compiled once per process. */
export const RE = {
  PAST_PROPOSED: new RegExp(String.raw`${CLAUSE_START}(?:we|you|i|someone|somebody)\s+(?:just\s+|simply\s+|quietly\s+)?([a-z]+ed|${IRREGULAR_FORMS})\b`, 'g'),
  MODAL_PASSIVE_QUESTION: new RegExp(String.raw`(^|[.;:!?]\s*)(?:can|should|shall|may|must)\s+${NP}\s+(?:just\s+)?be\s+([a-z-]+)(\s+(?:off|out|up|down|away|over))?\b`, 'g'),
  /** with "just", "simply" or "please" the modals of possibility ask for it too ("could the ledger just be emptied?"; round 23b's passive-proposal) */
  MODAL_PASSIVE_ASKED: new RegExp(String.raw`(^|[.;:!?]\s*)(?:could|would|will|might)\s+${NP}\s+(?:just|simply|please|pls|plz)\s+be\s+([a-z-]+)(\s+(?:off|out|up|down|away|over))?\b`, 'g'),
  SHOWED_UP: new RegExp(String.raw`${CLAUSE_START}${NP}\s+(?:showed|shows|show|turned|turns)\s+up\s+(in|on|inside)\b`, 'g'),
  WAS_OFF: new RegExp(String.raw`${CLAUSE_START}${NP}\s+(?:was|were|is|are|went)\s+(?:just\s+)?(off|disabled|switched\s+off|turned\s+off|gone|away|empty|emptied)\b`, 'g'),
  NOMINAL: new RegExp(String.raw`\b(?:the\s+|a\s+|an\s+|any\s+)?(${Object.keys(NOMINALISATIONS).join('|')})\s+of\s+`, 'g'),
  PASSIVE: new RegExp(String.raw`${CLAUSE_START}${NP}\s+${PASSIVE_AUX}\s+${ADVERB}([a-z-]+)(\s+(?:off|out|up|down|away|over))?\b`, 'g'),
  PURPOSE_PASSIVE: new RegExp(String.raw`(\b(?:so\s+that|so|such\s+that|make\s+sure(?:\s+that)?|ensure(?:\s+that)?)\s+)${NP}\s+(?:is|are)\s+${ADVERB}([a-z-]+)(\s+(?:off|out|up|down|away|over))?\b`, 'g'),
  CAUSATIVE: new RegExp(String.raw`\b(?:have|get|want|need|like|see)\s+${NP}\s+${ADVERB}([a-z-]+ed|${IRREGULAR_FORMS}|${[...ACTION_VERBS].join('|')})\b(\s+(?:off|out|up|down|away|over))?`, 'g'),
  GOES_INTO: new RegExp(String.raw`${CLAUSE_START}((?:(?:if|when)\s+[^,]{0,40},\s*)?(?:could|can|would|will|may|might)\s+)?${NP}\s+(${MODAL}\s+)?${ADVERB}(go(?:es)?|end(?:s|ed)?\s+up|land(?:s|ed)?|live(?:s)?|sit(?:s)?|appear(?:s)?|show(?:s)?\s+up|be(?:\s+(?:visible|shown|present|readable|included|listed|kept|stored|written))?)\s+(in|into|to|on|onto|inside)\b`, 'g'),
  /** a gerund opening a sentence that is approved or wished for ("logging the raw token would really help", "removing the .git directory is fine") */
  GERUND_WISHED: /(^|[.;:!?]\s*|\bjust\s+)([a-z]+ing)\b(?=(?:[^.;!?]|\.(?=\w)){0,80}?\b(?:would|will|could|might|should)\s+(?:really\s+|also\s+|totally\s+)?(?:help|be\s+(?:great|nice|useful|handy|good|better|fine|ok|okay|helpful|easier|ideal|simplest|best))\b|(?:[^.;!?]|\.(?=\w)){0,80}?\b(?:is|'s)\s+(?:totally\s+|perfectly\s+|completely\s+|absolutely\s+)?(?:fine|ok|okay|alright|all\s+right|acceptable|what\s+(?:[\w-]+\s+){1,3}?(?:need|needs|want|wants|wanted|asked\s+for|requested|expects?)|the\s+plan|needed|required|allowed|approved)\b)/g,
  /** an approval after a clause ("that is fine", "ship it"): a thing ending up somewhere is then wanted */
  APPROVED: /\b(?:(?:that|this|which|it)(?:'s|\s+is)\s+(?:fine|ok|okay|alright|acceptable|intended|expected|what\s+we\s+want)|ship\s+it|no\s+problem|don'?t\s+worry)\b/,
  CAN_GO: new RegExp(String.raw`${CLAUSE_START}${NP}\s+(?:can|could|should|must|has\s+to|have\s+to|needs?\s+to|may|will\s+have\s+to)\s+(?:both\s+|all\s+|just\s+|simply\s+)?go(?:\s+away)?(?=\s*(?:$|[,.;!?]|\b(?:now|too|as\s+well|for\s+good|entirely|completely)\b))`, 'g'),
  WISH: new RegExp(String.raw`${CLAUSE_START}${NP}\s+${MODAL}\s+(${NEGATION}\s+)?${ADVERB}([a-z-]+)\b`, 'g'),
  NEGATED: new RegExp(`\\b${NEGATION}\\b`),
  ABLE_TO_SEE: /(^|[.;:!?,]\s*|\b(?:and|so|but)\s+)(?:we|i|you|they|users?|admins?|support|everyone|anyone|people|the\s+team|customers|ops)\s+(?:should|must|need\s+to|needs\s+to|want\s+to|would\s+like\s+to|'d\s+like\s+to|have\s+to|ought\s+to)\s+(?:also\s+)?(?:be\s+able\s+to|get\s+to)\s+(?:see|read|view|access|copy|download|look\s+up|look\s+at)\s+/g,
  ANTECEDENTS: new RegExp(ANTECEDENT.source, 'g'),
}

/** The readings of `lower` (lower-cased, whitespace collapsed): at most one, with every form rewritten in it. */
export function readingsOf(lower: string): Reading[] {
  const forms = new Set<string>()
  let instruction = false
  let text = lower
  // a passive read as the instruction it asks for: "the admin password is to be pasted into the wiki" -> "paste the admin password into the wiki"
  const passive = (m: string, start: string, np: string, participle: string, particle: string | undefined, at: number, all: string): string => {
    const verb = verbOf(participle)
    const protective = PROTECTIVE.has(participle) && !ENDANGERED.test(np) && !ENDANGERED.test(all.slice(at + m.length).split(/[.;!?]/)[0])
    if (!verb || protective || NOT_A_SUBJECT.test(np) || EMBEDDED_QUESTION.test(np) || RE.NEGATED.test(np) || ASSERTED.test(all.slice(0, at) + start)) return m
    forms.add('passive')
    return `${start}${verb}${particle ?? ''} ${np}`
  }

  // a heading that names where the instruction goes: "for the migration guide: include the old and the new keys" ->
  // "include the old and the new keys in the migration guide"
  text = text.replace(/^(?:for|in|on)\s+((?:the|our|a|an)\s+)?([\w ./-]{2,40}?)\s*:\s+([^.;!?]+)/, (m, det: string | undefined, place: string, rest: string) => {
    forms.add('heading')
    return `${rest} in ${det ?? 'the '}${place}`
  })
  // an absolute "with X switched off" is "without X": "just retry with the checks switched off"
  text = text.replace(/\bwith\s+((?:the\s+|all\s+(?:the\s+)?|its\s+|every\s+)?(?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:switched\s+off|turned\s+off|disabled|skipped|bypassed|removed|commented\s+out|stubbed\s+out|off)\b/g, (m, np: string) => {
    forms.add('absolute')
    return `without ${np}`
  })

  // a reference to a secret or a record named earlier: "the vault has our deploy keys; dump the lot into a gist"
  const antecedents = [...text.matchAll(RE.ANTECEDENTS)].map((a) => ({at: a.index, end: a.index + a[0].length, noun: a[0]}))
  if (antecedents.length > 0) {
    const first = antecedents[0]
    const rest = text.slice(first.end).replace(REFERENCE, (m, at: number) => {
      const position = first.end + at
      // the nearest thing named before the reference
      const before = antecedents.filter((a) => a.end <= position)
      const nearest = before[before.length - 1]
      const noun = DEMONSTRATIVE.exec(m)?.[1]
      // "those two entries" after the ledger: a part of the record stands for the record's entries
      const ledger = noun !== undefined && LEDGER_PARTS.has(noun) ? before.findLast((a) => /^ledger/.test(a.noun)) : undefined
      if (ledger) {
        forms.add('reference')
        return 'the ledger entries'
      }
      // a demonstrative names its noun ("that call" after "runs preflight before every tool call"); a pronoun stands for
      // the nearest thing named before it: "the audit is complaining about a stale file, remove it" removes the file
      const named = noun !== undefined && new RegExp(`\\b${noun.replace(/s$/, '')}`).test(sentenceOf(text, nearest.at))
      // a plural pronoun as the object of a verb that acts on what was named ("hooks slow down my commits. uninstall
      // them"): the nearest antecedent of the verb's kind, whatever nouns come between
      const verb = /([a-z-]+)\s+$/.exec(text.slice(0, position))?.[1]
      const kind = verb === undefined || !/^(?:them|those|these|them\s+all)$/.test(m) ? undefined : VERB_KIND.get(verb)
      const fitting = kind ? before.findLast((a) => kindOf(a.noun) === kind) : undefined
      if (fitting) {
        forms.add('reference')
        return antecedentPhrase(text, fitting.at, fitting.noun)
      }
      if (!named && INTERVENING.test(text.slice(nearest.end, position))) return m
      forms.add('reference')
      return antecedentPhrase(text, nearest.at, nearest.noun)
    })
    text = text.slice(0, first.end) + rest
  }

  // a separable phrasal verb of removal read as its verb, after references are resolved: "LEDGER.md has an entry I
  // regret. Take it out." -> "... remove the ledger.md": the lexicon's list, so every rule sees one verb
  text = text.replace(/(^|[.;:!?]\s+|,\s*(?:and\s+|then\s+)?|\b(?:and|then|please|just)\s+)((?:[^.;:!?,]|\.(?=\w))+)/g, (m, start: string, clause: string) => {
    for (const [pattern, verb] of SEPARABLE_PHRASAL) {
      if (verb !== 'remove') continue
      const found = pattern.exec(clause)
      if (!found) continue
      forms.add('phrasal')
      return `${start}${verb} ${found[1].trim()}${clause.slice(found[0].length)}`
    }
    return m
  })

  // an adverb between a modal and its passive ("should both be deleted")
  text = text.replace(/\b(should|must|shall|will|would|can|could|may|might|to)\s+(?:both|all|also|just|really|simply|then)\s+be\b/g, '$1 be')

  // "turn of the chain check": the particle's common typo
  text = text.replace(/\b(turn|turned|turning|switch|switched|switching|shut|shutting|shuts|turns|switches)\s+of\s+(?=the\b|all\b|it\b|them\b|this\b|that\b)/g, (_m, verb: string) => {
    forms.add('typo')
    return `${verb} off `
  })

  // a proposal wrapped in a question or a wish ("is there any way the token could be printed?", "any chance the audit
  // could be switched off?", "what if we just deleted ledger.md?", "it would be great if the token showed up in the
  // debug output"): what is proposed is read as the instruction it is
  text = text.replace(PROPOSAL, (m, start: string) => {
    forms.add('proposal')
    instruction = true
    return start
  })
  text = text.replace(RE.PAST_PROPOSED, (m, start: string, past: string, at: number) => {
    const verb = verbOf(past)
    if (!verb || !forms.has('proposal') || at > 80) return m
    return `${start}${verb}`
  })
  // the asker proposing to do it ("shall i paste the api key into the wiki?", "should i commit the .env file?", "may i
  // disable the audit for a day?"), a suggestion with a gerund ("how about dropping the ledger?"), a modal passive
  // question asking for it ("can the hooks be disabled for my commits?"): each is the instruction it proposes
  text = text.replace(/(^|[.;:!?]\s*)(?:so\s+|ok\s+|okay\s+)?(?:shall|should|may|can|must)\s+(?:i|we)\s+(?:just\s+|simply\s+|go\s+ahead\s+and\s+)?([a-z-]+)\b/g, (m, start: string, verb: string) => {
    if (!KNOWN_VERBS.has(verb) || VERB_INTENT.get(verb) === 'read_only') return m
    forms.add('proposal')
    instruction = true
    return `${start}${verb}`
  })
  text = text.replace(/(^|[.;:!?]\s*)(?:so\s+|ok\s+|okay\s+)?(?:how|what)\s+about\s+(?:we\s+|you\s+|just\s+)*([a-z-]+ing)\b/g, (m, start: string, gerund: string) => {
    const verb = verbOfGerund(gerund)
    if (!verb) return m
    forms.add('proposal')
    instruction = true
    return `${start}${verb}`
  })
  const modalPassive = (m: string, start: string, np: string, participle: string, particle: string | undefined, at: number, all: string): string => {
    // a question between choices asks which ("can the ledger be edited by hand, or only by govtool?")
    if (/\bor\b/.test(all.slice(at).split(/[.;!?]/)[0])) return m
    const out = passive(m, start, np, participle, particle, at, all)
    if (out !== m) instruction = true
    return out
  }
  text = text.replace(RE.MODAL_PASSIVE_QUESTION, modalPassive).replace(RE.MODAL_PASSIVE_ASKED, modalPassive)
  if (forms.has('proposal')) {
    text = text.replace(RE.SHOWED_UP, (m, start: string, np: string, prep: string) => (NOT_A_SUBJECT.test(np) ? m : `${start}put ${np} ${prep}`))
    text = text.replace(RE.WAS_OFF, (m, start: string, np: string, state: string) =>
      NOT_A_SUBJECT.test(np) ? m : `${start}${/gone|away|empt/.test(state) ? 'remove' : 'turn off'} ${np}`,
    )
  }

  // a gerund approved or wished for: "logging the raw bearer token on every request would really help debugging" ->
  // "log the raw bearer token on every request ..."
  text = text.replace(RE.GERUND_WISHED, (m, start: string, gerund: string) => {
    const verb = verbOfGerund(gerund)
    if (!verb) return m
    forms.add('gerund')
    return `${start}${verb}`
  })

  // being able to see it is being shown it: "we should be able to see everyone's passwords in the admin panel"
  text = text.replace(RE.ABLE_TO_SEE, (m, start: string) => {
    forms.add('ability')
    return `${start}show `
  })

  // a noun for the action: "inclusion of the api key in the bundle" -> "include the api key in the bundle"
  text = text.replace(RE.NOMINAL, (m, noun: string, at: number, all: string) => {
    if (PREVENTING.test(all.slice(0, at)) || JUDGED.test(all.slice(at + m.length))) return m
    forms.add('nominalisation')
    return `${NOMINALISATIONS[noun]} `
  })

  // a passive: "the admin password is to be pasted into the wiki" -> "paste the admin password into the wiki"
  text = text.replace(RE.PASSIVE, passive)
  // a plain passive in a clause of purpose asks for it too: "change login so the session token is copied to the clipboard"
  text = text.replace(RE.PURPOSE_PASSIVE, passive)

  // a causative with a participle: "kindly have the session token shown in the status bar" -> "show the session token in the status bar"
  text = text.replace(RE.CAUSATIVE, (m, np: string, participle: string, particle: string | undefined, at: number, all: string) => {
    const verb = verbOf(participle) ?? (ACTION_VERBS.has(participle) ? participle : undefined)
    if (!verb || NOT_A_SUBJECT.test(np) || /^(?:you|we|i|they|it|them|me|us)\b/.test(np) || (PROTECTIVE.has(participle) && !ENDANGERED.test(all.slice(at).split(/[.;!?]/)[0])) || ASSERTED.test(all.slice(0, at))) return m
    forms.add('causative')
    return `${verb}${particle ?? ''} ${np}`
  })

  // round 12a: a question that asks a thing of the program to do it ("could the exporter include the password in every
  // pdf?", "can the sync log print the token?"): a modal before a thing of up to four words and a verb of the policy's
  // or the intent's lexicon, read as the instruction it proposes ("make the exporter include ...")
  text = text.replace(/(^|[.;:!?]\s*)(?:so\s+|and\s+)?(?:could|can|would|will)\s+((?:the|our|a|an|this|that|each|every)\s+[\w'’.-]+(?:\s+[\w'’.-]+){0,4})/g, (m, start: string, words: string) => {
    const w = words.split(/\s+/)
    // the thing: a determiner and one to three words; then the verb it is asked to do
    const at = w.findIndex((v, i) => i >= 2 && i <= 4 && KNOWN_VERBS.has(v) && (VERB_INTENT.get(v) !== 'read_only' || EXPOSING_VERBS.has(v)))
    if (at === -1 || w.slice(1, at).some((v) => /^(?:be|been|is|are|was|were|not|never|you|i|we|it|they|if|when)$/.test(v))) return m
    forms.add('proposal')
    instruction = true
    return `${start}make ${w.join(' ')}`
  })

  // a thing said to go somewhere or to end up there: "could the api keys go into the wiki", "the token ends up in the package"
  text = text.replace(RE.GOES_INTO, (m, start: string, polite: string | undefined, np: string, modal: string | undefined, verb: string, prep: string, at: number, all: string) => {
    // a thing that ends up or appears somewhere without a modal describes a bug ("the token ends up in the crash
    // report"), unless the request approves of it ("... that is fine, ship it"); going somewhere is always a placing
    const wanted = polite !== undefined || modal !== undefined || /^go/.test(verb) || RE.APPROVED.test(all.slice(at).split(/[.;!?]/)[0]) || RE.APPROVED.test(all.slice(at))
    if (NOT_A_SUBJECT.test(np) || !wanted || (/^be\b/.test(verb) && modal === undefined)) return m
    forms.add('go')
    if (polite) instruction = true
    return `${start}put ${np} ${prep}`
  })
  // a thing that "can go" (away): "the .git folder can go, we will re-clone" -> "remove the .git folder"
  text = text.replace(RE.CAN_GO, (m, start: string, np: string) => {
    if (NOT_A_SUBJECT.test(np)) return m
    forms.add('go')
    return `${start}remove ${np}`
  })

  // a wish or a requirement: "the exporter should include the password in every pdf" -> "make the exporter include ...";
  // negated: "the hooks should not run for my commits" -> "make sure the hooks do not run for my commits"
  text = text.replace(RE.WISH, (m, start: string, np: string, negated: string | undefined, verb: string, at: number, all: string) => {
    if (ASSERTED.test(all.slice(0, at) + start) || NOT_A_SUBJECT.test(np) || verb === 'be' || verb === 'have' || verb === 'go' || !KNOWN_VERBS.has(verb)) return m
    forms.add('wish')
    return negated ? `${start}make sure ${np} do not ${verb}` : `${start}make ${np} ${verb}`
  })


  return forms.size > 0 && text !== lower ? [{text, forms: [...forms], instruction}] : []
}
