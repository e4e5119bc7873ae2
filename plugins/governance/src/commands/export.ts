import {Flags} from '@oclif/core'
import {GovCommand, loadProjectTypes, projectFlags} from 'govtool'

import {deliverReport, type ReportResult} from '../lib/report-output.js'
import {buildExportReport} from '../lib/trace/export.js'

export type ExportResult = ReportResult

export default class Export extends GovCommand<ExportResult> {
  static override summary = 'Write the compliance and coverage report (Markdown).'
  static override description = `Project summary, tools of the project type, the requirement-to-test matrix with its coverage percentage, the
audit summary, the last 10 commits and the contributors, and a file inventory. Printed unless --output.`

  static override examples = ['<%= config.bin %> export', '<%= config.bin %> export --output docs/compliance-report.md']

  static override flags = {
    ...projectFlags,
    output: Flags.string({char: 'o', summary: 'Write the report to this file (relative to the current directory).', helpValue: 'PATH'}),
  }

  async run(): Promise<ExportResult> {
    const {flags} = await this.parse(Export)
    const ctx = this.project(flags)
    const report = await buildExportReport(ctx, {registry: await loadProjectTypes(this.config)})
    return deliverReport(report, flags.output, (line) => this.log(line))
  }
}
