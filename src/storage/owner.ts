import {readFileSync} from 'node:fs'
import os from 'node:os'

/**
 * Who holds a lock or wrote a temp file: `<pid> <start time> <host>`, so that the next writer can tell a
 * holder killed with SIGKILL (which never released anything) from a live one, even when the pid was reused.
 */

/** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22), or undefined where there is no /proc. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1')
    // the command name (field 2) may hold spaces and parentheses: the fields after it follow the last ")"
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19]
  } catch {
    return undefined
  }
}

let mine: string | undefined

/** This process's owner tag. */
export function ownerTag(): string {
  mine ??= `${process.pid} ${processStartTime(process.pid) ?? '-'} ${os.hostname()}`
  return mine
}

/** Whether process `pid` is gone (kill 0 says no such process). */
export function pidGone(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/**
 * True only when the tag names a process of this host that is certainly gone: no such pid, or the pid now
 * belongs to a process started at another time. Anything unreadable or from another host counts as alive
 * (the stale-time rule then applies).
 */
export function ownerGone(tag: string): boolean {
  const m = /^(\d+) (\S+) (.+)$/.exec(tag.trim())
  if (!m || m[3] !== os.hostname()) return false
  const pid = Number(m[1])
  if (pid === process.pid) return false
  if (pidGone(pid)) return true
  if (m[2] === '-') return false
  const start = processStartTime(pid)
  return start !== undefined && start !== m[2]
}
