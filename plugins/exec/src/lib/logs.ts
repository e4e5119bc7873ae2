import {constants, createWriteStream, openSync, type WriteStream} from 'node:fs'
import {readdir, stat} from 'node:fs/promises'
import {StringDecoder} from 'node:string_decoder'

import {checkWritePath, ensureDir, REDACTED, redactSecrets, removePath, type ProjectContext} from 'govtool/core'

/** How many runs' logs `.govtool/logs/` keeps; older ones are removed when a new run starts. */
export const KEEP_LOG_RUNS = 200

/** A log the child's output is written to, line by line, redacted. */
export interface RunLog {
  write(chunk: Buffer | string): void
}

export interface RunLogs {
  stdout: RunLog
  stderr: RunLog
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
  const stdout = new RedactingLog(open(stdoutFile))
  const stderr = new RedactingLog(open(stderrFile))
  return {stdout, stderr, stdoutFile, stderrFile, close: async () => void (await Promise.all([stdout.end(), stderr.end()]))}
}

/** A line longer than this is written redacted as far as it goes (a token cut at the boundary may survive in two halves). */
const MAX_PENDING = 64 * 1024
const KEY_BEGIN = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/
const KEY_END = /-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/

/**
 * Writes a child's output to its log through redactSecrets, a line at a time (a partial line waits for its
 * newline, or for the end of the run), so that a key the command prints never rests in `.govtool/logs/`.
 * Lines inside a private key block (BEGIN to END, which span lines) are replaced whole. The live output on
 * the terminal is the child's own and is not touched.
 */
export class RedactingLog implements RunLog {
  private pending = ''
  private inKey = false
  private readonly decoder = new StringDecoder('utf8')

  constructor(private readonly stream: WriteStream) {}

  write(chunk: Buffer | string): void {
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk)
    const cut = this.pending.lastIndexOf('\n')
    if (cut === -1) {
      if (this.pending.length > MAX_PENDING) this.flush(this.pending, '')
      return
    }
    this.flush(this.pending.slice(0, cut + 1), this.pending.slice(cut + 1))
  }

  private flush(text: string, rest: string): void {
    this.pending = rest
    if (!this.inKey && !text.includes('PRIVATE KEY')) {
      this.stream.write(redactSecrets(text))
      return
    }
    const out: string[] = []
    for (const line of text.split(/(?<=\n)/)) {
      if (this.inKey) {
        if (KEY_END.test(line)) this.inKey = false
        continue
      }
      const begin = KEY_BEGIN.exec(line)
      if (begin && !KEY_END.test(line.slice(begin.index))) {
        this.inKey = true
        out.push(`${line.slice(0, begin.index)}${REDACTED}\n`)
        continue
      }
      out.push(redactSecrets(line))
    }
    this.stream.write(out.join(''))
  }

  /** Writes what is left and closes the file. */
  end(): Promise<void> {
    this.pending += this.decoder.end()
    if (this.pending !== '') this.flush(this.pending, '')
    const s = this.stream
    return new Promise<void>((resolve) => {
      if (s.closed) {
        resolve()
        return
      }
      s.once('error', () => resolve())
      s.end(() => resolve())
    })
  }
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
