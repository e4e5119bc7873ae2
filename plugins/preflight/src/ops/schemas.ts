/**
 * Result schemas of preflight and verify: the frozen output contract of the gate (`--json`, POST /preflight
 * and /verify, MCP). SPEC.md "Preflight decision" and "Verify result" name the keys.
 */
import {lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

import {INTENTS} from '../lib/analyse/lexicon.js'
import {DECISIONS, STRESS_KINDS} from '../lib/types.js'

export const PreflightDecisionSchema = lazySchema(() => z.object({
  decision: z.enum(DECISIONS),
  work_item_id: z.string(),
  requirement_ids: z.array(z.string()),
  test_case_ids: z.array(z.string()),
  confidence_target: z.number(),
  instruction: z.string(),
  intent: z.enum(INTENTS),
  stress_warnings: z
    .array(z.object({kind: z.enum(STRESS_KINDS), severity: z.literal('critical'), message: z.string(), requirement_ids: z.array(z.string()), terms: z.array(z.string())}))
    .optional(),
  narration: z
    .array(z.object({step: z.number().int(), rule: z.string(), fired: z.boolean(), outcome: z.enum([...DECISIONS, 'info', 'pass']), detail: z.string()}))
    .optional(),
}))

export const VerifyResultSchema = lazySchema(() => z.object({
  equilibrium: z.boolean(),
  confidence: z.number(),
  summary: z.string(),
  files_changed: z.array(z.string()),
  test_results: z.object({passed: z.number().int(), failed: z.number().int(), skipped: z.number().int(), total: z.number().int(), format: z.enum(['json', 'junit', 'tap', 'none'])}),
  retry_strategy: z.enum(['narrow_scope', 'expand_scope', 'fix_tests', 'rollback', 'stop', '']),
  work_item_id: z.string().nullable(),
  retry_budget: z.object({limit: z.number().int(), used: z.number().int(), remaining: z.number().int()}),
  confidence_threshold: z.number(),
  evidence: z.object({
    tests: z.object({score: z.number(), pass_ratio: z.number().nullable()}),
    linkage: z.object({score: z.number(), known: z.boolean(), touched: z.array(z.string()), untouched: z.array(z.string()), via: z.record(z.string())}),
    size: z.object({score: z.number(), lines_added: z.number().int(), lines_removed: z.number().int(), files: z.number().int(), expected_lines: z.number(), expected_files: z.number()}),
    logs: z.object({score: z.number(), rollback: z.array(z.string()), error_lines: z.number().int(), narrow_hints: z.array(z.string()), expand_hints: z.array(z.string())}),
  }),
  change_set: z
    .object({
      source: z.enum(['input', 'git']).describe('input: the diff or files given; git: none was given, so the change was taken from git'),
      against: z.string().nullable().describe('git: HEAD, or the base branch (--base) the change was compared with'),
      commit: z.string().nullable().describe('git: the commit compared with (the merge base for --base); null before the first commit'),
      untracked: z.array(z.string()).describe('git: untracked, not ignored files counted as new files'),
    })
    .describe('where the change set came from'),
}))

/** `govtool hook <client> <event>`: govtool's decision, and the JSON the client reads (`output`). */
export const HookResultSchema = lazySchema(() => z.object({
  client: z.string(),
  event: z.string(),
  decision: z.enum(['allow', 'ask', 'deny', 'block']).describe('allow: no objection; deny/ask: a tool call refused or put to the user; block: a prompt refused'),
  reason: z.string(),
  output: z.record(z.unknown()).nullable().describe('the JSON printed on stdout for the client (null: nothing printed)'),
  checks: z.array(z.object({kind: z.enum(['permission', 'protected_path', 'session', 'secret']), subject: z.string(), ok: z.boolean(), detail: z.string()})),
  preflight: z.object({decision: z.enum(DECISIONS), work_item_id: z.string(), requirement_ids: z.array(z.string()), intent: z.string(), instruction: z.string()}).optional(),
  verify: z.object({equilibrium: z.boolean(), confidence: z.number(), retry_strategy: z.string(), summary: z.string(), files_changed: z.array(z.string())}).optional(),
}))
