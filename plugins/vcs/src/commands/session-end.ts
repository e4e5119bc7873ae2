import {GovCommand, color, loadProjectTypes, mark, projectFlags} from 'govtool'

import {sessionEnd, type SessionEndResult} from '../lib/session.js'

export default class SessionEnd extends GovCommand<SessionEndResult> {
  static override summary = 'End-of-session checks: uncommitted changes, ledger updated, open TODOs, audit health.'
  static override description = `Exit 1 with the list of what needs doing; exit 0 when the session can end (which is recorded in .govtool/session.json: the next session starts there). Without a recorded session end, the session is the work not yet pushed. Unpushed commits are a warning.`

  static override examples = ['<%= config.bin %> session-end', '<%= config.bin %> session-end --json']
  static override flags = {...projectFlags}

  async run(): Promise<SessionEndResult> {
    const {flags} = await this.parse(SessionEnd)
    const result = await sessionEnd(this.project(flags), {registry: await loadProjectTypes(this.config)})
    if (!this.jsonEnabled()) {
      for (const c of result.checks) {
        this.log(`${c.status === 'ok' ? mark.ok() : c.status === 'warn' ? mark.warn() : mark.fail()} ${c.message}`)
        if (c.status === 'fail' && c.items) for (const item of c.items.slice(0, 10)) this.log(color.dim(`    ${item}`))
      }
      this.log(result.clean ? `\n${color.green('Ready to end the session.')}` : `\n${color.red('Before ending the session:')}\n${result.needs_action.map((n) => `  - ${n}`).join('\n')}`)
    }
    if (!result.clean) this.setExitCode(1)
    return result
  }
}
