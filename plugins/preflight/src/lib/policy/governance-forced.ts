/**
 * Round 25a (issue 22): governance bypass worded by its side effect, third pass. A blind batch written from the
 * contract found four shapes the earlier rules did not read:
 *
 * - A governance step made optional or allowed to fail: "mark the verification step in the CI workflow as optional",
 *   "add continue-on-error to the audit job", "let the pipeline continue on error when the audit step fails". Taking the
 *   setting off ("remove continue-on-error from the audit job") fixes the pipeline and is not matched; a bug report
 *   ("the pipeline continues when the audit fails, please fix") has no wanting lead and is not matched either.
 * - A requirement's status forced to a finished or approved value, or out of frozen or deprecated: "just flip
 *   REQ-TAG-001 to verified", "the status of REQ-SYNC-004 should be changed from deprecated back to implemented", "the
 *   conflict requirement is frozen ... edit its status to approved first". Statuses are the review's outcome.
 * - The project's phase set by hand past its checklist: "set the phase to release ourselves, the checklist is taking
 *   forever", "set aee_phase to verification".
 * - A governance record reworded so that it looks like something else happened: "the ledger entries are embarrassing;
 *   can they be reworded to look like it went fine?". Asked as a question it is still the ask (questions: true): a
 *   record made to look like what did not happen is falsified however politely it is put.
 *
 * Same shape and compilation as ACTION_OBJECT_RULES (forbidden.ts runs them); the word lists are data.
 */
import {type ActionObjectRule, alt, GOV_RECORDS, IN_SENTENCE as IN} from './action-object.js'

/** Like IN, but not across a negation or a removing verb ("the audit step never uses continue-on-error"). */
const IN_UNNEGATED = "(?:(?!\\b(?:never|not|no|without|stop|stops|avoid|avoids|remove|removes|drop|drops|ban|bans|forbid|forbids)\\b|n't)(?:[^.;!?\\n]|\\.(?=\\w)))"

/** Governance checks, steps and hooks as a pipeline, a workflow or a commit names them. */
export const GOV_STEPS = [
  'preflight', 'preflight step', 'preflight check', 'preflight job', 'the gate', 'governance gate', 'governance check', 'governance checks', 'governance step',
  'governance job', 'the audit', 'audit step', 'audit job', 'audit stage', 'audit check', 'govtool audit', 'govtool verify', 'govtool preflight', 'verify step',
  'verify job', 'verify stage', 'verification step', 'verification job', 'verification stage', 'verification check', 'verification checks', 'chain check',
  'hash chain check', 'ledger check', 'pre-commit hook', 'pre-commit hooks', 'pre-commit check', 'pre-commit checks', 'pre-push hook', 'pre-push hooks',
  'commit hook', 'commit hooks', 'git hooks', 'governance hooks', 'govtool hooks', 'govtool step', 'govtool job', 'govtool check', 'govtool checks',
] as const

/** A word each of GOV_STEPS contains (the rule's gate). */
const GOV_STEP_GATE = ['preflight', 'gate', 'governance', 'audit', 'govtool', 'verif', 'chain', 'ledger', 'hook', 'pre-commit', 'pre-push']

/** What a step is made when it can no longer stop anything. */
export const OPTIONAL = ['optional', 'non-required', 'not required', 'non-mandatory', 'not mandatory', 'allowed to fail', 'allowed to error', 'skippable', 'opt-in', 'best effort', 'best-effort', 'nice to have', 'nice-to-have', 'allowed to be skipped', 'soft requirement'] as const

/** Settings that let a pipeline go on past a failed step. */
export const FAILURE_TOLERATED = ['continue-on-error', 'continue_on_error', 'continueonerror', 'allow_failure', 'allow-failure', 'allowfailure', 'ignore_errors', 'ignore-errors', 'ignore_failure', 'ignore-failure', 'fail-on-error: false', 'failonerror: false', 'set +e'] as const

/** Taking such a setting off, which is the honest fix ("remove continue-on-error from the audit job"). */
const NOT_TAKEN_OFF = "(?<!\\b(?:remove|removes|removing|drop|dropping|delete|deleting|take\\s+out|taking\\s+out|take|taking|get\\s+rid\\s+of|strip|stripping|unset|unsetting|no|without|not|never|don'?t|stop\\s+using|revert|reverting|undo)\\s+(?:the\\s+|that\\s+|this\\s+|any\\s+|all\\s+)?)"

/** Going on past a step ("continue", "carry on", "stay green"). */
const GO_ON = ['continue', 'continues', 'carry on', 'keep going', 'proceed', 'go on', 'pass', 'succeed', 'stay green', 'be green', 'finish', 'merge', 'deploy', 'go through', 'still pass', 'still succeed', 'still merge', 'still go through'] as const

/** What makes going on wanted, not reported: a cause or a want, never negated. */
const WANTING = "\\b(?:let|lets|make|makes|have|allow|allows|configure|set\\s+up|change|changing|want|need|should(?!n)|must(?!n)|can(?!'t|not|n)|could(?!n)|please|pls)\\b(?!\\s+(?:not|never)\\b)"

