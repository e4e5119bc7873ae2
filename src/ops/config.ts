import {z} from 'zod/v3'

import {lazySchema} from '../lazy-schema.js'
import {defineOperation, type OperationContext, type OperationIO} from '../operation.js'
import {color} from '../ui.js'
import {ConfigListSchema, ConfigSetSchema, ConfigValueSchema} from './schemas.js'

/** The installed plugins' config sections; a plugin whose sections fail to load is a warning, never an error. */
async function sections(ctx: OperationContext, io: OperationIO) {
  const [{loadConfigSections}, edit] = await Promise.all([import('../config-sections.js'), import('../config-edit.js')])
  const registry = await loadConfigSections(ctx.cliRoot)
  for (const p of registry.plugins.filter((x) => x.status === 'failed')) io.warn(`${p.plugin}: its config sections were not loaded: ${p.error}`)
  return {registry, ...edit}
}

const WHERE = `Keys are dotted paths into docs/GOVTOOL.yml (verify.threshold, agent.permissions.preset, preflight.scope.max_requirements). Each top-level section is read from docs/GOVTOOL.yml, else from ~/.govtool/config.yml, else every key has its default; the plugins that read a section declare its keys, comments and defaults, so \`govtool config list\` shows exactly what the installed plugins know.`

export const configGetOp = defineOperation({
  id: 'config.get',
  summary: 'Print the value of one key of docs/GOVTOOL.yml, and where it comes from.',
  description: `Prints the value in force (as YAML: 0.7, standard, [read_only, docs_change]); --json adds its default, its source (project, user or default), the file it comes from, what it means and the values it takes.

${WHERE}

An unknown key exits 2 and names the nearest known keys.`,
  examples: ['<%= config.bin %> config get verify.threshold', '<%= config.bin %> config get agent.permissions.preset --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({key: z.string().min(1).describe('Dotted key, e.g. verify.threshold.')})),
  cli: {fields: {key: {arg: true}}},
  result: ConfigValueSchema,
  async run(ctx, input, io) {
    const {registry, getConfigValue} = await sections(ctx, io)
    return getConfigValue(ctx.project(), registry, input.key)
  },
  render: (r) => `${yamlInlineSync(r.value)}${r.source === 'default' ? color.dim('  (default)') : color.dim(`  (${r.file})`)}`,
})

export const configSetOp = defineOperation({
  id: 'config.set',
  summary: 'Set one key of docs/GOVTOOL.yml, checked against its schema, keeping the comments.',
  description: `VALUE is YAML (0.8, true, always, [git_push, git_tag]); a list also takes comma-separated values (git_push,git_tag). The value is checked before anything is written: a value the key does not take exits 2, naming the key and the values it takes. null removes the key, so its default applies again.

The file keeps its comments and layout. A project without docs/GOVTOOL.yml first gets one with every default spelled out and commented (what \`govtool init\` writes). A section written to docs/GOVTOOL.yml replaces the same section of ~/.govtool/config.yml as a whole; the command warns when that happens.

${WHERE}`,
  examples: ['<%= config.bin %> config set verify.threshold 0.8', '<%= config.bin %> config set agent.permissions.deny git_push,git_tag --json', '<%= config.bin %> config set preflight.phase_gating always'],
  project: true,
  effect: 'write',
  input: lazySchema(() => z.object({
    key: z.string().min(1).describe('Dotted key, e.g. verify.threshold.'),
    value: z.string().describe('The new value, as YAML; null removes the key.'),
  })),
  cli: {fields: {key: {arg: true}, value: {arg: true}}},
  result: ConfigSetSchema,
  async run(ctx, input, io) {
    const {registry, setConfigValue} = await sections(ctx, io)
    return setConfigValue(ctx.project(), registry, input.key, input.value, io)
  },
  render(r) {
    const shown = (value: unknown) => (value === null ? 'unset' : yamlInlineSync(value))
    const change = r.removed
      ? `Removed ${r.key} from ${r.file}: ${r.value === null ? 'it is unset' : `its default ${shown(r.value)} applies`}`
      : `Set ${r.key} to ${shown(r.value)} in ${r.file}`
    return `${r.created ? `Created ${r.file} with every default. ` : ''}${change} (was ${shown(r.previous)}).`
  },
})

export const configListOp = defineOperation({
  id: 'config.list',
  summary: 'List every key of docs/GOVTOOL.yml with its value and where it comes from.',
  description: `One line per key: the key, the value in force and its source (docs/GOVTOOL.yml, ~/.govtool/config.yml, or default). --json adds each key's default, meaning and allowed values.

${WHERE}`,
  examples: ['<%= config.bin %> config list', '<%= config.bin %> config list --json'],
  project: true,
  effect: 'read',
  input: lazySchema(() => z.object({})),
  result: ConfigListSchema,
  async run(ctx, _input, io) {
    const {registry, listConfigValues} = await sections(ctx, io)
    return listConfigValues(ctx.project(), registry)
  },
  render(r, view) {
    const width = Math.max(...r.keys.map((k) => k.key.length), 3)
    const lines = r.keys.map((k) => {
      const source = k.source === 'default' ? 'default' : (k.file ?? k.source)
      const room = Math.max(view.columns - width - source.length - 6, 12)
      let value = yamlInlineSync(k.value)
      if (value.length > room) value = `${value.slice(0, room - 3)}...`
      return `${k.key.padEnd(width)}  ${value}  ${color.dim(source)}`
    })
    lines.push('', r.exists ? `Edit with \`govtool config set KEY VALUE\` (${r.file}).` : `${r.file} does not exist: every value is a default; \`govtool config set KEY VALUE\` creates it.`)
    return lines.join('\n')
  },
})

/** A value on one line for the human output (renderers are synchronous; JSON covers the rest). */
function yamlInlineSync(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return /^[\w./*-]+$/.test(value) && !/^(?:true|false|null|~|-?\d[\d.e+-]*)$/i.test(value) ? value : JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map((v) => yamlInlineSync(v)).join(', ')}]`
  if (typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${k}: ${yamlInlineSync(v)}`).join(', ')}}`
  return String(value)
}
