/**
 * Round 30d (issue 22): governance loosened through its own configuration, git's signing settings, the tool left out,
 * its rules rigged or its decision overridden. A blind batch written from the contract found shapes the earlier rules
 * did not read:
 *
 * - The permission preset, the agent's budget or its rate limit set to a value that stops nothing ("switch the
 *   permissions preset to permissive", "bump the token budget to unlimited", "raise the rate limit to no limit"). A
 *   product limit set to a number ("raise the label limit to 50") names no such value and is not matched.
 * - A safeguard of the tool switched off by name ("turn redaction off", "switch off spend tracking"); redaction of a
 *   named thing in the product ("turn off redaction of emails in the export") is not matched.
 * - The allowed paths widened so the gate stops asking ("add src/** to the allowed paths so the gate stops asking",
 *   "whitelist the whole repository in the gate's scope settings"); adding one named path with no such purpose is a
 *   configuration change the older rules read.
 * - Signing of commits or tags switched off (`-c commit.gpgsign=false`, `--no-gpg-sign`): governance entries are signed.
 * - Work run around the tool ("run the agent directly, not through govtool", "do it outside the gate").
 * - The gate's rules edited to decide one way ("edit the preflight rules so that ... is always accepted").
 * - The gate's decision overridden ("override the block on REQ-SYNC-003"); a block comment, a block size or an
 *   overridden method in the code is not the gate's.
 *
 * Questions are never matched (asking what a preset allows, or what `commit.gpgsign=false` does, is a question). Same
 * shape and compilation as ACTION_OBJECT_RULES (forbidden.ts runs them); the word lists are data, and every rule is
 * gated by its literal words before its pattern runs.
 */
import {type ActionObjectRule, alt, IN_SENTENCE as IN} from './action-object.js'

/** Values of a preset or a limit that stop nothing. */
export const NO_LIMIT_VALUES = [
  'permissive', 'unrestricted', 'unlimited', 'no limit', 'no limits', 'no cap', 'infinite', 'infinity', 'yolo', 'full access', 'allow-all', 'allow all', 'anything goes', 'wide open', 'off',
] as const

/** The tool's own settings that bound what an agent may do or spend. */
export const BOUNDING_SETTINGS = [
  'preset', 'permission preset', 'permissions preset', 'permissions', 'token budget', 'budget', 'spend limit', 'spending limit', 'spend cap', 'credit limit', 'credits', 'rate limit', 'rate-limit', 'quota',
] as const

/** The tool's own safeguards that can be switched off by name. */
export const TOOL_SAFEGUARDS = ['redaction', 'secret redaction', 'spend tracking', 'cost tracking', 'token tracking', 'credit tracking', 'budget tracking', 'budget checks', 'budget check'] as const

/** Verbs that set a value. */
const SETTING_VERBS = ['switch', 'set', 'change', 'flip', 'move', 'put', 'bump', 'raise', 'turn', 'make', 'loosen', 'relax', 'open up', 'widen', 'lift', 'increase', 'up'] as const

/** The gate, by the names a request gives it. */
const GATE_NAMES = ['govtool', 'the gate', 'gate', 'preflight', 'governance', 'the governance tool', 'the hooks'] as const

/** What the gate is said to stop doing once the paths are widened. */
const STOPS_ASKING = ['ask', 'asks', 'asking', 'block', 'blocks', 'blocking', 'complain', 'complaining', 'prompt', 'prompting', 'flag', 'flagging', 'check', 'checking', 'stop', 'stopping', 'bug', 'bugging', 'nag', 'nagging', 'bother', 'bothering'] as const

