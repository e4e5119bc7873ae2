/** The preflight payload (SPEC.md "Preflight decision") and the shapes of its optional arrays. */
import type {Intent} from './analyse/lexicon.js'

export const DECISIONS = ['accepted', 'needs_clarification', 'blocked', 'rejected'] as const
export type Decision = (typeof DECISIONS)[number]

/** Precedence: the most severe outcome of any rule decides. */
export const DECISION_RANK: Record<Decision, number> = {accepted: 0, needs_clarification: 1, blocked: 2, rejected: 3}

/** Exit codes (SPEC.md "Errors"): accepted 0, needs_clarification 2, blocked and rejected 3. */
export const DECISION_EXIT: Record<Decision, number> = {accepted: 0, needs_clarification: 2, blocked: 3, rejected: 3}

/**
 * One step of `--verbose` narration: every rule preflight evaluated, in order.
 * `outcome` is the decision the rule voted for when it fired, `info` for classification steps and `pass`
 * for a rule that was checked and did not fire.
 */
export interface NarrationStep {
  step: number
  /** stable rule id, e.g. `intent.classify`, `scope.resolve`, `policy.forbidden`, `phase.gate`, `permissions.profile` */
  rule: string
  fired: boolean
  outcome: Decision | 'info' | 'pass'
  detail: string
}

export const STRESS_KINDS = ['conflicting_requirements', 'vague_terms', 'missing_acceptance_criteria', 'scope_too_broad', 'untested_requirement'] as const
export type StressKind = (typeof STRESS_KINDS)[number]

/** One critical finding of the `--stress` pass. */
export interface StressWarning {
  kind: StressKind
  severity: 'critical'
  message: string
  /** requirements the finding is about (empty for findings about the request itself) */
  requirement_ids: string[]
  /** the words that triggered it (vague terms, conflicting pair) */
  terms: string[]
}

export interface PreflightDecision {
  decision: Decision
  work_item_id: string
  requirement_ids: string[]
  test_case_ids: string[]
  /** the confidence verify must reach for this work item, 0..1 */
  confidence_target: number
  /** what to do next: how to proceed, what to clarify, what unblocks it, or why it is never allowed */
  instruction: string
  intent: Intent
  stress_warnings?: StressWarning[]
  narration?: NarrationStep[]
}

export interface PreflightOptions {
  /** add stress_warnings */
  stress?: boolean
  /** add narration */
  verbose?: boolean
  /**
   * write the side effects (default true): for an accepted decision the work item record in
   * `.govtool/work-items/<id>.json` and, for a change when LEDGER.md exists, a `preflight` ledger entry
   * (plus a `work_proposal` entry for a first-seen work item); a read-only question never reaches the ledger
   */
  record?: boolean
  /** an already-loaded governance model (skips reading the files) */
  model?: import('@govtool/plugin-governance/trace').GovernanceModel
}
