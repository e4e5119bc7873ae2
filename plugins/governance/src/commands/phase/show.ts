import {GovCommand, color, loadProjectTypes, projectFlags} from 'govtool'

import {currentPhase, phaseChecklists, phaseStatus, type PhaseStatus} from '../../lib/trace/phase.js'

/** Human form of a phase's status, shared by `phase` and `phase show`. */
export function renderPhase(s: PhaseStatus): string {
  const lines = [`Phase ${s.index}/${s.total}: ${color.bold(s.label)} (${s.phase}) — ${s.description}`, `Readiness: ${s.readiness_pct}%`, '']
  for (const c of s.checklist) lines.push(`${c.ok ? color.green('✔') : color.red('✖')} ${c.item} ${color.dim(`(${c.detail})`)}`)
  if (s.next) lines.push('', s.readiness_pct === 100 ? `Ready for ${s.next.label}: govtool phase next` : `Next: ${s.next.label} once the items above pass (or govtool phase next --force).`)
  else lines.push('', 'This is the last phase.')
  return lines.join('\n')
}

export default class PhaseShow extends GovCommand<PhaseStatus> {
  static override summary = "Show the current AEE phase and its prerequisite checklist."
  static override description = `The phase is scaffold.yml's aee_phase (default inception). The checklist says what this phase must achieve
before "govtool phase next" moves on; readiness is the share of it that passes.`

  static override examples = ['<%= config.bin %> phase show', '<%= config.bin %> phase show --json']
  static override flags = {...projectFlags}

  async run(): Promise<PhaseStatus> {
    const {flags} = await this.parse(PhaseShow)
    const ctx = this.project(flags)
    const phase = await currentPhase(ctx)
    const status = phaseStatus(phase, await phaseChecklists(ctx, {registry: await loadProjectTypes(this.config)}))
    this.log(renderPhase(status))
    return status
  }
}
