import {AEE_PHASES, GovCommand, color, loadProjectTypes, projectFlags} from 'govtool'

import {PHASE_DESCRIPTIONS, currentPhase, phaseChecklists, phaseStatus} from '../../lib/trace/phase.js'
import {plainTable} from '../../lib/trace/present.js'

export interface PhaseListResult {
  current: string
  phases: {phase: string; label: string; description: string; current: boolean; readiness_pct: number}[]
}

export default class PhaseList extends GovCommand<PhaseListResult> {
  static override summary = 'List the seven AEE phases with the readiness of each.'
  static override examples = ['<%= config.bin %> phase list']
  static override flags = {...projectFlags}

  async run(): Promise<PhaseListResult> {
    const {flags} = await this.parse(PhaseList)
    const ctx = this.project(flags)
    const current = await currentPhase(ctx)
    const lists = await phaseChecklists(ctx, {registry: await loadProjectTypes(this.config)})
    const phases = AEE_PHASES.map((p) => {
      const s = phaseStatus(p, lists)
      return {phase: p, label: s.label, description: PHASE_DESCRIPTIONS[p], current: p === current, readiness_pct: s.readiness_pct}
    })
    this.log(plainTable(['', '#', 'Phase', 'Ready', 'Achieves'], phases.map((p, i) => [p.current ? color.green('→') : ' ', i + 1, p.phase, `${p.readiness_pct}%`, p.description])))
    return {current, phases}
  }
}
