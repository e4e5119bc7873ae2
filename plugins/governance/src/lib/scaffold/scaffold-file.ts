import {
  GovError,
  ProjectContext,
  SAFE_ID,
  ScaffoldSchema,
  parseYaml,
  readTextIfExists,
  requireProjectType,
  validateWith,
  type ProjectType,
  type ProjectTypeRegistry,
  type Scaffold,
  type YamlFile,
} from 'govtool/core'

/** Parses and validates scaffold.yml text; every problem names the file, the field and its line. */
export function parseScaffold(text: string, file: string): {scaffold: Scaffold; yaml: YamlFile} {
  const yaml = parseYaml(text, file)
  const data = yaml.data
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new GovError(`${file}: expected a mapping of fields (name, type, ...), found ${Array.isArray(data) ? 'a list' : typeof data}.`, {
      code: 'E_CONFIG',
      file,
      hint: 'A scaffold.yml is a YAML mapping; see `govtool init --help` for the fields.',
    })
  }
  const scaffold = validateWith(ScaffoldSchema, data, {file, yaml})
  if (!SAFE_ID.test(scaffold.name) || scaffold.name.includes('..')) {
    const line = yaml.lineOf(['name'])
    throw new GovError(`${file}${line ? `:${line}` : ''}: field 'name': ${JSON.stringify(scaffold.name)} cannot be used as a directory name.`, {
      code: 'E_CONFIG',
      file,
      line,
      hint: "Use letters, digits, '-', '_' or '.', starting with a letter or digit (no spaces or slashes).",
    })
  }
  return {scaffold, yaml}
}

/** Reads a scaffold.yml given on the command line (`init --config`). */
export async function loadScaffoldConfig(file: string): Promise<{scaffold: Scaffold; text: string}> {
  const text = await readTextIfExists(file)
  if (text === undefined) {
    throw new GovError(`Config file ${file} does not exist.`, {code: 'E_NO_INPUT_FILE', file, hint: 'Pass --config with the path of a scaffold.yml.'})
  }
  return {scaffold: parseScaffold(text, file).scaffold, text}
}

/** The project's scaffold.yml, or `undefined` when it has none. */
export async function readProjectScaffold(ctx: ProjectContext): Promise<{scaffold: Scaffold; text: string; file: string} | undefined> {
  const file = ctx.file('scaffold')
  const text = await readTextIfExists(file)
  if (text === undefined) return undefined
  return {scaffold: parseScaffold(text, file).scaffold, text, file}
}

/** The project's scaffold.yml; a clear error when there is none. */
export async function requireProjectScaffold(ctx: ProjectContext): Promise<Scaffold> {
  const found = await readProjectScaffold(ctx)
  if (found) return found.scaffold
  throw new GovError(`No scaffold.yml in ${ctx.root}.`, {
    code: 'E_NO_SCAFFOLD',
    file: ctx.file('scaffold'),
    hint: 'Create the project with `govtool init`, or adopt an existing one with `govtool import`.',
  })
}

/** A scaffold with the schema's defaults for the fields not given. */
export function scaffoldWithDefaults(fields: Partial<Scaffold> & {name: string}): Scaffold {
  return ScaffoldSchema.parse(fields)
}

/**
 * The project type named by a scaffold. `lenient` gives a bare type (no toolset, no templates of its own)
 * when the registry does not know the name, for callers that only write governance stubs.
 */
export function resolveProjectType(registry: ProjectTypeRegistry, name: string, options: {lenient?: boolean} = {}): ProjectType {
  if (options.lenient && !registry.types.has(name)) {
    return registry.types.get('generic') ?? {name, description: `project type ${name} (not installed)`}
  }
  return requireProjectType(registry, name)
}
