import {color, defineOperation, ExitCode} from 'govtool/core'
import {z} from 'zod/v3'

import {PermissionCheckSchema, PermissionsReportSchema} from './schemas.js'

export const agentPermissionsOp = defineOperation({
  id: 'agent.permissions',
  summary: 'Show the active agent permission profile.',
  description: `The profile is agent.permissions in docs/GOVTOOL.yml: a preset (read_only, standard, extended, admin), plus allow and deny lists of tool names or globs (git_*). deny wins over allow; allow adds to the preset. Without agent.permissions the standard preset applies.

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
