/**
 * Result schemas of the scaffolding operations (init, import, integrate, upgrade, migrate-project) and of the
 * report and workspace operations (export, workspace init/audit/export): the frozen output contract of
 * `--json`, HTTP and MCP. The library result types must stay assignable to these;
 * test/operation-results.schema.json snapshots them.
 */
import {AEE_PHASES, ScaffoldSchema, lazySchema} from 'govtool/core'
import {z} from 'zod/v3'

const paths = lazySchema(() => z.array(z.string()))
const vcsPlatform = lazySchema(() => ScaffoldSchema.shape.vcs_platform.removeDefault())

export const InitResultSchema = lazySchema(() => z.object({
  project_dir: z.string(),
  name: z.string(),
  type: z.string(),
  guided: z.boolean(),
  files: paths.describe('project-relative paths written'),
  git: z
    .object({
      initialized: z.boolean(),
      committed: z.boolean(),
      branch: z.string().optional().describe('the branch the repository was created on (scaffold.yml default_branch)'),
      commit: z.string().optional(),
      warning: z.string().optional().describe('why no commit was made (e.g. no git identity configured)'),
    })
    .nullable()
    .describe('null with --no-git'),
  ledger_entry: z.string().nullable().describe('chain hash of the LEDGER.md entry recording the scaffold'),
}))

const GitRemoteSchema = lazySchema(() => z.object({
  name: z.string().nullable(),
  url: z.string().nullable().describe('without credentials'),
  host_platform: vcsPlatform.nullable(),
  branch: z.string().nullable(),
  is_repository: z.boolean(),
}))

export const ProjectDetectionSchema = lazySchema(() => z.object({
  language: z.string().nullable(),
  languages: z.array(z.object({language: z.string(), files: z.number().int()})),
  project_type: z.string(),
  build_system: z.string().nullable(),
  test_framework: z.string().nullable(),
  ci_platform: z.string().nullable(),
  ci_files: paths,
  vcs: GitRemoteSchema,
  vcs_platform: vcsPlatform,
  modules: paths,
  entry_points: paths,
  tests: z.object({files: z.number().int(), dirs: paths}),
  governance: z.object({present: paths, legacy: paths, assistants: paths}),
  source_files: z.number().int(),
}))

export const ImportResultSchema = lazySchema(() => z.object({
  project_dir: z.string(),
  detected: ProjectDetectionSchema,
  type: z.string().describe('the project type used (from scaffold.yml when present, else detected)'),
  scaffold_created: z.boolean(),
  written: paths,
  kept: paths.describe('files that exist and were kept'),
  unchanged: paths,
  phase: z
    .object({
      phase: z.enum(AEE_PHASES).nullable().describe('the AEE phase the project is at; null when scaffold.yml records none (not phase-gated)'),
      label: z.string().nullable(),
      source: z.enum(['detected', 'scaffold', 'unrecorded']).describe('detected: chosen by this import from the evidence; scaffold: kept from an existing scaffold.yml; unrecorded: scaffold.yml records no phase'),
      reason: z.string().describe('why, naming the evidence'),
    })
    .describe('the phase the import chose, or kept, and why'),
  next_steps: paths.describe('the commands of a first governed change, in order, run in the project directory; placeholders in <angle brackets>'),
}))

export const IntegrateResultSchema = lazySchema(() => z.object({
  target: z.string(),
  kind: z.enum(['assistant', 'review', 'git-hooks']),
  platform: z.string().nullable().describe('VCS host the review pipeline was written for'),
  platform_source: z.string().nullable().describe('how the platform was chosen: flag, remote, scaffold, ci'),
  written: paths,
  unchanged: paths,
  kept: paths.describe('present files that differ and were kept (--force replaces them)'),
  recorded_in_scaffold: z.boolean(),
  vcs_platform_updated: z.boolean(),
  ledger_todo: z.string().nullable().describe('chain hash of the TODO appended to LEDGER.md (review targets)'),
  notes: z.array(z.string()).describe('what to know: entries kept in shared config files, how the hooks behave'),
}))

export const UpgradeResultSchema = lazySchema(() => z.object({
  from: z.string(),
  to: z.string(),
  already: z.boolean().describe('scaffold.yml already had this spec_version (nothing written)'),
  written: paths,
  unchanged: paths,
}))

export const MigrationResultSchema = lazySchema(() => z.object({
  steps: z.array(
    z.object({
      action: z.enum(['move', 'create', 'update-scaffold', 'remove-dir', 'ledger']),
      description: z.string(),
      from: z.string().optional(),
      to: z.string().optional(),
      status: z.enum(['pending', 'done', 'skipped']),
      reason: z.string().optional().describe('why a step is skipped'),
    }),
  ),
  applied: z.boolean().describe('the steps were carried out (false for a dry run or when there was nothing to do)'),
  up_to_date: z.boolean(),
}))

export const ReportResultSchema = lazySchema(() => z.object({
  output: z.string().nullable().describe('absolute path written, or null when printed'),
  report: z.string().describe('the Markdown report'),
}))

export const WorkspaceInitResultSchema = lazySchema(() => z.object({
  file: z.string(),
  workspace: z.object({name: z.string(), projects: paths}),
}))

export const WorkspaceAuditSchema = lazySchema(() => z.object({
  workspace: z.string(),
  healthy: z.boolean(),
  projects: z.array(
    z.object({
      path: z.string(),
      name: z.string(),
      healthy: z.boolean(),
      errors: z.number().int(),
      warnings: z.number().int(),
      coverage_pct: z.number(),
      requirements: z.number().int(),
      tests: z.number().int(),
      error: z.string().optional().describe('the project could not be audited (missing directory)'),
    }),
  ),
}))
