/**
 * Round 18a's governance rules (issue 22): bypass worded the way a hurried person or a long agent prompt words it.
 * Same shape and compilation as ACTION_OBJECT_RULES (forbidden.ts runs them); the word lists are data.
 *
 * - A governance check made unable to fail in CI or shell words ("add continue-on-error: true to the audit step",
 *   "append `|| true` to the govtool verify line", "make govtool audit always return ok").
 * - A field of a governance record changed: who approved it, who signed it ("change the approver on the REQ-AUTH-003
 *   entry to Maria").
 * - An approval or preflight event replayed or re-sent for other work, or work arranged so that it counts as approved.
 * - Work hidden from govtool: a purpose clause whose goal is that govtool, the gate, the hooks or the ledger do not log,
 *   see or record it; work done outside the project and copied back; a branch nobody tracks; "without a preflight".
 * - The model reached without the governance proxy ("point the agent straight at api.openai.com instead of the local
 *   governance proxy", "so requests skip port 7700").
 * - The chain's hashes recomputed from an edited entry on, so the chain check passes again.
 * - Entries reworded so that they read as passed or approved.
 * - An agent hook removed by its event name (PreToolUse ...) or by what it calls ("the hook that calls govtool").
 * - A change let through as a favour ("just this once", "nobody will notice").
 */
import {type ActionObjectRule, alt, GOV_CHECK_ALT, GOV_CHECK_GATE, NOT_NEGATED} from './action-object.js'
import {machineCode} from './machine-code.js'

/** Shell and CI words that make a step unable to fail. */
export const NEVER_FAILS = ['|| true', '||true', '|| exit 0', '; exit 0', '|| :', 'continue-on-error', 'continue_on_error', 'allow_failure', 'allow-failure', 'allowed to fail', 'allowed_failures', 'allow failures', 'allow failure', 'set +e', 'ignore the exit code', 'ignore its exit code', 'ignore the exit status', 'ignore exit codes', 'swallow the exit code', 'swallow its exit code', 'mask the exit code', 'exit 0 no matter', 'exit 0 regardless', 'exit 0 whatever', 'exits 0 no matter', 'exit zero no matter', 'fail without failing'] as const

/** "always" and its usual typos. */
const ALWAYS = ['always', 'alwyas', 'allways', 'alway', 'alwasy', 'awlays', 'alwys', 'alwaus'] as const

/** Outcomes a check is made to always give. */
const ALWAYS_OUTCOME = `(?:${alt(ALWAYS)})\\s+(?:return|returns|exit|exits|report|reports|pass|passes|succeed|succeeds|say|says|come\\s+back|end|ends|give|gives|be|print|prints)\\s+(?:with\\s+)?(?:an?\\s+)?(?:ok|okay|0|zero|success|successful|true|green|pass|passed|clean|fine|valid)\\b`

/** A negation or a removal just before the never-failing words ("never use continue-on-error", "remove the || true"). */
const NOT_BEFORE = "(?<!\\b(?:no|never|not|without|remove|removes|removing|drop|delete|forbid|disallow|ban|reject|flag|flags|catch|catches|detect|detects|fail\\s+on|against)\\s+(?:\\w+\\s+){0,2}(?:the\\s+)?[\\x27\\x22\\x60]?)"

/** Fields of a governance record that say who decided. */
const DECIDER_FIELDS = ['approver', 'approvers', 'approved by', 'approved-by', 'approved_by', 'reviewer', 'reviewers', 'reviewed by', 'signer', 'signers', 'signed by', 'signed-off-by', 'signatory', 'sign-off name', 'who approved', 'who signed off', 'approving reviewer'] as const

/** A record a governance field is on. */
const GOV_RECORD_OBJECT = "(?:(?:the|that|this|its|their|an?|yesterday'?s|today'?s|last\\s+\\w+'?s|our)\\s+)?(?:[\\w-]+\\s+){0,2}?(?:entry|entries|record|records|event|events|ledger(?:\\.md)?|approval|approvals|sign-?offs?|work\\s+items?|wi-[\\w-]+|preflight|line|lines)\\b"

