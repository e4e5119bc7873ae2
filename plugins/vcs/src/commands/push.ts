import {Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes, projectFlags} from 'govtool'

import {pushBranch, type PushResult} from '../lib/push.js'

export default class Push extends GovCommand<PushResult> {
  static override summary = 'Push the current branch with safety checks from the branching strategy.'
  static override description = `Refuses a direct push to a protected branch (default_branch; also develop_branch under gitflow, from scaffold.yml) and a push while the governance audit fails. A branch without an upstream gets one (the first push sets it). --force skips the protected-branch and audit checks and says so; it never rewrites remote history (it is not git push --force).`

  static override examples = ['<%= config.bin %> push', '<%= config.bin %> push --force']
  static override flags = {
    ...projectFlags,
    force: Flags.boolean({summary: 'Skip the branch-protection and audit checks (not a git force-push).', default: false}),
  }

  async run(): Promise<PushResult> {
    const {flags} = await this.parse(Push)
    const ctx = this.project(flags)
    const result = await pushBranch(ctx, {force: flags.force, registry: await loadProjectTypes(this.config)})
    if (result.forced) this.warnUser(`--force: safety checks skipped (${result.skipped_checks.join(', ')}).`)
    if (!this.jsonEnabled()) {
      this.log(`${color.green('pushed')} ${result.branch} to ${result.upstream} (${result.commits} new commit(s))${result.set_upstream ? '; upstream set' : ''}`)
    }
    return result
  }
}
