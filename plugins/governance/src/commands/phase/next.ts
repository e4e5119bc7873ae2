import {Flags} from '@oclif/core'
import {GovCommand, loadProjectTypes, projectFlags} from 'govtool'

import {changePhase, type PhaseChange} from '../../lib/trace/phase.js'

export default class PhaseNext extends GovCommand<PhaseChange> {
  static override summary = 'Move to the next AEE phase when the current one is complete.'
  static override description = `Refuses (exit 1), listing the checklist items that fail, unless --force. Saved as aee_phase in scaffold.yml
(comments and layout kept).`

  static override examples = ['<%= config.bin %> phase next', '<%= config.bin %> phase next --force']

  static override flags = {
    ...projectFlags,
    force: Flags.boolean({summary: 'Move even when prerequisites fail.', default: false}),
  }

  async run(): Promise<PhaseChange> {
    const {flags} = await this.parse(PhaseNext)
    const change = await changePhase(this.project(flags), 'next', {force: flags.force, registry: await loadProjectTypes(this.config)})
    this.log(`Phase: ${change.from} -> ${change.to} (${change.label})${change.forced ? ` — forced past ${change.failing.length} unmet item(s)` : ''}.`)
    return change
  }
}
