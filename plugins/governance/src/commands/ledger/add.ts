import {Args, Flags} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {git} from '../../lib/trace/git.js'
import {appendLedgerEntry, defaultAuthor} from '../../lib/trace/ledger.js'
import {USER_LEDGER_TYPES, type LedgerEntry} from '../../lib/trace/ledger-format.js'
import {loadGovernanceModel} from '../../lib/trace/model.js'

export interface LedgerAddResult {
  entry: LedgerEntry
  file: string
}

export default class LedgerAdd extends GovCommand<LedgerAddResult> {
  static override summary = 'Record a change in LEDGER.md.'
  static override description = `Appends a hash-chained entry ("## <timestamp> — <description>" with Author, Type, REQs affected, Status
and Chain hash). Safe to run from several processes at once: appends are serialised by a lock and each
entry chains to the one before it. Creates LEDGER.md when it does not exist.`

  static override examples = [
    '<%= config.bin %> ledger add "Add --json to export" --type feature --reqs REQ-CLI-004',
    '<%= config.bin %> ledger add "Fix crash on empty ledger" --type fix --author alice',
  ]

  static override args = {
    description: Args.string({description: 'What changed (one line).', required: true}),
  }

  static override flags = {
    ...projectFlags,
    type: Flags.string({char: 't', summary: 'Kind of change.', options: [...USER_LEDGER_TYPES], default: 'task'}),
    author: Flags.string({char: 'a', summary: 'Who made the change (default: git user.name, else $GOVTOOL_AUTHOR or the login name).'}),
    reqs: Flags.string({char: 'r', summary: 'Requirement ids affected, comma-separated (REQ-001,REQ-002).'}),
    status: Flags.string({summary: 'Status of the change.', default: 'complete'}),
  }

  async run(): Promise<LedgerAddResult> {
    const {args, flags} = await this.parse(LedgerAdd)
    const ctx = this.project(flags)
    const author = flags.author ?? process.env.GOVTOOL_AUTHOR?.trim() ?? ((await git(ctx.root, ['config', 'user.name'], 3000))?.trim() || defaultAuthor())
    const entry = await appendLedgerEntry(ctx, {
      description: args.description,
      type: flags.type as (typeof USER_LEDGER_TYPES)[number],
      author,
      reqs: (flags.reqs ?? '').split(',').map((r) => r.trim()).filter(Boolean),
      status: flags.status,
    })
    if (entry.reqs.length > 0) {
      const known = new Set((await loadGovernanceModel(ctx).catch(() => undefined))?.requirements.map((r) => r.id) ?? entry.reqs)
      const unknown = entry.reqs.filter((r) => !known.has(r))
      if (unknown.length > 0) this.warnUser(`${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in docs/REQUIREMENTS.md (recorded anyway).`)
    }
    const file = ctx.relative(ctx.file('ledger'))
    this.log(`Recorded in ${file}:${entry.line} (chain hash ${entry.chain_hash}).`)
    return {entry, file}
  }
}
