import {GovError, SAFE_ID, ScaffoldSchema, isInteractive, type ProjectTypeRegistry, type Scaffold} from 'govtool/core'

import type {ArchitectureModel} from './architect.js'

/** Refuses to prompt without a terminal, naming the flag that replaces the prompts. */
export function requireTerminal(what: string, flag: string): void {
  if (isInteractive()) return
  throw new GovError(`${what} needs answers, and there is no terminal to ask on.`, {
    code: 'E_NOT_INTERACTIVE',
    hint: `Pass ${flag}.`,
  })
}

/** Asks for the fields of a new scaffold.yml (a terminal only). */
export async function promptScaffold(registry: ProjectTypeRegistry): Promise<{scaffold: Scaffold; guided: boolean}> {
  requireTerminal('govtool init', '--config scaffold.yml (see `govtool init --help` for its fields)')
  const {input, select, confirm} = await import('@inquirer/prompts')
  const name = await input({
    message: 'Project name (the directory to create):',
    validate: (v) => (SAFE_ID.test(v) && !v.includes('..') ? true : "letters, digits, '-', '_' or '.', starting with a letter or digit"),
  })
  const type = await select({
    message: 'Project type:',
    choices: [...registry.types.values()].sort((a, b) => a.name.localeCompare(b.name)).map((t) => ({name: t.name, value: t.name, description: t.description})),
    default: 'generic',
  })
  const description = await input({message: 'One-line description:', default: ''})
  const vcs = await select({
    message: 'VCS platform (CI config to generate):',
    choices: ScaffoldSchema.shape.vcs_platform.removeDefault().options.map((v: string) => ({name: v, value: v})),
    default: 'github',
  })
  const branching = await select({
    message: 'Branching strategy:',
    choices: ScaffoldSchema.shape.branching_strategy.removeDefault().options.map((v: string) => ({name: v, value: v})),
    default: 'github-flow',
  })
  const guided = await confirm({message: 'Add starter requirements, tests and docs/architecture.md (--guided)?', default: false})
  const scaffold = ScaffoldSchema.parse({name, type, description, vcs_platform: vcs, branching_strategy: branching})
  return {scaffold, guided}
}

/** Walks through the scanned components asking for names, purposes and interfaces, then flow and deployment. */
export async function promptArchitecture(model: ArchitectureModel): Promise<ArchitectureModel> {
  requireTerminal('govtool architect', '--non-interactive to write the scanned architecture as it is')
  const {input, confirm} = await import('@inquirer/prompts')
  const components = []
  for (const c of model.components) {
    if (!(await confirm({message: `Keep component ${c.name} (${c.path}, ${c.files} files)?`, default: true}))) continue
    const name = await input({message: `  Name of ${c.path}:`, default: c.name})
    const purpose = await input({message: `  Purpose of ${name}:`, default: c.purpose})
    const interfaces = await input({message: `  Interfaces of ${name} (comma-separated):`, default: c.interfaces.join(', ')})
    components.push({...c, name, purpose, interfaces: interfaces.split(',').map((s) => s.trim()).filter(Boolean)})
  }
  while (await confirm({message: 'Add another component?', default: false})) {
    const name = await input({message: '  Component name:', validate: (v) => (v.trim() ? true : 'a name is needed')})
    const dir = await input({message: '  Directory:', default: name})
    const purpose = await input({message: `  Purpose of ${name}:`})
    const interfaces = await input({message: `  Interfaces of ${name} (comma-separated):`})
    components.push({name, path: dir, purpose, files: 0, interfaces: interfaces.split(',').map((s) => s.trim()).filter(Boolean), depends_on: [], requirements: []})
  }
  const flow = await input({message: 'Data flow (one step per "; "):', default: model.data_flow.join('; ')})
  const deployment = await input({message: 'Deployment notes:', default: model.deployment})
  return {...model, components, data_flow: flow.split(';').map((s) => s.trim()).filter(Boolean), deployment}
}
