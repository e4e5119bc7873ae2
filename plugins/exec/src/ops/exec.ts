import {defineOperation, InputError} from 'govtool/core'
import {z} from 'zod/v3'

import {DEFAULT_GRACE_SECONDS, DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS} from '../lib/defaults.js'
import {ExecResultSchema} from './schemas.js'

export const execOp = defineOperation({
  id: 'exec',
  summary: 'Run a command with a deadline and PID tracking; exit with its exit code.',
  description: `Runs COMMAND directly, without a shell (give one yourself for pipes or globs: exec -- sh -c '...'). While it runs it is listed by "govtool ps" (.govtool/pids/<pid>.json) and its output is streamed live and logged to .govtool/logs/<pid>-<time>.stdout.log / .stderr.log.

At the deadline its whole process tree gets SIGTERM, then SIGKILL after the grace period, and exec exits 124. Otherwise exec exits with the command's exit code (128+n when a signal ended it). When the command exits, anything it left running in its process group is stopped too. Ctrl-C is passed on to the command.

Put "--" before the command when it has flags of its own that govtool could mistake for its own (--help, --json, --timeout...). With --json, the command's output goes to stderr and the result to stdout.

Over HTTP the command gets no stdin, its output goes only to the log files, and a client that goes away stops its process tree.`,
  examples: [
    '<%= config.bin %> exec npm test',
    '<%= config.bin %> exec --timeout 600 -- pytest -x --maxfail 1',
    "<%= config.bin %> exec --timeout 30 -- sh -c 'make build && make check'",
    '<%= config.bin %> exec --timeout 60 --json -- git status --short',
  ],
  project: true,
  effect: 'process',
  input: z.object({
    command: z.array(z.string()).default([]).describe('command to run, followed by its arguments'),
    timeout: z.number().int().min(1).max(MAX_TIMEOUT_SECONDS, `must be at most ${MAX_TIMEOUT_SECONDS} seconds (about 24.8 days), the longest deadline a timer can hold`).default(DEFAULT_TIMEOUT_SECONDS).describe('Seconds before the process tree is killed.'),
    grace: z.number().int().min(0).default(DEFAULT_GRACE_SECONDS).describe('Seconds between SIGTERM and SIGKILL when stopping the tree.'),
  }),
  cli: {
    passthrough: true,
    usage: 'exec [--timeout <seconds>] [--grace <seconds>] [--project-dir PATH] [--json] [--] COMMAND [ARGS...]',
    fields: {command: {rest: true}, timeout: {helpValue: 'SECONDS'}, grace: {helpValue: 'SECONDS'}},
  },
  result: ExecResultSchema,
  async run(ctx, input, io) {
    const [command, ...args] = input.command
    if (command === undefined || command === '') {
      throw new InputError('exec needs a command to run.', {
        code: 'E_NO_COMMAND',
        hint:
          ctx.transport === 'cli'
            ? "Example: govtool exec --timeout 60 -- npm test (use sh -c '...' for shell syntax)."
            : 'Send {"command": ["npm", "test"], "timeout": 60} (use ["sh", "-c", "..."] for shell syntax).',
      })
    }
    const {endWarning, runTracked} = await import('../lib/run.js')
    const cli = ctx.transport === 'cli'
    const result = await runTracked(ctx.project(), {
      command,
      args,
      timeoutSeconds: input.timeout,
      graceSeconds: input.grace,
      // stdout carries the JSON result in --json mode, so the command's output goes to stderr then;
      // without a terminal to show it on (HTTP), it goes to the log files only
      stdout: (io.json ? io.stderr : io.stdout) ?? null,
      stderr: io.stderr ?? null,
      forwardSignals: cli,
      stdin: cli ? 'inherit' : 'ignore',
      signal: io.signal,
    })
    const warning = endWarning(result)
    if (warning) io.warn(warning)
    return result
  },
  exitCode: (result) => result.exit_code,
})
