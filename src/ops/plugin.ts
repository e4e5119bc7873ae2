import {z} from 'zod/v3'

import {defineOperation} from '../operation.js'
import {color, renderTable} from '../ui.js'
import {PluginListSchema} from './schemas.js'

export const pluginOp = defineOperation({
  id: 'plugin',
  summary: 'List installed plugins that contribute project types, with their load status.',
  description: `Every plugin (core, user-installed or linked) whose package.json declares "govtool": {"types": "<module>"} is listed with the project types it adds. A plugin whose module fails to load is shown as failed with the import error; it never breaks any other command.

\`govtool plugin\` (singular, this command) reports what plugins contribute to govtool. \`govtool plugins\` (plural) is the plugin manager, which installs and removes packages: \`govtool plugins install <package>\`, \`govtool plugins link <dir>\` for a local checkout, \`govtool plugins uninstall <package>\`. Run \`govtool plugin\` afterwards to see whether the new plugin loaded and which types it added. See docs/plugins.md for writing one.`,
  examples: ['<%= config.bin %> plugin', '<%= config.bin %> plugin --json'],
  effect: 'read',
  input: z.object({}),
  result: PluginListSchema,
  async run(ctx) {
    const {loadProjectTypes} = await import('../project-types.js')
    const registry = await loadProjectTypes(ctx.cliRoot)
    const types = [...registry.types.values()].map((t) => ({name: t.name, description: t.description, plugin: t.plugin}))
    return {plugins: registry.plugins, types}
  },
  render(r) {
    const lines = [
      renderTable(r.plugins, [
        {header: 'Plugin', get: (p) => p.plugin},
        {header: 'Version', get: (p) => p.version},
        {header: 'Kind', get: (p) => p.kind},
        {header: 'Status', get: (p) => (p.status === 'loaded' ? color.green('loaded') : color.red('failed'))},
        {header: 'Types', get: (p) => p.types.join(', ')},
      ]),
    ]
    for (const p of r.plugins.filter((x) => x.status === 'failed')) lines.push(`\n${color.red('✖')} ${p.plugin}: ${p.error}`)
    lines.push(`\n${r.types.length} project type(s): ${r.types.map((t) => t.name).sort().join(', ')}`)
    return lines.join('\n')
  },
})
