/**
 * The sections of docs/GOVTOOL.yml, declared by the plugins that read them. A plugin's package.json names a
 * module (`"govtool": {"config": "./dist/config-sections.js"}`) whose default export is a list of
 * `ConfigSection`s: where the section lives (`preflight`, `agent.permissions`), its zod schema (whose
 * defaults are the project's defaults) and a comment for every key. From these the kernel writes the
 * commented docs/GOVTOOL.yml of `init` and `import` (generated from the schemas, so it never drifts from
 * them) and `config get|set|list` find, explain and validate every key.
 */
import {createRequire} from 'node:module'

import type {Interfaces} from '@oclif/core'
import type {z} from 'zod/v3'

import {importPluginModule, installedPluginConfig, pluginsDeclaring, type PluginLike} from './project-types.js'

const require = createRequire(import.meta.url)
/** yaml is loaded on first use. */
const yamlLib = () => require('yaml') as typeof import('yaml')

/** What a key means; `example` is shown commented out for a key that has no default. */
export interface ConfigKeyDoc {
  text: string
  example?: string
}

export interface ConfigSection {
  /** dotted place in docs/GOVTOOL.yml: `preflight`, `verify`, `agent.permissions` */
  path: string
  /** what the section governs (the comment above it), one paragraph */
  title: string
  /** a zod object schema; its defaults (`schema.parse({})`) are what a project gets when it says nothing */
  schema: z.ZodTypeAny
  /** a comment for every key, by dotted path inside the section (`scope`, `scope.max_requirements`) */
  keys: Readonly<Record<string, string | ConfigKeyDoc>>
  /** position in the file (lower first; default 100) */
  order?: number
}

export interface RegisteredConfigSection extends ConfigSection {
  /** the package that declared it */
  plugin: string
}

export interface PluginConfigStatus {
  plugin: string
  sections: string[]
  status: 'loaded' | 'failed'
  error?: string
}

export interface ConfigRegistry {
  sections: RegisteredConfigSection[]
  plugins: PluginConfigStatus[]
}

/** Declares a plugin's sections (an identity function that fixes the types). */
export function defineConfigSections(sections: ConfigSection[]): ConfigSection[] {
  return sections
}

const installed = new Map<string, Promise<ConfigRegistry>>()

/**
 * The config sections of every installed plugin (`source`: oclif's config, or the root of the govtool
 * installation, whose plugin list is then read once per process). A plugin whose module fails to load, or
 * declares a section another plugin already has, is reported in `plugins`; it never breaks the caller.
 */
export async function loadConfigSections(source: Pick<Interfaces.Config, 'getPluginsList'> | string): Promise<ConfigRegistry> {
  if (typeof source !== 'string') return registryOf(source)
  let registry = installed.get(source)
  if (!registry) {
    registry = installedPluginConfig(source).then(async (config) => registryOf(config))
    registry.catch(() => installed.delete(source))
    installed.set(source, registry)
  }
  return registry
}

/** A registry from section lists directly (tests, and callers that already hold the sections). */
export function configRegistry(sections: readonly (ConfigSection & {plugin?: string})[]): ConfigRegistry {
  const registry: ConfigRegistry = {sections: [], plugins: []}
  addSections(registry, sections.map((s) => ({...s, plugin: s.plugin ?? 'govtool'})))
  return registry
}

async function registryOf(config: Pick<Interfaces.Config, 'getPluginsList'>): Promise<ConfigRegistry> {
  const loaded = await Promise.all(pluginsDeclaring(config, 'config').map(async (plugin) => ({plugin, result: await loadPluginSections(plugin)})))
  const registry: ConfigRegistry = {sections: [], plugins: []}
  for (const {plugin, result} of loaded) {
    if ('error' in result) {
      registry.plugins.push({plugin: plugin.name, sections: [], status: 'failed', error: result.error})
      continue
    }
    const status: PluginConfigStatus = {plugin: plugin.name, sections: [], status: 'loaded'}
    registry.plugins.push(status)
    const refused = addSections(registry, result.sections.map((s) => ({...s, plugin: plugin.name})))
    status.sections = result.sections.map((s) => s.path).filter((p) => !refused.has(p))
    if (refused.size > 0) {
      status.status = 'failed'
      status.error = [...refused.values()].join('; ')
    }
  }
  return registry
}

