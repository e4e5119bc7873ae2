import path from 'node:path'

import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {exportStore, type ExportResult} from '../../lib/export.js'
import {openStore} from '../../lib/store.js'

export default class EsdbExport extends GovCommand<ExportResult> {
  static override summary = 'Dump every record to a JSON file (default .govtool/esdb_export.json).'
  static override description = `The file holds esdb_version, backend, record_count, requirements[] and testcases[] (the records of those
kinds), other_records[] (every other kind), and the chain position it was taken at. \`esdb import\` reads it
back. The --json output describes the file written.`

  static override examples = ['<%= config.bin %> esdb export', '<%= config.bin %> esdb export --output records.json --json']
  static override flags = {
    ...projectFlags,
    output: Flags.string({char: 'o', summary: 'File to write (default: .govtool/esdb_export.json).', helpValue: 'PATH'}),
  }

  async run(): Promise<ExportResult> {
    const {flags} = await this.parse(EsdbExport)
    const store = openStore(this.project(flags))
    try {
      const result = await exportStore(store, flags.output ? path.resolve(flags.output) : store.paths.exportDefault)
      this.log(`Exported ${result.record_count} records to ${result.output} (requirements ${result.requirements}, test cases ${result.testcases}, other ${result.other_records}).`)
      if (!result.chain_valid) this.warnUser('The chain is broken; only the records up to the first bad entry were exported. Run `govtool esdb replay`.')
      return result
    } finally {
      await store.close()
    }
  }
}
