import {Args} from '@oclif/core'
import {GovCommand, projectFlags} from 'govtool'

import {setSkillActive, type ActivationResult} from '../../lib/skills.js'

export default class SkillsActivate extends GovCommand<ActivationResult> {
  static override summary = 'Mark a skill active (skill.json).'
  static override examples = ['<%= config.bin %> skills activate verifier']
  static override args = {id: Args.string({description: 'skill id', required: true})}
  static override flags = {...projectFlags}

  async run(): Promise<ActivationResult> {
    const {args, flags} = await this.parse(SkillsActivate)
    const result = await setSkillActive(this.project(flags), args.id, true)
    this.log(result.changed ? `Skill ${result.id} activated.` : `Skill ${result.id} was already active.`)
    return result
  }
}
