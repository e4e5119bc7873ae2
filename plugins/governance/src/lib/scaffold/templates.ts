import {existsSync} from 'node:fs'
import {readdir, readFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {GovError} from 'govtool/core'

/**
 * Templates are plain files whose text may contain `{{variable}}` placeholders (lower-case names). Rendering
 * is a substitution and nothing else: no expressions, no code, no includes. `${{ ... }}` (GitHub Actions
 * expressions) is left alone. A placeholder that stands alone on its line takes a multi-line value indented
 * like the placeholder, and an empty value removes the line. Path segments may use placeholders too
 * (`src/{{package}}/__init__.py`), and a segment `dot-x` becomes `.x` so that dot files survive packaging.
 */
const PLACEHOLDER = /(?<!\$)\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/g
const LONE_PLACEHOLDER = /^([ \t]*)(?<!\$)\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}[ \t]*$/

export type TemplateVariables = Readonly<Record<string, string>>

/** One template file: its output path (still with placeholders), its text and where it came from. */
export interface TemplateFile {
  /** output path relative to the project, `/`-separated, `dot-` segments already mapped */
  target: string
  text: string
  /** absolute path of the template, for error messages */
  source: string
}

function unknownVariable(name: string, source: string, line: number): GovError {
  return new GovError(`${source}:${line}: unknown template variable '{{${name}}}'.`, {
    code: 'E_TEMPLATE',
    file: source,
    line,
    hint: 'Use one of the variables listed in templates/README.md, or fix the spelling.',
  })
}

/** Renders template text with `vars`; an unknown variable is an error naming the template and line. */
export function renderTemplateText(text: string, vars: TemplateVariables, source = '(template)'): string {
  if (!text.includes('{{')) return text
  const lines = text.split('\n')
  const out: string[] = []
  for (const [index, line] of lines.entries()) {
    const lone = LONE_PLACEHOLDER.exec(line)
    if (lone) {
      const [, indent, name] = lone
      const value = vars[name]
      if (value === undefined) throw unknownVariable(name, source, index + 1)
      if (value === '') continue
      for (const part of value.replace(/\n$/, '').split('\n')) out.push(part === '' ? '' : indent + part)
      continue
    }
    out.push(
      line.replaceAll(PLACEHOLDER, (_match, name: string) => {
        const value = vars[name]
        if (value === undefined) throw unknownVariable(name, source, index + 1)
        return value
      }),
    )
  }
  return out.join('\n')
}

/** Maps a template-relative path to its output form: `dot-github/x` -> `.github/x`. */
export function templateTargetPath(relative: string): string {
  return relative
    .split(/[\\/]/)
    .map((segment) => (segment.startsWith('dot-') ? `.${segment.slice(4)}` : segment))
    .join('/')
}

/** Renders the placeholders of an output path and refuses one that would leave the project. */
export function renderTargetPath(target: string, vars: TemplateVariables, source: string): string {
  const rendered = renderTemplateText(target, vars, source)
  const normal = path.posix.normalize(rendered)
  if (normal.startsWith('../') || normal === '..' || path.posix.isAbsolute(normal) || normal.includes('\0')) {
    throw new GovError(`Template ${source} renders to ${JSON.stringify(rendered)}, which is outside the project.`, {
      code: 'E_TEMPLATE',
      file: source,
      hint: 'Template paths must stay inside the project directory.',
    })
  }
  return normal
}

let cachedRoot: string | undefined

/**
 * The built-in templates directory: `templates/` of the govtool package (shipped in its `files`). Found
 * through the package itself, so it works in the workspace and when installed from npm.
 */
export function builtinTemplatesDir(): string {
  if (cachedRoot) return cachedRoot
  const candidates: string[] = []
  try {
    const require = createRequire(import.meta.url)
    candidates.push(path.join(path.dirname(require.resolve('govtool/package.json')), 'templates'))
  } catch {
    // not resolvable: fall back to walking up from this file
  }
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 8; i++) {
    candidates.push(path.join(dir, 'templates'))
    dir = path.dirname(dir)
  }
  const found = candidates.find((c) => existsSync(path.join(c, 'base', 'AGENTS.md')))
  if (!found) {
    throw new GovError('The govtool templates directory was not found.', {
      code: 'E_NO_TEMPLATES',
      hint: 'Reinstall govtool; its package ships a templates/ directory.',
    })
  }
  cachedRoot = found
  return found
}

const treeCache = new Map<string, Promise<TemplateFile[]>>()

async function walk(root: string, dir: string, out: TemplateFile[]): Promise<void> {
  const entries = await readdir(dir, {withFileTypes: true})
  await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return walk(root, full, out)
      if (!entry.isFile()) return
      const relative = path.relative(root, full).split(path.sep).join('/')
      out.push({target: templateTargetPath(relative), text: await readFile(full, 'utf8'), source: full})
    }),
  )
}

/**
 * Every file under `dir` as a template (empty when the directory does not exist). Built-in trees are read
 * once per process; `fresh` re-reads (third-party directories may change between calls in one process).
 */
export async function readTemplateTree(dir: string, options: {fresh?: boolean} = {}): Promise<TemplateFile[]> {
  const key = path.resolve(dir)
  if (!options.fresh) {
    const cached = treeCache.get(key)
    if (cached) return cached
  }
  const load = (async () => {
    if (!existsSync(key)) return []
    const out: TemplateFile[] = []
    await walk(key, key, out)
    return out.sort((a, b) => a.target.localeCompare(b.target))
  })()
  if (!options.fresh) treeCache.set(key, load)
  return load
}
