import {readFile} from 'node:fs/promises'
import path from 'node:path'

import {withLock, writeJsonAtomic} from 'govtool/core'
import {z} from 'zod/v3'

import {MANIFEST_FILE} from './paths.js'

/** `skill.json` beside a SKILL.md: the lifecycle state govtool keeps for the skill. Unknown keys are kept. */
export const ManifestSchema = z
  .object({
    id: z.string(),
    active: z.boolean(),
    /** catalog (installed from the built-in catalog), built (`skills build`), local (found on disk) */
    source: z.enum(['catalog', 'built', 'local']).default('local'),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
    /** the description a built skill was generated from */
    generated_from: z.string().optional(),
  })
  .passthrough()

export type SkillManifest = z.infer<typeof ManifestSchema>

export type ManifestRead = {manifest: SkillManifest; error?: undefined} | {manifest?: undefined; error?: string}

/** Reads a skill's manifest: absent gives `{}`, invalid gives an `error`. */
export async function readManifest(dir: string): Promise<ManifestRead> {
  let text: string
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw error
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return {error: `${MANIFEST_FILE} is not valid JSON (${(error as Error).message})`}
  }
  const parsed = ManifestSchema.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {error: `${MANIFEST_FILE} field '${issue?.path.join('.') || '(top level)'}': ${issue?.message}`}
  }
  return {manifest: parsed.data}
}

/** Read-modify-write of a skill's manifest under a lock; `update` gets the current one (or undefined). */
export async function updateManifest(dir: string, update: (current: SkillManifest | undefined) => SkillManifest): Promise<SkillManifest> {
  const file = path.join(dir, MANIFEST_FILE)
  return withLock(file, async () => {
    const current = await readManifest(dir)
    const next = update(current.manifest)
    await writeJsonAtomic(file, next)
    return next
  })
}
