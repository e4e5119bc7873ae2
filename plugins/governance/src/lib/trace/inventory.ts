/** The file inventory of a project: tracked files when it is a git repository, else a bounded walk. */
import {readdirSync, type Dirent} from 'node:fs'
import path from 'node:path'

import {compareText} from 'govtool/core'

import {trackedFiles} from './git.js'

const SKIP = new Set(['.git', 'node_modules', '.govtool', 'dist', 'build', 'target', '.venv', 'venv', '__pycache__', '.tox', '.mypy_cache', '.pytest_cache'])

export interface Inventory {
  source: 'git' | 'walk'
  total: number
  by_directory: {directory: string; files: number}[]
  by_extension: {extension: string; files: number}[]
  /** the walk stopped at its limit */
  truncated: boolean
}

export async function projectFiles(root: string, limit = 100_000): Promise<{files: string[]; source: 'git' | 'walk'; truncated: boolean}> {
  const tracked = await trackedFiles(root)
  if (tracked !== undefined && tracked.length > 0) return {files: tracked, source: 'git', truncated: false}
  const files: string[] = []
  const walk = async (dir: string, rel: string): Promise<void> => {
    if (files.length >= limit) return
    let entries: Dirent[]
    try {
      // synchronous (issue 14, start-up pass 9): a directory listing is one system call, and a fresh checkpoint
      // outside a repository started the thread pool for these alone; the walk is bounded (limit)
      entries = readdirSync(dir, {withFileTypes: true})
    } catch {
      return
    }
    entries.sort((a, b) => compareText(a.name, b.name))
    for (const e of entries) {
      if (files.length >= limit) return
      const childRel = rel ? `${rel}/${e.name}` : e.name
      if (e.isDirectory()) {
        if (!SKIP.has(e.name)) await walk(path.join(dir, e.name), childRel)
      } else if (e.isFile()) files.push(childRel)
    }
  }
  await walk(root, '')
  return {files, source: 'walk', truncated: files.length >= limit}
}

export async function projectInventory(root: string): Promise<Inventory> {
  const {files, source, truncated} = await projectFiles(root)
  const dirs = new Map<string, number>()
  const exts = new Map<string, number>()
  for (const f of files) {
    const slash = f.indexOf('/')
    const dir = slash === -1 ? '.' : f.slice(0, slash) + '/'
    dirs.set(dir, (dirs.get(dir) ?? 0) + 1)
    const base = f.slice(f.lastIndexOf('/') + 1)
    const dot = base.lastIndexOf('.')
    const ext = dot > 0 ? base.slice(dot).toLowerCase() : '(none)'
    exts.set(ext, (exts.get(ext) ?? 0) + 1)
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
  return {
    source,
    total: files.length,
    by_directory: sorted(dirs).map(([directory, n]) => ({directory, files: n})),
    by_extension: sorted(exts).map(([extension, n]) => ({extension, files: n})),
    truncated,
  }
}
