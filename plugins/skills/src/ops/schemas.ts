/**
 * Result schemas of the skill (catalog) and skills (installed) operations: the frozen output contract
 * (`--json`, HTTP, MCP). The library's result interfaces (lib/skills.ts, lib/build.ts, lib/check.ts) must stay
 * assignable to these; test/operation-results.schema.json snapshots them.
 */
import {z} from 'zod/v3'

export const CatalogListSchema = z.object({
  skills: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      description: z.string(),
      allowed_tools: z.array(z.string()),
      tags: z.array(z.string()),
      /** whether .agents/skills/<slug>/SKILL.md exists in the project */
      installed: z.boolean(),
    }),
  ),
})

export const CatalogSearchSchema = z.object({
  query: z.string(),
  results: z.array(z.object({slug: z.string(), title: z.string(), description: z.string(), score: z.number()})),
})

export const InstallResultSchema = z.object({
  slug: z.string(),
  /** installed (new), replaced (--force over an existing SKILL.md), kept (existing SKILL.md left alone) */
  status: z.enum(['installed', 'replaced', 'kept']),
  path: z.string(),
})

export const InstalledListSchema = z.object({
  skills: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      description: z.string().nullable(),
      active: z.boolean(),
      source: z.enum(['catalog', 'built', 'local']),
      /** project-relative directory */
      path: z.string(),
      /** front matter readable and its name matches the directory (`skills test` checks everything) */
      valid: z.boolean(),
    }),
  ),
})

export const BuiltSkillSchema = z.object({
  id: z.string(),
  description: z.string(),
  allowed_tools: z.array(z.string()),
  /** how many known topics (tests, review, release, ...) the description names */
  topics: z.number().int(),
  path: z.string(),
  status: z.enum(['created', 'replaced']),
})

export const SkillTestResultSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  checks: z.array(z.object({check: z.string(), status: z.enum(['pass', 'warn', 'fail']), message: z.string()})),
})

export const ActivationResultSchema = z.object({
  id: z.string(),
  active: z.boolean(),
  /** false when it already was in that state */
  changed: z.boolean(),
})

export const DeleteResultSchema = z.object({id: z.string(), deleted: z.boolean(), path: z.string()})
