import {constants, createWriteStream, openSync, type WriteStream} from 'node:fs'
import {readdir, stat} from 'node:fs/promises'

import {checkWritePath, ensureDir, removePath, type ProjectContext} from 'govtool/core'

/** How many runs' logs `.govtool/logs/` keeps; older ones are removed when a new run starts. */
export const KEEP_LOG_RUNS = 200

export interface RunLogs {
  stdout: WriteStream
  stderr: WriteStream
  /** absolute paths */
  stdoutFile: string
  stderrFile: string
  close(): Promise<void>
}

/** `2024-05-01T10-20-30-123Z`: an ISO time that is safe in a file name and sorts by time. */
export function fileTimestamp(date = new Date()): string {
  return date.toISOString().replaceAll(':', '-').replace('.', '-')
}

export async function ensureLogDir(ctx: ProjectContext): Promise<string> {
  const dir = ctx.state('logs')
  await ensureDir(dir)
  return dir
}

/**
 * Opens `.govtool/logs/<pid>-<ts>.stdout.log` and `.stderr.log` for a run (the directory must exist; see
 * `ensureLogDir`). Synchronous, so that no output written by the child before the first await is lost.
 * Logs are streamed as the child writes (a tee), so they are appended rather than replaced atomically;
 * each run gets new files. Never through a link (E_SYMLINK), and readable by the user only.
 */
export function openRunLogs(ctx: ProjectContext, pid: number, started: Date): RunLogs {
  const base = `${pid}-${fileTimestamp(started)}`
  const stdoutFile = ctx.state('logs', `${base}.stdout.log`)
  const stderrFile = ctx.state('logs', `${base}.stderr.log`)
  checkWritePath(stdoutFile)
  checkWritePath(stderrFile)
  const open = (file: string) => createWriteStream(file, {fd: openSync(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600)})
  const stdout = open(stdoutFile)
  const stderr = open(stderrFile)
  const end = (s: WriteStream) =>
    new Promise<void>((resolve) => {
      if (s.closed) {
        resolve()
        return
      }
      s.once('error', () => resolve())
      s.end(() => resolve())
    })
  return {stdout, stderr, stdoutFile, stderrFile, close: async () => void (await Promise.all([end(stdout), end(stderr)]))}
}

/** Removes the logs of all but the newest `keep` runs (a run = files sharing `<pid>-<ts>`). */
export async function pruneRunLogs(ctx: ProjectContext, keep = KEEP_LOG_RUNS): Promise<number> {
  const dir = ctx.state('logs')
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return 0
  }
  const runs = new Map<string, string[]>()
  for (const name of names) {
    const m = /^(\d+-[\dTZ-]+)\.(?:stdout|stderr)\.log$/.exec(name)
    if (!m) continue
    runs.set(m[1], [...(runs.get(m[1]) ?? []), name])
  }
  if (runs.size <= keep) return 0
  const dated = await Promise.all(
    [...runs.entries()].map(async ([run, files]) => {
      const mtimes = await Promise.all(files.map(async (f) => (await stat(ctx.state('logs', f)).catch(() => undefined))?.mtimeMs ?? 0))
      return {run, files, mtime: Math.max(...mtimes)}
    }),
  )
  dated.sort((a, b) => b.mtime - a.mtime)
  let removed = 0
  for (const old of dated.slice(keep)) {
    for (const f of old.files) await removePath(ctx.state('logs', f))
    removed++
  }
  return removed
}
