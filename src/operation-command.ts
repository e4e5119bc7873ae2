/**
 * The oclif adapter: a command class generated from an operation declaration. Flags and arguments come from
 * the input schema and the CLI hints (operation-fields.ts); running it goes through `runOperationCli`, the
 * same function the fast runner of bin/run.js calls, so both print the same bytes and exit the same way.
 *
 * Plugins hand oclif their commands with the `explicit` discovery strategy: `src/commands.ts` exports
 * `COMMANDS = commandsFor(operations)` and package.json points `oclif.commands` at it. Classes are made on
 * first access, so running one command builds one class.
 */
import {Args, Flags, type Command, type Interfaces} from '@oclif/core'

import {GovCommand} from './command.js'
import {projectFlags} from './flags.js'
import {fieldSpecs, inputFromCli, splitPassthrough, type FieldSpec} from './operation-fields.js'
import {commandId, type AnyOperation} from './operation.js'
import {runOperationCli} from './operation-run.js'

type AnyFlag = Interfaces.Flag<unknown>

function flagFor(spec: FieldSpec): AnyFlag {
  const common = {
    summary: spec.summary,
    char: spec.hint.char as Interfaces.AlphabetLowercase | undefined,
    hidden: spec.hint.hidden,
    env: spec.hint.env,
    exclusive: spec.hint.exclusive?.map((key) => key.replaceAll('_', '-')),
    helpValue: spec.hint.helpValue,
    required: spec.required && spec.default === undefined ? true : undefined,
  }
  switch (spec.kind) {
    case 'boolean': {
      const {helpValue: _unused, ...rest} = common
      return Flags.boolean({...rest, allowNo: spec.hint.allowNo, default: (spec.default as boolean | undefined) ?? false}) as AnyFlag
    }
    case 'enum':
      return Flags.string({...common, options: spec.options, default: spec.default as string | undefined}) as AnyFlag
    case 'strings':
      if (spec.multiple) return Flags.string({...common, multiple: true, default: spec.default as string[] | undefined}) as AnyFlag
      return Flags.string({...common, default: spec.default === undefined ? undefined : (spec.default as string[]).join(spec.hint.delimiter ?? ',')}) as AnyFlag
    default:
      return Flags.string({...common, default: spec.default === undefined ? undefined : String(spec.default)}) as AnyFlag
  }
}

function argFor(spec: FieldSpec): Interfaces.Arg<unknown> {
  return Args.string({
    description: spec.summary,
    required: spec.required && spec.default === undefined && !spec.rest ? true : spec.rest && spec.required ? true : undefined,
    options: spec.kind === 'enum' ? spec.options : undefined,
    default: spec.default === undefined || spec.kind === 'strings' ? undefined : String(spec.default),
  }) as Interfaces.Arg<unknown>
}

/** The oclif command class of an operation. */
export function commandFor(op: AnyOperation): Command.Class {
  const specs = fieldSpecs(op)
  const flags: Record<string, AnyFlag> = op.project ? {...(projectFlags as Record<string, AnyFlag>)} : {}
  const args: Record<string, Interfaces.Arg<unknown>> = {}
  for (const spec of specs) {
    if (spec.arg) args[spec.name] = argFor(spec)
    else flags[spec.name] = flagFor(spec)
  }
  for (const alias of op.cli?.jsonAliases ?? []) {
    flags[alias.replace(/^--/, '')] = Flags.boolean({summary: 'Same as --json (kept for scripts written for older versions).', default: false}) as AnyFlag
  }
  const hasRest = specs.some((s) => s.rest)
  const positional = specs.filter((s) => s.arg && !s.rest).length

  class OperationCommand extends GovCommand<void> {
    static override summary = op.summary
    static override description = op.description
    static override examples = op.examples ?? []
    static override usage = op.cli?.usage
    static override aliases = op.aliases ?? []
    static override flags = flags
    static override args = args
    static override strict = !hasRest
    /** the operation this command runs (kept in the oclif manifest) */
    static operationId = op.id

    override jsonEnabled(): boolean {
      const own = op.cli?.passthrough ? splitPassthrough(op, this.argv).own : this.argv
      const ownUntilDashes = own.includes('--') ? own.slice(0, own.indexOf('--')) : own
      return ownUntilDashes.includes('--json') || (op.cli?.jsonAliases ?? []).some((a) => ownUntilDashes.includes(a))
    }

    async run(): Promise<void> {
      const split = op.cli?.passthrough ? splitPassthrough(op, this.argv) : undefined
      const parsed = await this.parse(OperationCommand, split ? split.own : this.argv)
      const rest = split ? split.rest : hasRest ? (parsed.argv as string[]).slice(positional) : []
      const raw = inputFromCli(op, {flags: parsed.flags as Record<string, unknown>, args: parsed.args as Record<string, unknown>, rest})
      process.exitCode = await runOperationCli(op, raw, {
        json: this.jsonEnabled(),
        projectDir: (parsed.flags as {'project-dir'?: string})['project-dir'],
        cliRoot: this.config.root,
      })
    }
  }
  Object.defineProperty(OperationCommand, 'name', {value: `Operation(${op.id})`})
  return OperationCommand as unknown as Command.Class
}

/** `COMMANDS` for oclif's explicit discovery: one lazily built class per operation, keyed by command id. */
export function commandsFor(operations: readonly AnyOperation[]): Record<string, Command.Class> {
  const commands: Record<string, Command.Class> = {}
  for (const op of operations) {
    let built: Command.Class | undefined
    Object.defineProperty(commands, commandId(op), {enumerable: true, get: () => (built ??= commandFor(op))})
  }
  return commands
}
