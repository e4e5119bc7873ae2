/**
 * How `ollama pull` shows its progress. On the command line, for a person: a progress bar on a terminal's
 * stderr, or plain lines on stdout (pipes, CI logs). For every other caller (--json, HTTP, MCP): progress
 * events through `io.progress`, which a server sends as SSE `progress` frames.
 */
import cliProgress from 'cli-progress'
import type {OperationIO, ProgressEvent} from 'govtool/core'

import {humanBytes} from './format.js'
import type {PullProgress} from './pull.js'

export interface PullReporter {
  update(progress: PullProgress): void
  stop(): void
}

/** The reporter for a caller: see the module comment. */
export function pullReporter(io: Pick<OperationIO, 'json' | 'progress' | 'stdout' | 'stderr'>): PullReporter {
  if (!io.json && io.stdout) {
    const stderr = io.stderr as NodeJS.WriteStream | undefined
    if (stderr?.isTTY) return new BarReporter(stderr)
    const stdout = io.stdout
    return new LineReporter((line) => void stdout.write(`${line}\n`))
  }
  return new EventReporter((event) => io.progress(event))
}

/** `pulling sha256:6a0746a1ec1aef3e...` -> `pulling 6a0746a1ec1a` as the daemon's own CLI shows it. */
export function shortStatus(status: string): string {
  return status.replace(/(sha256[:-])?([0-9a-f]{12})[0-9a-f]{52}/, '$2')
}

/** A progress bar (terminals only): bytes, percentage, speed and the daemon's status. */
export class BarReporter implements PullReporter {
  private bar?: cliProgress.SingleBar
  private stopped = false

  constructor(private readonly stream: NodeJS.WriteStream) {}

  update(p: PullProgress): void {
    if (this.stopped) return
    const payload = {done: humanBytes(p.completed_bytes), size: humanBytes(p.total_bytes), speed: humanBytes(p.bytes_per_second), status: shortStatus(p.status)}
    if (!this.bar) {
      this.bar = new cliProgress.SingleBar(
        {
          format: '{bar} {percentage}% | {done} / {size} | {speed}/s | {status}',
          hideCursor: true,
          clearOnComplete: false,
          stream: this.stream,
          barsize: 30,
        },
        cliProgress.Presets.shades_classic,
      )
      this.bar.start(Math.max(1, p.total_bytes), p.completed_bytes, payload)
    }
    this.bar.setTotal(Math.max(1, p.total_bytes))
    this.bar.update(p.completed_bytes, payload)
  }

  stop(): void {
    if (this.stopped) return
    this.stopped = true
    this.bar?.stop()
  }
}

/** Plain lines: each new status, and overall progress every 10%. */
export class LineReporter implements PullReporter {
  private lastStatus = ''
  private lastDecile = -1

  constructor(private readonly write: (line: string) => void) {}

  update(p: PullProgress): void {
    const status = shortStatus(p.status)
    if (status !== this.lastStatus) {
      this.lastStatus = status
      this.write(status)
    }
    if (p.total_bytes <= 0) return
    const decile = Math.floor(p.percent / 10)
    if (decile < this.lastDecile) this.lastDecile = decile - 1 // a new layer raised the total
    if (decile > this.lastDecile) {
      this.lastDecile = decile
      this.write(`  ${p.percent.toFixed(0)}% ${humanBytes(p.completed_bytes)} / ${humanBytes(p.total_bytes)} at ${humanBytes(p.bytes_per_second)}/s`)
    }
  }

  stop(): void {}
}

/**
 * Progress events: one per new status or per 0.1% of overall progress (the daemon sends far more lines than
 * a client needs). `done`/`total` are bytes over the layers announced so far.
 */
export class EventReporter implements PullReporter {
  private last = ''

  constructor(private readonly emit: (event: ProgressEvent) => void) {}

  update(p: PullProgress): void {
    const message = shortStatus(p.status)
    const key = `${message}\u0000${p.percent}`
    if (key === this.last) return
    this.last = key
    this.emit(p.total_bytes > 0 ? {message, done: p.completed_bytes, total: p.total_bytes, unit: 'bytes'} : {message})
  }

  stop(): void {}
}
