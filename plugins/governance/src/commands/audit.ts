import {Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes, projectFlags} from 'govtool'

import {runAuditWithFixes} from '../lib/audit-fix.js'
import {runAudit, type AuditReport} from '../lib/trace/audit.js'

export default class Audit extends GovCommand<AuditReport> {
  static override summary = 'Check governance health; exit 0 when healthy, 1 when issues are found.'
  static override description = `Checks: AGENTS.md and LEDGER.md exist; an AGENTS.md over 200 lines needs docs/governance/*.md; every
non-draft requirement is covered by a test's "Covers:"; entries are well formed; LEDGER.md is under 500
lines with under 20 open TODOs and its hash chain is intact; governance files are within their size
limits; the CI config runs the project type's tools. Each issue names its file and line and how to fix it.
--fix writes the missing governance files, compresses the ledger and generates the CI config, then audits
again. Limits can be changed in docs/GOVTOOL.yml under "audit:".`

  static override examples = ['<%= config.bin %> audit', '<%= config.bin %> audit --fix', '<%= config.bin %> audit --json']

  static override flags = {
    ...projectFlags,
    fix: Flags.boolean({summary: 'Create missing stubs, compress the ledger and generate CI config, then re-audit.', default: false}),
  }

  async run(): Promise<AuditReport> {
    const {flags} = await this.parse(Audit)
    const ctx = this.project(flags)
    const registry = await loadProjectTypes(this.config)
    const report = flags.fix ? await runAuditWithFixes(ctx, {registry}) : await runAudit(ctx, {registry})
    if (!this.jsonEnabled()) {
      for (const f of report.fixed ?? []) this.log(`${color.green('fixed')} ${f}`)
      const shown = report.issues.slice(0, 200)
      for (const i of shown) {
        const where = i.file ? `${i.file}${i.line ? `:${i.line}` : ''}: ` : ''
        const mark = i.severity === 'error' ? color.red('✖') : color.yellow('!')
        this.log(`${mark} ${where}${i.message} [${i.check}]\n    ${color.dim(i.hint)}`)
      }
      if (report.issues.length > shown.length) this.log(`... and ${report.issues.length - shown.length} more (use --json for all)`)
      const errors = report.issues.filter((i) => i.severity === 'error').length
      const warnings = report.issues.length - errors
      this.log(report.healthy ? `${color.green('✔')} Healthy${warnings > 0 ? ` (${warnings} warning(s))` : ''}.` : `${errors} issue(s), ${warnings} warning(s).`)
    }
    if (!report.healthy) this.setExitCode(1)
    return report
  }
}
