import {GovCommand, projectFlags} from 'govtool'

import {traceMatrix} from '../../lib/trace/export.js'
import {coverage, loadGovernanceModel} from '../../lib/trace/model.js'
import {plainTable, problemText} from '../../lib/trace/present.js'
import type {ParseProblem} from '../../lib/trace/types.js'

export interface ReqTraceResult {
  matrix: {requirement: string; title: string; status: string; priority: string; tests: string[]; covered: boolean; draft: boolean}[]
  covered: number
  total: number
  percent: number
  orphans: {test: string; requirement: string}[]
  problems: ParseProblem[]
}

export default class ReqTrace extends GovCommand<ReqTraceResult> {
  static override summary = 'Print the requirement-to-test traceability matrix.'
  static override description = `Each requirement with the tests whose Covers names it, and the coverage of the non-draft requirements.`

  static override examples = ['<%= config.bin %> req trace', '<%= config.bin %> req trace --json']

  static override flags = {...projectFlags}

  async run(): Promise<ReqTraceResult> {
    const {flags} = await this.parse(ReqTrace)
    const model = await loadGovernanceModel(this.project(flags))
    const matrix = traceMatrix(model)
    const cov = coverage(model)
    if (!this.jsonEnabled()) {
      if (matrix.length === 0) this.log('No requirements.')
      else {
        this.log(plainTable(['Requirement', 'Status', 'Covered', 'Tests'], matrix.map((m) => [m.requirement, m.status, m.draft ? 'draft' : m.covered ? 'yes' : 'NO', m.tests.join(', ')])))
        this.log(`\nCoverage: ${cov.covered.length}/${cov.covered.length + cov.uncovered.length} non-draft requirements (${cov.percent}%)`)
      }
    }
    if (model.problems.length > 0) {
      process.stderr.write(problemText(model.problems))
      this.setExitCode(1)
    }
    return {matrix, covered: cov.covered.length, total: cov.covered.length + cov.uncovered.length, percent: cov.percent, orphans: cov.orphans, problems: model.problems}
  }
}
