/**
 * The fast command-line runner: parses a command line against an operation's field specs with node:util's
 * parseArgs and runs it through `runOperationCli`, without loading oclif. It accepts only command lines it
 * parses exactly as the oclif adapter would (same flags, defaults and values); for anything else (help, a
 * `--no-` flag, a missing required value, an unknown flag, a repeated single flag, an enum value out of range)
 * it answers `undefined`, and bin/run.js hands the command line to oclif, which gives its usual error.
 */
import {parseArgs, type ParseArgsConfig} from 'node:util'

import {fieldSpecs, inputFromCli, splitPassthrough, type FieldSpec} from './operation-fields.js'
import type {AnyOperation} from './operation.js'
import {runOperationCli} from './operation-run.js'

type Options = NonNullable<ParseArgsConfig['options']>

/** Parsed values in the shape the oclif adapter hands to `inputFromCli`, or undefined when oclif must decide. */
export function parseOperationArgv(
  op: AnyOperation,
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): {flags: Record<string, unknown>; args: Record<string, unknown>; rest: string[]; json: boolean; projectDir?: string} | undefined {
  const specs = fieldSpecs(op)
  const split = op.cli?.passthrough ? splitPassthrough(op, argv) : {own: [...argv], rest: [] as string[]}
  const options: Options = {json: {type: 'boolean'}}
  for (const alias of op.cli?.jsonAliases ?? []) options[alias.replace(/^--/, '')] = {type: 'boolean'}
  if (op.project) options['project-dir'] = {type: 'string'}
  for (const spec of specs) {
    if (spec.arg) continue
    options[spec.name] = {type: spec.kind === 'boolean' ? 'boolean' : 'string', ...(spec.hint.char ? {short: spec.hint.char} : {}), ...(spec.multiple ? {multiple: true} : {})}
  }
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({args: split.own, options, strict: true, allowPositionals: true, tokens: true})
  } catch {
    return undefined
  }
  // a single-valued flag given twice is an error for oclif; let it say so
  const seen = new Map<string, number>()
  for (const token of parsed.tokens ?? []) if (token.kind === 'option') seen.set(token.name, (seen.get(token.name) ?? 0) + 1)
  for (const [name, count] of seen) if (count > 1 && !(options[name] as {multiple?: boolean}).multiple) return undefined
  if ((parsed.tokens ?? []).some((t) => t.kind === 'option-terminator') && !op.cli?.passthrough) return undefined

  const values = parsed.values as Record<string, unknown>
  const flags: Record<string, unknown> = {}
  const byName = new Map(specs.filter((s) => !s.arg).map((s) => [s.name, s]))
  for (const [name, spec] of byName) {
    let value = values[name]
    if (value === undefined && spec.hint.env && env[spec.hint.env] !== undefined) value = env[spec.hint.env]
    if (value === undefined) value = defaultOf(spec)
    if (value === undefined) {
      if (spec.required) return undefined
      continue
    }
    if (spec.kind === 'enum' && !spec.options?.includes(String(value))) return undefined
    flags[name] = value
  }
  for (const spec of byName.values()) {
    if (values[spec.name] === undefined) continue
    if (spec.hint.exclusive?.some((key) => values[key.replaceAll('_', '-')] !== undefined)) return undefined
  }
  const positionals = [...parsed.positionals]
  const args: Record<string, unknown> = {}
  const argSpecs = specs.filter((s) => s.arg && !s.rest)
  const restSpec = specs.find((s) => s.rest)
  for (const spec of argSpecs) {
    const value = positionals.shift() ?? (spec.default === undefined ? undefined : String(spec.default))
    if (value === undefined) {
      if (spec.required) return undefined
      continue
    }
    if (spec.kind === 'enum' && !spec.options?.includes(value)) return undefined
    args[spec.name] = value
  }
  let rest: string[] = []
  if (op.cli?.passthrough) rest = [...split.rest, ...positionals]
  else if (restSpec) rest = positionals
  else if (positionals.length > 0) return undefined
  if (restSpec?.required && rest.length === 0) return undefined
  const json = values.json === true || (op.cli?.jsonAliases ?? []).some((a) => values[a.replace(/^--/, '')] === true)
  return {flags, args, rest, json, projectDir: values['project-dir'] as string | undefined}
}

/** The default oclif would fill in for an absent flag (see flagFor in operation-command.ts). */
function defaultOf(spec: FieldSpec): unknown {
  if (spec.kind === 'boolean') return spec.default ?? false
  if (spec.default === undefined) return undefined
  if (spec.kind === 'strings') return spec.multiple ? spec.default : (spec.default as string[]).join(spec.hint.delimiter ?? ',')
  return String(spec.default)
}

/**
 * Runs an operation from a command line without oclif. Resolves with the exit code, or undefined when the
 * command line must go to oclif (see the module comment). `argv` is what follows the command's words.
 */
export async function runOperationArgv(op: AnyOperation, argv: readonly string[], options: {cliRoot?: string} = {}): Promise<number | undefined> {
  const parsed = parseOperationArgv(op, argv)
  if (!parsed) return undefined
  let raw: Record<string, unknown>
  try {
    raw = inputFromCli(op, parsed)
  } catch {
    return undefined
  }
  return runOperationCli(op, raw, {json: parsed.json, projectDir: parsed.projectDir, cliRoot: options.cliRoot})
}
