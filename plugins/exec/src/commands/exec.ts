import {Args, Flags} from '@oclif/core'
import {GovCommand, InputError, projectFlags} from 'govtool'

import {splitExecArgv} from '../lib/argv.js'
import {commandLine} from '../lib/pidfile.js'
import {DEFAULT_GRACE_SECONDS, DEFAULT_TIMEOUT_SECONDS, runTracked, type ExecResult} from '../lib/run.js'

export default class Exec extends GovCommand<ExecResult> {
  static override summary = 'Run a command with a deadline and PID tracking; exit with its exit code.'
  static override description = `Runs COMMAND directly, without a shell (give one yourself for pipes or globs: exec -- sh -c '...'). While it runs it is listed by "govtool ps" (.govtool/pids/<pid>.json) and its output is streamed live and logged to .govtool/logs/<pid>-<time>.stdout.log / .stderr.log.

At the deadline its whole process tree gets SIGTERM, then SIGKILL after the grace period, and exec exits 124. Otherwise exec exits with the command's exit code (128+n when a signal ended it). When the command exits, anything it left running in its process group is stopped too. Ctrl-C is passed on to the command.

Put "--" before the command when it has flags of its own that govtool could mistake for its own (--help, --json, --timeout...). With --json, the command's output goes to stderr and the result to stdout.`

  static override examples = [
    '<%= config.bin %> exec npm test',
    '<%= config.bin %> exec --timeout 600 -- pytest -x --maxfail 1',
    "<%= config.bin %> exec --timeout 30 -- sh -c 'make build && make check'",
  ]

  static override usage = 'exec [--timeout <seconds>] [--grace <seconds>] [--project-dir PATH] [--json] [--] COMMAND [ARGS...]'
  static override strict = false
  static override args = {
    command: Args.string({description: 'command to run, followed by its arguments'}),
  }

  static override flags = {
    ...projectFlags,
    timeout: Flags.integer({
      summary: `Seconds before the process tree is killed.`,
      default: DEFAULT_TIMEOUT_SECONDS,
      min: 1,
      helpValue: 'SECONDS',
    }),
    grace: Flags.integer({
      summary: `Seconds between SIGTERM and SIGKILL when stopping the tree.`,
      default: DEFAULT_GRACE_SECONDS,
      min: 0,
      helpValue: 'SECONDS',
    }),
  }

  /** `--json` counts only among govtool's own flags, never among the command's. */
  override jsonEnabled(): boolean {
    return splitExecArgv(this.argv).own.includes('--json')
  }

  async run(): Promise<ExecResult> {
    const {own, child} = splitExecArgv(this.argv)
    const {flags} = await this.parse(Exec, own)
    if (child.length === 0 || child[0] === '') {
      throw new InputError('exec needs a command to run.', {
        code: 'E_NO_COMMAND',
        hint: "Example: govtool exec --timeout 60 -- npm test (use sh -c '...' for shell syntax).",
      })
    }
    const ctx = this.project(flags)
    const json = this.jsonEnabled()
    const result = await runTracked(ctx, {
      command: child[0],
      args: child.slice(1),
      timeoutSeconds: flags.timeout,
      graceSeconds: flags.grace,
      // stdout carries the JSON result in --json mode, so the command's output goes to stderr then
      stdout: json ? process.stderr : process.stdout,
      stderr: process.stderr,
    })
    const what = commandLine(result)
    if (result.timed_out) {
      this.warnUser(`${what} timed out after ${result.timeout_seconds}s; stopped its process tree with ${result.stopped_with ?? 'SIGTERM'} (exit 124). Log: ${result.log_stdout}`)
    } else if (result.interrupted) {
      this.warnUser(`${what} interrupted (${result.interrupted} passed on); exit ${result.exit_code}.`)
    } else if (result.signal) {
      this.warnUser(`${what} was ended by ${result.signal} (exit ${result.exit_code}).`)
    }
    this.setExitCode(result.exit_code)
    return result
  }
}
