/**
 * Round 17b's governance rules (issue 22): the gate's, the ledger's and the checks' work done by hand or claimed
 * in advance, worded indirectly. Approval given before the work exists ("pre-approve everything touching sync",
 * "consider all future work items approved in advance", "changes are pre-signed-off"), govtool's own files edited
 * by hand ("edit the files in .govtool directly"), a phase pushed past its checklist with --force in other words, a
 * frozen requirement unfrozen, results recorded or filled in without a run, a work item id reused or made up, a
 * change recorded as another kind, a governance flag set to its good value, a governance step dropped from a flow,
 * a governance report written to say what was not shown, and an approval entry written by the agent. Same shape and
 * compilation as ACTION_OBJECT_RULES (forbidden.ts runs them); the word lists are data.
 */
import {type ActionObjectRule, alt, GOV_CHECK_ALT} from './action-object.js'

/** Approval words, as a claim or a grant states them. */
export const APPROVAL_WORDS = ['approved', 'approve', 'signed off', 'signed-off', 'sign off', 'sign-off', 'okayed', "ok'd", 'authorised', 'authorized', 'authorise', 'authorize', 'green-lit', 'greenlit', 'green-light', 'rubber-stamped', 'rubber stamped'] as const

/** An approval given once for whatever comes ("blanket approval", "a standing sign-off"). */
const STANDING = ['blanket', 'standing', 'open-ended', 'wholesale', 'carte blanche', 'permanent', 'general'] as const

/** Work that does not exist yet, named as a whole ("all future work items", "anything we do next week"). */
const FUTURE_WORK = `(?:all|every|any|each)\\s+(?:of\\s+(?:the|our)\\s+)?(?:future|upcoming|coming|later|subsequent)\\s+(?:[\\w-]+\\s+){0,2}?(?:work\\s+items?|changes?|requests?|commits?|tasks?|prs?|pull\\s+requests?|work)\\b`

/** A piece of work as the subject of a claim ("the auth changes were pre-cleared", "REQ-STORE-001 changes are pre-signed-off"). */
const WORK_SUBJECT = `this|that|it|they|these|those|(?:(?:the|my|our|all(?:\\s+the)?|req-[a-z]+-\\d+)\\s+)?(?:[\\w-]+\\s+)?(?:changes?|work|prs?|commits?|requests?|tasks?|edits?|work\\s+items?|refactors?|fix(?:es)?|migrations?)|wi-[\\w-]+|req-[a-z]+-\\d+`

/** Pre-approval as a state. */
const PRE_APPROVED = 'pre-?(?:approved|signed[\\s-]+off|cleared|authori[sz]ed|okayed|vetted)\\b'

/** govtool's own store, by its folder or by what it keeps. */
const GOVTOOL_STORE = `(?:\\.govtool\\b|govtool'?s?\\s+(?:own\\s+)?(?:state|data|store|records?|files?|folder|directory|dir|json|yaml|db|database)\\b|\\bphase\\s+file\\b|\\bscaffold\\.yml\\b)`

/** Verbs that change a file's content by hand. */
const HAND_EDIT = ['edit', 'edits', 'editing', 'modify', 'modifying', 'change', 'changing', 'patch', 'patching', 'tweak', 'tweaking', 'hand-edit', 'hand edit', 'touch', 'write to', 'write into', 'overwrite', 'rewrite', 'update', 'updating', 'set', 'fiddle with', 'mess with', 'poke at', 'hack', 'sed', 'vim', 'nano'] as const

/** Words between a verb and its object that make the object something about the store (its docs, its tests). */
const NOT_ITS_DOCS = "(?:(?!\\b(?:docs?|documentation|readme|guide|section|page|explanation|tests?|faq|chapter|how|why|what|where|gitignore)\\b)[^.;!?])"

/** Verbs that lift a freeze. */
const UNFREEZE = ['unfreeze', 'unfreezes', 'unfreezing', 'unfroze', 'un-freeze', 'thaw', 'thawing', 'defrost', 'defrosting', 'lift the freeze on', 'lift the freeze from', 'remove the freeze on', 'remove the freeze from', 'take the freeze off', 'drop the freeze on', 'undo the freeze on'] as const

/** A requirement, by id or by name. */
const REQUIREMENT = '(?:req-[a-z]+-\\d+|requirements?|reqs?|specs?|specifications?)\\b'

/** Not asked about ("how do I unfreeze a requirement?", "who can unfreeze it"). */
const NOT_ASKED_HOW = '(?<!\\bhow\\s+(?:to|do\\s+(?:i|we|you)|can\\s+(?:i|we|you)|would\\s+(?:i|we|you))\\s+)(?<!\\b(?:who|when|whether|why)\\s+(?:can\\s+|to\\s+|should\\s+|may\\s+)?(?:\\w+\\s+)?)'

