import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {loadGovernanceModel} from '../../lib/trace/model.js'
import {plainTable, problemText} from '../../lib/trace/present.js'
import type {ParseProblem, Requirement} from '../../lib/trace/types.js'

export interface ReqListResult {
  requirements: Requirement[]
  count: number
  problems: ParseProblem[]
}

export default class ReqList extends GovCommand<ReqListResult> {
  static override summary = 'List the requirements in docs/REQUIREMENTS.md.'
  static override description = `Reads docs/REQUIREMENTS.md (or the legacy REQUIREMENTS.md at the root) in either style, with the file and
line of each entry. Exits 1 when an entry is malformed (the problem is printed with its file and line).`

  static override examples = ['<%= config.bin %> req list', '<%= config.bin %> req list --status implemented --json']

  static override flags = {
    ...projectFlags,
    status: Flags.string({summary: 'Only requirements with this status (e.g. draft, implemented).'}),
    component: Flags.string({summary: 'Only requirements of this component.'}),
  }

  async run(): Promise<ReqListResult> {
    const {flags} = await this.parse(ReqList)
    const ctx = this.project(flags)
    const model = await loadGovernanceModel(ctx)
    const requirements = model.requirements.filter(
      (r) => (!flags.status || r.status === flags.status.toLowerCase()) && (!flags.component || r.component?.toLowerCase() === flags.component.toLowerCase()),
    )
    if (!this.jsonEnabled()) {
      if (requirements.length === 0) this.log('No requirements.')
      else {
        this.log(plainTable(['ID', 'Status', 'Priority', 'Component', 'Title'], requirements.map((r) => [r.id, r.status, r.priority, r.component, r.title])))
        this.log(`\n${requirements.length} requirement(s)`)
      }
    }
    if (model.problems.length > 0) {
      process.stderr.write(problemText(model.problems))
      this.setExitCode(1)
    }
    return {requirements, count: requirements.length, problems: model.problems}
  }
}
