import {Flags} from '@oclif/core'
import {GovCommand, color, loadProjectTypes, projectFlags} from 'govtool'

import {commitWork, type CommitResult} from '../lib/commit.js'

export default class Commit extends GovCommand<CommitResult> {
  static override summary = 'Commit with governance checks: audit first, ledger check, message from the ledger.'
  static override description = `Runs the governance audit and refuses to commit while it fails (--no-audit skips it), warns when LEDGER.md did not change with the work, and takes the message from the last ledger entry's heading unless -m is given. Commits what is staged; when nothing is staged, every change (untracked files included, .gitignore honoured). The project's git hooks run as usual. --auto-push pushes afterwards with push's safety checks.`

  static override examples = [
    '<%= config.bin %> commit',
    '<%= config.bin %> commit -m "Add login form (REQ-AUTH-001)"',
    '<%= config.bin %> commit --no-audit --auto-push',
  ]

  static override flags = {
    ...projectFlags,
    message: Flags.string({char: 'm', summary: 'Commit message (default: the heading of the last LEDGER.md entry).'}),
    audit: Flags.boolean({summary: 'Run the governance audit first and refuse on failure (--no-audit skips it).', default: true, allowNo: true}),
    'auto-push': Flags.boolean({summary: 'Push after committing (with the safety checks of push).', default: false}),
  }

  async run(): Promise<CommitResult> {
    const {flags} = await this.parse(Commit)
    const ctx = this.project(flags)
    const registry = await loadProjectTypes(this.config)
    const result = await commitWork(ctx, {message: flags.message, audit: flags.audit, autoPush: flags['auto-push'], registry})
    for (const w of result.warnings) this.warnUser(w)
    if (!this.jsonEnabled()) {
      this.log(`${color.green('committed')} ${result.sha.slice(0, 10)} on ${result.branch}: ${result.message}`)
      this.log(color.dim(`${result.files.length} file(s)${result.staged_only ? ' (staged)' : ''}; audit ${result.audit.ran ? (result.audit.healthy ? 'passed' : 'failed') : 'skipped'}`))
      if (result.push && result.push.pushed) this.log(`${color.green('pushed')} to ${result.push.upstream}`)
    }
    if (result.push && !result.push.pushed) {
      this.warnUser(`committed, but not pushed: ${result.push.error}${result.push.hint ? `\n  ${result.push.hint}` : ''}`)
      this.setExitCode(1)
    }
    return result
  }
}
