/**
 * What the adapters need to know about an operation's input fields, read once from its zod schema plus the
 * CLI hints: the flag or argument each field becomes, its kind, default, bounds and help text. The oclif
 * adapter, the fast runner and the help all use these specs, so a field can never mean one thing on one
 * transport and another elsewhere.
 */
import type {z} from 'zod/v3'

import {InputError} from './errors.js'
import type {AnyOperation, FieldCliHint, Transport} from './operation.js'

export type FieldKind = 'boolean' | 'string' | 'number' | 'integer' | 'enum' | 'strings'

export interface FieldSpec {
  /** the input key (snake_case) */
  key: string
  /** the flag name (without dashes) or the argument name */
  name: string
  kind: FieldKind
  /** enum values */
  options?: string[]
  required: boolean
  default?: unknown
  summary?: string
  min?: number
  max?: number
  /** a list given by repeating the flag (`--tag a --tag b`) */
  multiple: boolean
  arg: boolean
  rest: boolean
  hint: FieldCliHint
}

interface ZodDefLike {
  typeName?: string
  innerType?: z.ZodTypeAny
  schema?: z.ZodTypeAny
  type?: z.ZodTypeAny
  values?: readonly string[] | Record<string, string>
  value?: unknown
  checks?: Array<{kind: string; value?: number; inclusive?: boolean}>
  defaultValue?: () => unknown
  shape?: () => Record<string, z.ZodTypeAny>
}

const def = (schema: z.ZodTypeAny): ZodDefLike => (schema as unknown as {_def: ZodDefLike})._def

/** Strips optional/default/nullable/effects wrappers: the base type, whether it may be absent, its default. */
function unwrap(schema: z.ZodTypeAny): {base: z.ZodTypeAny; optional: boolean; defaultValue?: unknown; description?: string} {
  let current = schema
  let optional = false
  let defaultValue: unknown
  let description = schema.description
  for (;;) {
    const d = def(current)
    description ??= current.description
    if (d.typeName === 'ZodOptional' || d.typeName === 'ZodNullable') {
      optional = true
      current = d.innerType!
    } else if (d.typeName === 'ZodDefault') {
      optional = true
      defaultValue = d.defaultValue?.()
      current = d.innerType!
    } else if (d.typeName === 'ZodEffects') {
      current = d.schema!
    } else if (d.typeName === 'ZodBranded' || d.typeName === 'ZodReadonly' || d.typeName === 'ZodCatch') {
      current = (d.type ?? d.innerType)!
    } else {
      break
    }
  }
  return {base: current, optional, defaultValue, description: description ?? current.description}
}

function kindOf(base: z.ZodTypeAny, key: string, opId: string): {kind: FieldKind; options?: string[]; min?: number; max?: number} {
  const d = def(base)
  switch (d.typeName) {
    case 'ZodBoolean':
      return {kind: 'boolean'}
    case 'ZodString':
      return {kind: 'string'}
    case 'ZodNumber': {
      const checks = d.checks ?? []
      const min = checks.find((c) => c.kind === 'min')
      const max = checks.find((c) => c.kind === 'max')
      return {
        kind: checks.some((c) => c.kind === 'int') ? 'integer' : 'number',
        min: min ? (min.inclusive === false ? (min.value ?? 0) + Number.EPSILON : min.value) : undefined,
        max: max ? (max.inclusive === false ? (max.value ?? 0) - Number.EPSILON : max.value) : undefined,
      }
    }
    case 'ZodEnum':
      return {kind: 'enum', options: [...(d.values as readonly string[])]}
    case 'ZodNativeEnum':
      return {kind: 'enum', options: Object.values(d.values as Record<string, string>).filter((v) => typeof v === 'string')}
    case 'ZodLiteral':
      return {kind: 'enum', options: [String(d.value)]}
    case 'ZodArray': {
      const inner = unwrap(d.type!).base
      if (def(inner).typeName === 'ZodString' || def(inner).typeName === 'ZodEnum') return {kind: 'strings'}
      break
    }
  }
  throw new Error(`operation ${opId}: input field '${key}' has a type (${d.typeName}) the command line cannot carry`)
}

const cache = new WeakMap<AnyOperation, FieldSpec[]>()

/** The field specs of an operation, in the order of its input schema's keys (cached). */
export function fieldSpecs(op: AnyOperation): FieldSpec[] {
  let specs = cache.get(op)
  if (specs) return specs
  const shape = def(unwrap(op.input).base).shape?.()
  if (!shape) throw new Error(`operation ${op.id}: its input must be a zod object`)
  specs = Object.entries(shape).filter(([key]) => !op.cli?.fields?.[key]?.exclude).map(([key, schema]) => {
    const hint = op.cli?.fields?.[key] ?? {}
    const {base, optional, defaultValue, description} = unwrap(schema)
    const kind = kindOf(base, key, op.id)
    return {
      key,
      name: hint.flag ?? (hint.arg || hint.rest ? key : key.replaceAll('_', '-')),
      ...kind,
      required: !optional,
      default: defaultValue,
      summary: hint.summary ?? description,
      multiple: kind.kind === 'strings' && !hint.delimiter && !hint.rest,
      arg: Boolean(hint.arg || hint.rest),
      rest: Boolean(hint.rest),
      hint,
    }
  })
  cache.set(op, specs)
  return specs
}

/** How a field is named to the user of a transport: `--tokens-in`, `<utterance>`, `tokens_in`. */
export function fieldLabel(spec: FieldSpec, transport: Transport): string {
  if (transport !== 'cli') return spec.key
  return spec.arg ? spec.name.toUpperCase() : `--${spec.name}`
}

