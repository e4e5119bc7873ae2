import {InputError, ProjectContext, safeJoin, validateId} from 'govtool/core'

/** Where a project's skills live (the open Agent Skills layout). */
export const SKILLS_DIR = '.agents/skills'
export const SKILL_FILE = 'SKILL.md'
export const MANIFEST_FILE = 'skill.json'

/** Skill names per the Agent Skills format: lower-case letters, digits and single hyphens, at most 64 characters. */
export const SKILL_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const MAX_SLUG = 64

/** Validates a skill id before it becomes a path: the kernel's id rules plus the Agent Skills name rules. */
export function validateSlug(id: string): string {
  validateId(id, 'skill id')
  if (!SKILL_SLUG.test(id) || id.length > MAX_SLUG) {
    throw new InputError(`Invalid skill id ${JSON.stringify(id)}.`, {
      code: 'E_BAD_ID',
      hint: 'A skill id is 1-64 lower-case letters, digits and single hyphens, not starting or ending with a hyphen (e.g. diff-reviewer).',
    })
  }
  return id
}

export function skillsRoot(ctx: ProjectContext): string {
  return ctx.path(SKILLS_DIR)
}

/** The directory of skill `id`, which can never escape the skills folder. */
export function skillDir(ctx: ProjectContext, id: string): string {
  return safeJoin(skillsRoot(ctx), validateSlug(id))
}
