/**
 * Result schemas of the version-control operations: the frozen output contract (`--json`, HTTP, MCP). The
 * library's result interfaces (lib/*.ts) must stay assignable to these; key names are the library's.
 */
import {lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

const strategy = lazySchema(() => z.enum(['gitflow', 'trunk-based', 'github-flow']))
const platform = lazySchema(() => z.enum(['github', 'gitlab', 'azure-devops']))

const AuditIssueSchema = lazySchema(() => z.object({
  check: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  file: z.string().optional(),
  line: z.number().int().optional(),
  hint: z.string().optional(),
}))

export const PushResultSchema = lazySchema(() => z.object({
  pushed: z.literal(true),
  branch: z.string(),
  remote: z.string(),
  upstream: z.string(),
  set_upstream: z.boolean(),
  commits: z.number().int(),
  strategy,
  forced: z.boolean(),
  skipped_checks: z.array(z.string()),
  checks: z.array(z.object({name: z.enum(['protected-branch', 'audit', 'upstream']), ok: z.boolean(), message: z.string()})),
}))

export const CommitResultSchema = lazySchema(() => z.object({
  sha: z.string(),
  branch: z.string(),
  message: z.string(),
  message_source: z.enum(['flag', 'ledger']),
  files: z.array(z.string()),
  staged_only: z.boolean(),
  included: z.array(z.string()),
  untracked_left: z.array(z.string()),
  untracked_left_count: z.number().int(),
  secrets_allowed: z.array(z.object({file: z.string().optional(), line: z.number().int(), kind: z.string()})),
  ledger_updated: z.boolean(),
  audit: z.union([z.object({ran: z.literal(true), healthy: z.boolean(), issues: z.array(AuditIssueSchema)}), z.object({ran: z.literal(false)})]),
  warnings: z.array(z.string()),
  push: z.union([PushResultSchema, z.object({pushed: z.literal(false), error: z.string(), hint: z.string().optional()})]).optional(),
}))

export const PullResultSchema = lazySchema(() => z.object({
  mode: z.enum(['merge', 'discard', 'clean']),
  branch: z.string(),
  source: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  updated: z.boolean(),
  conflicts: z.array(z.string()),
  governance_conflicts: z.array(z.string()),
  discarded: z.object({commits: z.number().int(), files: z.array(z.string()), untracked_removed: z.array(z.string())}),
  warnings: z.array(z.string()),
}))

export const BranchListSchema = lazySchema(() => z.object({
  strategy,
  main: z.string(),
  develop: z.string().nullable(),
  branches: z.array(
    z.object({
      name: z.string(),
      current: z.boolean(),
      role: z.string(),
      protected: z.boolean(),
      upstream: z.string().nullable(),
      ahead: z.number().int().nullable(),
      behind: z.number().int().nullable(),
      last_commit: z.string(),
    }),
  ),
}))

export const CreatedBranchSchema = lazySchema(() => z.object({
  branch: z.string(),
  base: z.string(),
  from: z.string(),
  pr_target: z.string(),
  role: z.string(),
  strategy,
  switched: z.boolean(),
}))

export const RepoStatusSchema = lazySchema(() => z.object({
  platform,
  cli: z.string(),
  branch: z.string().nullable(),
  ci: z
    .object({name: z.string().nullable(), status: z.string(), conclusion: z.string().nullable(), url: z.string().nullable(), created_at: z.string().nullable()})
    .nullable(),
  security_alerts: z.number().int().nullable(),
  open_prs: z.number().int().nullable(),
  errors: z.object({ci: z.string().optional(), security_alerts: z.string().optional(), open_prs: z.string().optional()}),
}))

export const SessionEndResultSchema = lazySchema(() => z.object({
  clean: z.boolean(),
  needs_action: z.array(z.string()),
  checks: z.array(
    z.object({
      name: z.enum(['uncommitted', 'ledger', 'todos', 'audit', 'unpushed']),
      status: z.enum(['ok', 'warn', 'fail']),
      message: z.string(),
      items: z.array(z.string()).optional(),
    }),
  ),
  session_start: z.string().nullable(),
  open_todos: z.number().int(),
  audit_healthy: z.boolean(),
}))

export const PrResultSchema = lazySchema(() => z.object({
  platform,
  cli: z.string(),
  branch: z.string(),
  base: z.string(),
  title: z.string(),
  draft: z.boolean(),
  url: z.string().nullable(),
  commits: z.number().int(),
  report_chars: z.number().int(),
  body: z.string(),
  warnings: z.array(z.string()),
}))

export const ReleaseResultSchema = lazySchema(() => z.object({
  version: z.string(),
  previous: z.string().nullable(),
  previous_source: z.string().nullable(),
  dry_run: z.boolean(),
  written: z.boolean(),
  edits: z.array(
    z.object({
      file: z.string(),
      kind: z.enum(['package.json', 'package-lock.json', 'pyproject.toml', 'Cargo.toml', '__version__', 'badge', 'changelog']),
      line: z.number().int(),
      before: z.string(),
      after: z.string(),
      found: z.string().optional(),
      created: z.boolean().optional(),
    }),
  ),
  stale_references: z.array(z.object({file: z.string(), line: z.number().int(), text: z.string()})),
  stale_truncated: z.boolean(),
  warnings: z.array(z.string()),
  next_steps: z.array(z.string()),
}))

export const VerifyReleaseResultSchema = lazySchema(() => z.object({
  name: z.string().nullable(),
  version: z.string(),
  ecosystem: z.enum(['npm', 'pypi', 'crates']).nullable(),
  tag: z.string(),
  checks: z.array(
    z.object({
      check: z.enum(['package_index', 'docs', 'tag_local', 'tag_remote']),
      target: z.string().nullable(),
      reachable: z.boolean().nullable(),
      found: z.boolean().nullable(),
      status: z.number().int().optional(),
      detail: z.string(),
    }),
  ),
  verified: z.boolean(),
  offline: z.boolean(),
  summary: z.string(),
}))

/** `govtool git-hook <hook>`: the checks of a git hook on what is being committed or pushed. */
export const GitHookResultSchema = lazySchema(() => z.object({
  hook: z.enum(['pre-commit', 'pre-push']),
  ok: z.boolean().describe('false: a check failed and git refuses the commit or push'),
  skipped: z.boolean().describe('nothing to check: nothing pushed (pre-push)'),
  summary: z.string(),
  governance_files: z.array(z.string()).describe('governance files the commit stages (pre-commit)'),
  secrets: z
    .array(z.object({file: z.string().optional(), line: z.number().int(), kind: z.string()}))
    .describe('secrets in the staged diff (pre-commit): file, line and kind, never the value'),
  checks: z.array(
    z.object({
      name: z.enum(['audit', 'ledger-chain', 'secrets']),
      subject: z.string().describe('index, or the commit checked'),
      ok: z.boolean(),
      message: z.string(),
      issues: z.array(z.object({check: z.string(), severity: z.enum(['error', 'warning']), message: z.string(), file: z.string().optional(), line: z.number().int().optional(), hint: z.string().optional()})),
    }),
  ),
}))
