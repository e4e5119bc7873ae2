import {GovCommand, projectFlags} from 'govtool'

import {listSkills, type InstalledSkill} from '../../lib/skills.js'

export default class SkillsList extends GovCommand<{skills: InstalledSkill[]}> {
  static override summary = 'List the skills installed in the project.'
  static override description = 'Every .agents/skills/<id>/SKILL.md, with its active flag (skill.json; active when it has none) and where it came from.'
  static override examples = ['<%= config.bin %> skills list', '<%= config.bin %> skills list --json']
  static override flags = {...projectFlags}

  async run(): Promise<{skills: InstalledSkill[]}> {
    const {flags} = await this.parse(SkillsList)
    const skills = await listSkills(this.project(flags))
    if (skills.length === 0) this.log('No skills installed. `govtool skill list` shows the catalog; `govtool skills build` creates one.')
    this.table(skills, [
      {header: 'ID', get: (s) => s.id},
      {header: 'ACTIVE', get: (s) => (s.active ? 'yes' : 'no')},
      {header: 'SOURCE', get: (s) => s.source},
      {header: 'VALID', get: (s) => (s.valid ? 'yes' : 'no')},
      {header: 'DESCRIPTION', get: (s) => (s.description ?? '').slice(0, 70)},
    ])
    return {skills}
  }
}
