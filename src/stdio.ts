/**
 * Command output without Node's stdout and stderr streams where that is safe (issue 14, start-up eighth pass).
 *
 * The first access of `process.stdout` (or `stderr`) builds a stream: a SyncWriteStream for a file, a net.Socket
 * for a pipe, with some twenty stream modules behind them (2-5 ms to a file, 4-20 ms to a pipe). A command that
 * prints one result does not need it. bin/run.js replaces the two getters with ones that record whether the stream
 * was built and publishes that under `Symbol.for('govtool.stdio')`; while a stream is not built, its output is
 * written to the fd with `fs.writeSync`:
 * - a blocking fd (what a shell gives: a file, a terminal, a pipeline) takes all of it before writeSync returns, so
 *   nothing is left to drain at exit, however slowly the reader reads;
 * - a non-blocking fd that is full (EAGAIN) gets the rest through the stream, which then drains before exit as
 *   every stream write does (bin/run.js waits for built streams);
 * - a reader that went away (EPIPE) drops this and every later write, as the stream's EPIPE handler does;
 * - any other error hands the text to the stream, which reports it as it always did.
 * Once a stream is built (anyone asked for it: an operation that streams, a prompt, console.log), every write goes
 * through it, so the order of the output is kept. Without bin/run.js (a test in process, a server, bin/dev.js)
 * nothing is published and every write goes to the stream, as before.
 */

/** What bin/run.js publishes: whether each stream was built, and fds whose reader went away. */
export interface StdioState {
  built: Record<1 | 2, boolean>
  broken: Record<1 | 2, boolean>
}

const STATE = Symbol.for('govtool.stdio')

function state(): StdioState | undefined {
  return (process as unknown as Record<symbol, StdioState | undefined>)[STATE]
}

const ttys: Partial<Record<number, boolean>> = {}

/** Whether the fd is a terminal (what the stream's `isTTY` would say), without building the stream. */
export function stdioIsTTY(fd: 1 | 2): boolean {
  const known = ttys[fd]
  if (known !== undefined) return known
  let tty = false
  try {
    tty = process.getBuiltinModule('node:tty').isatty(fd)
  } catch {
    // not a terminal
  }
  return (ttys[fd] = tty)
}

const stream = (fd: 1 | 2): NodeJS.WriteStream => (fd === 1 ? process.stdout : process.stderr)

/** Whether writes to the fd go to the fd itself (bin/run.js runs and the stream is not built). */
export function stdioDirect(fd: 1 | 2): boolean {
  const s = state()
  return Boolean(s && !s.built[fd])
}

/** Writes `text` to fd 1 or 2: to the fd while its stream is not built (see above), else through the stream. */
export function writeStdio(fd: 1 | 2, text: string): void {
  const s = state()
  if (!s || s.built[fd]) {
    stream(fd).write(text)
    return
  }
  if (s.broken[fd]) return
  const fs = process.getBuiltinModule('node:fs')
  const bytes = Buffer.from(text, 'utf8')
  let written = 0
  try {
    while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') {
      s.broken[fd] = true
      return
    }
    stream(fd).write(bytes.subarray(written))
  }
}

/** The part of a write stream the command-line transport uses. */
export interface OutputSink {
  write(text: string): void
  readonly isTTY: boolean
  /** the terminal's width, when it is one */
  readonly columns: number | undefined
}

/** A sink over a given stream (tests, servers), or over fd 1 or 2 written as `writeStdio` does. */
export function outputSink(fd: 1 | 2, given?: NodeJS.WriteStream): OutputSink {
  if (given) {
    return {
      write: (text) => void given.write(text),
      get isTTY() {
        return Boolean(given.isTTY)
      },
      get columns() {
        return given.columns
      },
    }
  }
  return {
    write: (text) => writeStdio(fd, text),
    get isTTY() {
      return stdioIsTTY(fd)
    },
    get columns() {
      // the stream only on a terminal, whose width it knows
      return stdioIsTTY(fd) ? stream(fd).columns : undefined
    },
  }
}
