/**
 * `verify(ctx, input, options)`: judges a change set. Confidence is computed from evidence, equilibrium
 * means the change is done (non-empty, no failing test, no rollback or scope signal in the logs, confidence
 * at or above the threshold), and otherwise a retry strategy says what to do next, within the work item's retry budget.
 */
import {events, type ProjectContext} from 'govtool/core'

import {confidenceTarget, loadSnapshot, type PreflightSnapshot} from '../snapshot.js'
import {readWorkItem, updateWorkItem, validateWorkItemId, type WorkItemRecord} from '../work-items.js'
import {linkRequirements, logSignals, parseDiff, type Linkage, type LogSignals} from './evidence.js'
import {parseVerifyInput, type ResolvedVerifyInput, type VerifyInput} from './input.js'

export const RETRY_STRATEGIES = ['narrow_scope', 'expand_scope', 'fix_tests', 'rollback', 'stop'] as const
export type RetryStrategy = (typeof RETRY_STRATEGIES)[number]

export interface VerifyEvidence {
  tests: {score: number; pass_ratio: number | null}
  linkage: {score: number; known: boolean; touched: string[]; untouched: string[]; via: Record<string, string>}
  size: {score: number; lines_added: number; lines_removed: number; files: number; expected_lines: number; expected_files: number}
  logs: {score: number} & LogSignals
}

/** Where the change set came from: the caller's input, or git (verify given no change). */
export interface ChangeSetSource {
  source: 'input' | 'git'
  /** git: `HEAD`, or the base branch the change was compared with */
  against: string | null
  /** git: the commit compared with (the merge base for a base branch); null before the first commit */
  commit: string | null
  /** git: untracked (not ignored) files counted as new files */
  untracked: string[]
}

export const INPUT_CHANGE_SET: ChangeSetSource = {source: 'input', against: null, commit: null, untracked: []}

export interface VerifyResult {
  equilibrium: boolean
  confidence: number
  summary: string
  files_changed: string[]
  test_results: {passed: number; failed: number; skipped: number; total: number; format: 'json' | 'junit' | 'tap' | 'none'}
  /** empty when equilibrium is reached */
  retry_strategy: RetryStrategy | ''
  work_item_id: string | null
  /** retries granted to the work item so far, out of `limit` */
  retry_budget: {limit: number; used: number; remaining: number}
  confidence_threshold: number
  evidence: VerifyEvidence
  /** where the change set came from */
  change_set: ChangeSetSource
}

export interface VerifyOptions {
  /** record retries and the outcome in `.govtool/work-items/` (default true) */
  record?: boolean
  /** where the change set came from (default: the input) */
  changeSet?: ChangeSetSource
}

const round3 = (x: number) => Math.round(x * 1000) / 1000

interface Judgement {
  confidence: number
  evidence: VerifyEvidence
  empty: boolean
}

function judge(input: ResolvedVerifyInput, snapshot: PreflightSnapshot, item: WorkItemRecord | undefined): Judgement & {files: string[]} {
  const cfg = snapshot.policy.verify
  const diff = parseDiff(input.diff)
  const files = [...new Set([...input.files_changed, ...diff.files])].sort()
  const empty = files.length === 0 && diff.added + diff.removed === 0
  const tests = input.tests
  const executed = tests ? tests.passed + tests.failed : 0
  const passRatio = executed > 0 ? tests!.passed / executed : null
  const testsScore = passRatio ?? 0.2
  const reqs = item?.requirement_ids ?? []
  const linkage: Linkage = linkRequirements(reqs, snapshot.index, {diff: input.diff, files, testNames: tests?.names ?? []})
  const linkageScore = linkage.known ? linkage.touched.length / reqs.length : 0.5
  const scopeN = Math.max(1, reqs.length)
  const expectedLines = scopeN * cfg.lines_per_requirement
  const expectedFiles = scopeN * cfg.files_per_requirement
  const lines = diff.added + diff.removed
  const sizeScore = empty ? 0 : Math.min(1, lines > 0 ? expectedLines / lines : 1, files.length > 0 ? expectedFiles / files.length : 1)
  const signals = logSignals(input.logs, input.summary)
  const logsScore = signals.rollback.length > 0 ? 0 : Math.max(0, 1 - 0.2 * Math.min(5, signals.error_lines))
  const w = cfg.weights
  const total = w.tests + w.linkage + w.size + w.logs || 1
  const confidence = empty ? 0 : (w.tests * testsScore + w.linkage * linkageScore + w.size * sizeScore + w.logs * logsScore) / total
  return {
    confidence: round3(confidence),
    empty,
    files,
    evidence: {
      tests: {score: round3(testsScore), pass_ratio: passRatio === null ? null : round3(passRatio)},
      linkage: {score: round3(linkageScore), ...linkage},
      size: {score: round3(sizeScore), lines_added: diff.added, lines_removed: diff.removed, files: files.length, expected_lines: expectedLines, expected_files: expectedFiles},
      logs: {score: round3(logsScore), ...signals},
    },
  }
}

