/**
 * The `preflight:` and `verify:` sections of docs/GOVTOOL.yml, validated with zod (a typo is a clear error
 * naming the file, field and line), with the defaults a project gets when it says nothing.
 */
import {AEE_PHASES, type AeePhase} from 'govtool/core'
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

/** Requirement statuses a change may not touch (replaced, not extended, by `frozen_statuses`). */
export const DEFAULT_FROZEN_STATUSES = ['frozen', 'sealed', 'locked', 'deprecated', 'retired', 'superseded', 'obsolete', 'withdrawn']

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
    phase_gating: z.enum(['auto', 'always', 'never']).default('auto'),
    phase_rules: z.record(z.enum(AEE_PHASES), z.array(z.enum(PHASE_ACTIONS))).default({}),
    scope: z
      .object({
        max_requirements: z.number().int().min(1).max(50).default(3),
        min_score: z.number().min(0).max(1).default(0.2),
      })
      .strict()
      .default({}),
    /** the confidence target of an ordinary request (default: verify.threshold) */
    confidence_target: z.number().min(0).max(1).optional(),
    /** the confidence target of destructive and release requests */
    high_risk_confidence_target: z.number().min(0).max(1).default(0.9),
  })
  .strict()

export type PreflightConfig = z.infer<typeof PreflightConfigSchema>

export const VerifyConfigSchema = z
  .object({
    threshold: z.number().min(0).max(1).default(0.7),
    retry_budget: z.number().int().min(0).max(100).default(3),
    /** changed lines one requirement of scope is expected to need; beyond it the change is "too big" */
    lines_per_requirement: z.number().int().min(1).default(400),
    files_per_requirement: z.number().int().min(1).default(12),
    weights: z
      .object({
        tests: z.number().min(0).default(0.4),
        linkage: z.number().min(0).default(0.35),
        size: z.number().min(0).default(0.125),
        logs: z.number().min(0).default(0.125),
      })
      .strict()
      .default({}),
  })
  .strict()

export type VerifyConfig = z.infer<typeof VerifyConfigSchema>