/** Adds sections in order; one whose path equals, contains or lies inside a known one is refused (path -> why). */
function addSections(registry: ConfigRegistry, sections: readonly RegisteredConfigSection[]): Map<string, string> {
  const refused = new Map<string, string>()
  for (const section of sections) {
    const clash = registry.sections.find((s) => s.path === section.path || s.path.startsWith(`${section.path}.`) || section.path.startsWith(`${s.path}.`))
    if (clash) {
      refused.set(section.path, `config section ${section.path} overlaps ${clash.path} of ${clash.plugin}`)
      continue
    }
    registry.sections.push(section)
  }
  registry.sections.sort((a, b) => (a.order ?? 100) - (b.order ?? 100))
  return refused
}

async function loadPluginSections(plugin: PluginLike): Promise<{sections: ConfigSection[]} | {error: string}> {
  try {
    const mod = await importPluginModule(plugin, 'config')
    const list = mod.default
    if (!Array.isArray(list)) throw new Error('default export is not an array of config sections')
    for (const [i, s] of (list as Partial<ConfigSection>[]).entries()) {
      if (typeof s?.path !== 'string' || !/^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*$/.test(s.path)) throw new Error(`section ${i}: path must be dotted snake_case keys`)
      if (typeof s.title !== 'string' || typeof s.keys !== 'object' || s.keys === null) throw new Error(`section ${s.path}: title and keys are required`)
      if (typeof (s.schema as {safeParse?: unknown} | undefined)?.safeParse !== 'function') throw new Error(`section ${s.path}: schema is not a zod schema`)
    }
    return {sections: list as ConfigSection[]}
  } catch (error) {
    return {error: error instanceof Error ? error.message : String(error)}
  }
}

// ---- the schemas, walked by their zod definitions (typeName, not instanceof: a plugin may hold another copy of zod)

interface ZodDefLike {
  typeName?: string
  innerType?: z.ZodTypeAny
  schema?: z.ZodTypeAny
  type?: z.ZodTypeAny
  keyType?: z.ZodTypeAny
  valueType?: z.ZodTypeAny
  values?: readonly string[]
  checks?: {kind: string; value?: number; inclusive?: boolean; regex?: RegExp}[]
  shape?: () => Record<string, z.ZodTypeAny>
  options?: z.ZodTypeAny[]
  value?: unknown
}

const defOf = (schema: z.ZodTypeAny): ZodDefLike => (schema as unknown as {_def: ZodDefLike})._def

/** The schema under defaults, optionals, refinements and the like. */
export function baseSchema(schema: z.ZodTypeAny): z.ZodTypeAny {
  let current = schema
  for (let i = 0; i < 20; i++) {
    const def = defOf(current)
    const inner = ['ZodDefault', 'ZodOptional', 'ZodNullable', 'ZodCatch', 'ZodReadonly', 'ZodBranded'].includes(def.typeName ?? '')
      ? (def.innerType ?? def.type)
      : def.typeName === 'ZodEffects'
        ? def.schema
        : def.typeName === 'ZodPipeline'
          ? (def as {in?: z.ZodTypeAny}).in
          : undefined
    if (!inner) return current
    current = inner
  }
  return current
}

/** The keys of an object schema, in declaration order (undefined for any other schema). */
export function objectShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> | undefined {
  const def = defOf(baseSchema(schema))
  return def.typeName === 'ZodObject' ? def.shape?.() : undefined
}

/** The schema of `key` inside `schema` (an object's field, or a record's values for a key the record takes). */
export function childSchema(schema: z.ZodTypeAny, key: string): z.ZodTypeAny | undefined {
  const shape = objectShape(schema)
  if (shape) return Object.hasOwn(shape, key) ? shape[key] : undefined
  const def = defOf(baseSchema(schema))
  if (def.typeName !== 'ZodRecord' || !def.valueType) return undefined
  if (def.keyType && !def.keyType.safeParse(key).success) return undefined
  return def.valueType
}

