import {Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes} from 'govtool'

import {plainTable} from '../../lib/trace/present.js'
import {auditWorkspace, type WorkspaceAudit} from '../../lib/trace/workspace.js'

export default class WorkspaceAuditCommand extends GovCommand<WorkspaceAudit> {
  static override summary = 'Audit every project of a workspace; exit 1 if any fails.'
  static override examples = ['<%= config.bin %> workspace audit', '<%= config.bin %> workspace audit --dir ~/work --json']

  static override flags = {
    dir: Flags.string({summary: 'Directory holding workspace.yml (default: the current directory).', helpValue: 'DIR', default: '.'}),
  }

  async run(): Promise<WorkspaceAudit> {
    const {flags} = await this.parse(WorkspaceAuditCommand)
    const result = await auditWorkspace(flags.dir, {registry: await loadProjectTypes(this.config)})
    this.log(
      plainTable(
        ['Project', 'Path', 'Health', 'Errors', 'Warnings', 'Coverage'],
        result.projects.map((p) => [p.name, p.path, p.error ? color.red('missing') : p.healthy ? color.green('healthy') : color.red('issues'), p.errors, p.warnings, `${p.coverage_pct}%`]),
      ),
    )
    this.log(result.healthy ? `\nWorkspace ${result.workspace}: all ${result.projects.length} project(s) healthy.` : `\nWorkspace ${result.workspace}: issues found (run govtool audit in the projects marked).`)
    if (!result.healthy) this.setExitCode(1)
    return result
  }
}
