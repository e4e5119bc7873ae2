/**
 * `config get|set|list`: the keys of docs/GOVTOOL.yml that the installed plugins declare (config-sections.ts),
 * read through the same layering as GovConfig (a section of docs/GOVTOOL.yml, else of ~/.govtool/config.yml,
 * else the defaults) and edited in docs/GOVTOOL.yml keeping its comments, each value checked against the
 * section's schema before anything is written.
 */
import type {z} from 'zod/v3'

import {
  baseSchema,
  childSchema,
  configKeys,
  describeAllowed,
  renderConfigFile,
  sectionDefaults,
  yamlInline,
  type ConfigRegistry,
  type RegisteredConfigSection,
} from './config-sections.js'
import {GovConfig, parseYaml, updateYamlFile, validateWith, type YamlFile} from './config.js'
import type {ProjectContext} from './context.js'
import {GovError, InputError} from './errors.js'
import {readTextIfExists, writeFileAtomic} from './storage/atomic.js'

export type ConfigSource = 'project' | 'user' | 'default'

export interface ConfigValue {
  key: string
  value: unknown
  default: unknown
  /** where the value comes from: docs/GOVTOOL.yml, ~/.govtool/config.yml or the built-in default */
  source: ConfigSource
  /** the file the value comes from, null for a default */
  file: string | null
  /** what the key means */
  description: string
  /** the values it takes */
  allowed: string
}

interface ResolvedKey {
  key: string
  section: RegisteredConfigSection
  /** path inside the section */
  relative: string[]
  schema: z.ZodTypeAny
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({length: b.length + 1}, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = cur
    }
  }
  return row[b.length]
}

/** Finds the section and schema of a dotted key; an unknown key is an error naming the nearest known keys. */
export function resolveConfigKey(registry: ConfigRegistry, key: string): ResolvedKey {
  const words = key.trim().split('.')
  const section = registry.sections.find((s) => {
    const parts = s.path.split('.')
    return parts.every((p, i) => words[i] === p)
  })
  if (section) {
    const relative = words.slice(section.path.split('.').length)
    let schema: z.ZodTypeAny | undefined = section.schema
    for (const word of relative) {
      schema = schema && childSchema(schema, word)
      if (!schema) break
    }
    if (schema) return {key: words.join('.'), section, relative, schema}
  }
  const known = configKeys(registry).map((k) => k.key)
  const near = known
    .map((k) => ({k, d: levenshtein(k, key)}))
    .filter((x) => x.d <= 3)
    .sort((a, b) => a.d - b.d)
    .map((x) => x.k)
  const inSection = section ? known.filter((k) => k.startsWith(`${section.path}.`)) : []
  const sections = registry.sections.map((s) => s.path).join(', ')
  throw new InputError(`Unknown config key '${key}'.${near.length > 0 ? ` Did you mean ${near.slice(0, 3).join(', ')}?` : ''}`, {
    code: 'E_CONFIG_KEY',
    hint:
      inSection.length > 0
        ? `The keys of ${section!.path}: ${inSection.map((k) => k.slice(section!.path.length + 1)).join(', ')}.`
        : `Config keys start with a section (${sections || 'none installed'}); \`govtool config list\` shows every key.`,
  })
}

/** The zod type name of the schema under defaults and optionals (`ZodArray`, `ZodString`...). */
function typeNameOf(schema: z.ZodTypeAny): string {
  return (baseSchema(schema) as unknown as {_def: {typeName?: string}})._def.typeName ?? ''
}

function getIn(value: unknown, path: readonly string[]): unknown {
  let current = value
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

function hasIn(value: unknown, path: readonly string[]): boolean {
  let current = value
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return false
    current = (current as Record<string, unknown>)[key]
  }
  return true
}

/** The layer (project file, else user file) that holds the top-level key of a section, as GovConfig.section reads it. */
function layerOf(config: GovConfig, section: RegisteredConfigSection): {yaml: YamlFile; source: 'project' | 'user'} | undefined {
  const top = section.path.split('.')[0]
  for (const [yaml, source] of [
    [config.project, 'project'],
    [config.user, 'user'],
  ] as const) {
    const data = yaml?.data
    if (yaml && data && typeof data === 'object' && Object.hasOwn(data, top)) return {yaml, source}
  }
  return undefined
}

