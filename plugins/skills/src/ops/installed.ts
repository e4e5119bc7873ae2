import {confirm, defineOperation, GovError} from 'govtool/core'
import {z} from 'zod/v3'

import {renderActivation, renderBuilt, renderInstalled, renderSkillTest} from '../lib/render.js'
import {CATALOG_VS_INSTALLED} from './catalog.js'
import {ActivationResultSchema, BuiltSkillSchema, DeleteResultSchema, InstalledListSchema, SkillTestResultSchema} from './schemas.js'

const skillId = z.string().describe('skill id')

export const skillsListOp = defineOperation({
  id: 'skills.list',
  summary: 'List the skills installed in the project (.agents/skills/), not the catalog.',
  description: `Every .agents/skills/<id>/SKILL.md, with its active flag (skill.json; active when it has none), where it came from (catalog, built, or local for a skill written by hand) and whether its front matter is valid (\`skills test\` checks everything).

${CATALOG_VS_INSTALLED}`,
  examples: ['<%= config.bin %> skills list', '<%= config.bin %> skills list --json'],
  project: true,
  effect: 'read',
  input: z.object({}),
  result: InstalledListSchema,
  async run(ctx) {
    const {listSkills} = await import('../lib/skills.js')
    return {skills: await listSkills(ctx.project())}
  },
  render: (r) => renderInstalled(r.skills),
})

export const skillsBuildOp = defineOperation({
  id: 'skills.build',
  summary: 'Create a new skill in the project from a description.',
  description: `The skill id is derived from the description's leading words (the same description always gives the same id). Writes .agents/skills/<id>/SKILL.md with front matter and instructions shaped by the topics the description names (tests, review, release, docs, security, ...), and a skill.json marking it active. A skill with the same id is replaced only with --force.

Run \`govtool skills test <id>\` afterwards. To start from a ready-made skill instead, see \`govtool skill search\`. ${CATALOG_VS_INSTALLED}`,
  examples: ['<%= config.bin %> skills build "Review database migrations for safety before deploy"'],
  project: true,
  effect: 'write',
  input: z.object({
    description: z.string().describe('what the skill does and when to use it'),
    force: z.boolean().default(false).describe('Replace a skill with the same id.'),
  }),
  cli: {fields: {description: {arg: true}}},
  result: BuiltSkillSchema,
  async run(ctx, input) {
    const {buildSkill} = await import('../lib/build.js')
    return buildSkill(ctx.project(), input.description, {force: input.force})
  },
  render: (r) => renderBuilt(r),
})

export const skillsTestOp = defineOperation({
  id: 'skills.test',
  summary: "Check an installed skill's structure and references.",
  description: `Checks SKILL.md front matter (name matches the directory, description, allowed-tools and the other optional fields), a non-empty body, that every file the body refers to exists inside the skill, and skill.json.

Exits 1 when a check fails; a skill that is not installed is an error (install it first with \`govtool skill install <id>\` or create it with \`govtool skills build\`).`,
  examples: ['<%= config.bin %> skills test verifier', '<%= config.bin %> skills test my-skill --json'],
  project: true,
  effect: 'read',
  input: z.object({id: z.string().describe('skill id (its directory name)')}),
  cli: {fields: {id: {arg: true}}},
  result: SkillTestResultSchema,
  async run(ctx, input) {
    const {testSkill} = await import('../lib/check.js')
    return testSkill(ctx.project(), input.id)
  },
  exitCode: (r) => (r.ok ? 0 : 1),
  render: (r) => renderSkillTest(r),
})

export const skillsActivateOp = defineOperation({
  id: 'skills.activate',
  summary: 'Mark an installed skill active (skill.json).',
  description: `Sets active: true in .agents/skills/<id>/skill.json (created when the skill has none). Activating an active skill changes nothing (changed: false). Exits non-zero when no skill has that id.`,
  examples: ['<%= config.bin %> skills activate verifier'],
  project: true,
  effect: 'write',
  input: z.object({id: skillId}),
  cli: {fields: {id: {arg: true}}},
  result: ActivationResultSchema,
  async run(ctx, input) {
    const {setSkillActive} = await import('../lib/skills.js')
    return setSkillActive(ctx.project(), input.id, true)
  },
  render: (r) => renderActivation(r),
})

export const skillsDeactivateOp = defineOperation({
  id: 'skills.deactivate',
  summary: 'Mark an installed skill inactive (skill.json); its files stay.',
  description: `Sets active: false in .agents/skills/<id>/skill.json; \`skills activate\` turns it back on, and \`skills delete\` removes it for good. Exits non-zero when no skill has that id.`,
  examples: ['<%= config.bin %> skills deactivate verifier'],
  project: true,
  effect: 'write',
  input: z.object({id: skillId}),
  cli: {fields: {id: {arg: true}}},
  result: ActivationResultSchema,
  async run(ctx, input) {
    const {setSkillActive} = await import('../lib/skills.js')
    return setSkillActive(ctx.project(), input.id, false)
  },
  render: (r) => renderActivation(r),
})

export const skillsDeleteOp = defineOperation({
  id: 'skills.delete',
  summary: 'Delete an installed skill directory.',
  description: `Removes .agents/skills/<id>/ and everything in it; other skills are untouched. A catalog skill can be installed again afterwards with \`govtool skill install\`.

Asks first on a terminal unless --yes; without a terminal (scripts, --json, HTTP) --yes is required.`,
  examples: ['<%= config.bin %> skills delete my-skill', '<%= config.bin %> skills delete my-skill --yes'],
  project: true,
  effect: 'write',
  input: z.object({
    id: skillId,
    yes: z.boolean().default(false).describe('Do not ask for confirmation.'),
  }),
  cli: {fields: {id: {arg: true}, yes: {char: 'y'}}},
  result: DeleteResultSchema,
  async run(ctx, input, io) {
    const {deleteSkill, installedDir} = await import('../lib/skills.js')
    const project = ctx.project()
    const dir = installedDir(project, input.id)
    if (!input.yes) {
      const question = `Delete skill "${input.id}" (${project.relative(dir)}/ and all its files)?`
      if (ctx.transport !== 'cli' || !io.interactive) {
        throw new GovError(`${question} needs confirmation, and there is no terminal to ask on.`, {
          code: 'E_NEEDS_CONFIRMATION',
          hint: ctx.transport === 'cli' ? 'Pass --yes to confirm without a prompt.' : 'Send "yes": true to confirm.',
        })
      }
      if (!(await confirm(question, {flag: '--yes'}))) throw new GovError('Cancelled; nothing was deleted.', {code: 'E_DECLINED'})
    }
    return deleteSkill(project, input.id)
  },
  render: (r) => `Deleted ${r.path}/.`,
})
