import {GovCommand, color, projectFlags} from 'govtool'

import {describePermissions, type PermissionsReport} from '../../lib/agent.js'

export default class AgentPermissions extends GovCommand<PermissionsReport> {
  static override summary = 'Show the active agent permission profile.'
  static override description = `The profile is agent.permissions in docs/GOVTOOL.yml: a preset (read_only, standard, extended, admin),
plus allow and deny lists of tool names or globs (git_*). deny wins over allow, allow adds to the preset.
Without agent.permissions the standard preset applies. Preflight blocks requests that need a tool the
profile does not grant.`

  static override examples = ['<%= config.bin %> agent permissions', '<%= config.bin %> agent permissions --json']

  static override flags = {...projectFlags}

  async run(): Promise<PermissionsReport> {
    const {flags} = await this.parse(AgentPermissions)
    const report = await describePermissions(this.project(flags))
    if (!this.jsonEnabled()) {
      this.log(`Preset: ${color.bold(report.preset)} ${color.dim(report.source === 'config' ? `(agent.permissions in ${report.file})` : '(default: no agent.permissions in docs/GOVTOOL.yml)')}`)
      this.log(`Allow: ${report.allow.join(', ') || color.dim('none')}`)
      this.log(`Deny: ${report.deny.join(', ') || color.dim('none')}`)
      this.log(`Tools granted: ${report.effective.join(', ')}`)
    }
    return report
  }
}
