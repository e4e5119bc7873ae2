import {InputError, NotFoundError, type ProjectContext} from 'govtool/core'

import {DEFAULT_GRACE_SECONDS} from './defaults.js'
import {commandLine, listTracked, removePidRecord, type TrackedProcess} from './pidfile.js'
import {stopGroup} from './process.js'

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
 * (govtool never signals a process it did not start).
 */
export async function abortTracked(
  ctx: ProjectContext,
  target: {pid: number} | {all: true},
  options: {graceSeconds?: number} = {},
): Promise<{aborted: AbortedProcess[]; pruned: number[]}> {
  const graceMs = Math.max(0, (options.graceSeconds ?? DEFAULT_GRACE_SECONDS) * 1000)
  const {processes, pruned} = await listTracked(ctx)
  let targets: TrackedProcess[]
  if ('pid' in target) {
    const found = processes.find((p) => p.pid === target.pid)
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
  const aborted = await Promise.all(
    targets.map(async (p) => {
      const signal = await stopGroup(p.pgid, graceMs)
      await removePidRecord(ctx, p.pid)
      return {pid: p.pid, pgid: p.pgid, command: commandLine(p), signal: signal ?? null}
    }),
  )
  return {aborted, pruned}
}

export interface AbortResult {
  aborted: AbortedProcess[]
  /** the tracked processes, listed when neither a pid nor all was given */
  processes: TrackedProcess[]
  pruned: number[]
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
    const {processes, pruned} = await listTracked(ctx)
    return {aborted: [], processes, pruned}
  }
  const target = options.all ? {all: true as const} : {pid: options.pid!}
  const {aborted, pruned} = await abortTracked(ctx, target, {graceSeconds: options.graceSeconds})
  return {aborted, processes: [], pruned}
}
