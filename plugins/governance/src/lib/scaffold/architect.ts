import {existsSync} from 'node:fs'
import {open} from 'node:fs/promises'
import path from 'node:path'

import {GovError, ProjectContext, writeFileAtomic} from 'govtool/core'

import {loadGovernanceModel, type Requirement} from '../trace/index.js'
import {detectProject, type ProjectDetection} from './detect.js'
import {isSourceFile, isTestFile} from './detect-layout.js'
import {listProjectFiles} from './walk.js'

export interface ArchitectureComponent {
  name: string
  /** project-relative directory */
  path: string
  purpose: string
  files: number
  interfaces: string[]
  /** other components it imports */
  depends_on: string[]
  /** requirement ids attributed to it */
  requirements: string[]
}

export interface ArchitectureModel {
  project: string
  language: string | null
  build_system: string | null
  source_files: number
  entry_points: string[]
  components: ArchitectureComponent[]
  data_flow: string[]
  deployment: string
  requirements: {id: string; title: string; component: string | null}[]
}

const INTERFACE_FILE = /(^|\/)(index\.[cm]?[jt]sx?|__init__\.py|__main__\.py|mod\.rs|lib\.rs|main\.[a-z]+|api\.[a-z]+|cli\.[a-z]+|[^/]+\.h)$/

async function head(file: string, bytes = 16_384): Promise<string> {
  const handle = await open(file, 'r').catch(() => undefined)
  if (!handle) return ''
  try {
    const buffer = Buffer.alloc(bytes)
    const {bytesRead} = await handle.read(buffer, 0, bytes, 0)
    return buffer.subarray(0, bytesRead).toString('utf8')
  } finally {
    await handle.close()
  }
}