/** The keys a record schema takes, when they are an enum (phase_rules: the phases). */
function recordKeys(schema: z.ZodTypeAny): readonly string[] | undefined {
  const def = defOf(baseSchema(schema))
  if (def.typeName !== 'ZodRecord' || !def.keyType) return undefined
  return defOf(baseSchema(def.keyType)).values
}

/** The values a schema allows, said for a person: `one of: auto, always, never`, `a number from 0 to 1`. */
export function describeAllowed(schema: z.ZodTypeAny): string {
  const base = baseSchema(schema)
  const def = defOf(base)
  switch (def.typeName) {
    case 'ZodEnum':
    case 'ZodNativeEnum': {
      return `one of: ${(def.values ?? []).join(', ')}`
    }
    case 'ZodLiteral': {
      return `exactly ${JSON.stringify(def.value)}`
    }
    case 'ZodBoolean': {
      return 'true or false'
    }
    case 'ZodNumber': {
      const checks = def.checks ?? []
      const whole = checks.some((c) => c.kind === 'int')
      const min = checks.find((c) => c.kind === 'min')
      const max = checks.find((c) => c.kind === 'max')
      const noun = whole ? 'a whole number' : 'a number'
      const low = min ? `${min.value}${min.inclusive === false ? ' (exclusive)' : ''}` : undefined
      const high = max ? `${max.value}${max.inclusive === false ? ' (exclusive)' : ''}` : undefined
      if (low !== undefined && high !== undefined) return `${noun} from ${low} to ${high}`
      if (low !== undefined) return `${noun} of at least ${low}`
      if (high !== undefined) return `${noun} of at most ${high}`
      return noun
    }
    case 'ZodString': {
      const regex = def.checks?.find((c) => c.kind === 'regex')?.regex
      const max = def.checks?.find((c) => c.kind === 'max')?.value
      return regex ? `text matching ${regex.source}` : max ? `text of at most ${max} characters` : 'text'
    }
    case 'ZodArray': {
      const item = def.type ? describeAllowed(def.type) : 'values'
      return `a list (a YAML list like [a, b], or comma-separated) of ${item.startsWith('one of: ') ? `values ${item}` : item}`
    }
    case 'ZodRecord': {
      const keys = recordKeys(base)
      const value = def.valueType ? describeAllowed(def.valueType) : 'values'
      return `a mapping from ${keys ? `any of ${keys.join(', ')}` : 'names'} to ${value}`
    }
    case 'ZodObject': {
      return `a mapping with the keys ${Object.keys(def.shape?.() ?? {}).join(', ')}`
    }
    case 'ZodUnion': {
      return (def.options ?? []).map((o) => describeAllowed(o)).join(', or ')
    }
    default: {
      return 'a value'
    }
  }
}

/** The defaults of a section: its schema applied to nothing. */
export function sectionDefaults(section: Pick<ConfigSection, 'schema'>): Record<string, unknown> {
  return section.schema.parse({}) as Record<string, unknown>
}

export interface ConfigKeyInfo {
  /** dotted key from the top of docs/GOVTOOL.yml */
  key: string
  section: RegisteredConfigSection
  /** path inside the section */
  relative: string[]
  schema: z.ZodTypeAny
  /** the comment of the key (empty when the section gives none) */
  description: string
}

/**
 * Every key of every section, depth first in declaration order: the keys of nested objects, not the objects
 * themselves (records, lists and scalars are keys).
 */
export function configKeys(registry: ConfigRegistry): ConfigKeyInfo[] {
  const keys: ConfigKeyInfo[] = []
  for (const section of registry.sections) {
    const walk = (schema: z.ZodTypeAny, relative: string[]) => {
      const shape = objectShape(schema)
      if (shape) {
        for (const [name, child] of Object.entries(shape)) walk(child, [...relative, name])
        return
      }
      keys.push({key: [section.path, ...relative].join('.'), section, relative, schema, description: docText(section.keys[relative.join('.')])})
    }
    walk(section.schema, [])
  }
  return keys
}

