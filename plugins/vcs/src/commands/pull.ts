import {Flags} from '@oclif/core'
import {GovCommand, GovError, color, confirm, projectFlags, yesFlag} from 'govtool'

import {losesWork, previewDiscard, pullBranch, type PullMode, type PullResult} from '../lib/pull.js'

export default class Pull extends GovCommand<PullResult> {
  static override summary = 'Pull from the remote; warn on conflicts in governance files; or discard local work.'
  static override description = `Without options: git pull (merge), then lists conflicts, calling out governance files (LEDGER.md, AGENTS.md, docs/REQUIREMENTS.md, ...) and how to resolve them; exit 1 while conflicts remain. --discard fetches and hard-resets the branch to its remote copy; --clean also removes untracked files (ignored files and .govtool/ stay). Both list what would be lost and ask first (--yes skips the question; without a terminal it is required).`

  static override examples = ['<%= config.bin %> pull', '<%= config.bin %> pull --discard', '<%= config.bin %> pull --clean --yes']
  static override flags = {
    ...projectFlags,
    discard: Flags.boolean({summary: 'Fetch and hard-reset to the remote branch (local commits and changes are lost).', default: false, exclusive: ['clean']}),
    clean: Flags.boolean({summary: 'Like --discard, and also remove untracked files.', default: false, exclusive: ['discard']}),
    yes: yesFlag,
  }

  async run(): Promise<PullResult> {
    const {flags} = await this.parse(Pull)
    const ctx = this.project(flags)
    const mode: PullMode = flags.clean ? 'clean' : flags.discard ? 'discard' : 'merge'
    if (mode !== 'merge') {
      const preview = await previewDiscard(ctx, mode === 'clean')
      if (losesWork(preview) && !flags.yes) {
        const lost = [
          ...(preview.commits > 0 ? [`${preview.commits} local commit(s)`] : []),
          ...(preview.changed.length > 0 ? [`${preview.changed.length} changed file(s)`] : []),
          ...(preview.untracked.length > 0 ? [`${preview.untracked.length} untracked file(s)`] : []),
        ]
        const files = [...preview.changed, ...preview.untracked]
        if (files.length > 0 && !this.jsonEnabled()) this.log(files.slice(0, 20).map((f) => `  ${f}`).join('\n') + (files.length > 20 ? `\n  ... ${files.length - 20} more` : ''))
        const ok = await confirm(`Reset ${preview.branch} to ${preview.source}, losing ${lost.join(', ')}?`, {flag: '--yes'})
        if (!ok) throw new GovError('Cancelled: nothing was changed.', {code: 'E_DECLINED', hint: 'Commit or stash what you want to keep first.'})
      }
    }
    const result = await pullBranch(ctx, mode)
    for (const w of result.warnings) this.warnUser(w)
    if (!this.jsonEnabled()) {
      if (result.conflicts.length > 0) this.log(`${color.red('conflicts')} in ${result.conflicts.length} file(s); resolve them, then \`govtool commit\`.`)
      else if (mode === 'merge') this.log(result.updated ? `${color.green('updated')} ${result.branch} from ${result.source}` : `${result.branch} is up to date with ${result.source}`)
      else {
        const d = result.discarded
        this.log(`${color.yellow('reset')} ${result.branch} to ${result.source}: discarded ${d.commits} commit(s), ${d.files.length} changed file(s)${mode === 'clean' ? `, removed ${d.untracked_removed.length} untracked` : ''}`)
      }
    }
    if (result.conflicts.length > 0) this.setExitCode(1)
    return result
  }
}
