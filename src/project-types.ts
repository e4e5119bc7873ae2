import {existsSync, readFileSync, realpathSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

import type {Interfaces} from '@oclif/core'
import {z} from 'zod/v3'

import {GovError} from './errors.js'
import {timingMark} from './timing.js'

/** The 7 doctor categories every project type's toolset is grouped in. */
export const TOOL_CATEGORIES = ['lint', 'typecheck', 'test', 'security', 'build', 'format', 'compliance'] as const
export type ToolCategory = (typeof TOOL_CATEGORIES)[number]

export const ToolSchema = z.object({
  /** display name, e.g. `ruff` */
  name: z.string().min(1),
  /** executable looked up on PATH (default: name) */
  command: z.string().min(1).optional(),
  /** arguments that print the version (default `--version`) */
  version_args: z.array(z.string()).optional(),
  /** how to install it when missing */
  install_hint: z.string().optional(),
  /** the command CI runs for this tool, e.g. `ruff check .` */
  run: z.string().optional(),
})
export type Tool = z.infer<typeof ToolSchema>

export const ProjectTypeSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'name must be a lower-case slug'),
    description: z.string().min(1),
    language: z.string().optional(),
    build_system: z.string().optional(),
    test_framework: z.string().optional(),
    toolset: z.record(z.enum(TOOL_CATEGORIES), z.array(ToolSchema)).optional(),
    /** directories created by `init` */
    directories: z.array(z.string()).optional(),
    /** extra files `init` writes: project-relative path -> content (may use {{name}} placeholders) */
    files: z.record(z.string(), z.string()).optional(),
    /** dependency manifest the type uses (package.json, pyproject.toml, Cargo.toml...) */
    dependency_file: z.string().optional(),
    /** absolute directory of templates that override the built-in ones, file by file */
    templates_dir: z.string().optional(),
    /** CI steps the generated workflow runs, in order */
    ci_steps: z.array(z.object({name: z.string(), run: z.string()})).optional(),
  })
  .passthrough()

export type ProjectType = z.infer<typeof ProjectTypeSchema>

export interface RegisteredProjectType extends ProjectType {
  /** package that contributed it */
  plugin: string
}

export interface PluginTypesStatus {
  plugin: string
  version: string
  /** oclif plugin kind: core (shipped), user (installed), link (linked), dev */
  kind: string
  root: string
  types: string[]
  status: 'loaded' | 'failed'
  error?: string
}

export interface ProjectTypeRegistry {
  types: Map<string, RegisteredProjectType>
  plugins: PluginTypesStatus[]
}

export type PluginLike = Pick<Interfaces.Plugin, 'name' | 'version' | 'type' | 'root'> & {pjson: {govtool?: Record<string, unknown>}}

/**
 * Loads the project types of every plugin whose package.json declares `"govtool": {"types": "<module>"}`.
 * The module's default export is an array of project types. A plugin whose module throws on import, or
 * exports something invalid, is reported `failed` with the error text; it never breaks the caller.
 * The first plugin to declare a type name wins (core before user before linked), later ones are reported.
 *
 * `source` is oclif's config (what a command has), or the root of the govtool installation (an operation's
 * `ctx.cliRoot`): then oclif's plugin list (core, user-installed and linked plugins) is read from it here,
 * so an operation loads oclif only when it needs the installed plugins, on every transport.
 */
export async function loadProjectTypes(source: Pick<Interfaces.Config, 'getPluginsList'> | string): Promise<ProjectTypeRegistry> {
  if (typeof source === 'string') return installedProjectTypes(source)
  return registryOf(source)
}

const installed = new Map<string, Promise<ProjectTypeRegistry>>()
const pluginLists = new Map<string, Promise<Pick<Interfaces.Config, 'getPluginsList'>>>()

/**
 * oclif's config of the govtool installation at `cliRoot` (built-in, installed and linked plugins), loaded
 * once per process and installation: reading it costs some 100-200 ms, and every plugin contribution (project
 * types, config sections) is read from the same list.
 */
