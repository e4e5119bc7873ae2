import {GovCommand, color, projectFlags} from 'govtool'

import {listBranches, type BranchList} from '../../lib/branch.js'

export default class BranchList_ extends GovCommand<BranchList> {
  static override summary = 'List local branches with the role each plays in the branching strategy.'
  static override description = 'Roles follow scaffold.yml (gitflow, trunk-based or github-flow); ahead/behind count commits against where the branch merges.'
  static override examples = ['<%= config.bin %> branch list', '<%= config.bin %> branch list --json']
  static override flags = {...projectFlags}

  async run(): Promise<BranchList> {
    const {flags} = await this.parse(BranchList_)
    const result = await listBranches(this.project(flags))
    if (!this.jsonEnabled()) {
      this.log(color.dim(`strategy: ${result.strategy}`))
      this.table(result.branches, [
        {header: '', get: (b) => (b.current ? '*' : '')},
        {header: 'Branch', get: (b) => (b.protected ? color.bold(b.name) : b.name)},
        {header: 'Role', get: (b) => b.role},
        {header: 'Ahead/behind', get: (b) => (b.ahead === null ? '' : `+${b.ahead}/-${b.behind}`)},
        {header: 'Upstream', get: (b) => b.upstream ?? ''},
      ])
    }
    return result
  }
}
