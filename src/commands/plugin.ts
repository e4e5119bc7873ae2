import {GovCommand, loadProjectTypes, renderTable, color, type PluginTypesStatus} from '../index.js'

export interface PluginListResult {
  plugins: PluginTypesStatus[]
  types: {name: string; description: string; plugin: string}[]
}

export default class Plugin extends GovCommand<PluginListResult> {
  static override summary = 'List installed plugins that contribute project types, with their load status.'
  static override description = `Every plugin (core, user-installed or linked) whose package.json declares "govtool": {"types": "<module>"} is
listed with the project types it adds. A plugin whose module fails to load is shown as failed with the
import error; it never breaks any other command. Install one with "govtool plugins install <package>",
or link a local one with "govtool plugins link <dir>". See docs/plugins.md.`

  static override examples = ['<%= config.bin %> plugin', '<%= config.bin %> plugin --json']

  async run(): Promise<PluginListResult> {
    await this.parse(Plugin)
    const registry = await loadProjectTypes(this.config)
    const types = [...registry.types.values()].map((t) => ({name: t.name, description: t.description, plugin: t.plugin}))
    if (!this.jsonEnabled()) {
      this.log(
        renderTable(registry.plugins, [
          {header: 'Plugin', get: (p) => p.plugin},
          {header: 'Version', get: (p) => p.version},
          {header: 'Kind', get: (p) => p.kind},
          {header: 'Status', get: (p) => (p.status === 'loaded' ? color.green('loaded') : color.red('failed'))},
          {header: 'Types', get: (p) => p.types.join(', ')},
        ]),
      )
      for (const p of registry.plugins.filter((x) => x.status === 'failed')) {
        this.log(`\n${color.red('✖')} ${p.plugin}: ${p.error}`)
      }
      this.log(`\n${types.length} project type(s): ${types.map((t) => t.name).sort().join(', ')}`)
    }
    return {plugins: registry.plugins, types}
  }
}
