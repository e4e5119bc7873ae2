/**
 * The `preflight:` and `verify:` sections of docs/GOVTOOL.yml, validated with zod (a typo is a clear error
 * naming the file, field and line), with the defaults a project gets when it says nothing.
 */
import {AEE_PHASES, frozenStatusWords, type AeePhase} from 'govtool/core'
import {z} from 'zod/v3'

import type {PhaseAction} from '../analyse/intent.js'

export const PHASE_ACTIONS = ['read_only', 'docs_change', 'test_change', 'code_change', 'destructive', 'release'] as const satisfies readonly PhaseAction[]

/** What each AEE phase allows by default: code from implementation on, releases from verification on. */
export const DEFAULT_PHASE_RULES: Record<AeePhase, readonly PhaseAction[]> = {
  inception: ['read_only', 'docs_change'],
  architecture: ['read_only', 'docs_change'],
  requirements: ['read_only', 'docs_change'],
  test_spec: ['read_only', 'docs_change', 'test_change'],
  implementation: ['read_only', 'docs_change', 'test_change', 'code_change', 'destructive'],
  verification: ['read_only', 'docs_change', 'test_change', 'code_change', 'destructive', 'release'],
  release: ['read_only', 'docs_change', 'test_change', 'code_change', 'destructive', 'release'],
}

/** Paths no request may destroy; the config adds to these, never removes them. */
export const BUILTIN_PROTECTED_PATHS = [
  '.git',
  '.govtool',
  'LEDGER.md',
  'docs/ledger-archive.md',
  'docs/REQUIREMENTS.md',
  'docs/TESTS.md',
  'REQUIREMENTS.md',
  'TESTS.md',
  'AGENTS.md',
  'scaffold.yml',
  'docs/GOVTOOL.yml',
  'docs/governance',
] as const

/**
 * Requirement statuses a change may not touch (replaced, not extended, by `frozen_statuses`): the frozen
 * statuses of the one status list (govtool/core's vocabulary) and the older words for them.
 */
export const DEFAULT_FROZEN_STATUSES = frozenStatusWords()

/** The numeric and enum defaults of the two sections, as data: the schemas below apply them, and the preflight pack fingerprints them. */
export const PREFLIGHT_DEFAULTS = {
  phase_gating: 'auto',
  max_requirements: 3,
  min_score: 0.2,
  high_risk_confidence_target: 0.9,
} as const

export const VERIFY_DEFAULTS = {
  threshold: 0.7,
  retry_budget: 3,
  lines_per_requirement: 400,
  files_per_requirement: 12,
  weights: {tests: 0.4, linkage: 0.35, size: 0.125, logs: 0.125},
} as const

function compiles(source: string): boolean {
  try {
    new RegExp(source, 'i')
    return true
  } catch {
    return false
  }
}

export const ForbiddenPatternSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - only').optional(),
    pattern: z.string().min(1).max(500).refine(compiles, 'not a valid regular expression'),
    reason: z.string().min(1).max(300),
  })
  .strict()

export const PreflightConfigSchema = z
  .object({
    protected_paths: z.array(z.string().min(1).max(300)).default([]),
    frozen_statuses: z.array(z.string().min(1).max(64)).default(DEFAULT_FROZEN_STATUSES),
    forbidden_patterns: z.array(ForbiddenPatternSchema).default([]),
    /** auto: phase rules apply only when scaffold.yml records `aee_phase` */
    phase_gating: z.enum(['auto', 'always', 'never']).default(PREFLIGHT_DEFAULTS.phase_gating),
    phase_rules: z.record(z.enum(AEE_PHASES), z.array(z.enum(PHASE_ACTIONS))).default({}),
    scope: z
      .object({
        max_requirements: z.number().int().min(1).max(50).default(PREFLIGHT_DEFAULTS.max_requirements),
        min_score: z.number().min(0).max(1).default(PREFLIGHT_DEFAULTS.min_score),
      })
      .strict()
      .default({}),
    /**
     * removed: preflight's confidence target is verify.threshold, so that the number preflight asks for is the
     * number verify checks. Refused with a message saying so rather than silently ignored.
     */
    confidence_target: z
      .undefined({invalid_type_error: 'no longer read: the confidence target preflight gives and the threshold verify checks are one setting, verify.threshold; move the value there'})
      .optional(),
    /** the confidence target of destructive and release requests (never below verify.threshold) */
    high_risk_confidence_target: z.number().min(0).max(1).default(PREFLIGHT_DEFAULTS.high_risk_confidence_target),
  })
  .strict()

export type PreflightConfig = z.infer<typeof PreflightConfigSchema>

export const VerifyConfigSchema = z
  .object({
    threshold: z.number().min(0).max(1).default(VERIFY_DEFAULTS.threshold),
    retry_budget: z.number().int().min(0).max(100).default(VERIFY_DEFAULTS.retry_budget),
    /** changed lines one requirement of scope is expected to need; beyond it the change is "too big" */
    lines_per_requirement: z.number().int().min(1).default(VERIFY_DEFAULTS.lines_per_requirement),
    files_per_requirement: z.number().int().min(1).default(VERIFY_DEFAULTS.files_per_requirement),
    weights: z
      .object({
        tests: z.number().min(0).default(VERIFY_DEFAULTS.weights.tests),
        linkage: z.number().min(0).default(VERIFY_DEFAULTS.weights.linkage),
        size: z.number().min(0).default(VERIFY_DEFAULTS.weights.size),
        logs: z.number().min(0).default(VERIFY_DEFAULTS.weights.logs),
      })
      .strict()
      .default({}),
  })
  .strict()

export type VerifyConfig = z.infer<typeof VerifyConfigSchema>