export function installedPluginConfig(cliRoot: string): Promise<Pick<Interfaces.Config, 'getPluginsList'>> {
  let config = pluginLists.get(cliRoot)
  if (!config) {
    const core = corePluginList(cliRoot)
    config = core ? Promise.resolve(core) : import('@oclif/core').then(({Config}) => Config.load(cliRoot))
    config.catch(() => pluginLists.delete(cliRoot))
    pluginLists.set(cliRoot, config)
  }
  return config
}

/**
 * The plugin list without oclif, when only the shipped (core) plugins can be installed: the user's data
 * directory (where `govtool plugins install|link` record theirs, found as oclif finds it) lists none. Then the
 * list is the root package and its dependencies matching `oclif.plugins`, exactly what oclif's Config would
 * hold, read from a few package.json files instead of loading oclif (some 100-200 ms of a command's start-up).
 * `undefined` (oclif decides) when the user has plugins, or anything about the installation is unexpected.
 */
export function corePluginList(cliRoot: string): Pick<Interfaces.Config, 'getPluginsList'> | undefined {
  try {
    const built = builtPluginList(cliRoot)
    const scanned = built ? undefined : scanCorePlugins(cliRoot)
    const list = built ?? scanned
    if (!list || (list.devPlugins && !isProd()) || userPluginsListed(userDataDir(list.oclif))) return undefined
    const plugins = list.plugins
    return {getPluginsList: () => plugins as unknown as ReturnType<Interfaces.Config['getPluginsList']>, ...(built ? {builtTypes: built.types} : {})} as CorePluginList
  } catch {
    return undefined
  }
}

/** A core plugin list; when it comes from the build, the project types validated there, by plugin name. */
type CorePluginList = Pick<Interfaces.Config, 'getPluginsList'> & {builtTypes?: Record<string, ProjectType[]>}

/**
 * What the build knows about the shipped plugins (scripts/bundle-fast.mjs writes it into the bundles through
 * esbuild's `define`, so a bundled command reads no package.json for it): the installation root it was built in,
 * the root package's oclif settings that decide whether the list applies, every core plugin (root relative to the
 * installation) with its package.json's `govtool` section, and the project types of the plugins declaring
 * `govtool.types`, validated against ProjectTypeSchema at build time (only when they are plain data).
 */
export interface CorePluginManifest {
  root: string
  devPlugins: boolean
  oclif: {bin: string; dirname?: string; binAliases?: string[]}
  plugins: {name: string; version: string; root: string; govtool?: Record<string, unknown>}[]
  types: Record<string, ProjectType[]>
}

declare const __GOVTOOL_CORE_PLUGINS__: CorePluginManifest | undefined

/**
 * The build's plugin list when it holds for `cliRoot` (the bundle runs from the installation it was built in);
 * undefined otherwise (the unbundled dist/, or a package built in one place and installed in another: then the
 * package.json files are read, as before).
 */
function builtPluginList(cliRoot: string): {devPlugins: boolean; oclif: CorePluginManifest['oclif']; plugins: PluginLike[]; types: Record<string, ProjectType[]>} | undefined {
  if (typeof __GOVTOOL_CORE_PLUGINS__ === 'undefined' || process.env.GOVTOOL_NO_BUILT_PLUGINS) return undefined
  const manifest = __GOVTOOL_CORE_PLUGINS__
  const root = realpathSync(cliRoot)
  if (root !== manifest.root) return undefined
  const plugins: PluginLike[] = manifest.plugins.map((p) => ({name: p.name, version: p.version, type: 'core', root: p.root === '' ? root : path.join(root, p.root), pjson: p.govtool === undefined ? {} : {govtool: p.govtool}}))
  return {devPlugins: manifest.devPlugins, oclif: manifest.oclif, plugins, types: manifest.types}
}

/**
 * The root package and its dependencies matching `oclif.plugins`, read from their package.json files (the
 * development path, and the build's source for CorePluginManifest). Undefined when the layout is one oclif must
 * decide (a dependency not found, nested plugins, no bin).
 */
