import {GovCommand, projectFlags} from 'govtool'

import {coverage, loadGovernanceModel} from '../../lib/trace/model.js'
import {plainTable, problemText} from '../../lib/trace/present.js'
import type {ParseProblem} from '../../lib/trace/types.js'

export interface ReqGapsResult {
  gaps: {id: string; title: string; status: string; priority: string | null; file: string; line: number}[]
  count: number
  percent: number
  problems: ParseProblem[]
}

export default class ReqGaps extends GovCommand<ReqGapsResult> {
  static override summary = 'List the requirements that no test covers.'
  static override description = `Non-draft requirements that no "Covers:" in docs/TESTS.md names. Add a test covering each, or mark the
requirement Draft.`

  static override examples = ['<%= config.bin %> req gaps', '<%= config.bin %> req gaps --json']

  static override flags = {...projectFlags}

  async run(): Promise<ReqGapsResult> {
    const {flags} = await this.parse(ReqGaps)
    const model = await loadGovernanceModel(this.project(flags))
    const cov = coverage(model)
    const uncovered = new Set(cov.uncovered)
    const gaps = model.requirements
      .filter((r) => uncovered.has(r.id))
      .map((r) => ({id: r.id, title: r.title, status: r.status, priority: r.priority ?? null, file: r.file, line: r.line}))
    if (!this.jsonEnabled()) {
      if (gaps.length === 0) this.log(`No gaps: every non-draft requirement is covered (${model.requirements.length} requirements).`)
      else {
        this.log(plainTable(['Requirement', 'Priority', 'Where', 'Title'], gaps.map((g) => [g.id, g.priority, `${g.file}:${g.line}`, g.title])))
        this.log(`\n${gaps.length} requirement(s) without a test; coverage ${cov.percent}%`)
      }
    }
    if (model.problems.length > 0) {
      process.stderr.write(problemText(model.problems))
      this.setExitCode(1)
    }
    return {gaps, count: gaps.length, percent: cov.percent, problems: model.problems}
  }
}