function valueOf(ctx: ProjectContext, config: GovConfig, key: ResolvedKey): ConfigValue {
  const {section, relative} = key
  const sectionPath = section.path.split('.')
  const layer = layerOf(config, section)
  const raw = layer ? getIn(layer.yaml.data, sectionPath) : undefined
  const file = layer ? layer.yaml.file : ctx.file('config')
  const validated = validateWith(section.schema, raw ?? {}, {file: layer ? displayPath(ctx, file) : 'docs/GOVTOOL.yml', yaml: layer?.yaml, prefix: sectionPath}) as unknown
  const set = layer !== undefined && raw !== undefined && hasIn(raw, relative)
  return {
    key: key.key,
    value: getIn(validated, relative) ?? null,
    default: getIn(sectionDefaults(section), relative) ?? null,
    source: set ? layer.source : 'default',
    file: set ? displayPath(ctx, layer.yaml.file) : null,
    description: section.keys[relative.join('.')] === undefined ? '' : keyText(section, relative),
    allowed: describeAllowed(key.schema),
  }
}

function keyText(section: RegisteredConfigSection, relative: readonly string[]): string {
  const doc = section.keys[relative.join('.')]
  return typeof doc === 'string' ? doc : (doc?.text ?? '')
}

/** The project file relative to the project; the user file as `~/.govtool/config.yml`-like absolute path. */
function displayPath(ctx: ProjectContext, file: string): string {
  const rel = ctx.relative(file)
  return rel.startsWith('..') ? file : rel
}

/** `config get KEY` */
export async function getConfigValue(ctx: ProjectContext, registry: ConfigRegistry, key: string): Promise<ConfigValue> {
  const resolved = resolveConfigKey(registry, key)
  return valueOf(ctx, await GovConfig.load(ctx), resolved)
}

/** `config list`: every key of every installed section. */
export async function listConfigValues(ctx: ProjectContext, registry: ConfigRegistry): Promise<{file: string; exists: boolean; keys: ConfigValue[]}> {
  const config = await GovConfig.load(ctx)
  const keys = configKeys(registry).map((k) => valueOf(ctx, config, {key: k.key, section: k.section, relative: k.relative, schema: k.schema}))
  return {file: ctx.relative(ctx.file('config')), exists: config.project !== undefined, keys}
}

/**
 * The value of `config set KEY VALUE` from its text: YAML (`0.8`, `true`, `[a, b]`), and for a list a
 * comma-separated text (`git_push,git_tag`) too; a text field keeps the text as typed.
 */
export function parseConfigValue(text: string, schema: z.ZodTypeAny): unknown {
  let value: unknown
  try {
    value = parseYaml(text, 'VALUE').data
  } catch {
    value = text
  }
  const base = typeNameOf(schema)
  if (base === 'ZodArray' && typeof value === 'string') {
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  }
  if (base === 'ZodArray' && (value === null || value === undefined) && text.trim() === '') return []
  if (base === 'ZodString' && typeof value !== 'string' && value !== null) return text
  return value
}

/** How docs/GOVTOOL.yml is written back: lines as they are (never folded), flow lists as renderConfigFile writes them. */
const FILE_FORMAT = {lineWidth: 0, flowCollectionPadding: false} as const

export interface ConfigSetResult {
  key: string
  value: unknown
  previous: unknown
  file: string
  /** true when docs/GOVTOOL.yml did not exist and was written with every default first */
  created: boolean
  /** true when VALUE was `null`: the key was removed, so its default applies */
  removed: boolean
}

/**
 * `config set KEY VALUE`: checks the value against the section's schema (an error names the key and the values
 * it takes; nothing is written), then sets it in docs/GOVTOOL.yml, keeping the file's comments and layout. A
 * project without docs/GOVTOOL.yml first gets the file with every default spelled out. VALUE `null` removes the
 * key, so its default applies again.
 */
