/**
 * Round 28b (issue 22): governance tampering worded through the machinery, not through "ledger" or "gate" and a
 * disabling verb. A blind batch written from the contract found the records and checks reached by the tools that
 * hold them:
 *
 * - git operations that undo or drop a governance file's history: "git revert the commit that appended last week's
 *   entries to LEDGER.md", "git checkout a1b2c3d -- LEDGER.md", "run git filter-repo --path LEDGER.md", "stash the
 *   changes to LEDGER.md and drop the stash", and history rewritten over commits said to carry the records ("squash
 *   the last 12 commits ... a few of them were just govtool bookkeeping"). git on ordinary code names no record.
 * - the versioned record kept out of version control: "add LEDGER.md and .govtool/ to .gitignore", "git rm --cached
 *   LEDGER.md". Ignoring coverage/ names no record, and neither does ignoring .govtool/ alone: it is machine state that
 *   govtool keeps out of git itself.
 * - govtool's stores replaced or edited by hand: ".govtool restored from yesterday's backup", "swap the esdb file for a
 *   copy", "compact the event log by hand", "edit the latest checkpoint json so audit_failed reads false". Reading,
 *   listing and govtool's own commands ("run govtool checkpoint", "govtool esdb backup") are not such verbs.
 * - a test's recorded result changed in its file: "flip the recorded result of the export test from failed to passed".
 * - the config loosened so that a change passes: a permissive preset, a path taken off the protected paths, a
 *   governance threshold lowered, hooksPath pointed elsewhere. Tightening (raising a threshold, adding a protected
 *   path) and product thresholds ("the search relevance threshold") are not matched.
 *
 * Same shape and compilation as ACTION_OBJECT_RULES (forbidden.ts runs them); the word lists are data.
 */
import {type ActionObjectRule, alt} from './action-object.js'

/** Any character within a sentence; a dot inside a file name or a dotted key ("GOVTOOL.yml", ".govtool/") does not end it. */
const IN = "(?:[^.;!?\\n]|\\.(?=[\\w/]))"

/** IN, but not into a next step or a read ("stash my changes, pull main, then show me the latest ledger entries"). */
const IN_STEP = `(?:(?!\\b(?:then|show|list|read|view|see|look|print|display|tell|append|add|record|log|check|open|explain)\\b)${IN})`

/** Asking how one would do it ("how do I restore .govtool from a backup if the disk dies?"): recovery asked about, not done. */
const NOT_HOW = "(?<!\\bhow\\s+(?:do|can|could|would|should|does|to)\\s+(?:(?:i|we|you|one|someone|a\\s+user)\\s+)?(?:\\w+\\s+)?)"

/** Not after a negation ("don't edit .govtool", "never revert LEDGER.md"). */
const UNNEGATED = "(?<!\\b(?:never|not|don'?t|do\\s+not|no|without|avoid|stop|refuse\\s+to|won'?t)\\s+(?:\\w+\\s+)?)"

/** govtool's governance files and stores, as a path or by name. */
export const GOV_FILES = [
  'ledger.md', 'ledger file', 'the ledger', 'ledger entries', 'ledger entry', 'ledger commits', 'ledger commit', 'ledger history',
  '.govtool', '.govtool/', 'govtool folder', 'govtool directory', 'govtool dir', 'govtool bookkeeping', 'govtool records', 'govtool commits', 'govtool files', 'govtool state',
  'governance records', 'governance files', 'governance commits', 'governance history', 'governance bookkeeping',
  'esdb', 'esdb file', 'esdb store', 'esdb wal', 'event store', 'event log', 'events file', 'event file', 'wal', 'wal.jsonl', 'write-ahead log',
  'audit trail', 'audit log', 'checkpoints', 'checkpoint file', 'checkpoint files', 'checkpoint json', 'latest checkpoint', 'last checkpoint', 'work_items', 'work items', 'work item files', 'trace vault',
] as const

