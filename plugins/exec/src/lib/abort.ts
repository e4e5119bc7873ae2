import {GovError, InputError, NotFoundError, type ProjectContext} from 'govtool/core'

import {DEFAULT_GRACE_SECONDS} from './defaults.js'
import {commandLine, listTracked, removePidRecord, unverifiedReason, type SkippedProcess, type TrackedProcess} from './pidfile.js'
import {isProcessAlive, stopGroup, stopRunTree} from './process.js'

export interface AbortedProcess {
  pid: number
  pgid: number
  command: string
  /** the signal that ended the tree (SIGKILL when SIGTERM was not enough), null when it was already gone */
  signal: string | null
}

/**
 * Kills tracked process trees: the one whose PID is `pid`, or every tracked one with `all`. Each group gets
 * SIGTERM, then SIGKILL after `graceSeconds`; its PID file is removed. An untracked PID is a NotFoundError
 * (govtool never signals a process it did not start). A PID file whose running process does not verify (start
 * time and process group, see unverifiedReason) is never signalled: `pid` naming one is refused
 * (E_PROCESS_UNVERIFIED), and `all` skips it and reports it in `skipped`. Each process is verified again right
 * before its group is signalled.
 */
export async function abortTracked(
  ctx: ProjectContext,
  target: {pid: number} | {all: true},
  options: {graceSeconds?: number} = {},
): Promise<{aborted: AbortedProcess[]; pruned: number[]; skipped: SkippedProcess[]}> {
  const graceMs = Math.max(0, (options.graceSeconds ?? DEFAULT_GRACE_SECONDS) * 1000)
  const {processes, pruned, skipped} = await listTracked(ctx)
  let targets: TrackedProcess[]
  if ('pid' in target) {
    const found = processes.find((p) => p.pid === target.pid)
    const unverified = skipped.find((p) => p.pid === target.pid)
    if (unverified) {
      throw new GovError(`Refusing to signal PID ${target.pid}: ${unverified.file} does not verify (${unverified.reason}).`, {
        code: 'E_PROCESS_UNVERIFIED',
        file: unverified.file,
        hint: `govtool only signals a process it can verify it started. If you know what PID ${target.pid} is, stop it yourself and remove ${unverified.file}.`,
      })
    }
    if (!found) {
      const list = processes.length > 0 ? ` Tracked PIDs: ${processes.map((p) => p.pid).join(', ')}.` : ' No process is tracked.'
      throw new NotFoundError(`No process with PID ${target.pid} is tracked in ${ctx.relative(ctx.state('pids'))}.${list}`, {
        hint: 'Run `govtool ps` to list the processes started with `govtool exec`; abort only stops those.',
      })
    }
    targets = [found]
  } else {
    targets = processes
  }
  const late: SkippedProcess[] = []
  const aborted = (
    await Promise.all(
      targets.map(async (p) => {
        // verified when listed; again now, unless the leader has just ended (what is left of its group is
        // still its tree: a group id is not reused while the group has members)
        const reason = isProcessAlive(p.pid) ? unverifiedReason(p) : undefined
        if (reason !== undefined) {
          late.push({pid: p.pid, file: p.file, reason})
          return undefined
        }
        const signal = await (p.env_tag ? stopRunTree(p.pgid, p.env_tag, graceMs) : stopGroup(p.pgid, graceMs))
        await removePidRecord(ctx, p.pid)
        return {pid: p.pid, pgid: p.pgid, command: commandLine(p), signal: signal ?? null}
      }),
    )
  ).filter((a) => a !== undefined)
  return {aborted, pruned, skipped: [...skipped, ...late].sort((a, b) => a.pid - b.pid)}
}

export interface AbortResult {
  aborted: AbortedProcess[]
  /** the tracked processes, listed when neither a pid nor all was given */
  processes: TrackedProcess[]
  pruned: number[]
  /** PID files of running processes that do not verify as started by govtool: not signalled */
  skipped: SkippedProcess[]
}

/**
 * `govtool abort`: kills the tracked tree of `pid`, or every tracked tree with `all`; with neither, kills
 * nothing and lists the tracked processes instead.
 */
export async function abortOrList(ctx: ProjectContext, options: {pid?: number; all?: boolean; graceSeconds?: number}): Promise<AbortResult> {
  if (options.pid !== undefined && options.all) {
    throw new InputError('Give either a PID or all, not both.', {code: 'E_USAGE', hint: 'Abort one tracked process tree by its PID, or every one with all.'})
  }
  if (options.pid === undefined && !options.all) {
    const {processes, pruned, skipped} = await listTracked(ctx)
    return {aborted: [], processes, pruned, skipped}
  }
  const target = options.all ? {all: true as const} : {pid: options.pid!}
  const {aborted, pruned, skipped} = await abortTracked(ctx, target, {graceSeconds: options.graceSeconds})
  return {aborted, processes: [], pruned, skipped}
}
