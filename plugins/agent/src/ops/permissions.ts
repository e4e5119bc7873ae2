import {color, defineOperation, ExitCode} from 'govtool/core'
import {z} from 'zod/v3'

import {PermissionCheckSchema, PermissionsReportSchema} from './schemas.js'

// how to widen the default (or a narrower) profile (the presets of @govtool/plugin-preflight's permissions)
const WIDEN_TEXT =
  'Widen it deliberately in docs/GOVTOOL.yml: agent.permissions.preset: standard (shell, delete, commit, push, tag), extended (pull requests, URLs, installs, publish, deploy) or admin (everything), or allow: [<tool>] for one tool.'

export const agentPermissionsOp = defineOperation({
  id: 'agent.permissions',
  summary: 'Show the active agent permission profile.',
  description: `The profile is agent.permissions in docs/GOVTOOL.yml: a preset, plus allow and deny lists of tool names or globs (git_*). deny wins over allow; allow adds to the preset.

Presets, from the narrowest: read_only (read files, search, git status, diff and log); workspace (also write files in the project and run its tests: the default, applied when docs/GOVTOOL.yml has no agent.permissions); standard (also the shell, deleting files, commit, branch, pull, push and tag); extended (also pull requests, URLs, package installs, publish and deploy); admin (every tool). A project starts least privileged: anything wider is a maintainer's deliberate choice, written in docs/GOVTOOL.yml, for example agent.permissions.preset: standard, or allow: [git_commit] for one tool.

Preflight blocks requests that need a tool the profile does not grant; \`agent permissions-check <tool>\` checks one tool. The JSON output also lists what every preset grants (presets) and the tools granted in effect (effective).`,
  examples: ['<%= config.bin %> agent permissions', '<%= config.bin %> agent permissions --json'],
  project: true,
  effect: 'read',
  input: z.object({}),
  result: PermissionsReportSchema,
  async run(ctx) {
    const {describePermissions} = await import('../lib/permissions.js')
    return describePermissions(ctx.project())
  },
  render: (report) =>
    [
      `Preset: ${color.bold(report.preset)} ${color.dim(report.source === 'config' ? `(agent.permissions in ${report.file})` : '(default: no agent.permissions in docs/GOVTOOL.yml)')}`,
      `Allow: ${report.allow.join(', ') || color.dim('none')}`,
      `Deny: ${report.deny.join(', ') || color.dim('none')}`,
      `Tools granted: ${report.effective.join(', ')}`,
      ...(report.source === 'default' || ['read_only', 'workspace'].includes(report.preset) ? [color.dim(WIDEN_TEXT)] : []),
    ].join('\n'),
})

export const agentPermissionsCheckOp = defineOperation({
  id: 'agent.permissions-check',
  summary: 'Check whether the permission profile allows a tool: exit 0 allowed, 3 denied.',
  description: `Tool names as the profile uses them (read_file, write_file, run_shell, git_status, git_diff, git_commit, git_push, git_create_pr, open_url, ...); common aliases such as Bash, Edit or "git push" are understood. rule names the rule that decided: deny:<pattern>, allow:<pattern>, preset:<name> or not_in_preset:<name>.

A denied attempt is appended to LEDGER.md as a permission_denied entry unless --no-log. Exit codes: 0 allowed, 3 denied, 2 for a name that is not a tool name.`,
  examples: ['<%= config.bin %> agent permissions-check git_push', '<%= config.bin %> agent permissions-check run_shell --no-log --json'],
  project: true,
  effect: 'write',
  input: z.object({
    tool: z.string().describe('Tool name to check.'),
    log: z.boolean().default(true).describe('Record a denied attempt in LEDGER.md (use --no-log to skip).'),
  }),
  cli: {fields: {tool: {arg: true}, log: {allowNo: true}}},
  result: PermissionCheckSchema,
  async run(ctx, input) {
    const {checkPermission} = await import('../lib/permissions.js')
    return checkPermission(ctx.project(), input.tool, {log: input.log})
  },
  exitCode: (result) => (result.allowed ? ExitCode.ok : ExitCode.denied),
  render(result) {
    const lines = [`${result.allowed ? color.green('allowed') : color.red('denied')}  ${result.canonical}  ${color.dim(result.reason)}`]
    if (result.logged) lines.push(color.dim('Recorded in LEDGER.md as permission_denied.'))
    return lines.join('\n')
  },
})