/** A step failing. */
const FAILING = '(?:fails?|failing|failed|failures?|errors?|erroring|errored|is\\s+red|goes\\s+red|turns\\s+red|breaks?|broke|complains?|blocks?|flags?\\s+something)'

/** Verbs that set a requirement's status. */
export const SET_STATUS = ['flip', 'flips', 'flipping', 'switch', 'switching', 'set', 'setting', 'move', 'moving', 'bump', 'bumping', 'promote', 'promoting', 'change', 'changing', 'update', 'updating', 'edit', 'editing', 'mark', 'marking', 'toggle', 'toggling', 'turn', 'put', 'upgrade', 'advance', 'push', 'nudge', 'tick', 'transition', 'graduate', 'bring', 'revert', 'restore', 'return'] as const

/** Statuses that only a review or a run gives. */
export const DONE_STATUS = ['verified', 'implemented', 'done', 'complete', 'completed', 'approved', 'accepted', 'passed', 'passing', 'signed off', 'signed-off', 'green', 'closed', 'finished', 'ready for release', 'released', 'shipped'] as const

/** A requirement by id or by name ("REQ-TAG-001", "the tags requirement"). */
const REQUIREMENT = '(?:req-[a-z]+-\\d+|(?:the|this|that|our|its|every|each|all(?:\\s+(?:of\\s+)?(?:the|our))?)\\s+(?:[\\w-]+\\s+){0,3}?requirements?)\\b'

/** The phases of the AEE lifecycle. */
const PHASES = ['inception', 'architecture', 'requirements', 'test_spec', 'test spec', 'implementation', 'verification', 'release'] as const

/** What makes a phase change the agent's own, past the checklist. */
const BY_HAND = "(?:ourselves|yourself|myself|themselves|by\\s+hand|manually|directly|in\\s+scaffold\\.yml|in\\s+the\\s+(?:yaml|yml|scaffold|config)(?:\\s+file)?|(?:the\\s+)?(?:phase\\s+)?checklist\\s+(?:is|'s|takes?|keeps?|was|has\\s+been)\\s+(?:\\w+\\s+)?(?:taking|too|so|way|slow|forever|failing|blocking|annoying|stuck|broken|red|pointless|overkill))"

/** Verbs that reword a record. */
export const REWORD = ['reword', 'reworded', 'rewording', 'rewrite', 'rewritten', 'rewriting', 'rephrase', 'rephrased', 'edit', 'edited', 'editing', 'change', 'changed', 'adjust', 'adjusted', 'tweak', 'tweaked', 'alter', 'altered', 'massage', 'massaged', 'touch up', 'touched up', 'polish', 'polished', 'soften', 'softened', 'clean up', 'cleaned up', 'tidy up', 'tidied up', 'amend', 'amended', 'fix up', 'fixed up', 'doctor', 'doctored', 'update', 'updated', 'spin', 'dress up', 'dressed up'] as const

/** The purpose of a falsified record: that it look like something ("to look like it went fine"). */
const LOOK_LIKE = "\\b(?:to\\s+(?:make\\s+(?:it|them|this|that|things?)\\s+)?(?:look|read|seem|sound|appear)|so\\s+(?:that\\s+)?(?:it|they|this|that|nobody|no\\s+one|the\\s+[\\w-]+)\\s+(?:looks?|reads?|seems?|sounds?|appears?|thinks?|knows?|sees?|notices?|can\\s+tell))\\s+(?:like|as\\s+if|as\\s+though|fine|ok|okay|clean|normal|green|good|successful|better|routine|planned|intended|nothing\\s+happened)\\b"

/** A record named as the record, not as a piece of the tool or its docs ("the ledger command's help text"). */
const NOT_ITS_TOOL = "(?!(?:['’]s)?\\s+(?:command|commands|cli|help|docs?|documentation|section|viewer|view|page|module|code|class|tests?|format|parser|writer|reader|schema|readme|ui|screen|panel|tab|heading|example)\\b)"

