import {defineOperation} from 'govtool/core'
import {z} from 'zod/v3'

import {renderCatalog, renderInstall, renderSearch} from '../lib/render.js'
import {CatalogListSchema, CatalogSearchSchema, InstallResultSchema} from './schemas.js'

/** The paragraph every skill/skills command ends with: which of the two topics does what. */
export const CATALOG_VS_INSTALLED =
  '`govtool skill ...` (singular) works on the built-in catalog: skills that ship with govtool, which you list, search and install. `govtool skills ...` (plural) manages the skills installed in this project under .agents/skills/: list, build, test, activate, deactivate, delete.'

export const skillListOp = defineOperation({
  id: 'skill.list',
  summary: 'List the built-in skill catalog (skills you can install), marking those installed.',
  description: `Shows each catalog skill with what it does, and whether it is installed in the project (.agents/skills/). The --json output also has each skill's title, tags and allowed tools.

${CATALOG_VS_INSTALLED}`,
  examples: ['<%= config.bin %> skill list', '<%= config.bin %> skill list --json'],
  project: true,
  effect: 'read',
  input: z.object({}),
  result: CatalogListSchema,
  async run(ctx) {
    const {catalogListing} = await import('../lib/skills.js')
    return {skills: await catalogListing(ctx.project())}
  },
  render: (r) => renderCatalog(r.skills),
})

export const skillSearchOp = defineOperation({
  id: 'skill.search',
  summary: 'Search the built-in skill catalog (skills you can install).',
  description: `Ranks catalog skills by the query words found in their name, title and tags (weight 3) and description (weight 1); skills matching no word are left out. The catalog ships with govtool, so searching needs no network. When nothing matches, \`govtool skills build "<description>"\` creates a skill of your own.

${CATALOG_VS_INSTALLED}`,
  examples: ['<%= config.bin %> skill search review', '<%= config.bin %> skill search "release changelog" --json'],
  effect: 'read',
  input: z.object({query: z.string().describe('words to look for')}),
  cli: {fields: {query: {arg: true}}},
  result: CatalogSearchSchema,
  async run(_ctx, input) {
    const {searchCatalog} = await import('../lib/skills.js')
    return {query: input.query, results: searchCatalog(input.query)}
  },
  render: (r) => renderSearch(r.query, r.results),
})

export const skillInstallOp = defineOperation({
  id: 'skill.install',
  summary: 'Install a catalog skill into .agents/skills/<slug>/SKILL.md.',
  description: `Writes the skill in the open Agent Skills format (front matter name, description, allowed-tools) with a skill.json holding its active flag (a new skill is active). An existing SKILL.md is kept unless --force; a replaced skill keeps its active flag, and other files in its directory are never touched.

Once installed, the skill is managed with the \`skills\` commands (\`skills test\`, \`skills deactivate\`, ...). ${CATALOG_VS_INSTALLED}`,
  examples: ['<%= config.bin %> skill install verifier', '<%= config.bin %> skill install planner --force'],
  project: true,
  effect: 'write',
  input: z.object({
    slug: z.string().describe('catalog skill, e.g. diff-reviewer'),
    force: z.boolean().default(false).describe('Replace an existing SKILL.md.'),
  }),
  cli: {fields: {slug: {arg: true}}},
  result: InstallResultSchema,
  async run(ctx, input) {
    const {installSkill} = await import('../lib/skills.js')
    return installSkill(ctx.project(), input.slug, {force: input.force})
  },
  render: (r) => renderInstall(r),
})
