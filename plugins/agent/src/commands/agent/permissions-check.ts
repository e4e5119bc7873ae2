import {Args, Flags} from '@oclif/core'
import {ExitCode, GovCommand, color, projectFlags} from 'govtool'

import {checkPermission, type PermissionCheckResult} from '../../lib/agent.js'

export default class AgentPermissionsCheck extends GovCommand<PermissionCheckResult> {
  static override summary = 'Check whether the permission profile allows a tool: exit 0 allowed, 3 denied.'
  static override description = `Tool names as the profile uses them (read_file, write_file, run_shell, git_status, git_diff, git_commit,
git_push, git_create_pr, open_url, ...); common aliases such as Bash, Edit or "git push" are understood.
A denied attempt is appended to LEDGER.md as a permission_denied entry unless --no-log.`

  static override examples = ['<%= config.bin %> agent permissions-check git_push', '<%= config.bin %> agent permissions-check run_shell --no-log --json']

  static override args = {
    tool: Args.string({description: 'Tool name to check.', required: true}),
  }

  static override flags = {
    ...projectFlags,
    log: Flags.boolean({summary: 'Record a denied attempt in LEDGER.md (use --no-log to skip).', default: true, allowNo: true}),
  }

  async run(): Promise<PermissionCheckResult> {
    const {args, flags} = await this.parse(AgentPermissionsCheck)
    const result = await checkPermission(this.project(flags), args.tool, {log: flags.log})
    if (!result.allowed) this.setExitCode(ExitCode.denied)
    if (!this.jsonEnabled()) {
      this.log(`${result.allowed ? color.green('allowed') : color.red('denied')}  ${result.canonical}  ${color.dim(result.reason)}`)
      if (result.logged) this.log(color.dim('Recorded in LEDGER.md as permission_denied.'))
    }
    return result
  }
}
