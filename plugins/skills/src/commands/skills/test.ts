import {Args} from '@oclif/core'
import {GovCommand, mark, projectFlags} from 'govtool'

import {testSkill, type SkillTestResult} from '../../lib/check.js'

export default class SkillsTest extends GovCommand<SkillTestResult> {
  static override summary = "Check a skill's structure and references."
  static override description = `Checks SKILL.md front matter (name matches the directory, description, allowed-tools and the other
optional fields), a non-empty body, that every file the body refers to exists inside the skill, and
skill.json. Exits 1 when a check fails.`

  static override examples = ['<%= config.bin %> skills test verifier', '<%= config.bin %> skills test my-skill --json']
  static override args = {id: Args.string({description: 'skill id (its directory name)', required: true})}
  static override flags = {...projectFlags}

  async run(): Promise<SkillTestResult> {
    const {args, flags} = await this.parse(SkillsTest)
    const result = await testSkill(this.project(flags), args.id)
    for (const c of result.checks) this.log(`${c.status === 'pass' ? mark.ok() : c.status === 'warn' ? mark.warn() : mark.fail()} ${c.check}: ${c.message}`)
    this.log(result.ok ? `Skill ${result.id} passed.` : `Skill ${result.id} failed ${result.checks.filter((c) => c.status === 'fail').length} check(s).`)
    if (!result.ok) this.setExitCode(1)
    return result
  }
}
