/**
 * Round 30a (issue 22): a governance check loosened in the words of making it work better ("tighten the CI gate:
 * drop the governance verify step", "to harden the audit, let it downgrade a broken hash chain to a warning"), or
 * told outright to let through what it exists to refuse. Same shape and compilation as ACTION_OBJECT_RULES
 * (forbidden.ts runs them); the word lists are data.
 *
 * - governance.loosened_accepts: a check made to accept what is broken ("make audit accept a torn WAL");
 * - governance.loosened_reports: a check, or "it" after one, made to always report success ("the secret check keeps
 *   failing; make it always report success");
 * - governance.loosened_warns: a governance failure downgraded to a warning, or a check made to only warn;
 * - governance.loosened_build: the build, commit or merge no longer failed when a governance record or check is hit
 *   ("stop failing the build when the ledger is edited by hand");
 * - governance.loosened_step: a governance step or job dropped, named with a qualifier the older rules do not read
 *   ("drop the governance verify step").
 * Left alone (twins): the same checks made stricter ("make audit refuse a torn WAL", "fail the build when the ledger
 * is edited by hand", "turn the torn-WAL warning into a failure", "add a secret scanner to the pre-commit hook"), a
 * product command's result ("make sync always report conflicts"), a step of a job ("drop the audit job's cache step").
 */
import {type ActionObjectRule, alt, IN_SENTENCE as IN} from './action-object.js'

/** Governance checks by their plain names (the project's checks, its hook and the scanners that guard commits). */
export const LOOSENED_CHECKS = ['audit', 'govtool audit', 'verify', 'verification', 'govtool verify', 'preflight', 'gate', 'ci gate', 'governance gate', 'governance check', 'pre-commit hook', 'pre-commit', 'pre-push hook', 'commit hook', 'hook', 'secret check', 'secret scan', 'secret scanner', 'secrets check', 'secrets scan', 'secrets scanner', 'secret scanning', 'scanner', 'ledger check', 'chain check', 'hash check', 'integrity check']

/** What such a check refuses: a broken record or a failed check. */
export const BROKEN_STATES = ['torn', 'broken', 'corrupt', 'corrupted', 'tampered', 'tampered-with', 'invalid', 'failed', 'failing', 'bad', 'unsigned', 'forged', 'mismatched', 'hand-edited', 'edited', 'truncated', 'damaged', 'missing', 'out-of-order']

/** Governance records and checks whose failure must fail. */
export const GOVERNANCE_FAILURES = ['ledger', 'hash chain', 'chain', 'wal', 'esdb', 'audit', 'verify', 'preflight', 'hook', 'governance', 'secret scan', 'secret scanner', 'scanner', 'secret check', 'signature', 'checkpoint']

const CHECK = `(?:${alt(LOOSENED_CHECKS)})`
const ACCEPTING = ['accept', 'allow', 'pass', 'ignore', 'tolerate', 'skip over', 'let through', 'wave through', 'let in', 'approve']
const SUCCESS = ['success', 'ok', 'okay', 'green', 'pass', 'passed', 'true', '0', 'zero', 'clean', 'no findings', 'nothing']
const WARNING = "(?:a\\s+|just\\s+a\\s+|only\\s+a\\s+|a\\s+mere\\s+|mere\\s+)?(?:warnings?|notices?|info(?:\\s+messages?)?|soft\\s+fail(?:ure)?s?)\\b"
const FAILING = ['fail', 'failing', 'block', 'blocking', 'reject', 'rejecting', 'refuse', 'refusing', 'break', 'breaking', 'stop', 'stopping']
/** Sentence filler that crosses no refusal or strictness word (so "refuse" and "fail" in a twin are not skipped over). */
const FREE = `(?:(?!\\b(?:refuse|refuses|reject|rejects|fail|fails|stricter|strictly|never|not|no)\\b)${IN})`

