import {GovCommand, projectFlags} from 'govtool'

import {catalogListing, type CatalogListing} from '../../lib/skills.js'

export default class SkillList extends GovCommand<{skills: CatalogListing[]}> {
  static override summary = 'List the built-in skill catalog.'
  static override description = 'Shows each catalog skill with what it does, and whether it is installed in the project (.agents/skills/).'
  static override examples = ['<%= config.bin %> skill list', '<%= config.bin %> skill list --json']
  static override flags = {...projectFlags}

  async run(): Promise<{skills: CatalogListing[]}> {
    const {flags} = await this.parse(SkillList)
    const skills = await catalogListing(this.project(flags))
    this.table(skills, [
      {header: 'SKILL', get: (s) => s.slug},
      {header: 'INSTALLED', get: (s) => (s.installed ? 'yes' : '')},
      {header: 'WHAT IT DOES', get: (s) => s.description.split(/(?<=\.) /)[0]},
    ])
    this.log('Install one with `govtool skill install <skill>`.')
    return {skills}
  }
}