/** Verbs that change a value. */
const SET_VERBS = ['change', 'changes', 'changing', 'edit', 'editing', 'swap', 'swapping', 'replace', 'replacing', 'set', 'setting', 'update', 'updating', 'rewrite', 'rewriting', 'alter', 'altering', 'fix', 'correct', 'switch', 'make', 'put', 'overwrite', 'patch', 'tweak', 'fill in', 'fudge'] as const

/** Verbs that send an event or entry again. */
const REPLAY = ['replay', 'replays', 'replaying', 're-play', 're-emit', 'reemit', 'resend', 're-send', 'reapply', 're-apply', 'resubmit', 're-submit', 'duplicate', 'duplicating', 'clone', 'cloning', 're-run the approval', 'reissue', 're-issue', 'copy', 'copying', 'reuse', 're-use', 'reusing', 'recycle'] as const

/** What govtool sees with: said not to see something in a purpose clause. */
const OBSERVERS = ['govtool', 'the gate', 'gate', 'preflight', 'the preflight', 'the hook', 'the hooks', 'hook', 'hooks', 'the ledger', 'ledger', 'the audit', 'audit', 'governance', 'the proxy', 'the checks', 'the auditor', 'the event store', 'esdb', 'verify', 'the agent hook', 'the pre-commit hook', 'pre-commit'] as const

/** Seeing, logging and stopping verbs of an observer. */
const OBSERVING = ['log', 'logs', 'record', 'records', 'see', 'sees', 'notice', 'notices', 'track', 'tracks', 'catch', 'catches', 'pick up', 'picks up', 'pick it up', 'know', 'knows', 'find out', 'register', 'registers', 'flag', 'flags', 'block', 'blocks', 'stop', 'stops', 'check', 'checks', 'trigger', 'fire', 'run', 'get involved', 'hear about', 'get a say', 'complain', 'object'] as const

/** Tracking verbs, for a place said to be outside them. */
const TRACKING = ['tracks', 'watches', 'sees', 'knows about', 'checks', 'records', 'looks at', 'audits', 'logs'] as const

/** Governance steps named after "without a/any". */
const GOV_RUN = ['preflight', 'preflight check', 'preflight run', 'gate check', 'ledger entry', 'ledger record', 'verify run', 'verification run', 'governance check', 'audit run', 'work item', 'work item id'] as const

/** Verbs that recompute what the chain is made of. */
const REDO_HASH = ['recompute', 'recomputing', 'recalculate', 'recalculating', 'regenerate', 'regenerating', 'rehash', 're-hash', 'rehashing', 'redo', 'rebuild', 'rebuilding', 'refresh', 're-sign', 'resign', 'fix up', 'patch up', 'update', 'rewrite', 'recreate', 're-chain', 'rechain'] as const

/** What makes a hash the chain's. */
const HASH_CONTEXT = ['ledger', 'entry', 'entries', 'chain', 'esdb', 'event', 'record']

/** What makes entries governance records. */
const REWORD_CONTEXT = ['ledger', 'audit', 'verif', 'approv', 'esdb', 'govtool', 'sign', 'review', 'preflight']

/** Verbs that rewrite entries. */
const REWORD = ['tidy', 'tidy up', 'polish', 'clean', 'reword', 'rewording', 'rewrite', 'rewriting', 'edit', 'editing', 'change', 'changing', 'update', 'updating', 'amend', 'amending', 'rephrase', 'fix', 'fix up', 'tweak', 'adjust', 'correct', 'patch', 'massage', 'clean up', 'touch up', 'go through'] as const