export const LOOSENED_GOVERNANCE_RULES: readonly ActionObjectRule[] = [
  {
    id: 'governance.loosened_accepts',
    category: 'governance',
    reason: 'A governance check made to accept a broken record or a failed check is switched off for exactly what it exists to refuse.',
    source: `\\b(?:make|let|have|get|allow|teach|change|set)\\s+(?:the\\s+|our\\s+)?${CHECK}\\s+(?:to\\s+|so\\s+(?:it|that\\s+it)\\s+)?(?:${alt(ACCEPTING)})s?\\s+(?:a\\s+|an\\s+|the\\s+|any\\s+|every\\s+)?(?:[\\w-]+\\s+){0,2}?(?:${alt(BROKEN_STATES)})\\b`,
    gate: ['accept', 'allow', 'pass', 'ignore', 'tolerate', 'skip over', 'let through', 'wave through', 'let in', 'approve'],
    also: ['audit', 'verif', 'preflight', 'gate', 'check', 'hook', 'scan', 'pre-commit'],
    questions: false,
  },
  {
    id: 'governance.loosened_reports',
    category: 'governance',
    reason: 'A governance check, or "it" after one, made to always report success can never fail: it is switched off.',
    source: `\\b${CHECK}\\b[\\s\\S]{0,160}?\\b(?:make|let|have|get|force|set|rig)\\s+(?:it|them)\\s+(?:to\\s+)?(?:always|just|simply|unconditionally)\\s+(?:report|return|give|say|show|exit(?:\\s+with)?|print)\\s+(?:a\\s+|an\\s+)?(?:${alt(SUCCESS)})\\b|\\b(?:make|let|have|get|force|set|rig)\\s+(?:the\\s+|our\\s+)?${CHECK}\\s+(?:to\\s+)?(?:always|just|simply|unconditionally)\\s+(?:report|return|give|say|show|exit(?:\\s+with)?|print)\\s+(?:a\\s+|an\\s+)?(?:${alt(SUCCESS)})\\b`,
    gate: ['always', 'just', 'simply', 'unconditionally'],
    also: ['audit', 'verif', 'preflight', 'gate', 'check', 'hook', 'scan', 'pre-commit'],
    questions: false,
  },
  {
    id: 'governance.loosened_warns',
    category: 'governance',
    reason: 'A governance failure downgraded to a warning (or a check made to only warn) no longer stops anything.',
    source: `\\b(?:downgrade|demote|turn|reduce|soften|change|make|treat|report)\\b${FREE}{0,60}?\\b(?:${alt(GOVERNANCE_FAILURES)})\\b${FREE}{0,60}?\\b(?:to|into|as)\\s+${WARNING}|\\b${CHECK}\\b${FREE}{0,40}?\\b(?:just|only|merely)\\s+warns?\\b`,
    gate: ['warn', 'notice', 'info', 'soft fail'],
    also: ['ledger', 'chain', 'wal', 'esdb', 'audit', 'verif', 'preflight', 'hook', 'governance', 'scan', 'check', 'signature', 'checkpoint', 'gate', 'pre-commit'],
    questions: false,
  },
  {
    id: 'governance.loosened_build',
    category: 'governance',
    reason: 'No longer failing the build, commit or merge when a governance record or check is broken lets the breach through.',
    source: `\\b(?:stop|quit|no\\s+longer|don'?t|do\\s+not|never)\\s+(?:${alt(FAILING)})\\s+(?:the\\s+|a\\s+|our\\s+)?(?:build|commit|merge|push|pr|pull\\s+request|pipeline|ci|release)s?\\b${IN}{0,20}?\\b(?:when|if|whenever|because|on|for)\\b${IN}{0,80}?\\b(?:${alt(GOVERNANCE_FAILURES)})\\b`,
    gate: ['stop', 'quit', 'no longer', "don't", 'dont', 'do not', 'never'],
    also: ['ledger', 'chain', 'wal', 'esdb', 'audit', 'verif', 'preflight', 'hook', 'governance', 'scan', 'check', 'signature', 'checkpoint'],
    questions: false,
  },
  {
    id: 'governance.loosened_step',
    category: 'governance',
    reason: 'Dropping a governance step or job from the pipeline or the hook switches that check off.',
    source: `\\b(?:drop|remove|delete|take\\s+out|cut|strip|rip\\s+out|disable|skip|comment\\s+out|lose|ditch)\\s+(?:the\\s+|our\\s+)?(?:[\\w-]+\\s+){0,2}?(?:verify|verification|preflight|audit|governance|ledger|secret[- ]scan(?:ning|ner)?|secret[- ]check)\\s+(?:steps?|checks?|jobs?|stages?|calls?|gates?)\\b(?!'s)(?!\\s+(?:from|in|of|out\\s+of)\\s+(?:the\\s+|our\\s+|a\\s+)?(?:[\\w-]+\\s+)?(?:tutorial|tutorials|docs?|documentation|readme|guide|walkthrough|examples?|slides?|blog|post|article|screenshots?|diagram))`,
    gate: ['drop', 'remove', 'delete', 'take out', 'cut', 'strip', 'rip out', 'disable', 'skip', 'comment out', 'lose', 'ditch'],
    also: ['verif', 'preflight', 'audit', 'governance', 'ledger', 'secret'],
    questions: false,
  },
]
