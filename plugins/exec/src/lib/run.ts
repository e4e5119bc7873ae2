import {randomBytes} from 'node:crypto'

import {ExitCode, GovError, redactDeep, redactSecrets, type ProjectContext} from 'govtool/core'
import {execa, type ResultPromise} from 'execa'

import {DEFAULT_GRACE_SECONDS, DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS} from './defaults.js'
import {ensureLogDir, openRunLogs, pruneRunLogs, type RunLog} from './logs.js'
import {commandLine, removePidRecord, writePidRecord, type PidRecord} from './pidfile.js'
import {groupMembers, processesWithVariable, processStartTicks, signalExitCode, signalGroup, stopRunTree} from './process.js'

export {DEFAULT_GRACE_SECONDS, DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS} from './defaults.js'

const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']

export interface RunOptions {
  command: string
  args?: readonly string[]
  /** seconds until the whole process tree is killed (default 120) */
  timeoutSeconds?: number
  /** seconds between SIGTERM and SIGKILL (default 5) */
  graceSeconds?: number
  /** working directory of the command (default: the project root) */
  cwd?: string
  /** extra environment variables (the current environment is inherited) */
  env?: NodeJS.ProcessEnv
  /** where the child's output is streamed live (default process.stdout / process.stderr; null: logs only) */
  stdout?: NodeJS.WritableStream | null
  stderr?: NodeJS.WritableStream | null
  /** forward SIGINT/SIGTERM/SIGHUP received by this process to the child's process group (default true) */
  forwardSignals?: boolean
  /**
   * the child's stdin: `inherit` (default) gives it this process's stdin (a terminal through a pipe);
   * `ignore` gives it none (a server must never hand its own stdin to a command run for a client)
   */
  stdin?: 'inherit' | 'ignore'
  /** stops the process tree when aborted (an HTTP client that went away), as the deadline would */
  signal?: AbortSignal
  /** called once the child runs and its PID file is written */
  onStart?: (record: PidRecord) => void
}

export interface ExecResult {
  pid: number
  pgid: number
  command: string
  args: string[]
  cwd: string
  start: string
  end: string
  duration_ms: number
  timeout_seconds: number
  /** the exit code govtool ends with: the child's, 128+n for a signal, 124 on timeout */
  exit_code: number
  /** the child's own exit code, null when a signal ended it */
  child_exit_code: number | null
  /** signal that ended the child, if any */
  signal: string | null
  timed_out: boolean
  /** signal received by govtool and forwarded to the child (Ctrl-C: SIGINT) */
  interrupted: string | null
  /** the signal govtool needed to stop the tree (deadline, or leftovers after the command exited) */
  stopped_with: string | null
  /** project-relative log files */
  log_stdout: string
  log_stderr: string
}

/**
 * Runs a command with PID tracking and a deadline, without a shell (pass one explicitly: `sh -c '...'`).
 *
 * - The child leads its own process group, so the whole tree it starts can be signalled at once.
 * - `.govtool/pids/<pid>.json` is written (atomically) while it runs and removed when it ends.
 * - stdout and stderr are streamed live and teed to `.govtool/logs/<pid>-<ts>.{stdout,stderr}.log`.
 * - At the deadline the group gets SIGTERM, then SIGKILL after the grace period; the result is 124.
 * - When the command exits, anything it left running in its group is stopped the same way, so no
 *   orphan outlives `exec`.
 * - Descendants that left the group (setsid, a double fork) are found by a variable of this run's own in
 *   their environment (Linux) and stopped with the group, at the deadline and when the command exits.
 * - SIGINT/SIGTERM/SIGHUP sent to govtool are forwarded to the group (a second one sends SIGKILL).
 */
