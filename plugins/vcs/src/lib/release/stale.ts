import {readdir, readFile, stat} from 'node:fs/promises'
import path from 'node:path'

import type {ProjectContext} from 'govtool/core'

import {git} from '../git.js'
import {SKIP_DIRS, versionPattern} from './manifests.js'

export interface StaleReference {
  file: string
  line: number
  text: string
}

/** Files whose mentions of old versions are history or pins, not stale references. */
const HISTORY_FILES = /(^|\/)(CHANGELOG|CHANGES|HISTORY|NEWS|RELEASES?)(\.[a-z]+)?$|(^|\/)LEDGER\.md$|(^|\/)docs\/ledger-archive\.md$/i
const LOCK_FILES = /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|poetry\.lock|uv\.lock|Pipfile\.lock|Gemfile\.lock|go\.sum|composer\.lock)$/
const MAX_FILE_BYTES = 1_000_000
export const MAX_STALE = 200

/** Project files to scan: git's tracked and untracked-but-not-ignored files, else a directory walk. */
async function projectFiles(ctx: ProjectContext): Promise<string[]> {
  const r = await git(ctx, ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {allowFailure: true})
  if (r.code === 0) return [...new Set(r.stdout.split('\0').filter(Boolean))]
  const files: string[] = []
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, {withFileTypes: true}).catch(() => [])) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) await walk(full)
      } else if (entry.isFile()) files.push(ctx.relative(full))
    }
  }
  await walk(ctx.root)
  return files
}

/**
 * Lines that still mention `previous` once the release's edits are applied (`planned` maps a file to its new
 * text). Changelogs, the ledger and lock files are history or pins, so they are skipped, and so are the lines `ignore` names.
 */
export async function findStaleReferences(
  ctx: ProjectContext,
  previous: string,
  planned: ReadonlyMap<string, string>,
  /** lines that mention the version but are not references to the project's version */
  ignore?: (file: string, line: string) => boolean,
): Promise<{references: StaleReference[]; truncated: boolean}> {
  const pattern = versionPattern(previous, '')
  const references: StaleReference[] = []
  for (const file of (await projectFiles(ctx)).sort()) {
    if (HISTORY_FILES.test(file) || LOCK_FILES.test(file) || file.split('/').some((p) => SKIP_DIRS.has(p))) continue
    let text = planned.get(file)
    if (text === undefined) {
      const full = ctx.path(file)
      const info = await stat(full).catch(() => undefined)
      if (!info?.isFile() || info.size > MAX_FILE_BYTES) continue
      const buffer = await readFile(full)
      if (buffer.subarray(0, 8000).includes(0)) continue // binary
      text = buffer.toString('utf8')
    }
    if (!text.includes(previous)) continue
    const lines = text.split('\n')
    for (let i = 0; i < lines.length; i++) {
      if (!pattern.test(lines[i]) || ignore?.(file, lines[i])) continue
      if (references.length >= MAX_STALE) return {references, truncated: true}
      references.push({file, line: i + 1, text: lines[i].trim().slice(0, 200)})
    }
  }
  return {references, truncated: false}
}
