import {readdir} from 'node:fs/promises'
import path from 'node:path'

/**
 * Version bumps of the files a project keeps its version in. Every bump edits the text in place (only the
 * version changes; formatting, comments and key order stay) and says which line it changed.
 */

export type EditKind = 'package.json' | 'package-lock.json' | 'pyproject.toml' | 'Cargo.toml' | '__version__' | 'badge' | 'changelog'

export interface FileEdit {
  /** project-relative path */
  file: string
  kind: EditKind
  /** 1-based line of the (first) change */
  line: number
  /** the changed line before and after (first change) */
  before: string
  after: string
  /** the version found in the file before the edit, when it holds one */
  found?: string
  /** true when the file is created */
  created?: boolean
  /** new full text (not part of JSON output) */
  content: string
}

/** Directories never searched for version files or stale references. */
export const SKIP_DIRS = new Set(['.git', 'node_modules', '.govtool', 'dist', 'build', 'target', '.venv', 'venv', 'env', '__pycache__', '.tox', '.mypy_cache', '.pytest_cache', 'vendor', 'site-packages', '.next', 'coverage'])

/** A regex for `version` as a whole version (v1.2.3 and version-1.2.3-blue match; 11.2.3, 1.2.30, 1.2.3.4 do not). */
export function versionPattern(version: string, flags = 'g'): RegExp {
  const escaped = version.replaceAll(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`)
  return new RegExp(String.raw`(?<![\d.])${escaped}(?!\d|\.\d)`, flags)
}

function lineAt(text: string, index: number): {line: number; text: string} {
  const start = text.lastIndexOf('\n', index - 1) + 1
  const end = text.indexOf('\n', index)
  return {line: text.slice(0, index).split('\n').length, text: text.slice(start, end === -1 ? undefined : end)}
}

function replaceAt(file: string, kind: EditKind, text: string, index: number, oldValue: string, newValue: string, found?: string): FileEdit {
  const content = text.slice(0, index) + newValue + text.slice(index + oldValue.length)
  const before = lineAt(text, index)
  const after = lineAt(content, index)
  return {file, kind, line: before.line, before: before.text.trim(), after: after.text.trim(), found, content}
}

/** package.json: the top-level "version" (the least indented one). */
export function bumpPackageJson(file: string, text: string, next: string): FileEdit | undefined {
  let best: RegExpExecArray | undefined
  for (const m of text.matchAll(/^([ \t]*)"version"\s*:\s*"([^"]*)"/gm)) {
    if (!best || m[1].length < best[1].length) best = m as RegExpExecArray
  }
  if (!best) return undefined
  const valueIndex = best.index + best[0].lastIndexOf(`"${best[2]}"`) + 1
  return replaceAt(file, 'package.json', text, valueIndex, best[2], next, best[2])
}

/** package-lock.json: the root package's version (top level and `packages[""]`). */
export function bumpPackageLock(file: string, text: string, next: string): FileEdit | undefined {
  let json: {version?: string; packages?: Record<string, {version?: string}>}
  try {
    json = JSON.parse(text) as typeof json
  } catch {
    return undefined
  }
  if (typeof json.version !== 'string') return undefined
  const found = json.version
  json.version = next
  if (json.packages?.['']?.version !== undefined) json.packages[''].version = next
  const indent = /^\{\n([ \t]+)"/.exec(text)?.[1] ?? '  '
  const content = JSON.stringify(json, null, indent) + (text.endsWith('\n') ? '\n' : '')
  const at = lineAt(text, text.indexOf('"version"'))
  return {file, kind: 'package-lock.json', line: at.line, before: at.text.trim(), after: at.text.trim().replace(found, next), found, content}
}

/** A `version = "x"` key in one of `sections` of a TOML file (pyproject.toml, Cargo.toml). */
function bumpTomlVersion(file: string, kind: EditKind, text: string, next: string, sections: readonly string[]): FileEdit | undefined {
  let section = ''
  let offset = 0
  for (const line of text.split('\n')) {
    const header = /^\s*\[([^\]]+)\]\s*(?:#.*)?$/.exec(line)
    if (header) section = header[1].trim()
    else if (sections.includes(section)) {
      const m = /^(\s*version\s*=\s*)(["'])([^"']*)\2/.exec(line)
      if (m) return replaceAt(file, kind, text, offset + m[1].length + 1, m[3], next, m[3])
    }
    offset += line.length + 1
  }
  return undefined
}

export function bumpPyproject(file: string, text: string, next: string): FileEdit | undefined {
  return bumpTomlVersion(file, 'pyproject.toml', text, next, ['project', 'tool.poetry'])
}

export function bumpCargoToml(file: string, text: string, next: string): FileEdit | undefined {
  return bumpTomlVersion(file, 'Cargo.toml', text, next, ['package', 'workspace.package'])
}

/** `__version__ = "x"` (also `__version__: str = "x"`) in a Python module. */
export function bumpDunderVersion(file: string, text: string, next: string): FileEdit | undefined {
  const m = /^(__version__\s*(?::\s*str\s*)?=\s*)(["'])([^"']*)\2/m.exec(text)
  if (!m) return undefined
  return replaceAt(file, '__version__', text, m.index + m[1].length + 1, m[3], next, m[3])
}

/** Badge lines of a README that mention the old version (shields.io and friends). */
export function bumpBadges(file: string, text: string, previous: string, next: string): FileEdit | undefined {
  const pattern = versionPattern(previous)
  let first: {index: number} | undefined
  const lines = text.split('\n')
  let offset = 0
  const out: string[] = []
  for (const line of lines) {
    const isBadge = /!\[|shields\.io|badge|\.\. image::|\.\. \|/i.test(line)
    if (isBadge && pattern.test(line)) {
      pattern.lastIndex = 0
      first ??= {index: offset + line.search(pattern)}
      out.push(line.replace(pattern, next))
    } else out.push(line)
    pattern.lastIndex = 0
    offset += line.length + 1
  }
  if (!first) return undefined
  const content = out.join('\n')
  const before = lineAt(text, first.index)
  const after = lineAt(content, first.index)
  return {file, kind: 'badge', line: before.line, before: before.text.trim(), after: after.text.trim(), found: previous, content}
}

/** Python modules that usually hold `__version__`, in the project's top-level and src/ packages. */
export async function findVersionModules(root: string): Promise<string[]> {
  const names = new Set(['__init__.py', '_version.py', 'version.py', '__about__.py'])
  const found: string[] = []
  const walk = async (dir: string, depth: number): Promise<void> => {
    let entries
    try {
      entries = await readdir(dir, {withFileTypes: true})
    } catch {
      return
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (depth < 3 && !SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.') && entry.name !== 'tests' && entry.name !== 'test') {
          await walk(path.join(dir, entry.name), depth + 1)
        }
      } else if (depth > 0 && names.has(entry.name)) found.push(path.join(dir, entry.name))
    }
  }
  await walk(root, 0)
  return found.sort()
}
