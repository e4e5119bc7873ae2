import {Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes, projectFlags} from 'govtool'

import {migrateProject, type MigrationResult} from '../lib/scaffold/index.js'

export default class MigrateProject extends GovCommand<MigrationResult> {
  static override summary = 'Bring an older scaffold to the current layout (including projects of the older Python tool).'
  static override description = `Moves root-level REQUIREMENTS.md / TESTS.md into docs/ and docs/LEDGER.md to LEDGER.md, moves the older
tool's .specsmith/ state into .govtool/, creates or completes scaffold.yml (spec_version, aee_phase), creates
missing governance files and records the migration in the ledger. Nothing is overwritten: a conflict is
listed as a skipped step. --dry-run lists every step and writes nothing.`

  static override examples = ['<%= config.bin %> migrate-project --dry-run', '<%= config.bin %> migrate-project']

  static override flags = {
    ...projectFlags,
    'dry-run': Flags.boolean({summary: 'List the steps without changing anything.', default: false}),
  }

  async run(): Promise<MigrationResult> {
    const {flags} = await this.parse(MigrateProject)
    const ctx = this.project(flags)
    const result = await migrateProject(ctx, {dryRun: flags['dry-run'], registry: await loadProjectTypes(this.config)})
    if (!this.jsonEnabled()) {
      if (result.up_to_date && result.steps.length === 0) this.log('The project already has the current layout; nothing to migrate.')
      for (const step of result.steps) {
        const mark = step.status === 'done' ? color.green('done   ') : step.status === 'skipped' ? color.yellow('skipped') : color.cyan('pending')
        this.log(`${mark} ${step.description}${step.reason ? ` (${step.reason})` : ''}`)
      }
      if (flags['dry-run'] && !result.up_to_date) this.log('\nDry run: nothing was changed. Run without --dry-run to apply these steps.')
    }
    return result
  }
}