export async function setConfigValue(
  ctx: ProjectContext,
  registry: ConfigRegistry,
  key: string,
  text: string,
  io: {warn(message: string): void} = {warn() {}},
): Promise<ConfigSetResult> {
  const resolved = resolveConfigKey(registry, key)
  const {section, relative} = resolved
  const sectionPath = section.path.split('.')
  const fullPath = [...sectionPath, ...relative]
  const removing = text.trim() === 'null' || text.trim() === '~'
  const value = removing ? undefined : parseConfigValue(text, resolved.schema)
  if (relative.length === 0 && !removing && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    throw new InputError(`'${key}' is a whole section: set one of its keys, e.g. ${configKeys(registry).find((k) => k.section === section)?.key ?? key}.`, {
      code: 'E_CONFIG_VALUE',
      hint: `\`govtool config list\` shows the keys of ${section.path}.`,
    })
  }
  const file = ctx.file('config')
  const rel = ctx.relative(file)
  const before = await GovConfig.load(ctx)
  const previous = valueOf(ctx, before, resolved).value
  const userShadowed = before.project === undefined || !hasIn(before.project.data, [sectionPath[0]]) ? layerOf(before, section)?.source === 'user' : false

  // check first, on the data the file would hold: nothing is written when the value does not fit
  const currentText = await readTextIfExists(file)
  const created = currentText === undefined
  const baseText = currentText ?? renderConfigFile(registry)
  const data = (parseYaml(baseText, rel).data ?? {}) as Record<string, unknown>
  const next = structuredClone(data)
  setIn(next, fullPath, value)
  const candidate = getIn(next, sectionPath)
  const checked = section.schema.safeParse(candidate ?? {})
  if (!checked.success) {
    const issue = checked.error.issues[0]
    const issuePath = issue.path.map(String)
    const inKey = relative.every((w, i) => issuePath[i] === w)
    if (inKey) {
      const where = [...sectionPath, ...issuePath].join('.')
      const at = childAt(section, issuePath) ?? resolved.schema
      throw new InputError(`${where} cannot be ${yamlInline(getIn(candidate, issuePath) ?? null)}: ${issue.message}.`, {
        code: 'E_CONFIG_VALUE',
        hint: `${where} takes ${describeAllowed(at)}.${keyText(section, issuePath) ? ` (${keyText(section, issuePath)})` : ''}`,
      })
    }
    // the file is already wrong elsewhere in the section: say where, as every reader of it would
    validateWith(section.schema, getIn(data, sectionPath) ?? {}, {file: rel, yaml: parseYaml(baseText, rel), prefix: sectionPath})
    throw new GovError(`${rel}: ${[...sectionPath, ...issuePath].join('.')}: ${issue.message}`, {code: 'E_CONFIG', file: rel, hint: `Correct it in ${rel}.`})
  }

  if (created) await writeFileAtomic(file, baseText)
  await updateYamlFile(file, (doc) => {
    if (removing) {
      doc.deleteIn(fullPath)
      return
    }
    const current = doc.getIn(fullPath, true) as {value?: unknown} | undefined
    const isScalar = value === null || typeof value !== 'object'
    if (isScalar && current && typeof current === 'object' && 'value' in current && !('items' in current)) {
      // keep the scalar node, and with it a comment on its line
      current.value = value
      return
    }
    const node = doc.createNode(value) as {flow?: boolean; items?: unknown}
    if (Array.isArray(node.items)) node.flow = true
    doc.setIn(fullPath, node)
  }, FILE_FORMAT)
  if (userShadowed) {
    io.warn(`${rel} now has a ${sectionPath[0]} section, which replaces the ${sectionPath[0]} section of ~/.govtool/config.yml as a whole.`)
  }
  const after = valueOf(ctx, await GovConfig.load(ctx), resolved)
  return {key: resolved.key, value: after.value, previous, file: rel, created, removed: removing}
}

function childAt(section: RegisteredConfigSection, path: readonly string[]): z.ZodTypeAny | undefined {
  let schema: z.ZodTypeAny | undefined = section.schema
  for (const word of path) {
    if (/^\d+$/.test(word)) {
      const def: {typeName?: string; type?: z.ZodTypeAny} = (baseSchema(schema!) as unknown as {_def: {typeName?: string; type?: z.ZodTypeAny}})._def
      schema = def.typeName === 'ZodArray' ? def.type : undefined
    } else schema = schema && childSchema(schema, word)
    if (!schema) return undefined
  }
  return schema
}

function setIn(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let current = target
  for (const key of path.slice(0, -1)) {
    const next = current[key]
    if (next === null || typeof next !== 'object' || Array.isArray(next)) current[key] = {}
    current = current[key] as Record<string, unknown>
  }
  const last = path.at(-1)!
  if (value === undefined) delete current[last]
  else current[last] = value
}
