/**
 * The project-type registry for operations. A command used to read it from its oclif Config; an operation
 * runs without one (fast runner, HTTP, MCP), so the Config of the govtool installation at `cliRoot` is loaded
 * here, once per process, and only by the operations that need project types.
 */
import {loadProjectTypes, type ProjectTypeRegistry} from 'govtool/core'

const loaded = new Map<string, Promise<ProjectTypeRegistry>>()

/** Every project type the installation at `cliRoot` provides (built-in, installed and linked plugins). */
export function projectTypeRegistry(cliRoot: string): Promise<ProjectTypeRegistry> {
  let registry = loaded.get(cliRoot)
  if (!registry) {
    registry = import('@oclif/core').then(async ({Config}) => loadProjectTypes(await Config.load(cliRoot)))
    registry.catch(() => loaded.delete(cliRoot))
    loaded.set(cliRoot, registry)
  }
  return registry
}