export function scanCorePlugins(cliRoot: string): {devPlugins: boolean; oclif: CorePluginManifest['oclif']; plugins: PluginLike[]} | undefined {
  const pjsonFile = path.join(cliRoot, 'package.json')
  const pjson = JSON.parse(readFileSync(pjsonFile, 'utf8')) as PluginPjson
  const oclif = pjson.oclif ?? {}
  if (!pjson.name || !oclif.bin) return undefined
  const patterns = (oclif.plugins ?? []).map(globRegExp)
  const plugins: PluginLike[] = [{name: pjson.name, version: pjson.version ?? '', type: 'core', root: realpathSync(cliRoot), pjson}]
  for (const name of Object.keys(pjson.dependencies ?? {})) {
    if (!patterns.some((re) => re.test(name))) continue
    const file = packageJsonOf(cliRoot, name)
    if (!file) return undefined
    const dep = JSON.parse(readFileSync(file, 'utf8')) as PluginPjson
    if (dep.oclif?.plugins?.length) return undefined // nested plugins: oclif's job
    plugins.push({name: dep.name ?? name, version: dep.version ?? '', type: 'core', root: realpathSync(path.dirname(file)), pjson: dep})
  }
  return {devPlugins: Boolean(oclif.devPlugins), oclif: {bin: oclif.bin, dirname: oclif.dirname, binAliases: oclif.binAliases}, plugins}
}

/** The package.json of dependency `name` as Node finds the package (the nearest node_modules up from `root`), whatever its exports allow. */
function packageJsonOf(root: string, name: string): string | undefined {
  for (let dir = root; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json')
    if (existsSync(file)) return file
    if (path.dirname(dir) === dir) return undefined
  }
}

interface PluginPjson {
  name?: string
  version?: string
  dependencies?: Record<string, string>
  oclif?: {bin?: string; dirname?: string; binAliases?: string[]; plugins?: string[]; devPlugins?: string[]}
  govtool?: Record<string, unknown>
}

function isProd(): boolean {
  return !['development', 'test'].includes(process.env.NODE_ENV ?? '')
}

/** oclif's match of a plugin pattern against a dependency name (minimatch of a name: `*` within a segment). */
function globRegExp(pattern: string): RegExp {
  return new RegExp(`^${pattern.replaceAll(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*').replaceAll('?', '[^/]')}$`)
}

/** oclif's data directory: <BIN>_DATA_DIR (and its aliases), else XDG_DATA_HOME, LOCALAPPDATA on Windows, else ~/.local/share; then the dirname. */
function userDataDir(oclif: CorePluginManifest['oclif']): string {
  for (const bin of [oclif.bin, ...(oclif.binAliases ?? [])]) {
    const value = process.env[`${bin.replaceAll('@', '').replaceAll(/[/-]/g, '_')}_DATA_DIR`.toUpperCase()]
    if (value) return value
  }
  const home = process.env.HOME || os.homedir() || os.tmpdir()
  const base = process.env.XDG_DATA_HOME || (process.platform === 'win32' && process.env.LOCALAPPDATA) || path.join(home, '.local/share')
  return path.join(base, oclif.dirname || oclif.bin)
}

/** Whether the data directory's package.json lists a user-installed or linked plugin (unreadable: assume so). */
function userPluginsListed(dataDir: string): boolean {
  let text: string
  try {
    text = readFileSync(path.join(dataDir, 'package.json'), 'utf8')
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT'
  }
  try {
    const plugins = (JSON.parse(text) as PluginPjson).oclif?.plugins ?? []
    return !Array.isArray(plugins) || plugins.length > 0
  } catch {
    return true
  }
}

/**
 * The installed plugins that declare `"govtool": {"<key>": ...}` in their package.json, core before user
 * before linked (the order in which a contribution wins over a later one of the same name).
 */
export function pluginsDeclaring(config: Pick<Interfaces.Config, 'getPluginsList'>, key: string): PluginLike[] {
  const plugins = (config.getPluginsList() as unknown as PluginLike[]).filter((p) => p.pjson?.govtool?.[key] !== undefined)
  const order = (kind: string) => ['core', 'user', 'link', 'dev'].indexOf(kind)
  return plugins.sort((a, b) => order(a.type) - order(b.type))
}

