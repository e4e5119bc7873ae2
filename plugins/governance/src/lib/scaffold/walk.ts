import {readdir} from 'node:fs/promises'
import path from 'node:path'

/** Directories a project scan never enters: VCS data, dependencies, build output, caches, machine state. */
export const SKIPPED_DIRS = new Set([
  '.git', '.hg', '.svn', 'node_modules', '.venv', 'venv', 'env', '.env', '__pycache__', '.tox', '.nox', '.mypy_cache',
  '.pytest_cache', '.ruff_cache', 'dist', 'build', 'target', 'out', 'coverage', '.next', '.nuxt', '.cache', '.govtool',
  '.specsmith', '.idea', '.vscode', '.gradle', 'vunit_out', '.eggs', 'site-packages', 'bower_components',
])

export interface ProjectFiles {
  /** every file, project-relative with `/` separators, sorted */
  files: string[]
  /** every directory visited (not the skipped ones), project-relative */
  dirs: string[]
}

/**
 * Lists the files of a project (breadth first, skipping SKIPPED_DIRS and `*.egg-info`), reading each
 * directory level in parallel. `limit` stops the scan after that many files.
 */
export async function listProjectFiles(root: string, options: {limit?: number} = {}): Promise<ProjectFiles> {
  const limit = options.limit ?? 200_000
  const files: string[] = []
  const dirs: string[] = []
  let level = ['']
  while (level.length > 0 && files.length < limit) {
    const next: string[] = []
    const listings = await Promise.all(
      level.map(async (rel) => {
        try {
          return {rel, entries: await readdir(rel ? path.join(root, rel) : root, {withFileTypes: true})}
        } catch {
          return {rel, entries: []}
        }
      }),
    )
    for (const {rel, entries} of listings) {
      for (const entry of entries) {
        const child = rel ? `${rel}/${entry.name}` : entry.name
        if (entry.isDirectory()) {
          if (SKIPPED_DIRS.has(entry.name) || entry.name.endsWith('.egg-info')) continue
          next.push(child)
          dirs.push(child)
        } else if (entry.isFile()) {
          files.push(child)
        }
      }
    }
    level = next
  }
  files.sort()
  dirs.sort()
  return {files: files.slice(0, limit), dirs}
}
