import {Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {DEFAULT_COMPRESS_THRESHOLD, DEFAULT_KEEP_RECENT, compressLedger, type CompressResult} from '../lib/trace/compress.js'

export default class Compress extends GovCommand<CompressResult> {
  static override summary = 'Move old LEDGER.md entries to docs/ledger-archive.md.'
  static override description = `When LEDGER.md has at least --threshold lines, every entry but the --keep-recent newest moves, verbatim and
in order, to docs/ledger-archive.md. No entry is lost, and the hash chain runs on from the archive into
LEDGER.md ("govtool audit" verifies it across both).`

  static override examples = ['<%= config.bin %> compress', '<%= config.bin %> compress --threshold 300 --keep-recent 20']

  static override flags = {
    ...projectFlags,
    threshold: Flags.integer({summary: 'Compress when LEDGER.md has at least this many lines.', default: DEFAULT_COMPRESS_THRESHOLD, min: 1}),
    'keep-recent': Flags.integer({summary: 'Entries that stay in LEDGER.md.', default: DEFAULT_KEEP_RECENT, min: 0}),
  }

  async run(): Promise<CompressResult> {
    const {flags} = await this.parse(Compress)
    const result = await compressLedger(this.project(flags), {threshold: flags.threshold, keepRecent: flags['keep-recent']})
    this.log(
      result.compressed
        ? `Moved ${result.moved} entries to ${result.archive}; LEDGER.md keeps ${result.kept} (${result.lines_before} -> ${result.lines_after} lines).`
        : `Nothing to do: ${result.reason}.`,
    )
    return result
  }
}
