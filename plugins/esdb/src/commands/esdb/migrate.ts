import {color, GovCommand, projectFlags} from 'govtool'

import {migrate, type MigrateResult} from '../../lib/migrate.js'
import {openStore} from '../../lib/store.js'

export default class EsdbMigrate extends GovCommand<MigrateResult> {
  static override summary = 'Validate .govtool/requirements.json and testcases.json and load them into the store.'
  static override description = `Appends the requirement and testcase records that are new or changed (one batch, with a migrate entry
describing the run) and writes a manifest of what was done and the problems found to
.govtool/esdb_migration.json: duplicate ids, test cases covering unknown requirements, unusable entries,
missing files. Exits 1 when it found problems (the valid records are still loaded). Running it again
appends nothing when nothing changed.`

  static override examples = ['<%= config.bin %> esdb migrate', '<%= config.bin %> esdb migrate --json']
  static override flags = {...projectFlags}

  async run(): Promise<MigrateResult> {
    const {flags} = await this.parse(EsdbMigrate)
    const store = openStore(this.project(flags))
    try {
      const result = await migrate(store)
      if (!result.ok) this.setExitCode(1)
      if (!this.jsonEnabled()) {
        this.log(`Migrated ${result.requirements} requirements and ${result.testcases} test cases: ${result.new} new, ${result.changed} changed, ${result.unchanged} unchanged` +
          (result.appended > 0 ? ` (seq ${result.first_seq}-${result.last_seq}).` : '; nothing appended.'))
        if (result.problems.length > 0) {
          this.log(color.yellow(`${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}:`))
          this.table(result.problems, [
            {header: 'severity', get: (p) => p.severity},
            {header: 'check', get: (p) => p.check},
            {header: 'file', get: (p) => p.file},
            {header: 'message', get: (p) => p.message},
          ])
        }
        this.log(`Manifest: ${result.manifest}`)
      }
      return result
    } finally {
      await store.close()
    }
  }
}
