import {statSync} from 'node:fs'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

import type {Document, Node, LineCounter as LineCounterType, ToStringOptions} from 'yaml'
import {z} from 'zod/v3'

import type {ProjectContext} from './context.js'
import {GovError} from './errors.js'
import {lazySchema} from './lazy-schema.js'
import {AEE_PHASES} from './phases.js'
import {readTextIfExists, writeFileAtomic} from './storage/atomic.js'

const require = createRequire(import.meta.url)
/** yaml is loaded on first use: commands that never read YAML do not pay for it at start-up. */
const yamlLib = () => require('yaml') as typeof import('yaml')

/** scaffold.yml (field names of the older tool, so its projects load unchanged). */
export const ScaffoldSchema = lazySchema(() => z
  .object({
    name: z.string().min(1, 'name must not be empty'),
    type: z.string().min(1).default('generic'),
    platforms: z.array(z.string()).default([]),
    language: z.string().optional(),
    spec_version: z.string().default('0.1.0'),
    description: z.string().default(''),
    vcs_platform: z.enum(['github', 'gitlab', 'azure-devops', 'bitbucket', 'none']).default('github'),
    branching_strategy: z.enum(['gitflow', 'trunk-based', 'github-flow']).default('github-flow'),
    default_branch: z.string().min(1).default('main'),
    develop_branch: z.string().min(1).default('develop'),
    integrations: z.array(z.string()).default([]),
    license: z.string().default('MIT'),
    aee_phase: z.enum(AEE_PHASES).default('inception'),
    enable_epistemic: z.boolean().default(false),
    epistemic_threshold: z.number().min(0).max(1).default(0.7),
    requirements_file: z.string().default('docs/REQUIREMENTS.md'),
    test_spec_file: z.string().default('docs/TESTS.md'),
  })
  .passthrough())

export type Scaffold = z.infer<typeof ScaffoldSchema>

let schemaStamp: string | undefined
/**
 * The identity of the code that defines ScaffoldSchema: this module's file (device, inode, size, mtime and ctime in
 * ns; in a bundle, the bundle's file), so any rebuild or edit of it is another stamp. A validation remembered under
 * one stamp (scaffold.yml's memo, @govtool/plugin-governance) is used only under the same one; '' (the file cannot
 * be asked) remembers nothing.
 */
export function scaffoldSchemaStamp(): string {
  if (schemaStamp === undefined) {
    try {
      const st = statSync(fileURLToPath(import.meta.url), {bigint: true})
      schemaStamp = `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`
    } catch {
      schemaStamp = ''
    }
  }
  return schemaStamp
}

/** ~/.govtool/config.yml */
export const UserConfigSchema = lazySchema(() => z
  .object({
    governance_port: z.number().int().min(1).max(65_535).default(7700),
    api_port: z.number().int().min(1).max(65_535).default(8421),
  })
  .passthrough())

export type UserConfig = z.infer<typeof UserConfigSchema>

/** A parsed YAML file that can say on which line any of its values stands. */
export class YamlFile {
  private parsed?: {doc: Document.Parsed; lines: LineCounterType}

  constructor(
    readonly file: string,
    doc: Document.Parsed | undefined,
    lines: LineCounterType | undefined,
    /** a remembered parse (YamlFile.remembered): the text and the JSON of its data, the document parsed only when asked for */
    private readonly memo?: {text: string; json: string},
  ) {
    if (doc && lines) this.parsed = {doc, lines}
  }

  /**
   * A YamlFile of `text` whose data is `json` (what `rememberable` gave for a parse of exactly this text): `data`
   * is read from the JSON, and the yaml library is loaded and the text parsed only if `doc` or `lineOf` is asked
   * for. The caller vouches that `json` belongs to `text` (it keeps the text beside it and compares it).
   */
  static remembered(file: string, text: string, json: string): YamlFile {
    return new YamlFile(file, undefined, undefined, {text, json})
  }

  /** The parsed document (parsed now when this file was remembered). */
  get doc(): Document.Parsed {
    return this.document().doc
  }

