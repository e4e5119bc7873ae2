import {loadProjectTypes, type ProjectTypeRegistry} from 'govtool/core'

const loaded = new Map<string, Promise<ProjectTypeRegistry>>()

/**
 * The project types of the govtool installation at `cliRoot` (its plugins, user-installed and linked ones
 * included), for the audit's toolset checks and the export report. Reading oclif's plugin list costs some
 * 100-200 ms, so callers load it only when an audit or report will run, and a process (a server) reads it
 * once per installation.
 */
export function installedProjectTypes(cliRoot: string): Promise<ProjectTypeRegistry> {
  let registry = loaded.get(cliRoot)
  if (!registry) {
    registry = (async () => {
      const {Config} = await import('@oclif/core')
      return loadProjectTypes(await Config.load(cliRoot))
    })()
    loaded.set(cliRoot, registry)
    registry.catch(() => loaded.delete(cliRoot))
  }
  return registry
}