/** A governance file named, not a piece of the tool's code or docs about it ("the ledger command's help text"). */
export const GOV_FILE = `(?:${alt(GOV_FILES)})(?![\\w-])(?!(?:['’]s)?\\s+(?:command|commands|cli|help|docs?|documentation|section|viewer|view|page|module|code|class|tests?|format|parser|writer|reader|schema|readme|ui|screen|panel|columns?|fields?|rows?|dates?|timestamps?|layout|styles?|table|sorting|filters?)\\b)`

/**
 * The governance records that live in version control: LEDGER.md and what names it. .govtool/ is machine state that
 * govtool keeps out of git itself (src/storage/safe-path.ts writes its .gitignore), so it is not among them.
 */
export const VERSIONED_RECORDS = ['ledger.md', 'ledger file', 'the ledger', 'ledger entries', 'ledger entry', 'ledger commits', 'ledger history', 'governance records', 'governance history', 'audit trail'] as const

const VERSIONED_RECORD = `(?:${alt(VERSIONED_RECORDS)})(?![\\w-])`

/** git verbs that take a file or a history back, or drop what it holds. */
export const GIT_UNDO = [
  'revert', 'reverting', 'reset', 'resetting', 'git checkout', 'checkout', 'check out', 'git restore', 'restore --source', 'rebase', 'rebasing', 'git rebase',
  'filter-repo', 'filter-branch', 'bfg', 'squash', 'squashing', 'force-push', 'force push', 'push --force', 'push -f', '--force-with-lease', 'amend', 'git stash', 'stash',
  'drop the stash', 'stash drop', 'rewrite history', 'rewrite the history', 'rewrite git history', 'cherry-pick out', 'undo the commit', 'undo the commits',
] as const

/** Keeping a file out of version control. */
export const UNTRACK = ['gitignore', 'gitingore', 'gitignroe', 'gitingnore', 'gitignor', '.gitignore', 'git ignore', 'git-ignore', 'untrack', 'stop tracking', 'git rm --cached', 'rm --cached', 'assume-unchanged', 'skip-worktree', '.git/info/exclude', 'info/exclude'] as const

/** Replacing or hand-editing a store's contents (govtool's own commands are not among them). */
export const STORE_TAMPER = [
  'restore', 'restoring', 'restored', 'roll back', 'rollback', 'replace', 'replacing', 'swap', 'swapping', 'overwrite', 'overwriting', 'truncate', 'truncating',
  'hand-edit', 'hand edit', 'edit by hand', 'patch', 'patching', 'splice', 'sed -i', 'compact', 'compacting', 'prune', 'pruning', 'trim', 'trimming',
  'copy over', 'copy back', 'put back', 'start a fresh one', 'start fresh', 'recreate', 'regenerate', 'rebuild', 'rebuilding', 'reconstruct', 'reconstructing',
] as const

/** Editing a record's contents toward an outcome ("... so audit_failed reads false", "delete the lines from this morning"). */
const EDITED_TO = `\\b(?:edit|edits|editing|change|changing|modify|modifying|tweak|tweaking|update|updating|open)\\b${IN}{0,40}?${GOV_FILE}${IN}{0,60}?\\b(?:so\\s+(?:that\\s+)?[\\w_.-]+\\s+(?:reads?|says?|shows?|is)|(?:delete|remove|drop|cut|strip)\\s+(?:the\\s+)?(?:lines?|entries|events|records|rows))\\b`

/** A test's recorded outcome. */
const TEST_RESULT = "\\b(?:recorded\\s+)?(?:results?|outcomes?|verdicts?|status)\\s+(?:of|for|on)\\s+(?:the\\s+)?(?:[\\w-]+\\s+){0,3}?tests?\\b|\\btests?(?:['’]s)?\\s+(?:recorded\\s+)?(?:results?|outcomes?|verdicts?|status)\\b"

/** Loosened presets. */
const LOOSE_PRESET = ['yolo', 'permissive', 'unrestricted', 'full', 'full access', 'admin', 'open', 'trusted', 'none', 'off', 'workspace', 'anything'] as const