/** What rewritten entries are made to state. */
const CLAIMED = ['approved', 'passed', 'passing', 'verified', 'signed off', 'signed-off', 'green', 'successful', 'a success', 'a pass', 'ok', 'clean', 'accepted', 'reviewed', 'fine'] as const

/** Agent hooks by their event names (Claude Code, Cursor and the like). */
const AGENT_HOOKS = ['pretooluse', 'posttooluse', 'userpromptsubmit', 'pre-tool-use', 'post-tool-use', 'pre_tool_use', 'beforeshellexecution', 'beforesubmitprompt', 'beforereadfile', 'beforemcpexecution', 'sessionstart', 'govtool', 'governance', 'preflight', 'gate'] as const

/** Verbs that take a hook away. */
const UNHOOK = ['remove', 'removing', 'delete', 'deleting', 'drop', 'dropping', 'unset', 'unregister', 'unhook', 'disable', 'disabling', 'comment out', 'strip', 'take out', 'rip out', 'get rid of', 'clear', 'yank', 'kill', 'deregister'] as const

/** A favour asked for once: with a change let through it asks the gate to look away. */
export const ONE_OFF = ['just this once', 'this once', 'this one time', 'just once', 'one time only', 'one-off', 'one off', 'just for today', 'just for now', 'as a favour', 'as a favor', 'do me a favour', 'do me a favor', 'nobody will notice', 'no one will notice', 'nobody will know', 'no one will know', 'nobody needs to know', 'between us', 'on the quiet', 'quietly', 'under the radar'] as const

/** A change let through or let slide. */
const LET_THROUGH = `\\blet\\s+(?:it|this|that|them|(?:the|my|this|our|one)\\s+(?:[\\w-]+\\s+)?(?:change|commit|push|pr|edit|fix|request|one)s?)\\s+(?:slide|(?:go\\s+)?through|pass|past)\\b(?![^.;!?]{0,30}\\b(?:tests?|ci|review|pipeline|filter|firewall)\\b)`

/** One of `words` anywhere before or after (the `also` words of a rule made part of its pattern, so they stay a true prefilter). */
const ANYWHERE = (words: readonly string[]) => `(?:(?<=\\b(?:${alt(words)})[^]*)|(?=[^]*\\b(?:${alt(words)})))`

/**
 * A checklist of the product's own ("let users skip a step in the onboarding checklist") is not the phase checklist.
 * Kept out of GOV_CHECK_ALT (a lookbehind inside that alternation doubled the cost of every rule built on it): a
 * governance hit whose match names a check only through such a checklist is set aside afterwards (policy/safeguard.ts).
 */
export const PRODUCT_CHECKLISTS = ['onboarding', 'setup', 'set-up', 'todo', 'to-do', 'task', 'user', 'packing', 'shopping', 'signup', 'sign-up', 'tutorial', 'welcome', 'getting-started', 'note', 'notes', 'release-notes'] as const
export const PRODUCT_CHECKLIST = new RegExp(`\\b(?:${alt(PRODUCT_CHECKLISTS)})[\\s-]checklists?\\b`, 'g')
const GOV_CHECK_WORD = new RegExp(`\\b(?:${GOV_CHECK_ALT})\\b`)

/** Why a governance hit is set aside when the only check it names is a product's checklist (undefined: it is not). */
export function onlyAProductChecklist(hit: {category: string; match: string}): string | undefined {
  if (hit.category !== 'governance' || !hit.match.includes('checklist')) return undefined
  const rest = hit.match.replaceAll(PRODUCT_CHECKLIST, ' list ')
  return rest !== hit.match && !machineCode(GOV_CHECK_WORD).test(rest) ? "names a checklist of the product's own, not the phase checklist" : undefined
}

