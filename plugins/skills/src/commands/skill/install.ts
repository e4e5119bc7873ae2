import {Args, Flags} from '@oclif/core'
import {GovCommand, color, projectFlags} from 'govtool'

import {installSkill, type InstallResult} from '../../lib/skills.js'

export default class SkillInstall extends GovCommand<InstallResult> {
  static override summary = 'Install a catalog skill into .agents/skills/<slug>/SKILL.md.'
  static override description = `Writes the skill in the open Agent Skills format (front matter name, description, allowed-tools) with a
skill.json holding its active flag. An existing SKILL.md is kept unless --force.`

  static override examples = ['<%= config.bin %> skill install verifier', '<%= config.bin %> skill install planner --force']
  static override args = {slug: Args.string({description: 'catalog skill, e.g. diff-reviewer', required: true})}
  static override flags = {
    ...projectFlags,
    force: Flags.boolean({summary: 'Replace an existing SKILL.md.', default: false}),
  }

  async run(): Promise<InstallResult> {
    const {args, flags} = await this.parse(SkillInstall)
    const result = await installSkill(this.project(flags), args.slug, {force: flags.force})
    if (result.status === 'kept') this.log(`${color.yellow('!')} ${result.path} already exists; kept it (pass --force to replace it).`)
    else this.log(`${color.green('✔')} ${result.status} ${result.path}`)
    return result
  }
}