/**
 * The module a plugin declares under `"govtool": {"<key>": "<module>"}`, imported; the module path must stay
 * inside the package.
 */
export async function importPluginModule(plugin: PluginLike, key: string): Promise<{default?: unknown}> {
  const declared = plugin.pjson.govtool?.[key]
  if (typeof declared !== 'string' || declared.trim() === '') {
    throw new Error(`package.json "govtool.${key}" must be a module path relative to the package root`)
  }
  const modulePath = path.resolve(plugin.root, declared)
  if (!modulePath.startsWith(path.resolve(plugin.root) + path.sep)) throw new Error(`"govtool.${key}" ${declared} points outside the package`)
  return (await import(pathToFileURL(modulePath).href)) as {default?: unknown}
}

/**
 * The project types of the govtool installation at `cliRoot` (built-in, installed and linked plugins), for
 * operations, which run without an oclif Config (fast runner, HTTP, MCP), read once per process and installation.
 */
export function installedProjectTypes(cliRoot: string): Promise<ProjectTypeRegistry> {
  let registry = installed.get(cliRoot)
  if (!registry) {
    timingMark('project types start')
    registry = installedPluginConfig(cliRoot).then(async (config) => {
      timingMark('project types plugin list')
      const types = await registryOf(config)
      timingMark('project types end')
      return types
    })
    registry.catch(() => installed.delete(cliRoot))
    installed.set(cliRoot, registry)
  }
  return registry
}

async function registryOf(config: CorePluginList): Promise<ProjectTypeRegistry> {
  const built = config.builtTypes
  const statuses = await Promise.all(pluginsDeclaring(config, 'types').map((p) => (built && Object.hasOwn(built, p.name) ? builtPluginTypes(p, built[p.name]) : loadPluginTypes(p))))
  const types = new Map<string, RegisteredProjectType>()
  for (const {status, loaded} of statuses) {
    for (const type of loaded) {
      if (types.has(type.name)) continue
      types.set(type.name, {...type, plugin: status.plugin})
    }
  }
  return {types, plugins: statuses.map((s) => s.status)}
}

/** A core plugin's project types as the build validated them (the same as loadPluginTypes would give). */
function builtPluginTypes(plugin: PluginLike, types: ProjectType[]): {status: PluginTypesStatus; loaded: ProjectType[]} {
  const loaded = structuredClone(types)
  return {status: {plugin: plugin.name, version: plugin.version, kind: plugin.type, root: plugin.root, types: loaded.map((t) => t.name), status: 'loaded'}, loaded}
}

async function loadPluginTypes(plugin: PluginLike): Promise<{status: PluginTypesStatus; loaded: ProjectType[]}> {
  const status: PluginTypesStatus = {plugin: plugin.name, version: plugin.version, kind: plugin.type, root: plugin.root, types: [], status: 'loaded'}
  try {
    const mod = await importPluginModule(plugin, 'types')
    const list = z.array(ProjectTypeSchema).safeParse(mod.default)
    if (!list.success) {
      const issue = list.error.issues[0]
      throw new Error(`default export is not an array of project types: ${issue.path.join('.') || '(root)'}: ${issue.message}`)
    }
    status.types = list.data.map((t) => t.name)
    return {status, loaded: list.data}
  } catch (error) {
    status.status = 'failed'
    status.error = error instanceof Error ? error.message : String(error)
    return {status, loaded: []}
  }
}

/** Looks a type up, with a clear error listing the known ones. */
export function requireProjectType(registry: ProjectTypeRegistry, name: string): RegisteredProjectType {
  const type = registry.types.get(name)
  if (type) return type
  const known = [...registry.types.keys()].sort().join(', ') || '(none installed)'
  throw new GovError(`Unknown project type '${name}'. Known types: ${known}.`, {
    code: 'E_UNKNOWN_TYPE',
    hint: 'Pick a known type, or install the plugin that provides it (govtool plugins install <package>).',
  })
}
