import {Flags} from '@oclif/core'
import {GovCommand, loadProjectTypes} from 'govtool'

import {deliverReport, type ReportResult} from '../../lib/report-output.js'
import {buildWorkspaceReport} from '../../lib/trace/workspace.js'

export type WorkspaceExportResult = ReportResult

export default class WorkspaceExport extends GovCommand<WorkspaceExportResult> {
  static override summary = 'Write one combined compliance report for every project of a workspace.'
  static override examples = ['<%= config.bin %> workspace export --output workspace-report.md']

  static override flags = {
    dir: Flags.string({summary: 'Directory holding workspace.yml (default: the current directory).', helpValue: 'DIR', default: '.'}),
    output: Flags.string({char: 'o', summary: 'Write the report to this file (default: print it).', helpValue: 'PATH'}),
  }

  async run(): Promise<WorkspaceExportResult> {
    const {flags} = await this.parse(WorkspaceExport)
    const report = await buildWorkspaceReport(flags.dir, {registry: await loadProjectTypes(this.config)})
    return deliverReport(report, flags.output, (line) => this.log(line))
  }
}