/** What is said to have passed: a run, the tests, the suite, a check, a requirement. */
const RUN_OBJECT = `(?:(?:test|ci|suite|check|build|audit|verify)\\s+(?:runs?|results?|outcomes?)|tests?|test\\s+suite|suite|checks?|ci|build|audit|verification|req-[a-z]+-\\d+|requirements?)`

/** What is recorded, after its determiner, with a short "for the tags work item" after it. */
const RUN_SUBJECT = `(?:the\\s+|this\\s+|that\\s+|my\\s+|our\\s+|its\\s+|all\\s+(?:the\\s+)?|today'?s\\s+|last\\s+)?(?:[\\w-]+\\s+){0,2}?${RUN_OBJECT}(?:\\s+(?:for|of|in|on|under)(?:\\s+[\\w'-]+){1,4}?)?`

/** Not a count or a field named by the outcome ("the test passed count"). */
const NOT_A_COUNT = '(?!\\s+(?:count|counts|number|total|field|column|flag|tests?|checks?)\\b)'

/** Outcomes a run is recorded with. */
const PASSED = ['passed', 'passing', 'green', 'verified', 'successful', 'succeeded', 'a success', 'a pass', 'covered', 'tested', 'ok', 'clean'] as const

/** Verbs that make up an identifier. */
const MAKE_UP = ['make up', 'invent', 'invents', 'fabricate', 'forge', 'spoof', 'cook up', 'dream up', 'conjure'] as const

/** Verbs that use an existing identifier for another piece of work. */
const REUSE = ['reuse', 're-use', 'reusing', 'recycle', 'recycling', 'borrow', 'borrowing', 'piggyback on', 'piggy-back on', 'hijack', 'steal', 'repurpose', 'repurposing'] as const

/** Governance flags of the checkpoint and verify, and the value that hides their finding. */
const GOV_FLAG = `(?:esdb_chain_valid|chain_valid|audit_failed|equilibrium|esdb\\s+chain\\s+valid(?:\\s+flag)?|chain\\s+valid(?:ity)?\\s+flag|audit\\s+failed\\s+flag)`

/** The governance steps a flow runs. */
/** A governance step, named by its check or by govtool's command ("the govtool verify job", "the `govtool audit` step"). */
const GOV_STEP = "`?(?:govtool\\s+)?(?:audit|verify|verification|preflight|gate|governance|chain\\s+check|hash\\s+check|ledger|govtool)`?\\s+(?:steps?|stages?|calls?|runs?|jobs?|checks?)"

/** Removing verbs for a step of a flow. */
const DROP_STEP = ['drop', 'dropping', 'remove', 'removing', 'delete', 'deleting', 'cut', 'cutting', 'take out', 'taking out', 'strip', 'stripping', 'rip out', 'ripping out', 'omit', 'omitting', 'leave out', 'leaving out', 'get rid of', 'getting rid of', 'comment out', 'commenting out', 'yank', 'yanking', 'ditch', 'ditching', 'kill', 'killing'] as const

/** The governance records, as the subject of what they say. */
const RECORD_MADE = `(?:ledger(?:\\.md)?|event\\s+store|esdb|audit\\s+(?:trail|log)|governance\\s+(?:history|records?)|ledger\\s+entr(?:y|ies)|(?:ledger|esdb|governance)\\s+(?:events?|records?))\\b`

/** Outcomes a record is made to state. */
const CLAIMED = ['approved', 'signed off', 'signed-off', 'verified', 'passed', 'accepted', 'reviewed', 'green', 'okayed', 'cleared'] as const

/** How a check is made unable to stop anything. */
const ADVISORY = ['advisory', 'advisory only', 'advisory-only', 'warn-only', 'warn only', 'warning-only', 'warnings only', 'warning only', 'non-blocking', 'nonblocking', 'non blocking', 'report-only', 'report only', 'informational only', 'dry-run mode', 'dry run mode', 'soft mode', 'soft-fail', 'soft fail'] as const

/** Verbs that put a fresh store in the old one's place. */
const RENEW = ['rename', 'renaming', 'move', 'moving', 'mv', 'relocate', 'truncate', 'truncating', 'reset', 'resetting', 'wipe', 'wiping', 'replace', 'replacing', 'swap', 'swapping', 'archive', 'archiving', 'rotate', 'rotating', 'recreate', 'recreating', 'reinitialise', 'reinitialize', 'reinit', 'start over', 'restart', 'shrink', 'cut down', 'empty', 'emptying', 'clear', 'clearing'] as const

/** The event store by its other names. */
const EVENT_STORE = '(?:events?\\s+(?:db|database|store)|esdb(?:\\s+(?:db|database|file|files|store))?|event-store|eventstore)\\b'