/** The retry strategy, in the older tool's order: rollback, fix_tests, narrow/expand (hints, then the confidence gap), stop. */
function chooseStrategy(j: Judgement, failed: number, hasTests: boolean): {strategy: RetryStrategy; why: string} {
  const {evidence} = j
  if (evidence.logs.rollback.length > 0) return {strategy: 'rollback', why: `the logs or summary ask for it (${evidence.logs.rollback.join(', ')})`}
  if (failed > 0) return {strategy: 'fix_tests', why: `${failed} test(s) fail`}
  if (evidence.logs.narrow_hints.length > 0) return {strategy: 'narrow_scope', why: `the logs say ${evidence.logs.narrow_hints.map((h) => `"${h}"`).join(', ')}`}
  if (evidence.logs.expand_hints.length > 0) return {strategy: 'expand_scope', why: `the logs say ${evidence.logs.expand_hints.map((h) => `"${h}"`).join(', ')}`}
  if (j.empty) return {strategy: 'expand_scope', why: 'the change set is empty: the work is not done'}
  if (evidence.size.score < 0.6) return {strategy: 'narrow_scope', why: `the change (${evidence.size.lines_added + evidence.size.lines_removed} lines, ${evidence.size.files} files) is large for its scope`}
  if (evidence.linkage.known && evidence.linkage.score < 0.5) return {strategy: 'expand_scope', why: `the change does not reach ${evidence.linkage.untouched.join(', ')}`}
  if (!hasTests) return {strategy: 'expand_scope', why: 'no test results: run the tests covering the work item'}
  return {strategy: 'stop', why: 'confidence is below the threshold for no cause a retry can address'}
}

/** Exit code of a verify result: 0 equilibrium, 3 stop-and-align, 2 retry. */
export function verifyExitCode(result: Pick<VerifyResult, 'equilibrium' | 'retry_strategy'>): number {
  if (result.equilibrium) return 0
  return result.retry_strategy === 'stop' ? 3 : 2
}

/**
 * Judges a change set. `input` is the verification input object (validated here) or an already-resolved
 * input from `loadVerifyInput`. With `record` (default) and a work item id, a retry is counted in
 * `.govtool/work-items/` (locked), and equilibrium resets the count.
 */
