import {Args, Flags} from '@oclif/core'
import {GovCommand, color, projectFlags} from 'govtool'

import {createBranch, type CreatedBranch} from '../../lib/branch.js'

export default class BranchCreate extends GovCommand<CreatedBranch> {
  static override summary = 'Create a branch named and based as the branching strategy says.'
  static override description = `gitflow: NAME becomes feature/NAME unless it starts with feature/, bugfix/, release/, hotfix/ or support/; features, bugfixes and releases start from develop, hotfixes and support branches from main. trunk-based and github-flow: a short-lived branch from main, named as given. Protected branch names are refused. The strategy and branch names come from scaffold.yml (default: github-flow, main).`

  static override examples = [
    '<%= config.bin %> branch create add-login',
    '<%= config.bin %> branch create hotfix/crash-on-start',
    '<%= config.bin %> branch create release/1.4.0 --no-switch',
  ]

  static override args = {name: Args.string({description: 'branch name (a gitflow prefix is added when missing)', required: true})}
  static override flags = {
    ...projectFlags,
    switch: Flags.boolean({summary: 'Switch to the new branch (--no-switch only creates it).', default: true, allowNo: true}),
  }

  async run(): Promise<CreatedBranch> {
    const {args, flags} = await this.parse(BranchCreate)
    const ctx = this.project(flags)
    const result = await createBranch(ctx, args.name, {switchTo: flags.switch})
    if (!this.jsonEnabled()) {
      this.log(`${color.green('created')} ${result.branch} from ${result.from} (${result.strategy}: ${result.role})${result.switched ? '; switched to it' : ''}`)
    }
    return result
  }
}
