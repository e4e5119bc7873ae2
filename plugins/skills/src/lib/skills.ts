import {existsSync, statSync} from 'node:fs'
import {readFile, readdir} from 'node:fs/promises'
import path from 'node:path'

import {NotFoundError, ProjectContext, removePath, writeFileAtomic} from 'govtool/core'

import {SKILL_CATALOG, type CatalogSkill} from './catalog/index.js'
import {notFound} from './check.js'
import {parseSkillMd, renderSkillMd} from './frontmatter.js'
import {readManifest, updateManifest, type SkillManifest} from './manifest.js'
import {SKILL_FILE, SKILL_SLUG, skillDir, skillsRoot, validateSlug} from './paths.js'

/** A skill installed in the project. */
export interface InstalledSkill {
  id: string
  name: string | null
  description: string | null
  active: boolean
  source: SkillManifest['source']
  /** project-relative directory */
  path: string
  /** front matter readable and its name matches the directory (`skills test` checks everything) */
  valid: boolean
}

/** Every skill directory under .agents/skills that holds a SKILL.md, sorted by id. */
export async function listSkills(ctx: ProjectContext): Promise<InstalledSkill[]> {
  const root = skillsRoot(ctx)
  let entries: string[]
  try {
    entries = await readdir(root)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const out: InstalledSkill[] = []
  for (const id of entries.sort()) {
    if (!SKILL_SLUG.test(id)) continue
    const dir = path.join(root, id)
    const file = path.join(dir, SKILL_FILE)
    if (!existsSync(file)) continue
    const doc = parseSkillMd(await readFile(file, 'utf8'))
    const {manifest} = await readManifest(dir)
    const name = typeof doc.data?.name === 'string' ? doc.data.name : null
    const description = typeof doc.data?.description === 'string' ? doc.data.description : null
    out.push({
      id,
      name,
      description,
      active: manifest?.active ?? true,
      source: manifest?.source ?? 'local',
      path: ctx.relative(dir),
      valid: name === id && description !== null && description.trim() !== '',
    })
  }
  return out
}

export interface CatalogListing {
  slug: string
  title: string
  description: string
  allowed_tools: string[]
  tags: string[]
  installed: boolean
}

export async function catalogListing(ctx: ProjectContext): Promise<CatalogListing[]> {
  return SKILL_CATALOG.map((s) => ({
    slug: s.slug,
    title: s.title,
    description: s.description,
    allowed_tools: [...s.allowed_tools],
    tags: [...s.tags],
    installed: existsSync(path.join(skillDir(ctx, s.slug), SKILL_FILE)),
  }))
}

export interface SearchHit {
  slug: string
  title: string
  description: string
  score: number
}

/** Catalog skills matching `query`: each query word found in the slug, title or tags counts 3, in the description 1. */
export function searchCatalog(query: string): SearchHit[] {
  const words = query.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1)
  return SKILL_CATALOG.map((s) => {
    const head = `${s.slug} ${s.title} ${s.tags.join(' ')}`.toLowerCase()
    const desc = s.description.toLowerCase()
    const score = words.reduce((sum, w) => sum + (head.includes(w) ? 3 : 0) + (desc.includes(w) ? 1 : 0), 0)
    return {slug: s.slug, title: s.title, description: s.description, score}
  })
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.slug.localeCompare(b.slug))
}

export function catalogSkill(slug: string): CatalogSkill {
  validateSlug(slug)
  const skill = SKILL_CATALOG.find((s) => s.slug === slug)
  if (!skill) {
    throw new NotFoundError(`No skill "${slug}" in the catalog.`, {
      code: 'E_SKILL_NOT_IN_CATALOG',
      hint: `The catalog has: ${SKILL_CATALOG.map((s) => s.slug).join(', ')}. \`govtool skills build <description>\` creates a new one.`,
    })
  }
  return skill
}

export interface InstallResult {
  slug: string
  /** installed (new), replaced (--force over an existing SKILL.md), kept (existing SKILL.md left alone) */
  status: 'installed' | 'replaced' | 'kept'
  path: string
}

/**
 * Installs a catalog skill as `.agents/skills/<slug>/SKILL.md` (plus its skill.json). An existing SKILL.md is
 * kept unless `force`; other files in the directory are never touched, and a replaced skill keeps its
 * active flag.
 */
export async function installSkill(ctx: ProjectContext, slug: string, options: {force?: boolean} = {}): Promise<InstallResult> {
  const skill = catalogSkill(slug)
  const dir = skillDir(ctx, slug)
  const file = path.join(dir, SKILL_FILE)
  const exists = existsSync(file)
  if (exists && !options.force) return {slug, status: 'kept', path: ctx.relative(file)}
  await writeFileAtomic(file, renderSkillMd({name: skill.slug, description: skill.description, allowedTools: skill.allowed_tools}, skill.body))
  const now = new Date().toISOString()
  await updateManifest(dir, (current) => ({...current, id: slug, active: current?.active ?? true, source: 'catalog', created_at: current?.created_at ?? now, updated_at: now}))
  return {slug, status: exists ? 'replaced' : 'installed', path: ctx.relative(file)}
}

/** Resolves an installed skill's directory, or throws not-found (non-zero exit). */
export function installedDir(ctx: ProjectContext, id: string): string {
  const dir = skillDir(ctx, id)
  if (!existsSync(path.join(dir, SKILL_FILE)) || !statSync(dir).isDirectory()) throw notFound(id)
  return dir
}

export interface ActivationResult {
  id: string
  active: boolean
  /** false when it already was in that state */
  changed: boolean
}

/** Sets a skill's `active` flag in its skill.json (creating the manifest when the skill has none). */
export async function setSkillActive(ctx: ProjectContext, id: string, active: boolean): Promise<ActivationResult> {
  const dir = installedDir(ctx, id)
  let was = true
  const now = new Date().toISOString()
  await updateManifest(dir, (current) => {
    was = current?.active ?? true
    return {...current, id, active, source: current?.source ?? 'local', created_at: current?.created_at ?? now, updated_at: now}
  })
  return {id, active, changed: was !== active}
}

/** Removes a skill's directory (and only it). */
export async function deleteSkill(ctx: ProjectContext, id: string): Promise<{id: string; deleted: boolean; path: string}> {
  const dir = installedDir(ctx, id)
  await removePath(dir, {recursive: true})
  return {id, deleted: true, path: ctx.relative(dir)}
}