export const SETTINGS_LOOSENED_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.limit_lifted',
    category: 'governance',
    reason: 'The permission preset and the agent\'s budget bound what it may do: setting them to a value that stops nothing is never allowed.',
    // "switch the permissions preset in docs/GOVTOOL.yml to permissive", "bump the token budget to unlimited", "raise
    // the rate limit to no limit"; not "raise the label limit to 50" (a number) nor "what does the permissive preset allow?"
    source: `\\b(?:${alt(SETTING_VERBS)})\\b${IN}{0,60}?\\b(?:${alt(BOUNDING_SETTINGS)})\\b${IN}{0,40}?\\b(?:to|at|as)\\s+(?:be\\s+)?(?:"|'|\`)?(?:${alt(NO_LIMIT_VALUES)})\\b`,
    gate: ['preset', 'permission', 'budget', 'spend', 'credit', 'rate limit', 'rate-limit', 'quota'],
    also: ['permissive', 'unrestricted', 'unlimited', 'no limit', 'no cap', 'infinit', 'yolo', 'full access', 'allow', 'anything goes', 'wide open', 'off'],
    questions: false,
  },
  {
    id: 'governance.safeguard_switched_off',
    category: 'governance',
    reason: 'Redaction and spend tracking are the tool\'s safeguards: switching them off is never allowed.',
    // "turn redaction off in the governance settings", "switch off spend tracking", "disable the secret redaction";
    // not "turn off redaction of emails in the export" (the product's own redaction of a named thing)
    source: `\\b(?:turn|switch|shut|toggle)\\s+(?:off\\s+)?(?:the\\s+)?(?:${alt(TOOL_SAFEGUARDS)})\\s+off\\b|\\b(?:turn|switch|shut|toggle)\\s+off\\s+(?:the\\s+)?(?:${alt(TOOL_SAFEGUARDS)})\\b(?!\\s+of\\b)|\\b(?:disable|remove|drop|kill|stop|skip|bypass)\\s+(?:the\\s+|all\\s+)?(?:${alt(TOOL_SAFEGUARDS)})\\b(?!\\s+of\\b)|\\b(?:${alt(TOOL_SAFEGUARDS)})\\s+(?:set\\s+to\\s+|to\\s+)?(?:false|disabled|off)\\b`,
    gate: ['redaction', 'tracking', 'budget check'],
    questions: false,
  },
  {
    id: 'governance.allowed_paths_widened',
    category: 'governance',
    reason: 'The allowed paths are what the gate checks a change against: widening them so it stops asking is never allowed.',
    // "add src/** to the allowed paths so the gate stops asking", "whitelist the whole repository in the gate's scope
    // settings"; not "which paths are in the allowed paths?" (a question) nor a named file added with no such purpose
    source: `\\b(?:allowed\\s+paths|allow-?list|whitelist|permitted\\s+paths|writable\\s+paths|scope\\s+(?:settings|config))\\b${IN}{0,40}?\\bso\\s+(?:that\\s+)?(?:${alt(GATE_NAMES)}|it|the\\s+agent)\\s+(?:stops?|won'?t|doesn'?t|does\\s+not|will\\s+not|never|no\\s+longer|can'?t|quits?)\\s+(?:\\w+\\s+)?(?:${alt(STOPS_ASKING)})\\b|\\b(?:whitelist|allowlist|allow-list|add|put)\\s+(?:the\\s+)?(?:whole|entire|full)\\s+(?:repo|repository|project|codebase|tree|src|source)\\b|\\b(?:add|put|include|whitelist|allowlist)\\s+(?:\`)?(?:src\\/)?\\*\\*(?:\\/\\*)?(?:\`)?\\s+(?:to|in|into)\\b`,
    gate: ['allowed paths', 'allowlist', 'allow-list', 'whitelist', 'permitted paths', 'writable paths', 'scope settings', 'scope config', 'whole', 'entire', 'full', '**'],
    questions: false,
  },
  {
    id: 'governance.gate_exempted',
    category: 'governance',
    reason: 'The gate checks every change: an exception, exemption or carve-out that lets some paths or requests past it is never allowed.',
    // the ninth stop (lead's probes): "add an exception in the gate for anything touching src/sync", "exempt src/legacy
    // from preflight", "give the migrations folder a free pass in govtool"; not "the gate throws an exception on empty
    // input" (no exception made), "add an exception handler to the gate's parser" nor "why is docs/ exempt from the gate?"
    source: `\\b(?:add|create|make|put|set\\s+up|write|give|grant|configure|carve)\\b${IN}{0,40}?\\b(?:an?\\s+|the\\s+)?(?:exception|exemption|carve-?out|free\\s+pass|bypass|skip\\s+rule|override)s?\\s+(?:in|to|into|from|for|on)\\s+(?:the\\s+)?(?:${alt(GATE_NAMES)})(?!'s|\\s+(?:code|module|source|parser|error|handler|class|tests?)\\b)|\\b(?:exempt|excuse|carve\\s+out|exclude)\\b${IN}{0,60}?\\bfrom\\s+(?:the\\s+)?(?:${alt(GATE_NAMES)}|(?:the\\s+)?(?:gate|preflight|governance)(?:'s)?\\s+checks?)\\b(?!'s|\\s+(?:code|module|source|parser|tests?)\\b)`,
    gate: ['exception', 'exempt', 'carve', 'free pass', 'bypass', 'skip rule', 'override', 'excuse', 'exclude'],
    also: ['govtool', 'gate', 'preflight', 'governance', 'hooks'],
    questions: false,
  },
  {
    id: 'governance.signing_switched_off',
    category: 'governance',
    reason: 'Governance entries and commits are signed: switching signing off is never allowed.',
    // "-c commit.gpgsign=false", "git config tag.gpgsign false", "commit with --no-gpg-sign"; asking what it does is a question
    source: `\\b(?:commit|tag)\\.gpgsign\\s*(?:=|\\s)\\s*(?:false|0|no|off)\\b|--no-gpg-sign\\b|\\bgpgsign\\s+(?:to\\s+)?(?:false|off)\\b`,
    gate: ['gpgsign', 'gpg-sign'],
    questions: false,
  },
  {
    id: 'governance.run_around_tool',
    category: 'governance',
    reason: 'Agents and commands run through the gate: running them directly instead, around govtool, is never allowed.',
    // "just run the agent directly, not through govtool", "do it outside the gate", "invoke the agent without going
    // through preflight"; not "why does the agent run through govtool?" (a question)
    source: `\\b(?:run|use|call|invoke|launch|start|do|execute|spawn|drive)\\b${IN}{0,40}?(?:,\\s*|\\s+)(?:not|instead\\s+of\\s+going|without\\s+going|rather\\s+than\\s+going|rather\\s+than)\\s+(?:through|via|by\\s+way\\s+of|inside|under)\\s+(?:${alt(GATE_NAMES)})\\b|\\b(?:run|use|call|invoke|launch|start|do|execute|spawn|drive)\\b${IN}{0,40}?\\b(?:outside|around)\\s+(?:of\\s+)?(?:${alt(GATE_NAMES)})\\b`,
    gate: ['govtool', 'gate', 'preflight', 'governance', 'hooks'],
    also: ['not through', 'not via', 'instead of going', 'without going', 'rather than', 'not inside', 'not under', 'outside', 'around'],
    questions: false,
  },
  {
    id: 'governance.rules_rigged',
    category: 'governance',
    reason: 'The gate decides on each request: editing its rules so that some requests are always accepted is never allowed.',
    // "edit the preflight rules so that any request mentioning the sync code is always accepted"; not "explain which
    // requests the preflight rules always accept" (no edit)
    source: `\\b(?:edit|change|tweak|patch|modify|rewrite|adjust|update|hack|configure|set\\s+up)\\b${IN}{0,30}?\\b(?:preflight|gate|governance|policy|govtool)(?:'s)?\\s+(?:rules?|polic(?:y|ies)|classifier|logic|checks?|config(?:uration)?|patterns?)\\b${IN}{0,100}?\\b(?:always|automatically|never)\\s+(?:be\\s+|get\\s+|gets\\s+)?(?:accepted|accepts?|allowed|allows?|approved|approves?|pass(?:es|ed)?|let\\s+through|waved\\s+through|blocked|rejected|flagged)\\b`,
    gate: ['preflight', 'gate', 'governance', 'policy', 'govtool'],
    also: ['always', 'automatically', 'never'],
    questions: false,
  },
  {
    id: 'governance.decision_overridden',
    category: 'governance',
    reason: 'Only the gate decides: overriding its block or rejection is never allowed.',
    // "override the block on REQ-SYNC-003 and apply it anyway", "overrule the gate's rejection"; not "override the block
    // comment style" or "override the decision method in the subclass"
    source: `\\b(?:override|overrule|overriding|overruling)\\s+(?:the\\s+|this\\s+|that\\s+|its\\s+|their\\s+)?(?:(?:gate|preflight|govtool|governance)(?:'s)?\\s+)?(?:block|blocking|rejection|decision|refusal|veto|verdict)\\b(?!\\s+(?:comments?|quotes?|sizes?|elements?|lists?|styles?|scopes?|devices?|storage|cipher|methods?|functions?|class|tree|logic|handler)\\b)`,
    gate: ['overrid', 'overrul'],
    also: ['block', 'rejection', 'decision', 'refusal', 'veto', 'verdict'],
    questions: false,
  },
]
