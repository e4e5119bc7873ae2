import {Args} from '@oclif/core'
import {GovCommand} from 'govtool'

import {searchCatalog, type SearchHit} from '../../lib/skills.js'

export default class SkillSearch extends GovCommand<{query: string; results: SearchHit[]}> {
  static override summary = 'Search the built-in skill catalog.'
  static override description = 'Ranks catalog skills by the query words found in their name, title and tags (weight 3) and description (weight 1).'
  static override examples = ['<%= config.bin %> skill search review', '<%= config.bin %> skill search "release changelog" --json']
  static override args = {query: Args.string({description: 'words to look for', required: true})}

  async run(): Promise<{query: string; results: SearchHit[]}> {
    const {args} = await this.parse(SkillSearch)
    const results = searchCatalog(args.query)
    if (results.length === 0) this.log(`No catalog skill matches "${args.query}". \`govtool skills build "<description>"\` creates one.`)
    this.table(results, [
      {header: 'SKILL', get: (h) => h.slug},
      {header: 'SCORE', get: (h) => h.score, align: 'right'},
      {header: 'WHAT IT DOES', get: (h) => h.description.split(/(?<=\.) /)[0]},
    ])
    return {query: args.query, results}
  }
}
