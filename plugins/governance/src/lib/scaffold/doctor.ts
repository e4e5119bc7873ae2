import {execFile} from 'node:child_process'

import {TOOL_CATEGORIES, requireProjectType, type ProjectContext, type ProjectType, type ProjectTypeRegistry, type ToolCategory} from 'govtool/core'

import {guessTypeFromManifests} from './detect-manifests.js'
import {readProjectScaffold} from './scaffold-file.js'
import {probeCommand, toolsetEntries} from './toolset.js'

export interface DoctorTool {
  category: ToolCategory
  name: string
  /** the probe that was run, e.g. `ruff --version` */
  command: string
  status: 'installed' | 'missing'
  version: string | null
  install_hint: string | null
  /** why a found tool counts as missing (non-zero exit, timeout) */
  note?: string
}

export interface DoctorResult {
  type: string
  tools: DoctorTool[]
  categories: Record<ToolCategory, {installed: number; missing: number}>
  installed: number
  missing: number
  /** every tool is installed */
  healthy: boolean
}

interface Probe {
  found: boolean
  ok: boolean
  output: string
  timedOut: boolean
}

function probe(command: string, args: readonly string[], options: {cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number}): Promise<Probe> {
  return new Promise((resolve) => {
    execFile(command, args, {cwd: options.cwd, env: {...options.env, npm_config_yes: 'false'}, timeout: options.timeoutMs, maxBuffer: 1024 * 1024}, (error, stdout, stderr) => {
      const output = `${String(stdout)}\n${String(stderr)}`.trim()
      if (!error) return resolve({found: true, ok: true, output, timedOut: false})
      const err = error as NodeJS.ErrnoException & {killed?: boolean; signal?: string}
      if (err.code === 'ENOENT' || err.code === 'EACCES') return resolve({found: false, ok: false, output, timedOut: false})
      resolve({found: true, ok: false, output, timedOut: Boolean(err.killed && err.signal)})
    })
  })
}

/** The version in a tool's `--version` output: the first dotted number, else its first line. */
export function versionFromOutput(output: string): string | null {
  const match = /\d+\.\d+(?:\.\d+)?(?:[-+][0-9A-Za-z.-]+)?/.exec(output)
  if (match) return match[0]
  const line = output.split('\n').find((l) => l.trim() !== '')
  return line ? line.trim().slice(0, 80) : null
}

/**
 * Checks each tool of the type's toolset (7 categories): runs its version probe (never through a shell,
 * never letting npx download), reports it installed with its version, or missing with its install hint.
 * A tool listed in several categories is probed once.
 */
export async function runDoctor(type: ProjectType, options: {cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number}): Promise<DoctorResult> {
  const env = options.env ?? process.env
  const timeoutMs = options.timeoutMs ?? 15_000
  const entries = toolsetEntries(type)
  const results = await Promise.all(
    entries.map(async ({tool, categories}) => {
      const [command, ...args] = probeCommand(tool)
      const p = await probe(command, args, {cwd: options.cwd, env, timeoutMs})
      const installed = p.ok
      const note = p.timedOut ? `no answer within ${timeoutMs / 1000}s` : p.found && !p.ok ? `\`${[command, ...args].join(' ')}\` failed` : undefined
      return categories.map(
        (category): DoctorTool => ({
          category,
          name: tool.name,
          command: [command, ...args].join(' '),
          status: installed ? 'installed' : 'missing',
          version: installed ? versionFromOutput(p.output) : null,
          install_hint: tool.install_hint ?? null,
          ...(installed || !note ? {} : {note}),
        }),
      )
    }),
  )
  const tools = results.flat().sort((a, b) => TOOL_CATEGORIES.indexOf(a.category) - TOOL_CATEGORIES.indexOf(b.category))
  const categories = Object.fromEntries(TOOL_CATEGORIES.map((c) => [c, {installed: 0, missing: 0}])) as DoctorResult['categories']
  for (const t of tools) categories[t.category][t.status]++
  const unique = new Map(tools.map((t) => [`${t.name}\u0000${t.command}`, t.status]))
  const installed = [...unique.values()].filter((s) => s === 'installed').length
  const missing = unique.size - installed
  return {type: type.name, tools, categories, installed, missing, healthy: missing === 0}
}

/**
 * `doctor` on a project: the type is `typeName`, else scaffold.yml's, else the one the manifests at the root
 * suggest; an unknown type is an error listing the known ones.
 */
export async function doctorProject(ctx: ProjectContext, registry: ProjectTypeRegistry, options: {typeName?: string; timeoutMs?: number} = {}): Promise<DoctorResult> {
  const name = options.typeName ?? (await readProjectScaffold(ctx))?.scaffold.type ?? guessTypeFromManifests(ctx.root)
  return runDoctor(requireProjectType(registry, name), {cwd: ctx.root, timeoutMs: options.timeoutMs})
}