/**
 * Turns command-line values (strings and booleans, as oclif or the fast parser produced them) into the raw
 * input object: numbers parsed, delimited lists split, rest words joined. Validation is left to the schema.
 */
export function inputFromCli(op: AnyOperation, values: {flags: Record<string, unknown>; args: Record<string, unknown>; rest: readonly string[]}): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const spec of fieldSpecs(op)) {
    let value: unknown
    if (spec.rest) value = spec.kind === 'strings' ? [...values.rest] : values.rest.length > 0 ? values.rest.join(' ') : undefined
    else value = spec.arg ? values.args[spec.name] : values.flags[spec.name]
    if (value === undefined) continue
    input[spec.key] = cliValue(spec, value)
  }
  return input
}

function cliValue(spec: FieldSpec, value: unknown): unknown {
  if (spec.kind === 'number' || spec.kind === 'integer') {
    if (typeof value === 'number') return value
    const text = String(value).trim()
    const number = text === '' ? Number.NaN : Number(text)
    if (!Number.isFinite(number)) {
      throw new InputError(`${fieldLabel(spec, 'cli')} takes a ${spec.kind === 'integer' ? 'whole number' : 'number'}; got '${String(value)}'.`, {code: 'E_USAGE'})
    }
    return number
  }
  if (spec.kind === 'strings' && spec.hint.delimiter && typeof value === 'string') {
    return value.split(spec.hint.delimiter).map((s) => s.trim()).filter(Boolean)
  }
  return value
}

/**
 * Reads the files that `file` fields name on the command line (relative to the working directory) into
 * the fields, so the operation sees the text a JSON caller would send. A missing file is an error naming the
 * flag.
 */
export async function readFileFields(op: AnyOperation, raw: Record<string, unknown>): Promise<Record<string, unknown>> {
  const specs = fieldSpecs(op).filter((s) => s.hint.file && typeof raw[s.key] === 'string')
  if (specs.length === 0) return raw
  const {readFile} = await import('node:fs/promises')
  const path = await import('node:path')
  const out = {...raw}
  for (const spec of specs) {
    const file = raw[spec.key] as string
    try {
      out[spec.key] = await readFile(path.resolve(file), 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      throw new InputError(code === 'ENOENT' ? `${fieldLabel(spec, 'cli')} ${file}: no such file.` : `${fieldLabel(spec, 'cli')} ${file}: ${(error as Error).message}`, {
        code: code === 'ENOENT' ? 'E_NO_INPUT_FILE' : 'E_INPUT',
        file: path.resolve(file),
        hint: `Check the path given to ${fieldLabel(spec, 'cli')} (relative paths are resolved from ${process.cwd()}).`,
      })
    }
  }
  return out
}

/**
 * Validates raw input against the operation's schema. A failure is an InputError naming each bad field the
 * way the caller spelled it (`--timeout` on the CLI, `timeout` over HTTP).
 */
export function parseInput<I>(op: AnyOperation, raw: unknown, transport: Transport): I {
  const parsed = op.input.safeParse(raw ?? {})
  if (parsed.success) return parsed.data as I
  const specs = new Map(fieldSpecs(op).map((s) => [s.key, s]))
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '')
    const spec = specs.get(key)
    const label = spec ? fieldLabel(spec, transport) : key || 'input'
    const where = issue.path.length > 1 ? `${label}[${issue.path.slice(1).join('.')}]` : label
    if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`
    if (issue.code === 'invalid_type' && issue.received === 'undefined') return `${where} is required`
    return `${where}: ${issue.message}`
  })
  const hint =
    transport === 'cli'
      ? `See govtool ${(op.command ?? op.id.replaceAll('.', ' '))} --help for what each flag takes.`
      : `The ${transport === 'mcp' ? 'arguments are' : 'body is'} a JSON object with the fields: ${[...specs.keys()].join(', ') || '(none)'}.`
  throw new InputError(`Invalid input: ${problems.join('; ')}.`, {code: 'E_INPUT', hint})
}

/**
 * For `passthrough` operations: splits the command line into govtool's own words and the rest. With `--`,
 * everything after it is the rest; without it, govtool's flags are read up to the first word that is not one
 * of them, and that word and everything after it are the rest. An unknown flag before that word stays
 * govtool's, so a typo like `--timout` is an error rather than a command.
 */
export function splitPassthrough(op: AnyOperation, argv: readonly string[]): {own: string[]; rest: string[]} {
  const valueFlags = new Set<string>()
  const booleanFlags = new Set<string>(['--json', ...(op.cli?.jsonAliases ?? [])])
  if (op.project) valueFlags.add('--project-dir')
  for (const spec of fieldSpecs(op)) {
    if (spec.arg) continue
    const names = [`--${spec.name}`, ...(spec.hint.char ? [`-${spec.hint.char}`] : [])]
    for (const name of names) (spec.kind === 'boolean' ? booleanFlags : valueFlags).add(name)
  }
  const own: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]
    if (word === '--') return {own, rest: argv.slice(i + 1)}
    const name = word.split('=', 1)[0]
    if (valueFlags.has(name)) {
      own.push(word)
      if (!word.includes('=') && i + 1 < argv.length) own.push(argv[++i])
      continue
    }
    if (booleanFlags.has(word) || (word.startsWith('-') && word !== '-')) {
      own.push(word)
      continue
    }
    return {own, rest: argv.slice(i)}
  }
  return {own, rest: []}
}
