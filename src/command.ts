import {Command, ux} from '@oclif/core'

import {GovConfig} from './config.js'
import {ProjectContext} from './context.js'
import {ExitCode, GovError, isGovError, type GovErrorJson} from './errors.js'
import {color, renderTable, type Column} from './ui.js'

/**
 * The base class of every govtool command.
 *
 * - `--json` is on for every command (oclif `enableJsonFlag`): the object `run()` returns *is* the JSON
 *   output, so human and machine output never drift apart.
 * - `project(flags)` resolves `--project-dir`; `govConfig(ctx)` loads the layered config.
 * - `setExitCode(n)` ends a successful run with a non-zero code (preflight's 2/3, audit's 1) while still
 *   printing the result.
 * - One error renderer: a GovError prints its message and hint on stderr (or `{"error": {...}}` on stdout with
 *   `--json`) and exits with its code; anything else is an unexpected error, still without a stack trace
 *   unless `DEBUG` is set.
 */
export abstract class GovCommand<T = unknown> extends Command {
  static override enableJsonFlag = true

  /** Resolves `--project-dir` (default cwd) into a ProjectContext. */
  protected project(flags: {'project-dir'?: string}, options: {mustExist?: boolean} = {}): ProjectContext {
    return ProjectContext.resolve(flags['project-dir'], options)
  }

  protected async govConfig(ctx: ProjectContext): Promise<GovConfig> {
    return GovConfig.load(ctx)
  }

  /** Sets the exit code the process ends with after printing the result. */
  protected setExitCode(code: number): void {
    process.exitCode = code
  }

  /** Prints a table to stdout (human mode only). */
  protected table<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): void {
    if (!this.jsonEnabled()) this.log(renderTable(rows, columns))
  }

  /** A warning on stderr, in both human and JSON mode (stdout stays parseable). */
  protected warnUser(message: string): void {
    process.stderr.write(`${color.yellow('warning:')} ${message}\n`)
  }

  /** Starts a spinner for work that may take over a second (only on a TTY and never with --json). */
  protected spin(message: string): {stop: (status?: string) => void} {
    if (this.jsonEnabled() || !process.stderr.isTTY) return {stop() {}}
    ux.action.start(message)
    return {stop: (status?: string) => ux.action.stop(status)}
  }

  abstract override run(): Promise<T>

  protected override async catch(error: Error & {exitCode?: number; oclif?: {exit?: number}}): Promise<unknown> {
    if ((error as {code?: string}).code === 'EEXIT') throw error
    const gov = toGovError(error, this.id ?? '')
    if (process.env.DEBUG && error.stack) process.stderr.write(`${error.stack}\n`)
    try {
      ux.action.stop(color.red('failed'))
    } catch {
      // no spinner running
    }
    if (this.jsonEnabled()) {
      this.logJson({error: gov.toJSON()} satisfies {error: GovErrorJson})
    } else {
      process.stderr.write(renderError(gov))
    }
    this.exit(gov.exit)
    return undefined
  }
}

/** The human form of an error: `Error: message` and an indented hint. */
export function renderError(error: GovError): string {
  let out = `${color.red('Error:')} ${error.message}\n`
  if (error.hint) out += `${color.dim('Hint:')} ${error.hint}\n`
  return out
}

/** Normalises anything thrown into a GovError with an exit code and a hint. */
export function toGovError(error: unknown, commandId = ''): GovError {
  if (isGovError(error)) return error
  const err = error instanceof Error ? error : new Error(String(error))
  const help = commandId ? `govtool ${commandId.replaceAll(':', ' ')} --help` : 'govtool --help'
  // oclif's flag/argument parser errors
  if ('parse' in err || /^(Missing|Unexpected|Nonexistent|Expected|The following error occurred|Parsing --)/.test(err.message)) {
    // oclif's messages are a heading ("Missing 1 required arg:", "The following errors occurred:") followed by
    // the specifics and a "See more help" line; keep the specifics, drop the help line (the hint says it).
    const lines = err.message
      .split('\n')
      .map((l) => l.trim().replace(/^Error: /, ''))
      .filter((l) => l && !/^See more help with/.test(l))
    const message = lines.length > 1 ? `${lines[0].replace(/:$/, '')}: ${lines.slice(1).join('; ')}` : (lines[0] ?? err.message)
    return new GovError(message, {
      code: 'E_USAGE',
      exit: ExitCode.usage,
      hint: `See ${help} for the flags and arguments it takes.`,
    })
  }
  if (err.name === 'ZodError') {
    return new GovError(`Invalid input: ${err.message}`, {code: 'E_INPUT', exit: ExitCode.usage, hint: `See ${help}.`})
  }
  const code = (err as NodeJS.ErrnoException).code
  if (code === 'EACCES' || code === 'EPERM') {
    return new GovError(err.message, {code: 'E_PERMISSION', hint: 'Check the file permissions of the path named above.'})
  }
  if (code === 'ENOSPC') return new GovError(err.message, {code: 'E_DISK_FULL', hint: 'Free some disk space and run the command again.'})
  return new GovError(`Unexpected error: ${err.message}`, {
    code: 'E_UNEXPECTED',
    hint: 'Run again with DEBUG=1 for the stack trace, and report it if it persists.',
  })
}
