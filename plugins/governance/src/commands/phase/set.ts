import {Args, Flags} from '@oclif/core'
import {AEE_PHASES, GovCommand, loadProjectTypes, projectFlags} from 'govtool'

import {changePhase, parsePhase, type PhaseChange} from '../../lib/trace/phase.js'

export default class PhaseSet extends GovCommand<PhaseChange> {
  static override summary = 'Move to a named AEE phase.'
  static override description = `Every phase before the target must have its checklist pass; otherwise the command refuses (exit 1) with
the failing items, unless --force. Phases: ${AEE_PHASES.join(', ')}.`

  static override examples = ['<%= config.bin %> phase set requirements', '<%= config.bin %> phase set release --force']

  static override args = {
    phase: Args.string({description: `One of: ${AEE_PHASES.join(', ')}.`, required: true}),
  }

  static override flags = {
    ...projectFlags,
    force: Flags.boolean({summary: 'Move even when prerequisites fail.', default: false}),
  }

  async run(): Promise<PhaseChange> {
    const {args, flags} = await this.parse(PhaseSet)
    const target = parsePhase(args.phase)
    const change = await changePhase(this.project(flags), target, {force: flags.force, registry: await loadProjectTypes(this.config)})
    this.log(`Phase: ${change.from} -> ${change.to} (${change.label})${change.forced ? ` — forced past ${change.failing.length} unmet item(s)` : ''}.`)
    return change
  }
}