  private document(): {doc: Document.Parsed; lines: LineCounterType} {
    this.parsed ??= parseDocumentOf(this.memo!.text, this.file)
    return this.parsed
  }

  get data(): unknown {
    if (!this.parsed && this.memo) return JSON.parse(this.memo.json) ?? {}
    return this.document().doc.toJS() ?? {}
  }

  /** 1-based line of the value at `path` (or of its nearest existing parent). */
  lineOf(path: readonly PropertyKey[]): number | undefined {
    const {doc, lines} = this.document()
    for (let depth = path.length; depth >= 0; depth--) {
      const node = doc.getIn(path.slice(0, depth) as (string | number)[], true) as Node | undefined
      const offset = node?.range?.[0]
      if (offset !== undefined) return lines.linePos(offset).line
    }
    return undefined
  }

  /**
   * The JSON text of this file's data when JSON gives it back exactly (plain objects and arrays, strings, finite
   * numbers other than -0, booleans, null, no `__proto__` key), else undefined: what a memo of the parse may keep.
   */
  rememberable(): string | undefined {
    const data = this.parsed ? this.parsed.doc.toJS() : this.data
    return jsonFaithful(data) ? JSON.stringify(data) : undefined
  }
}

function jsonFaithful(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  if (Array.isArray(value)) return value.every((v) => jsonFaithful(v))
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false
  return Object.entries(value as Record<string, unknown>).every(([k, v]) => k !== '__proto__' && jsonFaithful(v)) && !Object.hasOwn(value as object, '__proto__')
}

/**
 * Parses YAML text; a syntax error names the file and line. The same text of the same file parses once per
 * process (a checkpoint reads scaffold.yml from six places): the result is shared, so readers must not change
 * `doc` (they read `data`, a fresh copy each time); an edit parses its own copy (updateYamlFile).
 */
export function parseYaml(text: string, file: string): YamlFile {
  const key = `${file}\0${text}`
  const cached = parsedYaml.get(key)
  if (cached) return cached
  const parsed = parseYamlFresh(text, file)
  if (parsedYaml.size >= 32) parsedYaml.delete(parsedYaml.keys().next().value as string)
  parsedYaml.set(key, parsed)
  return parsed
}

const parsedYaml = new Map<string, YamlFile>()

function parseYamlFresh(text: string, file: string): YamlFile {
  const {doc, lines} = parseDocumentOf(text, file)
  return new YamlFile(file, doc, lines)
}

function parseDocumentOf(text: string, file: string): {doc: Document.Parsed; lines: LineCounterType} {
  const {LineCounter, parseDocument} = yamlLib()
  const lines = new LineCounter()
  const doc = parseDocument(text, {lineCounter: lines, prettyErrors: true})
  if (doc.errors.length > 0) {
    const first = doc.errors[0]
    const line = first.linePos?.[0]?.line
    throw new GovError(`${file}${line ? `:${line}` : ''}: invalid YAML: ${first.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`, {
      code: 'E_BAD_YAML',
      file,
      line,
      hint: 'Fix the YAML syntax at that line (indentation, a missing colon or an unclosed quote are the usual causes).',
    })
  }
  return {doc, lines}
}

/**
 * Validates `data` with `schema`; the first problem becomes a GovError naming file, field and line.
 */
