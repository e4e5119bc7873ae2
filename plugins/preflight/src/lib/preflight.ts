/**
 * `preflight(ctx, utterance, options)`: the one function behind the CLI `preflight`, the governance
 * server's `/preflight` and the dispatcher's per-node gate.
 */
import {existsSync} from 'node:fs'

import {appendLedgerEntries, ledgerAuthor, type LedgerEntryInput} from '@govtool/plugin-governance/trace'
import {InputError, events, timingMark, type ProjectContext} from 'govtool/core'

import {analyseRequest, type RequestAnalysis} from './analyse/intent.js'
import type {Intent} from './analyse/lexicon.js'
import {decide} from './decide.js'
import {openEndedPart, openEndedVote, partVotes, withPartVotes} from './policy/compound-parts.js'
import {lexiconsToMachineCode} from './lexicon-machine-code.js'
import {summarise} from './redact.js'
import {explicitTargets, idsUnrelated} from './analyse/incidental-scope.js'
import {withFullIds} from './analyse/id-forms.js'
import {withPaste} from './policy/secrets-in-paste.js'
import {resolveScope, type ScopeResult} from './scope.js'
import {rejectedScope} from './scope-rejected.js'
import {loadSnapshot, type PreflightSnapshot} from './snapshot.js'
import {stressPass} from './stress.js'
import {DECISION_EXIT, type PreflightDecision, type PreflightOptions} from './types.js'
import {readWorkItem, updateWorkItem, workItemId} from './work-items.js'

/**
 * Decides one request against a loaded snapshot. Pure apart from `retryState` (the retries a work item
 * has spent, read from `.govtool/`); the same inputs always give the same payload.
 */
export function evaluateRequest(
  snapshot: PreflightSnapshot,
  utterance: string,
  retryState: (workItemId: string) => {used: number; exhausted: boolean},
  options: Pick<PreflightOptions, 'stress' | 'verbose'> = {},
): PreflightDecision {
  const prepared = prepareRequest(snapshot, utterance)
  return decideRequest(snapshot, prepared, retryState(prepared.work_item_id), options)
}

/** A request classified and scoped, with its work item id: what the retry state is looked up by. */
export interface PreparedRequest {
  analysis: RequestAnalysis
  scope: ScopeResult
  work_item_id: string
}

export function prepareRequest(snapshot: PreflightSnapshot, request: string): PreparedRequest {
  lexiconsToMachineCode()
  // loose requirement ids ("SYNC-003", "req-sync-2") written as the project writes them (analyse/id-forms.ts)
  const utterance = withFullIds(snapshot.index, request)
  const analysis = withPaste(utterance, analyseRequest(utterance))
  const scope = resolveScope(
    snapshot.index,
    analysis.scope_text,
    {requirement_ids: explicitTargets(utterance, analysis.explicit_requirement_ids), test_ids: analysis.explicit_test_ids},
    {...snapshot.policy.preflight.scope, strict: analysis.intent !== 'read_only', frames: analysis.frames, deciding: analysis.deciding_text, context: analysis.context_text, topics: analysis.topics},
  )
  if (analysis.intent !== 'read_only') idsUnrelated(snapshot.index, scope, utterance)
  return {analysis, scope, work_item_id: workItemId(snapshot.root, analysis.text, analysis.intent, scope.requirement_ids)}
}

/** The decision on a prepared request, given the retries its work item has spent. */
export function decideRequest(
  snapshot: PreflightSnapshot,
  {analysis, scope, work_item_id: wi}: PreparedRequest,
  retry: {used: number; exhausted: boolean},
  options: Pick<PreflightOptions, 'stress' | 'verbose'> = {},
): PreflightDecision {
  // round 25b: a compound request is decided by its strictest part (policy/compound-parts.ts)
  const rider = openEndedPart(analysis)
  const outcome = withPartVotes(decide({snapshot, analysis, scope, work_item_id: wi, retry}), [...(rider ? [openEndedVote(rider)] : []), ...partVotes(analysis, (part) => decide({snapshot, ...prepareRequest(snapshot, part), retry}))])
  // a rejected request still names the requirement its change was aimed at (scope-rejected.ts)
  const named = outcome.decision === 'rejected' ? rejectedScope(snapshot, analysis.text, scope) : scope
  const result: PreflightDecision = {
    decision: outcome.decision,
    work_item_id: wi,
    requirement_ids: named.requirement_ids,
    test_case_ids: named.test_case_ids,
    confidence_target: outcome.confidence_target,
    instruction: outcome.instruction,
    intent: analysis.intent,
  }
  if (options.stress) result.stress_warnings = stressPass(snapshot, analysis, scope)
  if (options.verbose) result.narration = outcome.narration
  return result
}

