/**
 * The operation layer: each thing govtool does is declared once, here in `govtool/core` (no oclif), and every
 * transport is an adapter generated from the declaration:
 *
 * - the oclif command (`commandFor` in operation-command.ts): flags and arguments derived from the input
 *   schema plus per-field CLI hints, `--json` output = the result;
 * - the no-oclif fast runner of bin/run.js (`runOperationArgv` in operation-argv.ts), from the same field specs;
 * - an HTTP route (`mountOperations` in `govtool/http`): POST JSON body = input, response = result;
 * - a tool description for model tool calling and MCP (`toolDescription` in operation-schema.ts).
 *
 * An operation never prints: it returns its result, reports warnings and progress through `io`, and lets the
 * transport render. Errors are GovErrors whose code (error-codes.ts) gives the exit code and HTTP status.
 */
import type {z} from 'zod/v3'

import {ProjectContext} from './context.js'

/** Progress of long work: shown as a bar or spinner on a TTY, SSE `progress` frames over HTTP. */
export interface ProgressEvent {
  message: string
  done?: number
  total?: number
  unit?: string
}

/** What an operation gets besides its input: cancellation, progress and warnings, and how it is called. */
export interface OperationIO {
  /** aborted when the user presses Ctrl-C or the HTTP client goes away */
  readonly signal: AbortSignal
  progress(event: ProgressEvent): void
  /** a warning: stderr on the CLI and the `warnings` array of the JSON result on every transport */
  warn(message: string): void
  /** for bulk output meant for a person while the operation runs (exec's child output); absent over HTTP */
  readonly stdout?: NodeJS.WritableStream
  readonly stderr?: NodeJS.WritableStream
  /** true when the caller reads the result as JSON (CLI --json, HTTP, MCP) */
  readonly json: boolean
  /** true when a person can answer a prompt (a CLI run on a terminal without --json) */
  readonly interactive: boolean
}

export type Transport = 'cli' | 'http' | 'mcp'

export interface OperationContext {
  /** the project: `--project-dir` (default cwd) on the CLI, the server's own project over HTTP and MCP */
  project(options?: {mustExist?: boolean}): ProjectContext
  /** the raw `--project-dir` value on the CLI (undefined elsewhere), for operations that create the project */
  readonly projectDir?: string
  readonly transport: Transport
  /**
   * A path the caller named (`--output`, `--dir`, a source file): on the CLI relative to the working
   * directory, as users expect; over HTTP and MCP relative to the project and confined to it (a server must
   * never read or write where its caller points outside the project).
   */
  resolvePath(file: string): string
  /** root of the govtool installation (package.json, templates), for operations that need the CLI's config */
  readonly cliRoot: string
}

/** How one input field appears on the command line. Everything else comes from its zod schema. */
export interface FieldCliHint {
  /** a positional argument (arguments keep the order of the input schema's keys) */
  arg?: boolean
  /**
   * the rest of the command line: a last, variadic argument (the command takes any number of words). A
   * string field gets the words joined with spaces, an array field the list.
   */
  rest?: boolean
  /** the flag's name when it is not the key with `_` turned into `-` */
  flag?: string
  char?: string
  helpValue?: string
  /** the help line (default: the schema's `.describe()` text) */
  summary?: string
  hidden?: boolean
  /** a boolean flag that also takes `--no-<name>` */
  allowNo?: boolean
  /** keys of fields that cannot be given together with this one */
  exclusive?: string[]
  /** an array field given as one delimited value (`--reqs REQ-1,REQ-2`) */
  delimiter?: ','
  /** an environment variable that supplies the value when the flag is absent */
  env?: string
  /**
   * on the command line the flag names a file and the field gets the file's text (`--diff change.diff`);
   * over HTTP and MCP the field is the text itself
   */
  file?: boolean
  /** not on the command line at all (a field only JSON callers can give, such as an object) */
  exclude?: boolean
}

