import path from 'node:path'

import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {backupStore, type BackupResult} from '../../lib/export.js'
import {openStore} from '../../lib/store.js'

export default class EsdbBackup extends GovCommand<BackupResult> {
  static override summary = 'Write a timestamped snapshot of every record to .govtool/backups/esdb_backup_<UTC>.json.'
  static override description = `Same fields as \`esdb export\` plus timestamp; never overwrites an earlier backup. Restore it with
\`esdb import <file> --apply\`.`

  static override examples = ['<%= config.bin %> esdb backup', '<%= config.bin %> esdb backup --dir /mnt/backups --json']
  static override flags = {
    ...projectFlags,
    dir: Flags.string({summary: 'Directory to write the backup to (default: .govtool/backups).', helpValue: 'DIR'}),
  }

  async run(): Promise<BackupResult> {
    const {flags} = await this.parse(EsdbBackup)
    const store = openStore(this.project(flags))
    try {
      const result = await backupStore(store, flags.dir ? path.resolve(flags.dir) : store.paths.backups)
      this.log(`Backed up ${result.record_count} records to ${result.output}.`)
      if (!result.chain_valid) this.warnUser('The chain is broken; only the records up to the first bad entry were backed up. Run `govtool esdb replay`.')
      return result
    } finally {
      await store.close()
    }
  }
}