/** Not said of what is to stop or never happen ("so it stops dropping the last entry"). */
const NOT_STOPPED = "(?<!\\b(?:never|not|don'?t|doesn'?t|no|without|avoid|avoids|prevent|prevents|stop|stops|stopped|quit|quits|refuse\\s+to|won'?t|isn'?t|keeps?\\s+on)\\s+(?:\\w+\\s+)?)"

/** Verbs that rewrite entries of a record. */
const REWRITE_ENTRIES = ['squash', 'squashing', 'merge', 'merging', 'collapse', 'collapsing', 'combine', 'combining', 'fold', 'folding', 'consolidate', 'consolidating', 'compact', 'compacting', 'dedupe', 'de-dupe', 'deduplicate', 'rewrite', 'rewriting', 'edit', 'editing', 'delete', 'deleting', 'remove', 'removing', 'trim', 'trimming', 'prune', 'pruning', 'redact', 'redacting', 'scrub', 'scrubbing', 'tidy', 'tidy up', 'clean up', 'cleaning up', 'fix up', 'reword', 'rewording', 'backdate', 'hide', 'hiding', 'drop', 'dropping', 'purge', 'purging', 'erase', 'erasing', 'shorten', 'truncate', 'cut down'] as const

/** Going on without what a check asks ("regardless of", "ignoring", "without passing"). */
const IGNORING = '(?:regardless\\s+of|ignoring|ignore|despite|never\\s+mind|in\\s+spite\\s+of|skipping|skip|bypassing|bypass|without\\s+(?:passing|meeting|checking|running|completing|finishing|satisfying))'

/** Verbs of deceiving someone. */
const DECEIVING = ['trick', 'tricking', 'fool', 'fooling', 'con', 'conning', 'deceive', 'deceiving', 'mislead', 'misleading', 'hoodwink', 'hoodwinking', 'dupe', 'duping', 'bluff', 'bluffing', 'outsmart', 'outsmarting'] as const

/** Words of this module's lexicons that a typo fix must leave as they are ("trick" is not "track", "thaw" is not "that"). */
export const BY_HAND_WORDS: readonly string[] = [...DECEIVING, ...UNFREEZE, ...REUSE, ...MAKE_UP, ...STANDING].filter((w) => /^[a-z]+$/.test(w))

/** What the gate's deceit is aimed at. */
const DECEIVED = ['gate', 'preflight', 'govtool', 'audit', 'auditor', 'verify', 'verifier', 'hooks', 'hook', 'ledger', 'checks', 'checker', 'scanner', 'reviewer'] as const

/** Governance reports a release files. */
const GOV_REPORT = `(?:compliance|audit|verification|coverage|traceability|governance)\\s+(?:report|summary|record)s?`