function docText(doc: string | ConfigKeyDoc | undefined): string {
  if (doc === undefined) return ''
  return typeof doc === 'string' ? doc : doc.text
}

/** The dotted paths of a section's schema that have no comment, and comments that name no key (for tests). */
export function undocumentedKeys(section: ConfigSection): {missing: string[]; unknown: string[]} {
  const paths: string[] = []
  const walk = (schema: z.ZodTypeAny, relative: string[]) => {
    const shape = objectShape(schema)
    if (relative.length > 0) paths.push(relative.join('.'))
    if (shape) for (const [name, child] of Object.entries(shape)) walk(child, [...relative, name])
  }
  walk(section.schema, [])
  return {missing: paths.filter((p) => !Object.hasOwn(section.keys, p)), unknown: Object.keys(section.keys).filter((k) => !paths.includes(k))}
}

// ---- the generated file

const WIDTH = 100

function wrapComment(text: string, indent: string): string[] {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && indent.length + 2 + line.length + 1 + word.length > WIDTH) {
        lines.push(`${indent}# ${line}`)
        line = word
      } else line = line ? `${line} ${word}` : word
    }
    lines.push(line ? `${indent}# ${line}` : `${indent}#`)
  }
  return lines
}

/** A value as YAML on one line (collections in flow style). */
export function yamlInline(value: unknown): string {
  const {stringify} = yamlLib()
  return stringify(value, {collectionStyle: 'flow', flowCollectionPadding: false, lineWidth: 0}).trimEnd()
}

/**
 * The text of docs/GOVTOOL.yml with every key of every section spelled out at its default, each with its
 * comment; a key without a default is written commented out. Parsing it gives exactly the defaults.
 */
export function renderConfigFile(registry: ConfigRegistry): string {
  const out = [
    ...wrapComment(
      "docs/GOVTOOL.yml: this project's governance policy. Every key is written out at its default, so this file shows what is in force; change a value here or with `govtool config set KEY VALUE`, which checks it and keeps these comments. `govtool config list` shows every key, its value and where it comes from. A section here replaces the same section of ~/.govtool/config.yml as a whole.",
      '',
    ),
  ]
  const opened: string[] = []
  for (const section of registry.sections) {
    const parts = section.path.split('.')
    // close what the previous section opened beyond the common prefix
    let common = 0
    while (common < opened.length && common < parts.length - 1 && opened[common] === parts[common]) common++
    opened.length = common
    out.push('')
    for (let depth = common; depth < parts.length - 1; depth++) {
      out.push(`${'  '.repeat(depth)}${parts[depth]}:`)
      opened.push(parts[depth])
    }
    const indent = '  '.repeat(parts.length - 1)
    out.push(...wrapComment(section.title, indent), `${indent}${parts.at(-1)}:`)
    renderObject(out, section, section.schema, sectionDefaults(section), [], `${indent}  `)
  }
  return `${out.join('\n')}\n`
}

function renderObject(out: string[], section: ConfigSection, schema: z.ZodTypeAny, value: Record<string, unknown>, relative: string[], indent: string): void {
  const shape = objectShape(schema) ?? {}
  for (const [name, child] of Object.entries(shape)) {
    const path = [...relative, name]
    const doc = section.keys[path.join('.')]
    if (doc !== undefined) out.push(...wrapComment(docText(doc), indent))
    const childValue = value?.[name]
    if (childValue === undefined) {
      const example = typeof doc === 'object' ? doc.example : undefined
      out.push(`${indent}# ${name}:${example === undefined ? '' : ` ${example}`}`)
      continue
    }
    if (objectShape(child) && childValue !== null && typeof childValue === 'object') {
      out.push(`${indent}${name}:`)
      renderObject(out, section, child, childValue as Record<string, unknown>, path, `${indent}  `)
      continue
    }
    out.push(`${indent}${name}: ${yamlInline(childValue)}`)
  }
}