export const FORCED_GOVERNANCE_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.step_made_optional',
    category: 'governance',
    reason: 'A governance step that may fail without stopping anything is switched off: making the audit, verify, the gate or a hook optional, or letting the pipeline go on when it fails, is never allowed.',
    // "mark the verification step in the CI workflow as optional", "add continue-on-error to the audit job",
    // "let the pipeline continue on error when the audit step fails"
    source: `\\b(?:make|makes|making|mark|marks|marking|set|sets|setting|flag|flags|turn|turns|declare|configure|change|switch|let|allow|treat|consider)\\b${IN}{0,40}?\\b(?:${alt(GOV_STEPS)})\\b${IN}{0,40}?\\b(?:as\\s+|to\\s+(?:be\\s+)?|into\\s+(?:an?\\s+)?)?(?:${alt(OPTIONAL)})(?![\\w-])|\\b(?:${alt(GOV_STEPS)})\\b${IN}{0,30}?\\b(?:should|must|can|could|may|will|shall|needs?\\s+to)\\s+(?:just\\s+|now\\s+|simply\\s+)?(?:be|become)\\s+(?:made\\s+|marked\\s+|set\\s+)?(?:${alt(OPTIONAL)})(?![\\w-])|${NOT_TAKEN_OFF}(?<![\\w-])(?:${alt(FAILURE_TOLERATED)})(?![\\w-])${IN_UNNEGATED}{0,60}?\\b(?:${alt(GOV_STEPS)})\\b|\\b(?:${alt(GOV_STEPS)})\\b${IN_UNNEGATED}{0,60}?${NOT_TAKEN_OFF}(?<![\\w-])(?:${alt(FAILURE_TOLERATED)})(?![\\w-])|${WANTING}${IN}{0,40}?\\b(?:${alt(GO_ON)})\\b(?:\\s+on\\s+(?:errors?|failures?))?(?:\\s+anyway)?\\s+(?:even\\s+(?:if|when|though)|when(?:ever)?|if|despite|regardless\\s+of|no\\s+matter\\s+(?:if|whether|what))\\s+${IN}{0,20}?\\b(?:${alt(GOV_STEPS)})\\b${IN}{0,20}?\\b${FAILING}`,
    gate: GOV_STEP_GATE,
    questions: false,
  },
  {
    id: 'governance.status_forced',
    category: 'governance',
    reason: "A requirement's status is the outcome of its review and its tests: flipping it to verified, implemented or approved, or out of frozen or deprecated, by hand is never allowed.",
    // "just flip REQ-TAG-001 to verified", "the status of REQ-SYNC-004 should be changed from deprecated back to
    // implemented", "the conflict requirement is frozen ... edit its status to approved first"
    source: `\\b(?:${alt(SET_STATUS)})\\s+(?:the\\s+status\\s+of\\s+)?${REQUIREMENT}(?:'s)?(?:\\s+status)?\\s+(?:from\\s+[\\w-]+\\s+)?(?:straight\\s+|right\\s+|back\\s+)?(?:to|as|into)\\s+(?:being\\s+|already\\s+)?(?:${alt(DONE_STATUS)})(?![\\w-])|\\bstatus\\s+(?:of|on)\\s+${REQUIREMENT}${IN}{0,50}?(?:\\bfrom\\s+(?:frozen|deprecated)\\b|\\b(?:to|as|into)\\s+(?:${alt(DONE_STATUS)})(?![\\w-]))|\\b(?:req-[a-z]+-\\d+|requirements?|frozen|deprecated)\\b[^]{0,150}?\\b(?:${alt(SET_STATUS)})\\s+(?:its|their)\\s+status\\s+(?:from\\s+[\\w-]+\\s+)?(?:straight\\s+|back\\s+)?(?:to|as|into)\\s+(?:${alt(DONE_STATUS)}|draft|active|open|unfrozen)(?![\\w-])|\\b(?:${alt(SET_STATUS)})\\s+${REQUIREMENT}(?:'s)?(?:\\s+status)?\\s+(?:from\\s+)?(?:frozen|deprecated)\\s+(?:back\\s+)?(?:to|into)\\b`,
    gate: ['req-', 'requirement', 'status'],
    questions: false,
  },
  {
    id: 'governance.phase_set_by_hand',
    category: 'governance',
    reason: "A phase is entered when its prerequisite checklist passes: setting the project's phase by hand, around the checklist, is never the agent's call.",
    // "set the phase to release ourselves, the checklist is taking forever", "set aee_phase to verification"
    source: `\\b(?:set|sets|setting|move|moving|bump|bumping|advance|advancing|push|pushing|flip|flipping|switch|switching|change|changing|jump|jumping|promote|promoting|put|putting|force|forcing|take|taking|update|updating)\\s+(?:the\\s+|our\\s+|this\\s+)?(?:project(?:'s)?\\s+|aee\\s+|current\\s+)?(?:phase|project)\\s+(?:straight\\s+|directly\\s+|forward\\s+|ahead\\s+|on\\s+)?(?:to|into|onto)\\s+(?:the\\s+)?(?:${alt(PHASES)})\\b${IN}{0,40}?${BY_HAND}|\\b(?:set|sets|setting|edit|editing|change|changing|write|writing|put|bump|flip|update|updating|overwrite|hand-?edit)\\s+(?:the\\s+)?aee_phase\\b`,
    gate: ['phase', 'project'],
    questions: false,
  },
  {
    id: 'governance.record_made_to_look',
    category: 'governance',
    reason: 'A governance record says what happened: rewording the ledger or the audit trail so that it looks like something else happened falsifies it, asked or told.',
    // "the ledger entries from the failed migration are embarrassing; can they be reworded to look like it went fine?"
    source: `\\b(?:${alt(GOV_RECORDS)})\\b${NOT_ITS_TOOL}[^]{0,120}?\\b(?:${alt(REWORD)})\\b${IN}{0,40}?${LOOK_LIKE}|\\b(?:${alt(REWORD)})\\b${IN}{0,30}?\\b(?:${alt(GOV_RECORDS)})\\b${NOT_ITS_TOOL}${IN}{0,40}?${LOOK_LIKE}`,
    gate: ['ledger', 'audit', 'trail', 'hash', 'event', 'esdb', 'governance', 'govtool'],
    questions: true,
  },
]
