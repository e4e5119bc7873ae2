/**
 * The one list of requirement statuses and priorities. The templates (docs/REQUIREMENTS.md), `req add` and
 * `req edit`, `validate`, the phase checklists and preflight's default frozen statuses all read them from
 * here, so a status one part of govtool accepts is never one another part rejects.
 */

/** Requirement statuses in lifecycle order, each with what it means. */
export const REQUIREMENT_STATUS_MEANINGS = {
  draft: 'being shaped; left out of coverage, scope and the phase checks',
  proposed: 'stated so that a test can check it, waiting for approval',
  approved: 'agreed; to be implemented',
  implemented: 'built, with the tests that cover it',
  verified: 'implemented and its tests pass in a verified release',
  frozen: 'kept as it is: no change may touch it until it is reopened',
  deprecated: 'still there, on its way out: no change may touch it',
  superseded: 'replaced by another requirement: no change may touch it',
  withdrawn: 'dropped before or after implementation, kept for the record: no change may touch it',
} as const

export type RequirementStatus = keyof typeof REQUIREMENT_STATUS_MEANINGS

export const REQUIREMENT_STATUSES = Object.keys(REQUIREMENT_STATUS_MEANINGS) as RequirementStatus[]

/** The status of a requirement that `req add` writes when none is given. */
export const DEFAULT_REQUIREMENT_STATUS: RequirementStatus = 'proposed'

/** Statuses no change may touch (preflight refuses a change scoped to one of them). */
export const FROZEN_REQUIREMENT_STATUSES: readonly RequirementStatus[] = ['frozen', 'deprecated', 'superseded', 'withdrawn']

/**
 * Statuses of a requirement that has shipped or is kept for the record: removing one with `req remove` needs a
 * reason, which the ledger records.
 */
export const RECORDED_REQUIREMENT_STATUSES: readonly RequirementStatus[] = ['implemented', 'verified', 'frozen', 'deprecated', 'superseded', 'withdrawn']

/**
 * Words other tools (and older projects) use for these statuses. They are read as written; `validate` names
 * the status to use instead, and preflight treats the frozen ones as frozen.
 */
export const REQUIREMENT_STATUS_SYNONYMS: Readonly<Record<string, RequirementStatus>> = {
  sealed: 'frozen',
  locked: 'frozen',
  retired: 'deprecated',
  obsolete: 'deprecated',
  accepted: 'approved',
  done: 'implemented',
  complete: 'implemented',
  completed: 'implemented',
}

/** Requirement priorities, highest first, each with what it means. */
export const REQUIREMENT_PRIORITY_MEANINGS = {
  P0: 'critical: nothing ships without it',
  P1: 'high: must be covered by tests before implementation starts',
  P2: 'normal',
  P3: 'low',
  P4: 'nice to have',
} as const

export type RequirementPriority = keyof typeof REQUIREMENT_PRIORITY_MEANINGS

export const REQUIREMENT_PRIORITIES = Object.keys(REQUIREMENT_PRIORITY_MEANINGS) as RequirementPriority[]

/** The priorities the test_spec phase requires covered (80% of them): P0 and P1. */
export const GATING_PRIORITIES: readonly RequirementPriority[] = ['P0', 'P1']

/** A status as govtool compares it: trimmed and lower-cased (`Draft` in style A reads as `draft`). */
export function normalStatus(status: string): string {
  return status.trim().toLowerCase()
}

/** A priority as govtool compares it: trimmed and upper-cased (`p1` reads as `P1`). */
export function normalPriority(priority: string): string {
  return priority.trim().toUpperCase()
}

export function isRequirementStatus(status: string): status is RequirementStatus {
  return Object.hasOwn(REQUIREMENT_STATUS_MEANINGS, normalStatus(status))
}

export function isRequirementPriority(priority: string): priority is RequirementPriority {
  return Object.hasOwn(REQUIREMENT_PRIORITY_MEANINGS, normalPriority(priority))
}

/** Draft requirements are left out of coverage, scope and the phase checks. */
export function isDraftStatus(status: string): boolean {
  return normalStatus(status) === 'draft'
}

/** Frozen statuses and their synonyms: preflight's default `frozen_statuses`. */
export function frozenStatusWords(): string[] {
  const synonyms = Object.entries(REQUIREMENT_STATUS_SYNONYMS)
    .filter(([, status]) => FROZEN_REQUIREMENT_STATUSES.includes(status))
    .map(([word]) => word)
  return [...FROZEN_REQUIREMENT_STATUSES, ...synonyms]
}

/** Whether a requirement with this status needs a reason to be removed (it shipped, or is kept for the record). */
export function isRecordedStatus(status: string): boolean {
  const s = normalStatus(status)
  const canonical = (REQUIREMENT_STATUS_SYNONYMS[s] ?? s) as RequirementStatus
  return RECORDED_REQUIREMENT_STATUSES.includes(canonical)
}
