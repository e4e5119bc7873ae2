import {execFileSync} from 'node:child_process'
import {readdirSync, readFileSync} from 'node:fs'
import os from 'node:os'

/**
 * Process liveness and process-group signalling.
 *
 * `process.kill(pid, 0)` alone is not enough: a killed process whose parent is gone stays a zombie until
 * init reaps it, and in containers whose PID 1 is not an init that is forever. On Linux a zombie counts
 * as dead here (its state in /proc/<pid>/stat is Z or X).
 */

const IS_LINUX = process.platform === 'linux'

/** Fields of /proc/<pid>/stat after the command name: state, ppid, pgrp, and the start time in clock ticks. */
interface ProcStat {
  state: string
  ppid: number
  pgrp: number
  startTicks: string
}

function readProcStat(pid: number): ProcStat | undefined {
  if (!IS_LINUX) return readPs(pid)
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // The command name (field 2) is in parentheses and may itself contain spaces or parentheses.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ')
  return {state: rest[0], ppid: Number(rest[1]), pgrp: Number(rest[2]), startTicks: rest[19]}
}

/** Off Linux: the same fields from `ps` (the start time is its lstart text); undefined where ps has nothing. */
function readPs(pid: number): ProcStat | undefined {
  if (process.platform === 'win32' || !Number.isInteger(pid) || pid <= 0) return undefined
  try {
    const out = execFileSync('ps', ['-o', 'stat=,ppid=,pgid=,lstart=', '-p', String(pid)], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000}).trim()
    const m = /^(\S+)\s+(\d+)\s+(\d+)\s+(.+)$/.exec(out)
    return m ? {state: m[1][0], ppid: Number(m[2]), pgrp: Number(m[3]), startTicks: m[4].replaceAll(/\s+/g, ' ')} : undefined
  } catch {
    return undefined
  }
}

/** The live (non-zombie) process `pid`: its process group and start time; undefined when it is not running. */
export function liveProcess(pid: number): {pgrp: number; startTicks: string} | undefined {
  const stat = readProcStat(pid)
  return stat === undefined || isZombie(stat) ? undefined : {pgrp: stat.pgrp, startTicks: stat.startTicks}
}

function isZombie(stat: ProcStat | undefined): boolean {
  return stat !== undefined && (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x')
}

/**
 * When the process started (clock ticks since boot on Linux, ps's lstart elsewhere). Recorded in the PID
 * file so that a PID the kernel has since given to an unrelated process is never mistaken for the tracked one.
 */
export function processStartTicks(pid: number): string | undefined {
  return readProcStat(pid)?.startTicks
}

/** True when `pid` is a running (non-zombie) process; `startTicks`, when given, must match too. */
export function isProcessAlive(pid: number, startTicks?: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it exists but belongs to another user
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  if (!IS_LINUX && startTicks === undefined) return true
  const stat = readProcStat(pid)
  if (stat === undefined) return false
  if (isZombie(stat)) return false
  return startTicks === undefined || stat.startTicks === startTicks
}

/** Running (non-zombie) members of process group `pgid`. Off Linux: `[pgid]` while the group exists. */
export function groupMembers(pgid: number): number[] {
  // No process at all (zombies included) in the group: nothing to scan.
  try {
    process.kill(-pgid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return []
  }
  if (!IS_LINUX) return [pgid]
  const members: number[] = []
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return members
  }
  for (const entry of entries) {
    const c = entry.charCodeAt(0)
    if (c < 48 || c > 57) continue
    const pid = Number(entry)
    const stat = readProcStat(pid)
    if (stat && stat.pgrp === pgid && !isZombie(stat)) members.push(pid)
  }
  return members
}

/**
 * Running (non-zombie) processes whose environment holds `variable=1` (Linux; elsewhere none). `exec` puts a
 * variable of its own into the command's environment; every descendant inherits it, including those that left
 * the process group (setsid, a double fork), so they are found and stopped too. Processes of other users, and
 * descendants that cleared their environment, are not seen.
 */
export function processesWithVariable(variable: string): number[] {
  if (!IS_LINUX) return []
  const needle = Buffer.from(`\0${variable}=1\0`)
  const found: number[] = []
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return found
  }
  for (const entry of entries) {
    const c = entry.charCodeAt(0)
    if (c < 48 || c > 57) continue
    const pid = Number(entry)
    if (pid === process.pid) continue
    let environ: Buffer
    try {
      environ = readFileSync(`/proc/${pid}/environ`)
    } catch {
      continue
    }
    if (environ.length === 0 || Buffer.concat([Buffer.from([0]), environ]).indexOf(needle) === -1) continue
    const stat = readProcStat(pid)
    if (stat && !isZombie(stat)) found.push(pid)
  }
  return found
}

/**
 * Stops a run's whole tree: process group `pgid` and every process carrying `variable` outside it (see
 * processesWithVariable), together: SIGTERM, then SIGKILL to whatever still runs after `graceMs`. Resolves
 * with the last signal that was needed, or `undefined` when nothing was running.
 */
export async function stopRunTree(pgid: number, variable: string, graceMs: number): Promise<NodeJS.Signals | undefined> {
  const tagged = () => processesWithVariable(variable)
  const alive = () => isGroupAlive(pgid) || tagged().length > 0
  const signalAll = (signal: NodeJS.Signals) => {
    signalGroup(pgid, signal)
    for (const pid of tagged()) {
      try {
        process.kill(pid, signal)
      } catch {
        // gone meanwhile
      }
    }
  }
  const waitGone = async (ms: number) => {
    const deadline = Date.now() + ms
    let delay = 10
    while (alive()) {
      if (Date.now() >= deadline) return false
      await sleep(Math.min(delay, Math.max(1, deadline - Date.now())))
      delay = Math.min(delay * 2, 100)
    }
    return true
  }
  if (!alive()) return undefined
  signalAll('SIGTERM')
  if (await waitGone(graceMs)) return 'SIGTERM'
  signalAll('SIGKILL')
  await waitGone(2000)
  return 'SIGKILL'
}

export function isGroupAlive(pgid: number): boolean {
  return groupMembers(pgid).length > 0
}

/** Sends `signal` to every process of group `pgid`; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  if (!Number.isInteger(pgid) || pgid <= 1 || pgid === process.pid) return false
  try {
    process.kill(-pgid, signal)
    return true
  } catch {
    return false
  }
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms)
  })

/** Waits until group `pgid` has no running member or `timeoutMs` passes; true when it emptied. */
export async function waitGroupGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  let delay = 10
  while (isGroupAlive(pgid)) {
    if (Date.now() >= deadline) return false
    await sleep(Math.min(delay, Math.max(1, deadline - Date.now())))
    delay = Math.min(delay * 2, 100)
  }
  return true
}

/**
 * Stops a whole process group: SIGTERM, then SIGKILL to whatever is still running after `graceMs`.
 * Resolves with the last signal that was needed, or `undefined` when the group was already gone.
 */
export async function stopGroup(pgid: number, graceMs: number): Promise<NodeJS.Signals | undefined> {
  if (!isGroupAlive(pgid)) return undefined
  signalGroup(pgid, 'SIGTERM')
  if (await waitGroupGone(pgid, graceMs)) return 'SIGTERM'
  signalGroup(pgid, 'SIGKILL')
  await waitGroupGone(pgid, 2000)
  return 'SIGKILL'
}

/** The shell convention for a death by signal: 128 + the signal number (SIGTERM -> 143). */
export function signalExitCode(signal: string): number {
  const n = (os.constants.signals as Record<string, number | undefined>)[signal]
  return 128 + (n ?? 0)
}
