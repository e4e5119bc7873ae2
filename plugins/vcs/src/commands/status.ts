import {GovCommand, color, projectFlags} from 'govtool'

import {repoStatus, type RepoStatus} from '../lib/status.js'

export default class Status extends GovCommand<RepoStatus> {
  static override summary = "Latest CI run, open security alerts and open pull requests, through the platform's CLI."
  static override description = 'Needs the hosting platform CLI (gh, glab or az). A value that cannot be read is shown as unknown, with the reason.'
  static override examples = ['<%= config.bin %> status', '<%= config.bin %> status --json']
  static override flags = {...projectFlags}

  async run(): Promise<RepoStatus> {
    const {flags} = await this.parse(Status)
    const result = await repoStatus(this.project(flags))
    if (!this.jsonEnabled()) {
      const unknown = (why?: string) => color.dim(`unknown${why ? ` (${why})` : ''}`)
      const ci = result.ci
      const ciText = ci
        ? `${ci.name ?? 'run'}: ${ci.conclusion ? (/^(success|succeeded)$/.test(ci.conclusion) ? color.green(ci.conclusion) : color.red(ci.conclusion)) : color.yellow(ci.status)}${ci.url ? `  ${color.dim(ci.url)}` : ''}`
        : result.errors.ci ? unknown(result.errors.ci) : 'no runs'
      this.log(`CI (${result.branch ?? 'detached'}): ${ciText}`)
      this.log(`Security alerts: ${result.security_alerts ?? unknown(result.errors.security_alerts)}`)
      this.log(`Open pull requests: ${result.open_prs ?? unknown(result.errors.open_prs)}`)
    }
    return result
  }
}
