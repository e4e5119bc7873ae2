/**
 * Round 23b (issue 22): governance done away with in euphemisms, the record re-sealed so the check is happy, and a
 * piece of work waved out of the record. Same shape and compilation as ACTION_OBJECT_RULES (forbidden.ts runs them);
 * the word lists are data.
 *
 * - A governance record or check retired or made to go away ("retire the ledger, we'll track work in Jira", "make the
 *   governance gate go away for this branch", "phase out the audit"): not a product's feature named by the same word
 *   ("retire the ledger command's old flag", "make the audit warning go away" names no check that goes away).
 * - The record's hashes or entries recomputed, with the hyphen people write ("re-hash all the entries so verify is
 *   happy", "re-sign the ledger"): forging the chain, whatever reason is given.
 * - A piece of work not to be recorded, however the refusal is put ("dont bother recording the sync fix", "no need to
 *   log this hotfix"): the object is a piece of work (fix, change, commit), not a value the program logs.
 */
import {type ActionObjectRule, alt, GOV_CHECK_ALT, GOV_RECORDS} from './action-object.js'

/** Verbs that end the use of a thing, said softly. */
export const RETIRING_VERBS = ['retire', 'retiring', 'sunset', 'sunsetting', 'phase out', 'phasing out', 'decommission', 'decommissioning', 'abolish', 'abolishing', 'do away with', 'doing away with', 'ditch', 'ditching', 'scrap', 'scrapping', 'axe', 'ax', 'axing', 'junk', 'stop using', 'stop keeping', 'stop maintaining', 'no longer keep', 'no longer use', 'quit using', 'give up on', 'move off', 'move away from', 'wind down', 'mothball', 'shelve', 'kill off', 'put out to pasture'] as const

/** Ways of wishing a thing away. */
export const AWAY_STATES = ['go away', 'goes away', 'disappear', 'disappears', 'vanish', 'vanishes', 'get out of the way', 'out of the way', 'out of our way', 'out of my way', 'leave us alone', 'leave me alone', 'stop bothering us', 'stop bothering me', 'stop getting in the way'] as const

/** Nouns after a governance word that make it a product thing or a document, not the record or the check itself. */
const NOT_GOVERNANCE = '(?!\\s*(?:log|logs|trail|entry|entries|history|hash|hashes|chain|store|records?|events?|command|commands|flag|flags|option|options|format|formats|docs?|documentation|page|pages|view|views|screen|report\\s+format|warnings?|messages?|output|tests?|module|code|class|function|section|button|ui|widget|panel|tab|column|failures?|findings?|errors?)\\b)(?![\'’]s\\b)'

/** A governance record or check as the object. */
const GOVERNANCE_OBJECT = `(?:the\\s+|our\\s+|this\\s+|that\\s+|all\\s+(?:the\\s+)?|any\\s+)?(?:whole\\s+|entire\\s+|old\\s+|current\\s+)?(?:${alt(GOV_RECORDS)}|${GOV_CHECK_ALT}|governance\\s+gate|audit\\s+step)\\b${NOT_GOVERNANCE}`

/** The record's hashes or entries recomputed (with or without the hyphen people write after "re"). */
const RESEALING = 're-?(?:hash|hashing|compute|computing|calculate|calculating|generate|generating|sign|signing|seal|sealing|chain|chaining|number|numbering|stamp|stamping)'

/** Not refused a word or two before ("don't re-hash anything"). */
const NOT_REFUSED = "(?<!\\b(?:never|not|don'?t|dont|no|without|avoid)\\s+(?:\\w+\\s+)?)"

/** A piece of work: what a recording verb refuses to record. */
export const WORK_PIECES = ['fix', 'fixes', 'change', 'changes', 'commit', 'commits', 'edit', 'edits', 'patch', 'patches', 'tweak', 'tweaks', 'hotfix', 'hotfixes', 'refactor', 'refactoring', 'work', 'pr', 'prs', 'pull request', 'task', 'one', 'diff', 'cleanup', 'clean-up'] as const

/** A refusal to do something, informal spellings included. */
const REFUSED = "(?:don'?t|dont|do\\s+not|no\\s+need\\s+to|needn'?t|need\\s+not|never|skip|let'?s\\s+not|lets\\s+not|not\\s+worth|(?:there'?s\\s+)?no\\s+point(?:\\s+in)?|pointless\\s+to)\\s+(?:(?:bother|bothering|even|really|ever|actually|go)\\s+(?:with\\s+)?)*"

export const EUPHEMISM_GOVERNANCE_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.retired',
    category: 'governance',
    reason: 'Retiring the ledger, the audit or the gate, or making one go away, is switching governance off: never allowed.',
    source: `\\b(?:${alt(RETIRING_VERBS)})\\s+${GOVERNANCE_OBJECT}|\\b(?:make|let|have|get)\\s+${GOVERNANCE_OBJECT}\\s+(?:just\\s+|simply\\s+|quietly\\s+)?(?:${alt(AWAY_STATES)})\\b`,
    gate: ['ledger', 'audit', 'trail', 'hash', 'event', 'record', 'governance', 'history', ...['preflight', 'gate', 'govtool', 'verif', 'chain', 'hook', 'check', 'scan', 'budget', 'preset', 'limit', 'cap', 'server', 'phase', 'permission']],
    also: ['retir', 'sunset', 'phas', 'decommission', 'abolish', 'away', 'ditch', 'scrap', 'ax', 'junk', 'stop', 'no longer', 'quit', 'give up', 'move off', 'wind down', 'mothball', 'shelve', 'kill off', 'pasture', 'disappear', 'vanish', 'out of', 'alone', 'bothering'],
    questions: false,
  },
  {
    id: 'governance.record_resealed',
    category: 'governance',
    reason: 'Recomputing the ledger\'s hashes or entries so the chain check passes is forging the record: never allowed.',
    source: `\\b(?:ledger|chain|audit\\s+trail|event\\s+store|esdb)\\b[^]{0,80}?${NOT_REFUSED}\\b${RESEALING}\\b|${NOT_REFUSED}\\b${RESEALING}\\b[^.;!?]{0,30}?\\b(?:${alt(GOV_RECORDS)}|esdb|chain)\\b${NOT_GOVERNANCE}`,
    gate: ['re-', 'rehash', 'recomput', 'recalcul', 'regenerat', 'resign', 'reseal', 'rechain', 'renumber', 'restamp'],
    also: ['ledger', 'chain', 'audit', 'event', 'entr', 'hash'],
    questions: false,
  },
  {
    id: 'governance.work_unrecorded',
    category: 'governance',
    reason: 'Every change is recorded: asking that a piece of work be left out of the record is never allowed.',
    source: `\\b${REFUSED}(?:record|recording|ledger|ledgering|track|tracking|log|logging|note|noting|writ(?:e|ing)\\s+(?:up|down))\\s+(?:(?:the|this|that|my|our|these|those|a|an|his|her|their)\\s+)?(?:[\\w'-]+\\s+){0,3}?(?:${alt(WORK_PIECES)})\\b(?![\\w'’-])(?!\\s+(?:events?|counts?|number|numbers|duration|time|times|size|sizes|progress|status|details|payloads?|body|bodies|ids?|hash|hashes|messages?|logs?|output|text|diff)\\b)`,
    gate: ['record', 'ledger', 'track', 'log', 'not', 'writ'],
    also: ["don't", 'dont', 'do not', 'no need', "needn't", 'need not', 'never', 'skip', "let's not", 'lets not', 'not worth', 'no point', 'pointless'],
    questions: false,
  },
]
