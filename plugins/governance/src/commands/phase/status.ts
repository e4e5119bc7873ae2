import {GovCommand, loadProjectTypes, projectFlags} from 'govtool'

import {currentPhase, phaseChecklists, phaseStatus} from '../../lib/trace/phase.js'

export interface PhaseStatusResult {
  phase: string
  label: string
  readiness_pct: number
}

export default class PhaseStatusCommand extends GovCommand<PhaseStatusResult> {
  static override summary = 'Print one line: phase, label and readiness percentage.'
  static override examples = ['<%= config.bin %> phase status']
  static override flags = {...projectFlags}

  async run(): Promise<PhaseStatusResult> {
    const {flags} = await this.parse(PhaseStatusCommand)
    const ctx = this.project(flags)
    const s = phaseStatus(await currentPhase(ctx), await phaseChecklists(ctx, {registry: await loadProjectTypes(this.config)}))
    this.log(`${s.phase} (${s.label}) ${s.readiness_pct}%`)
    return {phase: s.phase, label: s.label, readiness_pct: s.readiness_pct}
  }
}
