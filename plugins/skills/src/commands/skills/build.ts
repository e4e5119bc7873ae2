import {Args, Flags} from '@oclif/core'
import {GovCommand, color, projectFlags} from 'govtool'

import {buildSkill, type BuiltSkill} from '../../lib/build.js'

export default class SkillsBuild extends GovCommand<BuiltSkill> {
  static override summary = 'Create a new skill from a description.'
  static override description = `The skill id is derived from the description's leading words (the same description always gives the
same id). Writes .agents/skills/<id>/SKILL.md with front matter and instructions shaped by the topics the
description names, and a skill.json marking it active. Run \`govtool skills test <id>\` afterwards.`

  static override examples = ['<%= config.bin %> skills build "Review database migrations for safety before deploy"']
  static override args = {description: Args.string({description: 'what the skill does and when to use it', required: true})}
  static override flags = {
    ...projectFlags,
    force: Flags.boolean({summary: 'Replace a skill with the same id.', default: false}),
  }

  async run(): Promise<BuiltSkill> {
    const {args, flags} = await this.parse(SkillsBuild)
    const result = await buildSkill(this.project(flags), args.description, {force: flags.force})
    this.log(`${color.green('✔')} ${result.status} skill ${color.bold(result.id)} at ${result.path}`)
    this.log(`allowed-tools: ${result.allowed_tools.join(' ')}`)
    return result
  }
}