export function validateWith<S extends z.ZodType>(schema: S, data: unknown, source: {file: string; yaml?: YamlFile; prefix?: (string | number)[]}): z.infer<S> {
  const result = schema.safeParse(data)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const fieldPath = [...(source.prefix ?? []), ...issue.path] as (string | number)[]
  const field = fieldPath.length > 0 ? fieldPath.join('.') : '(top level)'
  const line = source.yaml?.lineOf(fieldPath)
  const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more problem(s))` : ''
  throw new GovError(`${source.file}${line ? `:${line}` : ''}: field '${field}': ${issue.message}${more}`, {
    code: 'E_CONFIG',
    file: source.file,
    line,
    hint: `Correct '${field}' in ${source.file}.`,
  })
}

/** Reads and validates a YAML file; `undefined` when the file does not exist. */
export async function loadYamlFile<S extends z.ZodType>(file: string, schema: S): Promise<{value: z.infer<S>; yaml: YamlFile} | undefined> {
  const text = await readTextIfExists(file)
  if (text === undefined) return undefined
  const yaml = parseYaml(text, file)
  return {value: validateWith(schema, yaml.data ?? {}, {file, yaml}), yaml}
}

/**
 * Edits a YAML file in place, keeping its comments and layout, and writes it atomically.
 * `edit` receives the parsed document; use `doc.setIn([...], value)`. `format` is handed to the document's
 * toString (e.g. `{lineWidth: 0}` so that lines the file already has are never folded).
 */
export async function updateYamlFile(file: string, edit: (doc: Document.Parsed) => void, format?: ToStringOptions): Promise<void> {
  const text = (await readTextIfExists(file)) ?? ''
  const yaml = parseYamlFresh(text, file)
  edit(yaml.doc)
  await writeFileAtomic(file, yaml.doc.toString(format))
}

/**
 * The layered configuration of a project: user `~/.govtool/config.yml`, project `docs/GOVTOOL.yml`
 * (which wins over the user file, section by section) and `scaffold.yml`. Plugins validate their own
 * sections with `section(key, schema)`.
 */
export class GovConfig {
  private readonly parsed = new Map<string, YamlFile | undefined>()

  private constructor(
    private readonly texts: {user?: string; project?: string; scaffold?: string},
    private readonly files: {user: string; project: string; scaffold: string},
  ) {}

  /**
   * Reads the three files. Each is parsed on first use, so a malformed scaffold.yml only fails the callers
   * that need scaffold.yml, not every section lookup.
   */
  static async load(ctx: ProjectContext): Promise<GovConfig> {
    const files = {user: ctx.user('config.yml'), project: ctx.file('config'), scaffold: ctx.file('scaffold')}
    const [user, project, scaffold] = await Promise.all([readTextIfExists(files.user), readTextIfExists(files.project), readTextIfExists(files.scaffold)])
    return new GovConfig({user, project, scaffold}, files)
  }

  private layer(which: 'user' | 'project' | 'scaffold'): YamlFile | undefined {
    if (!this.parsed.has(which)) {
      const text = this.texts[which]
      this.parsed.set(which, text === undefined ? undefined : parseYaml(text, this.files[which]))
    }
    return this.parsed.get(which)
  }

  /** ~/.govtool/config.yml, parsed (undefined when absent). */
  get user(): YamlFile | undefined {
    return this.layer('user')
  }

  /** docs/GOVTOOL.yml, parsed (undefined when absent). */
  get project(): YamlFile | undefined {
    return this.layer('project')
  }

  /** scaffold.yml, parsed (undefined when absent). */
  get scaffoldFile(): YamlFile | undefined {
    return this.layer('scaffold')
  }

  /** The user config with defaults applied. */
  userConfig(): UserConfig {
    return validateWith(UserConfigSchema, this.user?.data ?? {}, {file: this.files.user, yaml: this.user})
  }

  /** scaffold.yml validated, or `undefined` when the project has none. */
  scaffold(): Scaffold | undefined {
    const file = this.scaffoldFile
    if (!file) return undefined
    return validateWith(ScaffoldSchema, file.data, {file: file.file, yaml: file})
  }

  /** Whether scaffold.yml sets `key` itself (rather than the value coming from a schema default). */
  scaffoldHas(key: string): boolean {
    const data = this.scaffoldFile?.data as Record<string, unknown> | undefined
    return Boolean(data && typeof data === 'object' && key in data)
  }

  /**
   * A top-level section (e.g. `agent`, `preflight`, `verify`, `credits`) from docs/GOVTOOL.yml, else from the
   * user config, validated by `schema` (defaults apply when neither file has it).
   */
  section<S extends z.ZodType>(key: string, schema: S): z.infer<S> {
    for (const layer of [this.project, this.user]) {
      const data = layer?.data as Record<string, unknown> | undefined
      if (data && typeof data === 'object' && key in data) {
        return validateWith(schema, data[key], {file: layer!.file, yaml: layer, prefix: [key]})
      }
    }
    return validateWith(schema, {}, {file: this.files.project})
  }
}