/** Exit code of a decision: accepted 0, needs_clarification 2, blocked and rejected 3. */
export function decisionExitCode(decision: PreflightDecision['decision']): number {
  return DECISION_EXIT[decision]
}

/**
 * Classifies `utterance`, resolves its scope against the project's requirements and tests, and decides.
 * With `record` (default), an accepted decision is remembered in `.govtool/work-items/` and, when it asks
 * for a change and LEDGER.md exists, logged as a `preflight` entry (plus a `work_proposal` entry for a
 * first-seen work item). A read-only question changes nothing, so it stays out of the ledger.
 */
export async function preflight(ctx: ProjectContext, utterance: string, options: PreflightOptions = {}): Promise<PreflightDecision> {
  if (typeof utterance !== 'string') {
    throw new InputError('The request must be a string.', {hint: 'Pass the request as text, e.g. govtool preflight "fix the login timeout".'})
  }
  const snapshot = await loadSnapshot(ctx, {model: options.model})
  const prepared = prepareRequest(snapshot, utterance)
  const item = await readWorkItem(ctx, prepared.work_item_id)
  const result = decideRequest(snapshot, prepared, {used: item?.retries ?? 0, exhausted: item?.exhausted ?? false}, options)
  if (options.record !== false && result.decision === 'accepted') await recordAccepted(ctx, utterance, result)
  await events.emit('preflight.decided', {decision: result.decision, work_item_id: result.work_item_id, intent: result.intent, project: ctx.root})
  return result
}

/** The intents whose accepted requests are logged to LEDGER.md: those that change the project. */
const LEDGER_INTENTS: ReadonlySet<Intent> = new Set<Intent>(['change', 'destructive', 'release'])

async function recordAccepted(ctx: ProjectContext, utterance: string, result: PreflightDecision): Promise<void> {
  const now = new Date().toISOString()
  const request = summarise(utterance, 200)
  // the ledger entries' author (`git config user.name`, a child process, when nothing names one) is asked for while
  // the work item is written, not after it (issue 14: the spawn and the wait were on the accepted path's critical path)
  const ledgered = LEDGER_INTENTS.has(result.intent) && existsSync(ctx.file('ledger'))
  const author = ledgered ? ledgerAuthor(ctx).catch(() => undefined) : undefined
  if (author) timingMark('preflight ledger author asked')
  const firstSeen = await updateWorkItem(ctx, result.work_item_id, (existing) => {
    if (existing) return {item: {...existing, last_seen: now, decisions: existing.decisions + 1}, result: false}
    const item = {
      first_seen: now,
      last_seen: now,
      intent: result.intent,
      requirement_ids: result.requirement_ids,
      test_case_ids: result.test_case_ids,
      request,
      decisions: 1,
      retries: 0,
      exhausted: false,
    }
    return {item, result: true}
  })
  timingMark('preflight work item written')
  // the ledger records changes; a question (or a request the gate could not read) is machine state only
  if (!ledgered || !author) return
  const fields = {'Work item': result.work_item_id, Intent: result.intent, 'Confidence target': String(result.confidence_target)}
  const by = {...((await author) ? {author: await author} : {})}
  const entries: LedgerEntryInput[] = [
    {description: `Preflight accepted: ${summarise(utterance, 120)}`, type: 'preflight', reqs: result.requirement_ids, status: 'accepted', fields, ...by},
  ]
  if (firstSeen) {
    entries.push({
      description: `Work proposal ${result.work_item_id}: ${summarise(utterance, 120)}`,
      type: 'work_proposal',
      reqs: result.requirement_ids,
      status: 'proposed',
      fields: {...fields, Tests: result.test_case_ids.join(', ') || 'none'},
      ...by,
    })
  }
  await appendLedgerEntries(ctx, entries)
}
