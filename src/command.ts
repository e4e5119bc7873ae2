import {Command, ux} from '@oclif/core'

import {GovConfig} from './config.js'
import {ProjectContext} from './context.js'
import {type GovErrorJson} from './errors.js'
import {renderError, toGovError} from './render-error.js'
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
