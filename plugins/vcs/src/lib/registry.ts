import {loadProjectTypes, type ProjectTypeRegistry} from 'govtool/core'

/**
 * The project types of the govtool installation at `cliRoot` (its plugins, user-installed and linked ones
 * included), for the audit's toolset checks and the export report. It reads oclif's plugin list, which costs
 * some 100-200 ms, so callers load it only when an audit or report will run.
 */
export async function installedProjectTypes(cliRoot: string): Promise<ProjectTypeRegistry> {
  const {Config} = await import('@oclif/core')
  return loadProjectTypes(await Config.load(cliRoot))
}
