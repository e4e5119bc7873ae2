import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {syncDerivedCache, type SyncResult} from '../lib/trace/sync.js'

export default class Sync extends GovCommand<SyncResult> {
  static override summary = 'Regenerate .govtool/requirements.json and testcases.json from the docs.'
  static override description = `docs/REQUIREMENTS.md and docs/TESTS.md are the source of truth; the JSON files are a derived cache. With
--check nothing is written and the command exits 1 when the cache is out of sync. A malformed entry is an
error naming its file and line, and nothing is written.`

  static override examples = ['<%= config.bin %> sync', '<%= config.bin %> sync --check']

  static override flags = {
    ...projectFlags,
    check: Flags.boolean({summary: 'Only compare; write nothing; exit 1 when out of sync.', default: false}),
  }

  async run(): Promise<SyncResult> {
    const {flags} = await this.parse(Sync)
    const result = await syncDerivedCache(this.project(flags), {check: flags.check})
    if (flags.check) {
      if (result.in_sync) this.log(`In sync (${result.requirements} requirements, ${result.tests} tests).`)
      else {
        this.log(`Out of sync: ${result.stale.join(', ')}. Run \`govtool sync\`.`)
        this.setExitCode(1)
      }
    } else if (result.written.length > 0) this.log(`Wrote ${result.written.join(', ')} (${result.requirements} requirements, ${result.tests} tests).`)
    else this.log(`Already in sync (${result.requirements} requirements, ${result.tests} tests).`)
    return result
  }
}
