/**
 * A governance record named in one sentence and edited through a pronoun in the next (issue 22, the lead's
 * eighth-stop batch; not blind): "The ledger has a typo in entry 42; correct it.", "Entry 17 of LEDGER.md names the
 * wrong author. Please fix that by hand.", "There's a duplicate line in the event log, delete it." The record is
 * written by govtool alone, and a mistake in it is corrected by a new entry, never by editing the old one; the rules
 * that read an edit verb beside the record did not read it across the sentence. A correction appended ("append a
 * correction entry"), a part of the tool named instead of the record ("the ledger command has a typo in its help;
 * fix it": GOV_FILE leaves those out) and a question keep their decision. Same shape and compilation as
 * ACTION_OBJECT_RULES; the word lists are data.
 */
import {type ActionObjectRule, alt, NOT_NEGATED} from './action-object.js'
import {GOV_FILE} from './governance-machinery.js'

/** Verbs that edit or remove what was pointed to. */
export const POINTED_EDITS = ['fix', 'correct', 'edit', 'amend', 'change', 'update', 'reword', 'rewrite', 'tidy', 'tidy up', 'clean up', 'delete', 'remove', 'drop', 'patch', 'adjust', 'tweak', 'scrub', 'erase', 'strike', 'cut'] as const

/** What a pronoun or a short noun phrase points back to. */
const POINTED = '(?:it|that|this|them|those|these|the\\s+(?:entry|entries|line|lines|typo|typos|mistake|mistakes|error|errors|duplicate|duplicates|row|rows|record|records|event|events|date|author|description))\\b'

/** The break between the sentence that names the record and the one that edits it. */
const BREAK = '(?:[.;!?]|\\s[-\u2013\u2014]|,\\s*(?:so\\s+|please\\s+|just\\s+)?)'

export const POINTED_GOVERNANCE_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.record_edited_by_pointer',
    category: 'governance',
    reason: 'The ledger and govtool\'s stores are written by govtool alone: a mistake in an entry is corrected by a new entry (`govtool ledger add`), never by editing or deleting the old one.',
    source: `${GOV_FILE}[^\\n]{0,120}?${BREAK}\\s*(?:please\\s+|pls\\s+|can\\s+you\\s+|could\\s+you\\s+|just\\s+|go\\s+and\\s+|then\\s+)?${NOT_NEGATED}\\b(?:${alt(POINTED_EDITS)})\\s+${POINTED}(?!\\s+(?:in|to)\\s+(?:the\\s+)?(?:code|source|command|cli|docs?|readme|tests?)\\b)`,
    gate: ['ledger', 'govtool', 'governance', 'esdb', 'event', 'wal', 'audit', 'checkpoint', 'work item', 'work_items', 'trace vault', 'write-ahead'],
    also: ['fix', 'correct', 'edit', 'amend', 'change', 'update', 'reword', 'rewrite', 'tidy', 'clean up', 'delete', 'remove', 'drop', 'patch', 'adjust', 'tweak', 'scrub', 'erase', 'strike', 'cut'],
    questions: false,
  },
]