export const WORDED_GOVERNANCE_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.never_fails',
    category: 'governance',
    reason: 'A governance check that cannot fail stops nothing: continue-on-error, `|| true`, "allowed to fail" or "always return ok" on govtool, the gate, the audit, verify or a hook is switching it off.',
    source: `\\b(?:${GOV_CHECK_ALT})\\b[^.;!?\\n]{0,60}?${NOT_BEFORE}(?:${alt(NEVER_FAILS)}|\\b${ALWAYS_OUTCOME})|${NOT_BEFORE}(?:${alt(NEVER_FAILS)})[^.;!?\\n]{0,60}?\\b(?:${GOV_CHECK_ALT})\\b`,
    gate: ['||', 'exit', 'continue', 'allow', 'set +e', 'fail', ...ALWAYS],
    also: GOV_CHECK_GATE,
    questions: false,
  },
  {
    id: 'governance.decider_changed',
    category: 'governance',
    reason: 'A governance record says who approved or signed a change: changing that name on an entry forges the approval.',
    source: `${NOT_NEGATED}\\b(?:${alt(SET_VERBS)})\\s+(?:the\\s+|its\\s+|their\\s+)?(?:${alt(DECIDER_FIELDS)})\\b[^.;!?]{0,20}?\\b(?:on|of|in|for|from)\\s+${GOV_RECORD_OBJECT}|\\b(?:put|list|name|record|show|enter|write|mark)\\s+(?!(?:the|a|an)\\s)[\\w'-]+(?:\\s+[\\w'-]+)?\\s+(?:down\\s+)?as\\s+(?:the\\s+)?(?:approver|reviewer|signer|signatory)\\s+(?:on|of|for|in)\\b`,
    gate: ['approv', 'review', 'sign'],
    questions: false,
  },
  {
    id: 'governance.replayed',
    category: 'governance',
    reason: 'An approval or preflight decision belongs to the one piece of work it was made for: replaying or re-sending it, or arranging work so that it counts as approved, forges it.',
    source: `\\b(?:${alt(REPLAY)})\\s+(?:the\\s+|an?\\s+|that\\s+|this\\s+|its\\s+|their\\s+|old\\s+|the\\s+old\\s+|last\\s+week'?s\\s+|yesterday'?s\\s+|an\\s+old\\s+|an\\s+earlier\\s+|the\\s+earlier\\s+)?(?:[\\w-]+\\s+){0,2}?(?:approval|approvals|sign-?offs?|preflight|ledger|esdb|governance|accepted|approved)\\s+(?:events?|entr(?:y|ies)|records?|decisions?|lines?|messages?|stamps?)\\b|\\bso\\s+(?:that\\s+)?(?:it|this|that|they|wi-[\\w-]+|(?:the|my|this|our)\\s+(?:new\\s+)?(?:change|work(?:\\s+item)?|commit|pr|edit|fix|request)s?)\\s+(?:counts?|registers?|passes|goes\\s+through|shows\\s+up|gets?\\s+(?:logged|recorded|marked|treated|counted)|is\\s+(?:logged|recorded|treated|counted|marked))\\s+as\\s+(?:already\\s+)?(?:approved|verified|signed[\\s-]+off|passed|reviewed|accepted|green|pre-?approved)\\b`,
    gate: ['approv', 'sign', 'preflight', 'ledger', 'esdb', 'governance', 'accepted', 'verified', 'passed', 'reviewed', 'green'],
    questions: false,
  },
  {
    id: 'governance.hidden_from_govtool',
    category: 'governance',
    reason: 'Every change goes through the gate and into the ledger: doing work so that govtool, the hooks or the ledger do not see or record it is hiding it.',
    source: `\\bso\\s+(?:that\\s+)?(?:${alt(OBSERVERS)})\\s+(?:doesn'?t|does\\s+not|won'?t|will\\s+not|can'?t|cannot|never|wouldn'?t|would\\s+not|isn'?t\\s+able\\s+to|has\\s+no\\s+way\\s+to|doesnt|wont|cant)\\s+(?:even\\s+|ever\\s+)?(?:${alt(OBSERVING)})\\b|\\b(?:outside|out\\s+of)\\s+(?:the\\s+|this\\s+|our\\s+)?(?:project|repo(?:sitory)?|working\\s+(?:tree|copy)|workspace|governed\\s+\\w+)\\b[^]{0,100}?\\b(?:copy|move|paste|bring|sync|rsync|cp|mv|port|drop)\\s+(?:the\\s+(?:files?|changes?|results?|edits?)\\s+|it\\s+|them\\s+|everything\\s+)?back\\b|\\b(?:branch|fork|copy|clone|folder|directory|repo|worktree|sandbox)\\s+(?:that\\s+)?(?:nobody|no\\s+one|no-one|govtool|the\\s+gate|the\\s+ledger|governance|the\\s+hooks?)\\s+(?:${alt(TRACKING)})\\b|\\b(?:branch|fork|copy|clone|folder|directory|repo|worktree|sandbox|machine|laptop|checkout)\\s+(?:that\\s+)?(?:${alt(OBSERVERS)}|nobody|no\\s+one)\\s+(?:doesn'?t|does\\s+not|won'?t|can'?t|cannot|never|wouldn'?t)\\s+(?:even\\s+)?(?:know|see|track|watch|check|record|log)s?\\b|\\buntracked\\s+(?:scratch\\s+)?(?:branch|fork|worktree|clone)\\b[^.;!?]{0,60}?\\b(?:then|later|and)\\s+(?:squash|merge|copy|move|cherry-?pick|rebase)|\\bwithout\\s+(?:a|an|any|the)\\s+(?:${alt(GOV_RUN)})\\b`,
    // each alternative names an observer, nobody, "back" or "untracked" (not the common "so" or "without")
    gate: ['govtool', 'gate', 'preflight', 'hook', 'ledger', 'audit', 'governance', 'proxy', 'check', 'esdb', 'verif', 'event store', 'pre-commit', 'nobody', 'no one', 'no-one', 'back', 'untracked', 'work item'],
    questions: false,
  },
  {
    id: 'governance.proxy_bypassed',
    category: 'governance',
    reason: "The agent reaches the model through govtool's governance proxy, which gates each request: pointing it at the model or provider directly routes around the gate.",
    source: `\\b(?:instead\\s+of|rather\\s+than|bypass\\w*|skip\\w*|around|avoid\\w*|without(?:\\s+going\\s+through)?|not\\s+(?:through|via)|off)\\s+(?:the\\s+|our\\s+)?(?:local\\s+)?(?:governance|govtool|gating|gated|gate)\\s+(?:proxy|server|endpoint)\\b|\\b(?:bypass\\w*|skip\\w*|avoid\\w*|around|not\\s+(?:through|via)|instead\\s+of)\\s+(?:the\\s+)?(?:local\\s+)?(?:port\\s+)?7700\\b|\\b(?:point|send|route|talk|connect|call|switch|redirect|hit|wire)\\w*\\b[^.;!?]{0,40}?\\b(?:straight|directly|direct)\\s+(?:at|to|with|into)\\s+(?:the\\s+)?(?:raw\\s+)?(?:model|provider|upstream|llm|(?:https?:\\/\\/)?api\\.openai\\.com|(?:https?:\\/\\/)?api\\.anthropic\\.com|openai|anthropic|model\\s+api)\\b|\\b(?:point|send|route|connect|redirect|wire)\\w*\\s+(?:the\\s+)?(?:agent|assistant|bot|model\\s+calls?|chat\\s+requests?|requests|llm\\s+calls?)\\b[^.;!?]{0,30}?\\b(?:at|to)\\s+(?:https?:\\/\\/)?api\\.(?:openai|anthropic)\\.com\\b|\\btalk\\s+to\\s+the\\s+(?:raw\\s+)?model\\s+directly\\b`,
    gate: ['proxy', 'server', 'endpoint', '7700', 'straight', 'direct', 'openai', 'anthropic'],
    questions: false,
  },
  {
    id: 'governance.hashes_redone',
    category: 'governance',
    reason: "The ledger's hash chain shows that no entry changed: recomputing its hashes after an entry was edited hides the edit.",
    source: `\\b(?:${alt(REDO_HASH)})${ANYWHERE(HASH_CONTEXT)}\\s+(?:the\\s+|all\\s+(?:the\\s+)?|every\\s+|its\\s+|their\\s+)?(?:hash(?:es)?|checksums?|digests?|signatures?|hash\\s+chain|chain\\s+hashes|links?)\\b[^.;!?]{0,60}?(?:\\b(?:from|after|since|past)\\s+(?:that|the|this|an?|my)\\s+(?:[\\w-]+\\s+)?(?:entry|event|record|line|edit)\\b|\\bonwards?\\b|\\bso\\s+(?:that\\s+)?(?:it|the\\s+(?:chain|ledger|audit|check|chain\\s+check|hash\\s+check))\\s*(?:'s|is|passes|verifies|validates|checks\\s+out|matches|works)\\b)`,
    gate: ['hash', 'checksum', 'digest', 'signature', 'link'],
    also: HASH_CONTEXT,
    questions: false,
  },
  {
    id: 'governance.reworded_to_claim',
    category: 'governance',
    reason: 'A governance record says what happened: rewording entries so that they read as passed or approved falsifies it.',
    source: `${NOT_NEGATED}\\b(?:${alt(REWORD)})\\b${ANYWHERE(REWORD_CONTEXT)}[^.;!?]{0,60}?\\b(?:entries|entry|records?|lines?|events?|results?|history|log)\\b[^.;!?]{0,60}?\\bso\\s+(?:that\\s+)?(?:they|it|those|these|each(?:\\s+one)?|all\\s+of\\s+them|the\\s+\\w+)\\s+(?:reads?|says?|shows?|looks?|states?|lists?)\\s+(?:as\\s+|like\\s+|that\\s+)?(?:(?:it|they)\\s+(?:was|were|had|have)\\s+)?(?:already\\s+|all\\s+)?(?:${alt(CLAIMED)})\\b`,
    gate: ['entr', 'record', 'line', 'event', 'result', 'history', 'log'],
    also: REWORD_CONTEXT,
    questions: false,
  },
  {
    id: 'governance.agent_hook_removed',
    category: 'governance',
    reason: "The agent's hooks send each tool call through govtool: removing one by its event name or by what it calls switches the gate off for the agent.",
    source: `${NOT_NEGATED}\\b(?:${alt(UNHOOK)})\\s+(?:the\\s+|that\\s+|our\\s+|its\\s+|this\\s+|every\\s+|all\\s+(?:the\\s+)?)?(?:${alt(AGENT_HOOKS)})\\s+hooks?\\b|${NOT_NEGATED}\\b(?:${alt(UNHOOK)})\\s+(?:the\\s+|that\\s+|our\\s+|its\\s+|this\\s+)?(?:[\\w-]+\\s+){0,2}?hooks?\\s+(?:that|which)\\s+(?:calls?|runs?|invokes?|points?\\s+(?:at|to)|sends?\\s+\\w+\\s+to)\\s+(?:the\\s+)?(?:govtool|preflight|the\\s+gate|governance)\\b`,
    gate: ['hook'],
    questions: false,
  },
  {
    id: 'governance.let_through_as_favour',
    category: 'governance',
    reason: 'The gate decides every change the same way: letting one through as a favour, once or quietly, is bypassing it.',
    source: `(?:${alt(ONE_OFF)})\\b[^]{0,80}?${LET_THROUGH}|${LET_THROUGH}[^]{0,80}?\\b(?:${alt(ONE_OFF)})\\b`,
    gate: ONE_OFF,
    also: ['let'],
    questions: false,
  },
]
