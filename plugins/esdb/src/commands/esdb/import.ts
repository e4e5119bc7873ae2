import path from 'node:path'

import {Args, Flags} from '@oclif/core'
import {GovCommand, InputError, projectFlags} from 'govtool'

import {applyStagedImport, stageImport, type ImportResult} from '../../lib/import.js'
import {openStore} from '../../lib/store.js'

export default class EsdbImport extends GovCommand<ImportResult> {
  static override summary = 'Validate an export or backup and stage it at .govtool/esdb_import.json; --apply appends it.'
  static override description = `Every record is validated (id, kind, status, label, confidence, evidence, data; kinds matching their list;
no duplicate ids; record_count matching). A missing file exits 1, an invalid one exits 2, and nothing is
staged. The result compares the records with the store (new, changed, unchanged). --apply appends the new
and changed records as upserts in one batch (records the file lacks are kept) and removes the staging
file; with no <source>, --apply appends what an earlier \`esdb import <source>\` staged.`

  static override examples = [
    '<%= config.bin %> esdb import .govtool/backups/esdb_backup_20250101T120000Z.json',
    '<%= config.bin %> esdb import --apply',
    '<%= config.bin %> esdb import records.json --apply --json',
  ]

  static override args = {
    source: Args.string({description: 'export or backup file to import (optional with --apply)'}),
  }

  static override flags = {
    ...projectFlags,
    apply: Flags.boolean({summary: 'Append the staged records to the store.', default: false}),
  }

  async run(): Promise<ImportResult> {
    const {args, flags} = await this.parse(EsdbImport)
    if (!args.source && !flags.apply) {
      throw new InputError('Missing <source>: the export or backup file to import.', {code: 'E_USAGE', hint: 'Run `govtool esdb import <file>`, or `govtool esdb import --apply` to append what is already staged.'})
    }
    const store = openStore(this.project(flags))
    try {
      let result: ImportResult | undefined
      if (args.source) {
        result = await stageImport(store, path.resolve(args.source), args.source)
        this.log(`Validated ${result.record_count} records from ${result.source} (${result.new} new, ${result.changed} changed, ${result.unchanged} unchanged); staged at ${result.staged}.`)
      }
      if (flags.apply) {
        result = await applyStagedImport(store)
        this.log(result.appended > 0 ? `Appended ${result.appended} records (seq ${result.first_seq}-${result.last_seq}).` : 'Nothing to append: the store already holds every staged record.')
      } else {
        this.log('Run `govtool esdb import --apply` to append them.')
      }
      return result as ImportResult
    } finally {
      await store.close()
    }
  }
}