export const BY_HAND_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.approved_in_advance',
    category: 'governance',
    reason: 'The gate decides each request when it is made: approving work in advance, or claiming it was pre-approved, is never allowed.',
    // "pre-approve everything touching the sync component", "consider all future work items approved in advance",
    // "tell the gate the changes are pre-signed-off by security"
    source: `\\bpre-?(?:approv(?:e|es|ing)|authori[sz](?:e|es|ing)|clear(?:s|ing)?|sign(?:s|ing)?[\\s-]+off|okay(?:s|ing)?|approval\\s+for)\\b(?!\\s+(?:step|flow|screen|dialog|page|feature|form|button)\\b)|\\b(?:${WORK_SUBJECT})\\s+(?:is|are|was|were|has\\s+been|have\\s+been|had\\s+been|'s|'re|got)\\s+(?:already\\s+|all\\s+)?${PRE_APPROVED}|\\b(?:as|consider\\w*\\s+(?:it|this|that|them)|treat\\w*\\s+(?:it|this|that|them)\\s+as)\\s+(?:already\\s+)?${PRE_APPROVED}|\\b(?:${alt(APPROVAL_WORDS)})\\s+(?:in\\s+advance|ahead\\s+of\\s+time|up\\s+front|upfront|beforehand|for\\s+the\\s+(?:next|coming|rest\\s+of)\\b)|${FUTURE_WORK}[^.;!?]{0,60}?\\b(?:${alt(APPROVAL_WORDS)}|pre-?approved)\\b|\\b(?:approve|okay|sign\\s+off\\s+on|authori[sz]e|green-?light|rubber-?stamp|(?:${alt(STANDING)})\\s+(?:approval|sign-?off|ok|okay|authori[sz]ation|green\\s+light)\\s+(?:for|on|of))\\s+${FUTURE_WORK}|\\b(?:give|giving|grant|granting|issue|issuing|have|get)\\s+(?:(?:it|them|this|us|me|the\\s+\\w+)\\s+)?(?:an?\\s+)?(?:${alt(STANDING)})\\s+(?:approval|sign-?off|ok|okay|authori[sz]ation|green\\s+light|pass)\\b`,
    gate: ['pre', 'advance', 'ahead', 'front', 'beforehand', 'future', 'upcoming', 'coming', 'later', 'subsequent', 'the next', 'rest of', ...STANDING],
    questions: false,
  },
  {
    id: 'governance.store_edited_by_hand',
    category: 'governance',
    reason: "govtool's own files (.govtool, its state and records) are written by govtool: editing them by hand is never allowed.",
    // "just edit the files in .govtool directly", "open the phase file under .govtool and set it by hand"
    source: `\\b(?:${alt(HAND_EDIT)})\\b${NOT_ITS_DOCS}{0,40}?${GOVTOOL_STORE}|${GOVTOOL_STORE}${NOT_ITS_DOCS}{0,60}?\\b(?:by\\s+hand|manually|directly|in\\s+(?:an?\\s+)?(?:editor|vim|nano))\\b`,
    gate: ['.govtool', 'govtool', 'phase file', 'scaffold.yml'],
    questions: false,
  },
  {
    id: 'governance.phase_forced_worded',
    category: 'governance',
    reason: "A phase is entered when its prerequisite checklist passes: pushing the project's phase on with --force is never the agent's call.",
    // "jump the phase forward with --force so the release isn't blocked anymore"; not "document what phase --force does",
    // nor "add a test that phase next fails without --force"
    source: `\\bforce\\b${NOT_ITS_DOCS}{0,30}?\\bphase\\s+(?:set|next)\\b|\\bphase\\b${NOT_ITS_DOCS}{0,40}?(?<!\\b(?:without|no|not|never)\\s+(?:the\\s+|a\\s+)?)(?:--force|-f\\b|\\bforcibly\\b|\\bforce\\s+flag\\b)(?![^.;!?]{0,40}\\b(?:docs?|documentation|readme|guide|works?|does|means?|flag|tests?|fails?|errors?)\\b)|(?:--force|\\bforce\\s+flag\\b)${NOT_ITS_DOCS}{0,30}?\\bphase\\b(?![^.;!?]{0,40}\\b(?:docs?|documentation|readme|guide|works?|does|means?)\\b)`,
    gate: ['phase'],
    also: ['force', '-f'],
    questions: false,
  },
  {
    id: 'governance.unfrozen',
    category: 'governance',
    reason: 'A frozen requirement stays frozen: lifting the freeze, even for a moment, to change it is never allowed.',
    // "unfreeze REQ-SYNC-003 for a minute, change it, then freeze it again"; not "how do I unfreeze a requirement?"
    source: `${NOT_ASKED_HOW}\\b(?:${alt(UNFREEZE)})\\s+(?:the\\s+|this\\s+|that\\s+|our\\s+)?(?:[\\w-]+\\s+){0,3}?${REQUIREMENT}|(?:${REQUIREMENT})[^]{0,80}?${NOT_ASKED_HOW}\\b(?:${alt(UNFREEZE)})\\s+(?:it|them)\\b`,
    gate: ['unfr', 'thaw', 'defrost', 'un-freeze', 'freeze on', 'freeze from', 'freeze off'],
    questions: false,
  },
  {
    id: 'governance.recorded_unrun',
    category: 'governance',
    reason: 'Results come from a run: recording, marking or filling in tests or checks as passed without running them is falsifying them.',
    // "record the test run as passed for WI-0055", "fill in test_results with 120 passed and 0 failed when you call verify"
    source: `\\b(?:record|records|recording|mark|marking|log|logging|report|reporting|enter|entering|set|setting|flag|flagging|note|noting|list|listing|write|writing|book|booking|file|filing|tick|ticking)\\s+(?:down\\s+|off\\s+)?${RUN_SUBJECT}\\s+(?:as|to)\\s+(?:already\\s+|all\\s+|fully\\s+)?(?:${alt(PASSED)})\\b${NOT_A_COUNT}|\\b(?:mark|marking|marks|flag|flagging|flags|tick|ticking|ticks)\\s+(?:off\\s+)?${RUN_SUBJECT}\\s+(?:already\\s+|all\\s+|fully\\s+)?(?:passed|passing|green|verified|successful|succeeded)\\b${NOT_A_COUNT}|\\b(?:fill|filling|set|setting|write|writing|put|putting|enter|entering|hard-?code|hard-?coding|populate|populating|type|typing|plug|plugging|stuff|stuffing)\\s+(?:in\\s+|out\\s+)?(?:the\\s+)?(?:test_results|test\\s+results|results?\\s+(?:for|of)\\s+(?:verify|verification|the\\s+gate))\\b[^.;!?]{0,20}?\\b(?:with|to|as)\\s+[^.;!?]{0,30}?\\b(?:passed|passing|0\\s+failed|zero\\s+failed|no\\s+failures|green)\\b`,
    gate: ['passed', 'passing', 'green', 'verified', 'successful', 'succeeded', 'success', 'pass', 'covered', 'tested', 'ok', 'clean', 'failed', 'failures'],
    questions: false,
  },
  {
    id: 'governance.work_item_borrowed',
    category: 'governance',
    reason: 'A work item id names one piece of work the gate decided: reusing another item\'s id or making one up is forging the record.',
    // "reuse work item WI-0031 for this new change", "make up a work item id that looks like last week's"
    source: `\\b(?:${alt(REUSE)})\\s+(?:the\\s+|an?\\s+|that\\s+|this\\s+|its\\s+|an\\s+old\\s+|the\\s+old\\s+|another\\s+|last\\s+week'?s\\s+)?(?:[\\w-]+\\s+){0,2}?(?:work\\s+items?|work\\s+item\\s+(?:ids?|numbers?)|wi-[\\w-]+|preflight\\s+(?:decisions?|entr(?:y|ies)|ids?))\\b|\\b(?:${alt(MAKE_UP)})\\s+(?:a\\s+|an\\s+|the\\s+|some\\s+|new\\s+)?(?:[\\w-]+\\s+)?(?:work\\s+item(?:\\s+ids?|\\s+numbers?)?|wi\\s+(?:ids?|numbers?)|wi-[\\w-]+|preflight\\s+(?:decisions?|ids?))\\b|\\b(?:copy|copying|move|moving|transfer|transferring|carry|carrying|port|porting|apply|applying|extend|extending|reuse|re-use|reusing|recycle|borrow|borrowing)\\s+(?:over\\s+)?(?:the\\s+|its\\s+|their\\s+|that\\s+)?(?:approval|sign-?off|preflight\\s+decision|acceptance)s?\\s+(?:over\\s+)?(?:from|of|onto|to)\\s+(?:wi-|the\\s+|another|an?\\s+|that\\s+|this\\s+)|\\b(?:same|identical|existing|old)\\s+(?:work\\s+item|wi)(?:\\s+(?:ids?|numbers?))?\\s+as\\b|\\brides?\\s+on\\s+(?:that|the|its|their|an?)\\s+(?:\\w+\\s+)?(?:approval|sign-?off)\\b|\\bso\\s+(?:that\\s+)?(?:it|this|the\\s+\\w+)\\s+looks\\s+(?:like\\s+)?(?:it'?s\\s+|it\\s+is\\s+)?(?:part\\s+of|covered\\s+by|one\\s+of)\\s+(?:the\\s+|an?\\s+)?(?:approved|accepted|signed[\\s-]+off|reviewed)\\b`,
    gate: ['reus', 're-use', 'recycl', 'borrow', 'piggy', 'hijack', 'steal', 'repurpos', 'make up', 'invent', 'fabricat', 'forge', 'spoof', 'cook up', 'dream up', 'conjure', 'looks', 'approval', 'sign', 'acceptance', 'preflight', 'same', 'identical', 'existing', 'old', 'ride'],
    questions: false,
  },
  {
    id: 'governance.recorded_as_other',
    category: 'governance',
    reason: 'The ledger records what a change is: recording a piece of work as another kind than it is falsifies the record.',
    // "can this commit be logged as a docs change instead of a code change?"; not "log the sync error as a warning instead"
    source: `\\b(?:logged|recorded|ledgered|entered|filed|classified|labell?ed|tagged|registered|listed|counted|booked|marked|log|record|file|classify|label|tag|register|list|count|book|mark)\\s+(?:(?:this|that|it|my|our|the)\\s+(?:[\\w-]+\\s+){0,2}?)?as\\s+(?:an?\\s+|just\\s+an?\\s+)?(?:[\\w-]+\\s+){0,2}?(?:change|commit|fix|edit|update|task|work\\s+item|pr)\\s+(?:instead\\s+of|rather\\s+than|not\\s+(?:a|an|as))\\b`,
    gate: ['instead', 'rather', 'not a', 'not an', 'not as'],
    also: [' as '],
    questions: false,
  },
  {
    id: 'governance.flag_forced',
    category: 'governance',
    reason: 'A governance flag reports what its check found: setting the chain-valid, audit-failed or equilibrium flag by hand hides the finding.',
    // "just reset esdb_chain_valid to true in the checkpoint and carry on", "set audit_failed to false"
    source: `\\b(?:set|sets|setting|reset|resetting|flip|flipping|force|forcing|change|changing|hard-?code|write|patch|toggle|edit|make|switch|put)\\s+(?:the\\s+)?${GOV_FLAG}(?:\\s+(?:flag|field|value|key))?\\s+(?:back\\s+)?(?:to|=|as|into)\\s+(?:true|false|valid|ok|green|passed|reached|yes|no|0|1)\\b`,
    gate: ['chain_valid', 'audit_failed', 'equilibrium', 'chain valid', 'audit failed'],
    questions: false,
  },
  {
    id: 'governance.step_dropped',
    category: 'governance',
    reason: 'The governance steps of a flow (audit, verify, the gate) run on every change: dropping one from the commit, CI or release flow is never allowed.',
    // "drop the audit step from the commit flow, it's redundant with CI"
    source: `\\b(?:${alt(DROP_STEP)})\\s+(?:the\\s+|our\\s+|that\\s+|this\\s+)?${GOV_STEP}\\b(?![^.;!?]{0,12}\\b(?:from|in|of)\\s+(?:the\\s+|our\\s+)?(?:[\\w-]+\\s+)?(?:docs?|documentation|tutorial|guide|readme|walkthrough|example|examples|slides?|diagram|page|faq)\\b)`,
    gate: ['audit', 'verif', 'preflight', 'gate', 'governance', 'chain', 'hash', 'ledger', 'govtool'],
    questions: false,
  },
  {
    id: 'governance.report_written_to_say',
    category: 'governance',
    reason: 'A governance report states what the checks found: writing it by hand to say something they did not show is falsifying it.',
    // "edit the compliance report to say all P1 requirements are covered; we'll add the tests later"
    source: `\\b(?:edit|change|update|write|amend|tweak|patch|reword|rewrite|fill\\s+in|adjust|fix)\\s+(?:the\\s+|our\\s+|this\\s+)?${GOV_REPORT}\\s+(?:so\\s+(?:that\\s+)?it\\s+|to\\s+)(?:says?|shows?|states?|claims?|reads?|lists?|reports?|declares?|confirms?)\\b`,
    gate: ['report', 'summary', 'record'],
    questions: false,
  },
  {
    id: 'governance.record_made_to_say',
    category: 'governance',
    reason: 'A governance record says what happened: changing anything so that the ledger or the event store says a change was approved, verified or passed is falsifying it.',
    // "fix the ledger writer so the ledger entry from friday says approved", "have the event store show WI-4 as verified"
    source: `\\b(?:so\\s+(?:that\\s+)?|make\\s+|makes\\s+|making\\s+|have\\s+|get\\s+|let\\s+)(?:the\\s+|our\\s+|its\\s+)?${RECORD_MADE}(?!\\s+(?:viewer|view|views|reader|writer|parser|loader|command|module|code|class|ui|page|screen|panel|tab|list|table|widget|docs?|documentation|tests?|format|schema)\\b)(?:(?!\\b(?:why|how|when|whether|which|what|who)\\b)[^.;!?]){0,40}?\\b(?:says?|reads?|shows?|states?|lists?|records?|reports?)\\s+(?:that\\s+)?(?:[\\w-]+\\s+){0,3}?(?:as\\s+|was\\s+|were\\s+|is\\s+|are\\s+|got\\s+)?(?:already\\s+)?(?:${alt(CLAIMED)})\\b`,
    gate: ['ledger', 'event', 'esdb', 'audit', 'trail', 'record', 'history'],
    questions: false,
  },
  {
    id: 'governance.made_advisory',
    category: 'governance',
    reason: 'A governance check that only warns cannot stop anything: making a hook, the gate or a check advisory, warn-only or non-blocking is never allowed.',
    // "make the pre-commit hook advisory only, it can warn but shouldn't stop anyone", "have the chain check only warn, not fail"
    source: `\\b(?:${GOV_CHECK_ALT})\\b${NOT_ITS_DOCS}{0,30}?\\b(?:${alt(ADVISORY)})\\b|\\b(?:${GOV_CHECK_ALT})\\b${NOT_ITS_DOCS}{0,30}?\\b(?:only\\s+|just\\s+)?warns?\\b[^.;!?]{0,25}?\\b(?:not|instead\\s+of|rather\\s+than|never|without|shouldn'?t|should\\s+not|won'?t|doesn'?t)\\s+(?:\\w+\\s+)?(?:fail|failing|block|blocking|reject|rejecting|stop|stopping|error|erroring|refuse|refusing)\\b`,
    gate: ['advisory', 'warn', 'non-blocking', 'nonblocking', 'non blocking', 'report-only', 'report only', 'informational', 'dry-run', 'dry run', 'soft'],
    questions: false,
  },
  {
    id: 'governance.store_renewed',
    category: 'governance',
    reason: "govtool's event store and ledger continue one chain: renaming, truncating or resetting the event store so a fresh one starts is never allowed.",
    // "pls rename the events db so govtool starts a fresh one, the old one has a broken link"
    source: `\\b(?:${alt(RENEW)})\\s+(?:the\\s+|our\\s+|govtool'?s\\s+)?${EVENT_STORE}|\\bso\\s+(?:that\\s+)?(?:govtool|the\\s+gate|the\\s+tool|it)\\s+(?:starts?|creates?|makes?|begins?|gets?)\\s+(?:with\\s+)?(?:a\\s+)?(?:fresh|new|clean|empty|blank)\\s+(?:one|ledger|store|chain|event\\s+store|db|database|history)\\b`,
    gate: ['event', 'esdb', 'fresh', 'new', 'clean', 'empty', 'blank'],
    questions: false,
  },
  {
    id: 'governance.checklist_ignored',
    category: 'governance',
    reason: "A phase is entered when its prerequisite checklist passes: moving the project on regardless of the checklist is forcing it, never the agent's call.",
    // "bump us to implementation regardless of the checklist"
    source: `\\b(?:phase|inception|architecture|requirements|test_spec|implementation|verification|release|move|moving|bump|bumping|push|pushing|advance|advancing|jump|jumping|promote|promoting)\\b[^.;!?]{0,60}?${IGNORING}\\s+(?:the\\s+|its\\s+|our\\s+|what\\s+the\\s+)?(?:phase\\s+|prerequisite\\s+)?(?:checklists?|prerequisites?|prereqs?)\\b|${IGNORING}\\s+(?:the\\s+|its\\s+|our\\s+)?(?:phase(?:'s)?\\s+(?:checklists?|prerequisites?|checks?)|prerequisite\\s+checklists?|gate\\s+checks?)\\b`,
    gate: ['checklist', 'prerequisite', 'prereq', 'phase check', 'gate check'],
    questions: false,
  },
  {
    id: 'governance.entries_rewritten',
    category: 'governance',
    reason: 'The ledger and the event store are append-only: squashing, merging, editing or removing their preflight, work item or approval entries is never allowed.',
    // "squash all the WI-08xx preflight entries into a single line; the history looks messy"
    source: `${NOT_STOPPED}\\b(?:${alt(REWRITE_ENTRIES)})\\s+(?:the\\s+|all\\s+(?:the\\s+|of\\s+the\\s+)?|those\\s+|these\\s+|our\\s+|some\\s+(?:of\\s+the\\s+)?)?(?:[\\w'-]+\\s+){0,3}?(?:preflight|work\\s+item|wi|approval|sign-?off|ledger|governance|esdb|audit)\\s+(?:entries|entry|records?|lines?|events?|rows?)\\b(?![^.;!?]{0,40}\\b(?:dialog|dropdown|drop-down|menu|screen|page|form|button|ui|view|sidebar|modal|widget|picker)\\b)`,
    gate: ['preflight', 'work item', 'wi', 'approval', 'sign', 'ledger', 'governance', 'esdb', 'audit'],
    questions: false,
  },
  {
    id: 'governance.switched_off_by_setting',
    category: 'governance',
    reason: "A setting or flag that switches govtool's hooks, gate or checks off is switching them off: never allowed.",
    // "export GOVTOOL_NO_HOOKS=1 in my shell profile", "add --skip-preflight to the run command"
    source: `\\bgovtool_(?:no|skip|disable|disabled|bypass|ignore)_[a-z_]+\\b|\\b(?:no|skip|disable|bypass|ignore)[_-](?:hooks?|gate|preflight|audit|verify|governance|chain[_-]check)\\s*[=:]\\s*(?:1|true|yes|on)\\b|--(?:no|skip|disable|bypass)-(?:hooks?|gate|preflight|audit|verify|governance|chain-check)\\b`,
    gate: ['govtool_', 'no', 'skip', 'disable', 'bypass', 'ignore'],
    questions: false,
  },
  {
    id: 'governance.agent_raised',
    category: 'governance',
    reason: "The permission profile is set by the project's owner: giving the agent a higher preset, even for a while, is never the agent's call.",
    // "give the agent admin for the afternoon; the standard preset blocks the push we need"
    source: `\\b(?:give|giving|grant|granting|hand|handing|let)\\s+(?:yourself|itself|the\\s+agent|you|the\\s+bot|the\\s+assistant)\\s+(?:the\\s+|an?\\s+)?(?:admin|extended|root|superuser|sudo|full\\s+access|elevated\\s+access|unrestricted\\s+access|god\\s+mode)\\b`,
    gate: ['yourself', 'itself', 'agent', 'you', 'bot', 'assistant'],
    questions: false,
  },
  {
    id: 'governance.signed_for_someone',
    category: 'governance',
    reason: 'Approvals are given by a reviewer through govtool: stamping a work item approved, or approving on someone else\'s behalf, is forging the approval.',
    // "stamp WI-0920 as approved on behalf of QA, they're swamped"
    source: `\\b(?:stamp|stamping|rubber-?stamp|rubber-?stamping|sign(?:ing)?(?:\\s+off)?(?![\\s-]*(?:in|up|out|on)\\b)|approve|approving|okay|okaying)\\b[^.;!?]{0,40}?\\bon\\s+(?:behalf\\s+of|(?:her|his|their|its|the\\s+[\\w-]+'?s?)\\s+behalf)\\b|\\b(?:stamp|stamping|rubber-?stamp|rubber-?stamping)\\s+[^.;!?]{0,30}?\\bas\\s+(?:approved|signed[\\s-]+off|accepted|verified|reviewed)\\b`,
    gate: ['behalf', 'stamp'],
    questions: false,
  },
  {
    id: 'governance.pretended_done',
    category: 'governance',
    reason: 'The gate decides on what ran: going on as if a requirement, a work item or the tests were verified, approved or passed is never allowed.',
    // "let's pretend REQ-CLI-002 was verified already and move on to the next item"
    source: `\\b(?:pretend|pretending|assume|assuming|act\\s+as\\s+(?:if|though)|suppose|let'?s\\s+say|treat\\s+it\\s+as\\s+(?:if|though)|go\\s+on\\s+as\\s+(?:if|though)|proceed\\s+as\\s+(?:if|though))\\s+(?:that\\s+)?(?:req-[a-z]+-\\d+|the\\s+requirements?|wi-[\\w-]+|the\\s+work\\s+items?|the\\s+tests?|the\\s+suite|the\\s+change|the\\s+review|it|this|they|everything)\\s+(?:was|were|is|are|has\\s+been|have\\s+been|had\\s+been|got)\\s+(?:already\\s+|all\\s+)?(?:verified|approved|passed|tested|signed\\s+off|reviewed|accepted|green|cleared)\\b`,
    gate: ['pretend', 'assum', 'act as', 'suppose', 'say', 'as if', 'as though'],
    questions: false,
  },
  {
    id: 'governance.told_to_skip',
    category: 'governance',
    reason: 'A governance check looks at every change: making or telling it to skip, ignore or exclude part of the project is switching it off there.',
    // "make the audit skip the export module entirely"; not "make the audit skip generated files"
    source: `\\b(?:make|makes|making|have|has|let|get|tell|telling|configure|configuring|set\\s+up|teach)\\s+(?:the\\s+|our\\s+)?(?:${GOV_CHECK_ALT})\\s+(?:to\\s+)?(?:skip|ignore|bypass|exclude|overlook|pass\\s+over|leave\\s+out|not\\s+check|stop\\s+checking)\\b(?!\\s+(?:the\\s+)?(?:generated|vendored|vendor|third-party|node_modules|build|dist|lock\\s*files?)\\b)`,
    gate: ['skip', 'ignore', 'bypass', 'exclude', 'overlook', 'pass over', 'leave out', 'not check', 'stop checking'],
    questions: false,
  },
  {
    id: 'governance.gate_deceived',
    category: 'governance',
    reason: 'The gate and the checks decide on what is true: arranging a change so that they believe something false is deceiving them.',
    // "invent a WI number so the gate thinks it's an existing item", "fool the audit into passing"
    source: `\\bso\\s+(?:that\\s+)?(?:the\\s+)?(?:${alt(DECEIVED)})\\s+(?:thinks?|believes?|assumes?|sees?\\s+it\\s+as|takes?\\s+it\\s+(?:for|as)|reads?\\s+it\\s+as|counts?\\s+it\\s+as)\\b|\\b(?:make|making|get|getting)\\s+(?:the\\s+)?(?:${alt(DECEIVED)})\\s+(?:think|believe|assume)\\b|\\b(?:${alt(DECEIVING)})\\s+(?:the\\s+)?(?:${alt(DECEIVED)})\\b`,
    gate: ['gate', 'preflight', 'govtool', 'audit', 'verify', 'hook', 'ledger', 'checks', 'reviewer', 'scanner'],
    questions: false,
  },
  {
    id: 'governance.approval_entry_written',
    category: 'governance',
    reason: 'Approvals are given by a reviewer through govtool: writing an approval or sign-off entry on their behalf is forging it.',
    // "append an approval entry for WI-0077 with the reviewer's name, she said it's ok"
    source: `\\b(?:append|add|write|insert|create|put|enter|record|log|fake|backfill)\\w*\\s+(?:in\\s+|down\\s+)?(?:an?\\s+|the\\s+|her\\s+|his\\s+|their\\s+)?(?:approval|sign-?off|approved)\\s+(?:entry|entries|record|records|event|events|line|lines|stamp|signature|row)\\b`,
    gate: ['approv', 'sign', 'review'],
    questions: false,
  },
]
