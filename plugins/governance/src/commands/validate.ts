import {GovCommand, color, projectFlags} from 'govtool'

import {validateProject, type ValidationReport} from '../lib/trace/validate.js'

export default class Validate extends GovCommand<ValidationReport> {
  static override summary = 'Validate governance structure; exit 0 when valid, 1 otherwise.'
  static override description = `Checks scaffold.yml against its schema (every field problem with its line), that the files AGENTS.md refers
to exist, that requirement and test ids are well formed and unique, and that docs/architecture.md
references at least one requirement.`

  static override examples = ['<%= config.bin %> validate', '<%= config.bin %> validate --json']
  static override flags = {...projectFlags}

  async run(): Promise<ValidationReport> {
    const {flags} = await this.parse(Validate)
    const report = await validateProject(this.project(flags))
    if (!this.jsonEnabled()) {
      for (const i of report.issues) {
        const where = i.file ? `${i.file}${i.line ? `:${i.line}` : ''}: ` : ''
        this.log(`${color.red('✖')} ${where}${i.message} [${i.check}]\n    ${color.dim(i.hint)}`)
      }
      this.log(report.valid ? `${color.green('✔')} Valid.` : `${report.issues.length} problem(s).`)
    }
    if (!report.valid) this.setExitCode(1)
    return report
  }
}