export async function verify(ctx: ProjectContext, input: VerifyInput | ResolvedVerifyInput, options: VerifyOptions = {}): Promise<VerifyResult> {
  const resolved = isResolved(input) ? input : parseVerifyInput(input)
  const wi = resolved.work_item_id === undefined ? undefined : validateWorkItemId(resolved.work_item_id)
  const snapshot = await loadSnapshot(ctx)
  const item = wi ? await readWorkItem(ctx, wi) : undefined
  const limit = snapshot.policy.verify.retry_budget
  // the confidence preflight asked this work item for: one threshold, whichever command states it
  const {target: threshold, setting} = confidenceTarget(snapshot.policy, item?.intent)
  const j = judge(resolved, snapshot, item)
  const tests = resolved.tests
  const failed = tests?.failed ?? 0
  const signals = j.evidence.logs
  // the logs may say the work is not done even when the numbers look right: a rollback request, or a
  // hint that the change is out of scope or incomplete
  const flagged = signals.rollback.length + signals.narrow_hints.length + signals.expand_hints.length > 0
  const equilibrium = !j.empty && failed === 0 && !flagged && j.confidence >= threshold
  const hasTests = tests !== undefined && tests.total > 0
  // decided from the retries already granted; under the store's lock when recording, so concurrent
  // verifies of one work item never grant more retries than the budget
  const settle = (usedBefore: number): {strategy: RetryStrategy | ''; why: string; used: number; exhausted: boolean} => {
    if (equilibrium) return {strategy: '', why: '', used: 0, exhausted: false}
    if (wi && usedBefore >= limit) return {strategy: 'stop', why: `the retry budget of ${wi} is spent (${usedBefore} of ${limit})`, used: usedBefore, exhausted: true}
    const chosen = chooseStrategy(j, failed, hasTests)
    return {...chosen, used: wi && chosen.strategy !== 'stop' ? usedBefore + 1 : usedBefore, exhausted: false}
  }
  const {strategy, why, used} =
    wi && options.record !== false ? await recordOutcome(ctx, wi, j.confidence, settle) : settle(item?.retries ?? 0)
  const testLine = tests ? `${tests.passed}/${tests.passed + tests.failed} tests pass${tests.skipped ? ` (${tests.skipped} skipped)` : ''}` : 'no test results'
  const reach = j.evidence.linkage.known ? `; touches ${j.evidence.linkage.touched.length} of ${j.evidence.linkage.touched.length + j.evidence.linkage.untouched.length} requirement(s)` : ''
  const against = `${threshold} (${setting})`
  const summary = equilibrium
    ? `Equilibrium: ${testLine}${reach}; confidence ${j.confidence} >= ${against}.`
    : `${strategy === 'stop' ? 'Stop and align' : `Retry (${strategy})`}: ${why}. ${testLine}${reach}; confidence ${j.confidence} ${j.confidence >= threshold ? '>=' : '<'} ${against}.`
  const result: VerifyResult = {
    equilibrium,
    confidence: j.confidence,
    summary,
    files_changed: j.files,
    test_results: {passed: tests?.passed ?? 0, failed, skipped: tests?.skipped ?? 0, total: tests?.total ?? 0, format: tests?.format ?? 'none'},
    retry_strategy: strategy,
    work_item_id: wi ?? null,
    retry_budget: {limit, used, remaining: Math.max(0, limit - used)},
    confidence_threshold: threshold,
    evidence: j.evidence,
    change_set: options.changeSet ?? INPUT_CHANGE_SET,
  }
  await events.emit('verify.completed', {equilibrium, confidence: j.confidence, work_item_id: wi ?? '', project: ctx.root})
  return result
}

function isResolved(input: VerifyInput | ResolvedVerifyInput): input is ResolvedVerifyInput {
  const r = input as Partial<ResolvedVerifyInput>
  return typeof r.diff === 'string' && Array.isArray(r.files_changed) && typeof r.logs === 'string' && typeof r.summary === 'string' && !('test_results' in input)
}

async function recordOutcome<T extends {strategy: RetryStrategy | ''; used: number; exhausted: boolean}>(
  ctx: ProjectContext,
  wi: string,
  confidence: number,
  settle: (usedBefore: number) => T,
): Promise<T> {
  const now = new Date().toISOString()
  return updateWorkItem(ctx, wi, (current) => {
    const item = current ?? {first_seen: now, last_seen: now, intent: 'unknown', requirement_ids: [], test_case_ids: [], request: '', decisions: 0, retries: 0, exhausted: false}
    const outcome = settle(item.retries)
    const next = {...item, last_seen: now, retries: outcome.used, exhausted: outcome.exhausted, last_verify: {at: now, equilibrium: outcome.strategy === '', confidence, retry_strategy: outcome.strategy}}
    return {item: next, result: outcome}
  })
}