/** The import targets of a source file, as project-relative path prefixes or dotted module names. */
function importsOf(file: string, text: string): string[] {
  const out: string[] = []
  const dir = path.posix.dirname(file)
  for (const m of text.matchAll(/(?:from|import|require\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) out.push(path.posix.normalize(path.posix.join(dir, m[1])))
  for (const m of text.matchAll(/^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))/gm)) out.push(`py:${m[1] ?? m[2]}`)
  for (const m of text.matchAll(/\buse\s+crate::(\w+)/g)) out.push(`rs:${m[1]}`)
  for (const m of text.matchAll(/#include\s+"([^"]+)"/g)) out.push(`h:${m[1]}`)
  return out
}

function componentName(dir: string): string {
  return path.posix.basename(dir)
}

/** Scans the project: components (detected modules), their interfaces, imports between them, requirements. */
export async function scanArchitecture(ctx: ProjectContext, detected?: ProjectDetection): Promise<ArchitectureModel> {
  const [detection, {files}, model] = await Promise.all([
    detected ? Promise.resolve(detected) : detectProject(ctx.root),
    listProjectFiles(ctx.root),
    loadGovernanceModel(ctx).catch(() => ({requirements: [] as Requirement[], tests: [], problems: []})),
  ])
  const dirs = detection.modules.length > 0 ? detection.modules : []
  const sources = files.filter((f) => isSourceFile(f) && !isTestFile(f))
  const owner = (file: string) => dirs.filter((d) => d === '.' || file.startsWith(`${d}/`) || (d === 'src' && file.startsWith('src/'))).sort((a, b) => b.length - a.length)[0]
  const components = new Map<string, ArchitectureComponent>()
  for (const dir of dirs) {
    components.set(dir, {name: componentName(dir), path: dir, purpose: '', files: 0, interfaces: [], depends_on: [], requirements: []})
  }
  const dotted = new Map(dirs.map((d) => [d.replace(/^src\//, '').split('/').join('.'), d]))
  const perComponent = new Map<string, string[]>()
  for (const file of sources) {
    const dir = owner(file)
    if (!dir) continue
    const c = components.get(dir)!
    c.files++
    if (INTERFACE_FILE.test(file) && c.interfaces.length < 8) c.interfaces.push(file)
    const list = perComponent.get(dir) ?? []
    if (list.length < 200) list.push(file)
    perComponent.set(dir, list)
  }
  await Promise.all(
    [...perComponent.entries()].map(async ([dir, list]) => {
      const deps = new Set<string>()
      for (const file of list) {
        for (const target of importsOf(file, await head(ctx.path(file)))) {
          let other: string | undefined
          if (target.startsWith('py:')) {
            const name = target.slice(3)
            other = [...dotted.entries()].find(([d]) => name === d || name.startsWith(`${d}.`))?.[1]
          } else if (target.startsWith('rs:')) other = dirs.find((d) => d === `src/${target.slice(3)}`)
          else if (target.startsWith('h:')) other = dirs.find((d) => target.slice(2).startsWith(`${componentName(d)}/`))
          else other = owner(target) ?? dirs.find((d) => target === d)
          if (other && other !== dir) deps.add(other)
        }
      }
      components.get(dir)!.depends_on = [...deps].map((d) => components.get(d)!.name).sort()
    }),
  )
  for (const req of model.requirements) {
    const key = (req.component ?? '').toLowerCase()
    const match = [...components.values()].find((c) => key !== '' && c.name.toLowerCase() === key)
    if (match) match.requirements.push(req.id)
  }
  const data_flow: string[] = []
  for (const entry of detection.entry_points) {
    const file = entry.includes(': ') ? entry.split(': ')[1] : entry
    const dir = owner(file.replace(/^\.\//, ''))
    if (dir) data_flow.push(`${entry} -> ${components.get(dir)!.name}`)
  }
  for (const c of components.values()) for (const d of c.depends_on) data_flow.push(`${c.name} -> ${d} (imports)`)
  return {
    project: path.basename(ctx.root),
    language: detection.language,
    build_system: detection.build_system,
    source_files: detection.source_files,
    entry_points: detection.entry_points,
    components: [...components.values()],
    data_flow,
    deployment: `Built with ${detection.build_system ?? 'no detected build system'}; CI: ${detection.ci_files.length > 0 ? detection.ci_files.join(', ') : 'none found'}.`,
    requirements: model.requirements.map((r) => ({id: r.id, title: r.title, component: r.component ?? null})),
  }
}

/** docs/ARCHITECTURE.md from a model (scanned, or edited through the interactive prompts). */
export function renderArchitecture(model: ArchitectureModel): string {
  const lines = [`# Architecture: ${model.project}`, '', `Written by \`govtool architect\` from a scan of the repository; edit it freely.`, '', '## Overview', '']
  lines.push(`- Language: ${model.language ?? 'not detected'}; build: ${model.build_system ?? 'not detected'}; ${model.source_files} source files.`)
  lines.push(`- Entry points: ${model.entry_points.length > 0 ? model.entry_points.map((e) => `\`${e}\``).join(', ') : 'none detected'}.`)
  lines.push('', '## Components', '')
  if (model.components.length === 0) lines.push('No components were detected; describe them here.', '')
  for (const c of model.components) {
    lines.push(`### ${c.name} (\`${c.path}\`)`, '')
    if (c.purpose) lines.push(c.purpose, '')
    lines.push(`- Files: ${c.files}`)
    lines.push(`- Interfaces: ${c.interfaces.length > 0 ? c.interfaces.map((i) => `\`${i}\``).join(', ') : 'none detected'}`)
    lines.push(`- Depends on: ${c.depends_on.length > 0 ? c.depends_on.join(', ') : 'nothing inside the project'}`)
    lines.push(`- Requirements: ${c.requirements.length > 0 ? c.requirements.join(', ') : 'none attributed yet'}`, '')
  }
  lines.push('## Data flow', '')
  lines.push(...(model.data_flow.length > 0 ? model.data_flow.map((f) => `- ${f}`) : ['- No flows between components were detected.']), '')
  lines.push('## Deployment', '', model.deployment, '')
  lines.push('## Requirement references', '')
  if (model.requirements.length === 0) lines.push('No requirements yet: add them to docs/REQUIREMENTS.md and name the component each belongs to.')
  for (const r of model.requirements) lines.push(`- ${r.id}${r.component ? ` (${r.component})` : ''}: ${r.title}`)
  return lines.join('\n').replace(/\n+$/, '\n')
}

/** Where architect writes: the existing architecture document, else docs/ARCHITECTURE.md. */
export function architectureTarget(ctx: ProjectContext): string {
  for (const rel of ['docs/architecture.md', 'docs/ARCHITECTURE.md']) if (existsSync(ctx.path(rel))) return rel
  return 'docs/ARCHITECTURE.md'
}

/** Writes the architecture document; refuses to replace an existing one unless `force`. */
export async function writeArchitecture(ctx: ProjectContext, content: string, options: {force?: boolean} = {}): Promise<string> {
  const target = architectureTarget(ctx)
  if (existsSync(ctx.path(target)) && !options.force) {
    throw new GovError(`${target} already exists; nothing was written.`, {code: 'E_EXISTS', file: ctx.path(target), hint: 'Pass --force to replace it with the scanned architecture.'})
  }
  await writeFileAtomic(ctx.path(target), content)
  return target
}

export interface ArchitectResult extends ArchitectureModel {
  /** project-relative path written */
  file: string
}

/**
 * `architect`: scans the project, lets `ask` edit the model (the interactive prompts; absent when there is
 * nobody to ask), and writes the document (an existing one only with `force`).
 */
export async function architectProject(ctx: ProjectContext, options: {force?: boolean; ask?: (model: ArchitectureModel) => Promise<ArchitectureModel>} = {}): Promise<ArchitectResult> {
  let model = await scanArchitecture(ctx)
  if (options.ask) model = await options.ask(model)
  const file = await writeArchitecture(ctx, renderArchitecture(model), {force: options.force})
  return {...model, file}
}
