import {GovCommand, projectFlags} from 'govtool'

import {coverage, loadGovernanceModel} from '../../lib/trace/model.js'
import {plainTable, problemText} from '../../lib/trace/present.js'
import type {ParseProblem} from '../../lib/trace/types.js'

export interface ReqOrphansResult {
  orphans: {test: string; requirement: string; file: string; line: number}[]
  count: number
  problems: ParseProblem[]
}

export default class ReqOrphans extends GovCommand<ReqOrphansResult> {
  static override summary = 'List the tests that cover requirements which do not exist.'
  static override description = `A test whose Covers names an id missing from docs/REQUIREMENTS.md (a typo, or a removed requirement).`

  static override examples = ['<%= config.bin %> req orphans', '<%= config.bin %> req orphans --json']

  static override flags = {...projectFlags}

  async run(): Promise<ReqOrphansResult> {
    const {flags} = await this.parse(ReqOrphans)
    const model = await loadGovernanceModel(this.project(flags))
    const tests = new Map(model.tests.map((t) => [t.id, t]))
    const orphans = coverage(model).orphans.map((o) => ({...o, file: tests.get(o.test)!.file, line: tests.get(o.test)!.line}))
    if (!this.jsonEnabled()) {
      if (orphans.length === 0) this.log('No orphans: every test covers existing requirements.')
      else {
        this.log(plainTable(['Test', 'Unknown requirement', 'Where'], orphans.map((o) => [o.test, o.requirement, `${o.file}:${o.line}`])))
        this.log(`\n${orphans.length} orphan reference(s)`)
      }
    }
    if (model.problems.length > 0) {
      process.stderr.write(problemText(model.problems))
      this.setExitCode(1)
    }
    return {orphans, count: orphans.length, problems: model.problems}
  }
}
