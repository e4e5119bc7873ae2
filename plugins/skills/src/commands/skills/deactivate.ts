import {Args} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {setSkillActive, type ActivationResult} from '../../lib/skills.js'

export default class SkillsDeactivate extends GovCommand<ActivationResult> {
  static override summary = 'Mark a skill inactive (skill.json); its files stay.'
  static override description = 'Exits non-zero when no skill has that id.'
  static override examples = ['<%= config.bin %> skills deactivate verifier']
  static override args = {id: Args.string({description: 'skill id', required: true})}
  static override flags = {...projectFlags}

  async run(): Promise<ActivationResult> {
    const {args, flags} = await this.parse(SkillsDeactivate)
    const result = await setSkillActive(this.project(flags), args.id, false)
    this.log(result.changed ? `Skill ${result.id} deactivated.` : `Skill ${result.id} was already inactive.`)
    return result
  }
}
