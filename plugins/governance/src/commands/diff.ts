import {Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes, projectFlags} from 'govtool'

import {diffGovernance, type DiffResult, type DiffStatus} from '../lib/scaffold/index.js'

const STATUS_COLOR: Record<DiffStatus, (s: string) => string> = {match: color.green, differs: color.yellow, missing: color.red}

export default class Diff extends GovCommand<DiffResult> {
  static override summary = 'Compare each governance file with what the templates render now: match, differs or missing.'
  static override description = `Renders AGENTS.md, docs/governance/*.md, the CI and dependency-update configs, scripts and the
integration files from scaffold.yml and compares them with the project's files. User content (LEDGER.md,
requirements, tests, architecture) is not compared. Exits 0; with --exit-code, 1 when anything differs or
is missing.`

  static override examples = ['<%= config.bin %> diff', '<%= config.bin %> diff --json', '<%= config.bin %> diff --exit-code']

  static override flags = {
    ...projectFlags,
    'exit-code': Flags.boolean({summary: 'Exit 1 when a file differs or is missing.', default: false}),
  }

  async run(): Promise<DiffResult> {
    const {flags} = await this.parse(Diff)
    const ctx = this.project(flags)
    const result = await diffGovernance(ctx, await loadProjectTypes(this.config))
    this.table(result.files, [
      {header: 'File', get: (f) => f.path},
      {header: 'Status', get: (f) => STATUS_COLOR[f.status](f.status)},
      {header: 'First difference', get: (f) => (f.first_difference_line ? `line ${f.first_difference_line}` : '')},
    ])
    if (!this.jsonEnabled()) this.log(`\n${result.summary.match} match, ${result.summary.differs} differ, ${result.summary.missing} missing.`)
    if (flags['exit-code'] && !result.clean) this.setExitCode(1)
    return result
  }
}
