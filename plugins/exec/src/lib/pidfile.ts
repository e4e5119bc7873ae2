import {readdir} from 'node:fs/promises'

import {readTextIfExists, removePath, writeJsonAtomic, type ProjectContext, redactDeep} from 'govtool/core'
import {z} from 'zod/v3'

import {isProcessAlive, liveProcess} from './process.js'

/** `.govtool/pids/<pid>.json`: one file per process started by `govtool exec`, removed when it ends. */
export const PidRecordSchema = z
  .object({
    pid: z.number().int().positive(),
    pgid: z.number().int().positive(),
    command: z.string(),
    args: z.array(z.string()).default([]),
    cwd: z.string(),
    /** ISO time the process started */
    start: z.string(),
    /** ISO time after which it is killed; absent when no deadline */
    deadline: z.string().optional(),
    timeout_seconds: z.number().optional(),
    /** PID of the govtool process supervising it */
    supervisor_pid: z.number().int().optional(),
    /** process start time in clock ticks (Linux), to tell a reused PID from the tracked process */
    start_ticks: z.string().optional(),
    log_stdout: z.string().optional(),
    log_stderr: z.string().optional(),
    /** the variable (`<name>=1`) in the environment of every descendant, to find those that left the group */
    env_tag: z.string().regex(/^GOVTOOL_EXEC_[0-9A-F]{16}$/).optional(),
  })
  .passthrough()

export type PidRecord = z.infer<typeof PidRecordSchema>

/** A tracked process as `ps` and `abort` report it. */
export interface TrackedProcess extends PidRecord {
  /** seconds until the deadline (negative when overdue); null without a deadline */
  remaining_seconds: number | null
  file: string
}

export function pidDir(ctx: ProjectContext): string {
  return ctx.state('pids')
}

export function pidFile(ctx: ProjectContext, pid: number): string {
  return ctx.state('pids', `${pid}.json`)
}

export async function writePidRecord(ctx: ProjectContext, record: PidRecord): Promise<string> {
  const file = pidFile(ctx, record.pid)
  // a command line can carry a key (`curl -H "Authorization: Bearer ..."`): the file and `ps` show it redacted
  await writeJsonAtomic(file, redactDeep(record))
  return file
}

export async function removePidRecord(ctx: ProjectContext, pid: number): Promise<void> {
  await removePath(pidFile(ctx, pid))
}

/** A PID file whose running process cannot be verified as the one govtool started: never signalled. */
export interface SkippedProcess {
  pid: number
  /** project-relative PID file */
  file: string
  reason: string
}

export interface TrackedList {
  processes: TrackedProcess[]
  /** PIDs whose files were removed because the process is gone (or the file was unreadable) */
  pruned: number[]
  /** PID files of running processes that do not verify (a planted or foreign file): listed, never signalled */
  skipped: SkippedProcess[]
}

/**
 * Why the running process of `record` cannot be trusted to be the one govtool started, or undefined when it
 * verifies: its start time must be recorded and match the live process's, and the live process must lead
 * the process group the file names (govtool starts every command as the leader of its own group), so a
 * planted or stale file never gets an unrelated process group signalled.
 */
export function unverifiedReason(record: Pick<PidRecord, 'pid' | 'pgid' | 'start_ticks'>): string | undefined {
  if (record.start_ticks === undefined) return 'the PID file records no process start time, so the process cannot be told from an unrelated one'
  const live = liveProcess(record.pid)
  if (live === undefined) return 'the process is not running'
  if (live.startTicks !== record.start_ticks) return 'the running process started at another time than the one recorded (its PID was reused)'
  if (record.pgid !== record.pid) return `the file names process group ${record.pgid}, but govtool starts every command as the leader of its own group (${record.pid})`
  if (live.pgrp !== record.pgid) return `the running process is in process group ${live.pgrp}, not ${record.pgid}`
  return undefined
}

/**
 * Every tracked process that is still running, soonest deadline first. PID files of processes that have
 * ended (or whose PID now belongs to another process, or that cannot be parsed) are removed.
 */
export async function listTracked(ctx: ProjectContext, options: {prune?: boolean; now?: number} = {}): Promise<TrackedList> {
  const prune = options.prune ?? true
  const now = options.now ?? Date.now()
  let names: string[]
  try {
    names = await readdir(pidDir(ctx))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {processes: [], pruned: [], skipped: []}
    throw error
  }
  const processes: TrackedProcess[] = []
  const pruned: number[] = []
  const skipped: SkippedProcess[] = []
  for (const name of names) {
    const match = /^(\d+)\.json$/.exec(name)
    if (!match) continue
    const file = pidFile(ctx, Number(match[1]))
    const record = parseRecord(await readTextIfExists(file))
    if (record === null) continue // removed meanwhile
    const alive = record !== undefined && record.pid === Number(match[1]) && isProcessAlive(record.pid, record.start_ticks)
    if (!alive) {
      pruned.push(Number(match[1]))
      if (prune) await removePath(file)
      continue
    }
    const reason = unverifiedReason(record)
    if (reason !== undefined) {
      skipped.push({pid: record.pid, file: ctx.relative(file), reason})
      continue
    }
    const remaining = record.deadline ? Math.round((Date.parse(record.deadline) - now) / 1000) : null
    processes.push({...redactDeep(record), remaining_seconds: remaining, file: ctx.relative(file)})
  }
  processes.sort((a, b) => (a.remaining_seconds ?? Infinity) - (b.remaining_seconds ?? Infinity) || a.pid - b.pid)
  pruned.sort((a, b) => a - b)
  skipped.sort((a, b) => a.pid - b.pid)
  return {processes, pruned, skipped}
}

/** A tracked process as `ps` reports it. */
export interface PsProcess extends TrackedProcess {
  /** false when the govtool process that started it is gone (no one enforces its deadline) */
  supervised: boolean
}

export interface PsResult {
  processes: PsProcess[]
  /** PIDs whose stale PID files were removed */
  pruned: number[]
  /** PID files of running processes that do not verify as started by govtool */
  skipped: SkippedProcess[]
}

/** `govtool ps`: the tracked processes (stale PID files pruned), each marked supervised or not. */
export async function listProcesses(ctx: ProjectContext): Promise<PsResult> {
  const {processes, pruned, skipped} = await listTracked(ctx)
  return {processes: processes.map((p) => ({...p, supervised: p.supervisor_pid === undefined || isProcessAlive(p.supervisor_pid)})), pruned, skipped}
}

/** `null` when the file is gone, `undefined` when it is not a valid PID record. */
function parseRecord(text: string | undefined): PidRecord | undefined | null {
  if (text === undefined) return null
  try {
    const parsed = PidRecordSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** `1h 02m`, `3m 05s`, `42s`, `overdue 3s`, or `-` without a deadline. */
export function formatRemaining(seconds: number | null): string {
  if (seconds === null) return '-'
  if (seconds < 0) return `overdue ${formatRemaining(-seconds)}`
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`
  return `${s}s`
}

/** The command line of a record, quoted where a word needs it, for tables and messages. */
export function commandLine(record: Pick<PidRecord, 'command' | 'args'>): string {
  return [record.command, ...record.args].map((w) => quoteWord(w)).join(' ')
}

function quoteWord(word: string): string {
  if (word !== '' && /^[\w@%+=:,./-]+$/.test(word)) return word
  return `'${word.replaceAll("'", String.raw`'\''`)}'`
}