export async function runTracked(ctx: ProjectContext, options: RunOptions): Promise<ExecResult> {
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS
  const graceMs = Math.max(0, (options.graceSeconds ?? DEFAULT_GRACE_SECONDS) * 1000)
  if (!(timeoutSeconds > 0)) throw new GovError('The timeout must be a positive number of seconds.', {code: 'E_INPUT'})
  if (timeoutSeconds > MAX_TIMEOUT_SECONDS) {
    throw new GovError(`The timeout must be at most ${MAX_TIMEOUT_SECONDS} seconds (about 24 days).`, {code: 'E_INPUT', hint: 'A timer cannot hold a longer deadline.'})
  }
  const args = [...(options.args ?? [])]
  const cwd = options.cwd ?? ctx.root
  const live = {
    stdout: options.stdout === undefined ? process.stdout : options.stdout,
    stderr: options.stderr === undefined ? process.stderr : options.stderr,
  }
  await ensureLogDir(ctx)
  await pruneRunLogs(ctx).catch(() => 0)

  const stdinIsTty = options.stdin !== 'ignore' && Boolean(process.stdin.isTTY)
  const started = new Date()
  // every descendant inherits this variable, including those that leave the process group (setsid)
  const tag = `GOVTOOL_EXEC_${randomBytes(8).toString('hex').toUpperCase()}`
  const child: ResultPromise = execa(options.command, args, {
    cwd,
    env: {...options.env, [tag]: '1'},
    detached: true,
    cleanup: false,
    reject: false,
    buffer: false,
    stripFinalNewline: false,
    // A process outside the terminal's foreground group that reads the terminal is stopped (SIGTTIN), so a
    // terminal stdin is forwarded through a pipe; anything else (pipe, file, /dev/null) is inherited.
    stdin: options.stdin === 'ignore' ? 'ignore' : stdinIsTty ? 'pipe' : 'inherit',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const pid = child.pid
  if (pid === undefined) throw spawnError(options.command, await child)

  const logs = openRunLogs(ctx, pid, started)
  // A closed reader of our own output (`govtool exec -- yes | head -1`) must not crash the supervisor: the
  // child's pipe is closed too, so it sees EPIPE/SIGPIPE as it would in a shell pipeline.
  const detach: (() => void)[] = []
  const tee = (source: NodeJS.ReadableStream | null, log: RunLog, out: NodeJS.WritableStream | null) => {
    if (!source) return
    let broken = false
    source.on('data', (chunk: Buffer) => {
      log.write(chunk)
      if (out && !broken) out.write(chunk)
    })
    if (out) {
      const onError = () => {
        broken = true
        ;(source as NodeJS.ReadableStream & {destroy(): void}).destroy()
      }
      out.on('error', onError)
      detach.push(() => out.off('error', onError))
    }
  }
  tee(child.stdout, logs.stdout, live.stdout)
  tee(child.stderr, logs.stderr, live.stderr)
  if (stdinIsTty && child.stdin) {
    child.stdin.on('error', () => {})
    process.stdin.pipe(child.stdin)
  }

  const pgid = pid
  const deadline = new Date(started.getTime() + timeoutSeconds * 1000)
  let timedOut = false
  let interrupted: NodeJS.Signals | null = null
  let stopping: Promise<NodeJS.Signals | undefined> | undefined
  // the group and whatever carries the tag outside it
  const stopTree = () => (stopping ??= stopRunTree(pgid, tag, graceMs))

  const timer = setTimeout(() => {
    timedOut = true
    void stopTree()
  }, timeoutSeconds * 1000)
  // When the command itself exits, whatever it left in its group (and still holding our pipes) goes too.
  child.once('exit', () => {
    if (groupMembers(pgid).length > 0 || processesWithVariable(tag).length > 0) void stopTree()
  })

  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) {
      signalGroup(pgid, 'SIGKILL')
      return
    }
    interrupted = signal
    signalGroup(pgid, signal)
  }
  const forward = options.forwardSignals ?? true
  if (forward) for (const s of FORWARDED_SIGNALS) process.on(s, onSignal)
  const onAbort = () => void stopTree()
  if (options.signal?.aborted) onAbort()
  else options.signal?.addEventListener('abort', onAbort, {once: true})

  // what is shown and stored of the command line (PID file, ps, the result, warnings) is redacted; the child
  // got it as it was
  const shownCommand = redactSecrets(options.command)
  const shownArgs = redactDeep(args)
  const record: PidRecord = {
    pid,
    pgid,
    command: shownCommand,
    args: shownArgs,
    cwd,
    start: started.toISOString(),
    deadline: deadline.toISOString(),
    timeout_seconds: timeoutSeconds,
    supervisor_pid: process.pid,
    start_ticks: processStartTicks(pid),
    env_tag: tag,
    log_stdout: ctx.relative(logs.stdoutFile),
    log_stderr: ctx.relative(logs.stderrFile),
  }
  try {
    try {
      await writePidRecord(ctx, record)
    } catch (error) {
      await stopTree()
      throw error
    }
    options.onStart?.(record)
    const result = await child
    if (stopping) await stopping
    const ended = new Date()
    const signal = result.signal ?? null
    const childExit = signal ? null : (result.exitCode ?? null)
    let exitCode: number
    if (timedOut) exitCode = ExitCode.timeout
    else if (signal) exitCode = signalExitCode(signal)
    else exitCode = childExit ?? 1
    return {
      pid,
      pgid,
      command: shownCommand,
      args: shownArgs,
      cwd,
      start: record.start,
      end: ended.toISOString(),
      duration_ms: ended.getTime() - started.getTime(),
      timeout_seconds: timeoutSeconds,
      exit_code: exitCode,
      child_exit_code: childExit,
      signal,
      timed_out: timedOut,
      interrupted,
      stopped_with: (stopping ? await stopping : undefined) ?? null,
      log_stdout: record.log_stdout!,
      log_stderr: record.log_stderr!,
    }
  } finally {
    clearTimeout(timer)
    for (const off of detach) off()
    if (forward) for (const s of FORWARDED_SIGNALS) process.off(s, onSignal)
    options.signal?.removeEventListener('abort', onAbort)
    if (stdinIsTty && child.stdin) {
      process.stdin.unpipe(child.stdin)
      process.stdin.pause()
    }
    await removePidRecord(ctx, pid)
    await logs.close()
  }
}

