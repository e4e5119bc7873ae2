import {TOOL_CATEGORIES, type ProjectType, type Tool, type ToolCategory} from 'govtool/core'

/** One tool of a type's toolset with the categories it serves (a tool listed twice is checked once). */
export interface ToolsetEntry {
  tool: Tool
  categories: ToolCategory[]
}

/** The order CI and scripts/check.sh run the categories in (cheap checks first, compliance last). */
export const CHECK_ORDER: readonly ToolCategory[] = ['format', 'lint', 'typecheck', 'build', 'test', 'security']

/** Every tool of the type, deduplicated by executable + version arguments, in category order. */
export function toolsetEntries(type: Pick<ProjectType, 'toolset'>): ToolsetEntry[] {
  const byKey = new Map<string, ToolsetEntry>()
  for (const category of TOOL_CATEGORIES) {
    for (const tool of type.toolset?.[category] ?? []) {
      const key = `${tool.name}\u0000${probeCommand(tool).join('\u0000')}`
      const existing = byKey.get(key)
      if (existing) existing.categories.push(category)
      else byKey.set(key, {tool, categories: [category]})
    }
  }
  return [...byKey.values()]
}

/**
 * The command that proves a tool is installed and prints its version: `command` (default the tool name)
 * with `version_args` (default `--version`). `npx` never downloads: `--no` makes it use local packages only.
 */
export function probeCommand(tool: Tool): string[] {
  const command = tool.command ?? tool.name
  const args = tool.version_args ?? ['--version']
  return command === 'npx' ? [command, '--no', ...args] : [command, ...args]
}

/** A check step: a name for CI and the command it runs. */
export interface CheckStep {
  name: string
  run: string
  category: ToolCategory
}

/** The check steps of a type: its `ci_steps` when it declares them, else every tool's `run` in CHECK_ORDER. */
export function checkSteps(type: Pick<ProjectType, 'toolset' | 'ci_steps'>): CheckStep[] {
  if (type.ci_steps && type.ci_steps.length > 0) return type.ci_steps.map((s) => ({name: s.name, run: s.run, category: 'build' as const}))
  const seen = new Set<string>()
  const steps: CheckStep[] = []
  for (const category of CHECK_ORDER) {
    for (const tool of type.toolset?.[category] ?? []) {
      if (!tool.run || seen.has(tool.run)) continue
      seen.add(tool.run)
      steps.push({name: `${capitalise(category)} (${tool.name})`, run: tool.run, category})
    }
  }
  return steps
}

/** The compliance steps (run in the governance job); `govtool audit` is always one of them. */
export function complianceSteps(type: Pick<ProjectType, 'toolset'>): CheckStep[] {
  const steps: CheckStep[] = []
  const seen = new Set<string>()
  for (const tool of type.toolset?.compliance ?? []) {
    if (!tool.run || seen.has(tool.run)) continue
    seen.add(tool.run)
    steps.push({name: `Compliance (${tool.name})`, run: tool.run, category: 'compliance'})
  }
  if (!seen.has('govtool audit')) steps.push({name: 'Compliance (govtool)', run: 'govtool audit', category: 'compliance'})
  return steps
}

/** Install commands understood from install hints, grouped by installer, for CI and scripts. */
export interface InstallPlan {
  pip: string[]
  apt: string[]
  cargo: string[]
  rustup: string[]
  npmGlobal: string[]
}

/** Reads the install hints of the given categories and collects the packages each installer needs. */
export function installPlan(type: Pick<ProjectType, 'toolset'>, categories: readonly ToolCategory[]): InstallPlan {
  const plan: InstallPlan = {pip: [], apt: [], cargo: [], rustup: [], npmGlobal: []}
  const add = (list: string[], items: string[]) => {
    for (const item of items) if (item && !list.includes(item)) list.push(item)
  }
  for (const category of categories) {
    for (const tool of type.toolset?.[category] ?? []) {
      const hint = tool.install_hint?.trim() ?? ''
      let m: RegExpExecArray | null
      if ((m = /^(?:python3? -m )?pip3? install ([\w.[\]=<>~-]+(?: [\w.[\]=<>~-]+)*)$/.exec(hint))) add(plan.pip, m[1].split(' '))
      else if ((m = /^(?:sudo )?apt(?:-get)? install (?:-y )?([\w.+-]+(?: [\w.+-]+)*)$/.exec(hint))) add(plan.apt, m[1].split(' '))
      else if ((m = /^cargo install ([\w-]+(?: [\w-]+)*)$/.exec(hint))) add(plan.cargo, m[1].split(' '))
      else if ((m = /^rustup component add ([\w-]+(?: [\w-]+)*)$/.exec(hint))) add(plan.rustup, m[1].split(' '))
      else if ((m = /^npm install -g ([\w@/.-]+(?: [\w@/.-]+)*)$/.exec(hint))) add(plan.npmGlobal, m[1].split(' '))
    }
  }
  return plan
}

/** Shell commands that carry out an install plan (`sudo` for apt on hosted runners when asked). */
export function installCommands(plan: InstallPlan, options: {sudo?: boolean} = {}): string[] {
  const sudo = options.sudo ? 'sudo ' : ''
  const out: string[] = []
  if (plan.apt.length > 0) out.push(`${sudo}apt-get update`, `${sudo}apt-get install -y ${plan.apt.join(' ')}`)
  if (plan.pip.length > 0) out.push(`python3 -m pip install ${plan.pip.join(' ')}`)
  if (plan.rustup.length > 0) out.push(`rustup component add ${plan.rustup.join(' ')}`)
  for (const crate of plan.cargo) out.push(`cargo install ${crate}`)
  if (plan.npmGlobal.length > 0) out.push(`npm install -g ${plan.npmGlobal.join(' ')}`)
  return out
}

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}
