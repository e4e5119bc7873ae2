import {Args} from '@oclif/core'
import {GovCommand, GovError, confirm, projectFlags, yesFlag} from 'govtool'

import {deleteSkill, installedDir} from '../../lib/skills.js'

export default class SkillsDelete extends GovCommand<{id: string; deleted: boolean; path: string}> {
  static override summary = 'Delete a skill directory.'
  static override description = 'Removes .agents/skills/<id>/ and everything in it; other skills are untouched. Asks first on a terminal unless --yes.'
  static override examples = ['<%= config.bin %> skills delete my-skill', '<%= config.bin %> skills delete my-skill --yes']
  static override args = {id: Args.string({description: 'skill id', required: true})}
  static override flags = {...projectFlags, yes: yesFlag}

  async run(): Promise<{id: string; deleted: boolean; path: string}> {
    const {args, flags} = await this.parse(SkillsDelete)
    const ctx = this.project(flags)
    const dir = installedDir(ctx, args.id)
    if (!flags.yes && !(await confirm(`Delete skill "${args.id}" (${ctx.relative(dir)}/ and all its files)?`, {flag: '--yes'}))) {
      throw new GovError('Cancelled; nothing was deleted.', {code: 'E_DECLINED'})
    }
    const result = await deleteSkill(ctx, args.id)
    this.log(`Deleted ${result.path}/.`)
    return result
  }
}