/** A threshold of governance (not of a product feature). */
const GOV_THRESHOLD = "(?:confidence|verify|verification|audit|govtool|governance|gate|equilibrium|coverage|retry)(?:[\\s_-]+(?:score|pass|passing))?[\\s_-]+thresholds?\\b|\\bconfidence_threshold\\b|\\bthresholds?\\b(?=" + IN + "{0,40}?\\b(?:govtool|governance|verify|audit)\\b)"

export const MACHINERY_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.record_history_undone',
    category: 'governance',
    reason: "A governance record's history is the record: reverting, resetting, checking out, rebasing, filtering, squashing, stashing or force-pushing it away drops what was recorded, and is never allowed.",
    // "git revert the commit that appended last week's entries to LEDGER.md", "git checkout a1b2c3d -- LEDGER.md",
    // "stash the changes to LEDGER.md and drop the stash"; across a sentence only for history rewrites over
    // commits said to carry the records ("squash ... push --force; a few of them were just govtool bookkeeping")
    source: `${UNNEGATED}(?<![\\w-])(?:${alt(GIT_UNDO)})(?![\\w-])${IN_STEP}{0,80}?${GOV_FILE}|(?<![\\w-])${GOV_FILE}${IN}{0,60}?\\b(?:and|then)\\s+(?:\\w+\\s+)?(?:${alt(GIT_UNDO)})(?![\\w-])|${UNNEGATED}\\b(?:squash|squashing|rebase|rebasing|force-push|force push|push --force|--force-with-lease|filter-branch|filter-repo|rewrite (?:the )?history)\\b[^]{0,120}?\\b(?:were|are|was|is|carry|carries|hold|holds|contain|contains|touch|touches|include|includes|just|only)\\s+(?:\\w+\\s+){0,3}?(?:govtool|governance|ledger)\\s+(?:bookkeeping|entries|commits|records|changes|history)\\b`,
    gate: ['ledger', 'govtool', 'governance', 'esdb', 'event', 'wal', 'audit', 'checkpoint', 'work item', 'work_items', 'trace vault', 'write-ahead'],
    also: ['revert', 'reset', 'checkout', 'check out', 'restore', 'rebas', 'filter-', 'bfg', 'squash', 'force', 'push -f', 'amend', 'stash', 'rewrite', 'cherry-pick', 'undo'],
    questions: false,
  },
  {
    id: 'governance.record_untracked',
    category: 'governance',
    reason: 'LEDGER.md is kept in version control: ignoring, untracking or excluding it takes the record out of history, and is never allowed.',
    // "add LEDGER.md and .govtool/ to .gitignore", "git rm --cached LEDGER.md"; .govtool/ alone is machine state that govtool
    // itself keeps out of git (its own .gitignore, src/storage/safe-path.ts), so ignoring it is no tampering
    source: `${UNNEGATED}(?<![\\w-])(?:${alt(UNTRACK)})(?![\\w-])${IN}{0,60}?${VERSIONED_RECORD}|(?<![\\w-])${VERSIONED_RECORD}${IN}{0,60}?(?:\\b(?:to|into|in)\\s+(?:the\\s+|our\\s+)?(?:\\.gitignore|gitignore|\\.git\\/info\\/exclude)\\b|(?<![\\w-])(?:assume-unchanged|skip-worktree)(?![\\w-]))`,
    gate: ['ledger', 'governance', 'audit'],
    also: ['ignore', 'gitig', 'gitin', 'untrack', 'tracking', 'cached', 'assume-unchanged', 'skip-worktree', 'exclude'],
    questions: false,
  },
  {
    id: 'governance.store_replaced',
    category: 'governance',
    reason: "govtool's stores (.govtool/, the event store and its WAL, checkpoints, work items, LEDGER.md) are written by govtool alone: restoring, swapping, truncating, compacting or hand-editing them is never allowed.",
    // "restore .govtool/ from yesterday's backup", "swap the esdb file for the copy in /tmp", "compact the event log by
    // hand", "edit the latest checkpoint json so audit_failed reads false"; not govtool's own "esdb compact" command
    source: `${UNNEGATED}${NOT_HOW}(?<![\\w-])(?<!\\besdb\\s)(?:${alt(STORE_TAMPER)})(?![\\w-])${IN}{0,40}?${GOV_FILE}|${UNNEGATED}${EDITED_TO}|${UNNEGATED}\\b(?:edit|edits|editing|modify|modifying|change|changing|tweak|update|updating)\\s+(?:the\\s+)?(?:latest\\s+|last\\s+)?(?:checkpoint\\s+(?:json|file|payload)|work\\s+item\\s+(?:[\\w-]+\\s+)?in\\s+\\.govtool)\\b`,
    gate: ['ledger', 'govtool', 'governance', 'esdb', 'event', 'wal', 'audit', 'checkpoint', 'work item', 'work_items', 'trace vault', 'write-ahead'],
    questions: false,
  },
  {
    id: 'governance.test_result_forced',
    category: 'governance',
    reason: "A test's recorded result is the outcome of running it: changing it in its file to passed is never allowed.",
    // "flip the recorded result of the export test in docs/TESTS.md from failed to passed"
    source: `${UNNEGATED}\\b(?:flip|flips|flipping|set|setting|change|changing|switch|switching|edit|editing|mark|marking|update|updating|toggle|rewrite|overwrite)\\b${IN}{0,20}?(?:${TEST_RESULT})${IN}{0,60}?\\b(?:to|as|into)\\s+(?:a\\s+)?(?:passed|passing|pass|green|success|successful|ok|okay)\\b`,
    gate: ['test'],
    also: ['pass', 'green', 'success', 'ok'],
    questions: false,
  },
  {
    id: 'governance.config_loosened',
    category: 'governance',
    reason: "govtool's config sets how much an agent may do: a permissive preset, a path taken off the protected paths, a governance threshold lowered or hooksPath pointed elsewhere loosens governance, and is never allowed.",
    // "set agent.permissions.preset to yolo", "take LEDGER.md off the protected paths list", "lower the confidence
    // threshold to 0.1", "point hooksPath at an empty folder"
    source: `${UNNEGATED}\\b(?:set|sets|setting|change|changing|switch|switching|flip|flipping|move|moving|put|bump|turn)\\b${IN}{0,30}?\\bpresets?\\b${IN}{0,20}?\\b(?:to|as|into|:)\\s+(?:the\\s+)?['"]?(?:${alt(LOOSE_PRESET)})\\b|\\bpreset:\\s*['"]?(?:yolo|permissive|unrestricted|admin)\\b|${UNNEGATED}\\b(?:take|taking|remove|removing|drop|dropping|delete|deleting|strip|stripping|pull|pulling|exclude|excluding|cut)\\b${IN}{0,40}?\\b(?:off|from|out\\s+of)\\s+(?:the\\s+)?(?:list\\s+of\\s+)?protected[\\s_-]+paths?\\b|\\b(?:unprotect|unprotecting)\\b|\\b(?:empty|clear|emptying|clearing|blank)\\s+(?:out\\s+)?(?:the\\s+)?protected[\\s_-]+paths?\\b|${UNNEGATED}\\b(?:lower|lowering|reduce|reducing|drop|dropping|decrease|decreasing|relax|relaxing|loosen|loosening|weaken|weakening|cut|cutting)\\b${IN}{0,20}?\\b(?:${GOV_THRESHOLD})|\\b(?:point|points|pointing|set|setting|change|changing|move|moving|redirect|redirecting|aim|repoint|switch)\\s+(?:the\\s+)?(?:git\\s+)?(?:core\\.)?hooks\\s?path\\s+(?:at|to|=)\\s+(?:an?\\s+|the\\s+|some\\s+)?(?:empty|blank|\\/dev\\/null|\\/tmp|nowhere|elsewhere|somewhere\\s+else|another|different|other|dummy|fake|nonexistent|non-existent|missing)`,
    gate: ['preset', 'protect', 'threshold', 'hookspath', 'hooks path'],
    questions: false,
  },
]
