import {Args} from '@oclif/core'
import cliProgress from 'cli-progress'
import {GovCommand, color} from 'govtool'

import {OllamaClient} from '../../lib/client.js'
import {humanBytes} from '../../lib/format.js'
import type {PullProgress, PullResult} from '../../lib/pull.js'

export default class OllamaPull extends GovCommand<PullResult> {
  static override summary = 'Download a model into the local Ollama daemon, with progress.'
  static override description = `Streams the daemon's pull progress (POST /api/pull): a progress bar with bytes, percentage and speed on a
terminal, plain progress lines otherwise, only the final result with --json. Ctrl-C stops the pull; running
the same command again resumes it, because the daemon keeps the layers it has downloaded.`

  static override examples = ['<%= config.bin %> ollama pull qwen2.5-coder:7b', '<%= config.bin %> ollama pull llama3.2:3b --json']
  static override args = {
    model: Args.string({description: 'model name, e.g. llama3.1:8b', required: true}),
  }

  async run(): Promise<PullResult> {
    const {args} = await this.parse(OllamaPull)
    const client = new OllamaClient()
    const controller = new AbortController()
    const onSigint = () => controller.abort()
    process.once('SIGINT', onSigint)
    const reporter = this.jsonEnabled() ? undefined : process.stderr.isTTY ? new BarReporter() : new LineReporter((line) => this.log(line))
    try {
      const result = await client.pull(args.model, {signal: controller.signal, onProgress: (p) => reporter?.update(p)})
      reporter?.stop()
      this.log(`${color.green('✔')} pulled ${result.model} (${humanBytes(result.total_bytes)} in ${(result.duration_ms / 1000).toFixed(1)} s)`)
      return result
    } finally {
      reporter?.stop()
      process.removeListener('SIGINT', onSigint)
    }
  }
}

interface Reporter {
  update(progress: PullProgress): void
  stop(): void
}

/** A progress bar on stderr (terminals only): bytes, percentage, speed and the daemon's status. */
class BarReporter implements Reporter {
  private bar?: cliProgress.SingleBar
  private stopped = false

  update(p: PullProgress): void {
    if (this.stopped) return
    const payload = {done: humanBytes(p.completed_bytes), size: humanBytes(p.total_bytes), speed: humanBytes(p.bytes_per_second), status: shortStatus(p.status)}
    if (!this.bar) {
      this.bar = new cliProgress.SingleBar(
        {
          format: '{bar} {percentage}% | {done} / {size} | {speed}/s | {status}',
          hideCursor: true,
          clearOnComplete: false,
          stream: process.stderr,
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

/** Plain lines (pipes, CI logs): each new status, and overall progress every 10%. */
class LineReporter implements Reporter {
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

/** `pulling sha256:6a0746a1ec1aef3e...` -> `pulling 6a0746a1ec1a` as the daemon's own CLI shows it. */
function shortStatus(status: string): string {
  return status.replace(/(sha256[:-])?([0-9a-f]{12})[0-9a-f]{52}/, '$2')
}