export interface OperationCli {
  fields?: Record<string, FieldCliHint>
  /** usage line for help when the generated one would mislead */
  usage?: string
  /** other flag spellings that mean `--json` (kept from older versions) */
  jsonAliases?: string[]
  /**
   * The `rest` field takes the command line from the first word that is not one of govtool's flags (or from
   * after `--`), flags included: exec runs a command whose flags must never be read as govtool's.
   */
  passthrough?: boolean
  /**
   * With `--json` the operation streams JSON lines on stdout while it runs (`dispatch run`'s events); the
   * result (or the error) is then printed as the last line, compact, so stdout stays JSONL throughout.
   */
  jsonLines?: boolean
}

/** Declared once per thing govtool does; see the module comment. */
export interface Operation<I extends z.ZodTypeAny = z.ZodTypeAny, R extends z.ZodTypeAny = z.ZodTypeAny> {
  /** dotted id: `preflight`, `esdb.status`, `credits.limits.set` */
  readonly id: string
  /** the CLI command, words separated by spaces (default: the id with dots as spaces) */
  readonly command?: string
  readonly aliases?: string[]
  readonly summary: string
  /** paragraphs separated by blank lines; never hard-wrapped (help wraps to the terminal) */
  readonly description?: string
  readonly examples?: string[]
  /** the input: a zod object whose keys are snake_case (flags are the kebab-case spelling) */
  readonly input: I
  /** the result (the JSON output), a zod schema frozen in test/operation-results.schema.json */
  readonly result: R
  /** whether the operation works on a project (adds `--project-dir` on the CLI) */
  readonly project?: boolean
  /**
   * what it does to the machine, for tool annotations: reads only, writes state, runs processes, or runs a
   * server until stopped (never mounted as an HTTP route or offered as a tool)
   */
  readonly effect?: 'read' | 'write' | 'process' | 'serve'
  readonly cli?: OperationCli
  /**
   * the exit code of a successful run (preflight's 2/3, audit's 1); default 0. `input` is the validated
   * input, for a code a flag asks for (`diff --exit-code`).
   */
  exitCode?(result: z.infer<R>, input: z.infer<I>): number
  /** the human output (stdout), when there is any */
  render?(result: z.infer<R>, view: RenderView): string | undefined
  run(ctx: OperationContext, input: z.infer<I>, io: OperationIO): Promise<z.infer<R>>
}

export interface RenderView {
  /** terminal width in columns (80 when unknown) */
  columns: number
  /** true when stdout is a terminal (colour, bars) */
  tty: boolean
  /** the input the operation ran with (renderers that echo a choice) */
  input: Record<string, unknown>
}

export type AnyOperation = Operation<z.ZodTypeAny, z.ZodTypeAny>

/** Declares an operation (an identity function that fixes the types). */
export function defineOperation<I extends z.ZodTypeAny, R extends z.ZodTypeAny>(op: Operation<I, R>): Operation<I, R> {
  return op
}

/** The CLI command words of an operation: `esdb status`. */
export function commandWords(op: AnyOperation): string {
  return op.command ?? op.id.replaceAll('.', ' ')
}

/** The oclif command id of an operation: `esdb:status`. */
export function commandId(op: AnyOperation): string {
  return commandWords(op).replaceAll(' ', ':')
}

/** The name of an operation for tool calling and MCP (`[a-zA-Z0-9_-]` only): `esdb_status`. */
export function toolName(op: AnyOperation): string {
  return op.id.replaceAll('.', '_')
}

/** The result plus the warnings reported while it ran: what every transport sends as JSON. */
export function withWarnings(result: unknown, warnings: readonly string[]): unknown {
  if (warnings.length === 0 || result === null || typeof result !== 'object' || Array.isArray(result)) return result
  const own = (result as {warnings?: unknown}).warnings
  const merged = Array.isArray(own) ? [...new Set([...(own as string[]), ...warnings])] : [...warnings]
  return {...result, warnings: merged}
}

/** An io for library callers (the dispatcher, tests): no prompts, warnings collected. */
export function quietIO(options: {signal?: AbortSignal; json?: boolean} = {}): OperationIO & {warnings: string[]} {
  const warnings: string[] = []
  return {
    signal: options.signal ?? new AbortController().signal,
    progress() {},
    warn: (message) => void warnings.push(message),
    json: options.json ?? true,
    interactive: false,
    warnings,
  }
}