/**
 * The warning a run ends with when the command did not simply exit (deadline, interruption, a signal), for
 * stderr and the result's warnings; undefined when it exited on its own.
 */
export function endWarning(result: ExecResult): string | undefined {
  const what = commandLine(result)
  if (result.timed_out) {
    return `${what} timed out after ${result.timeout_seconds}s; stopped its process tree with ${result.stopped_with ?? 'SIGTERM'} (exit 124). Log: ${result.log_stdout}`
  }
  if (result.interrupted) return `${what} interrupted (${result.interrupted} passed on); exit ${result.exit_code}.`
  if (result.signal) return `${what} was ended by ${result.signal} (exit ${result.exit_code}).`
  return undefined
}

/** A command that could not be started: 127 when not found, 126 when not executable (shell conventions). */
function spawnError(command: string, result: {code?: string; originalMessage?: string; message?: string}): GovError {
  if (result.code === 'ENOENT') {
    return new GovError(`Command not found: ${command}`, {
      code: 'E_COMMAND_NOT_FOUND',
      hint: "Check the name and your PATH. exec runs no shell: for pipes, globs or built-ins use `govtool exec -- sh -c '...'`.",
    })
  }
  if (result.code === 'EACCES') {
    return new GovError(`Permission denied: ${command} is not executable.`, {code: 'E_NOT_EXECUTABLE', hint: `chmod +x ${command}, or run it through its interpreter.`})
  }
  return new GovError(`Could not start ${command}: ${result.originalMessage ?? result.message ?? 'unknown error'}`, {code: 'E_SPAWN'})
}
