import {z} from 'zod/v3'

/** One line of the daemon's `POST /api/pull` stream. */
export const PullEventSchema = z
  .object({
    status: z.string().optional(),
    digest: z.string().optional(),
    total: z.number().nonnegative().optional(),
    completed: z.number().nonnegative().optional(),
    error: z.string().optional(),
  })
  .passthrough()

export type PullEvent = z.infer<typeof PullEventSchema>

/** Progress of a whole pull, summed over its layers. */
export interface PullProgress {
  /** the daemon's latest status line (`pulling manifest`, `pulling <digest>`, `verifying sha256 digest`, ...) */
  status: string
  /** digest of the layer the latest line was about */
  digest?: string
  completed_bytes: number
  total_bytes: number
  /** 0-100 over all layers announced so far */
  percent: number
  /** transfer rate over the last few seconds */
  bytes_per_second: number
  layers: number
}

/** What a finished pull returns (the `--json` output of `ollama pull`). */
export interface PullResult {
  model: string
  status: 'success'
  host: string
  layers: number
  total_bytes: number
  duration_ms: number
}

const SPEED_WINDOW_MS = 3000

/**
 * Folds pull events into overall progress: each digest line carries that layer's total and completed
 * bytes, so the overall figures are sums over the layers seen so far. Speed is measured over a sliding
 * window of a few seconds so the bar does not jitter.
 */
export class PullTracker {
  private readonly layers = new Map<string, {total: number; completed: number}>()
  private readonly samples: {t: number; bytes: number}[] = []
  private status = ''
  private digest?: string
  succeeded = false
  error?: string
  events = 0

  update(event: PullEvent, now = Date.now()): PullProgress {
    this.events++
    if (event.error !== undefined) this.error = event.error
    if (event.status !== undefined) this.status = event.status
    if (event.status === 'success') this.succeeded = true
    if (event.digest) {
      this.digest = event.digest
      const layer = this.layers.get(event.digest) ?? {total: 0, completed: 0}
      if (event.total !== undefined) layer.total = event.total
      if (event.completed !== undefined) layer.completed = Math.max(layer.completed, event.completed)
      this.layers.set(event.digest, layer)
    }
    const progress = this.progress()
    this.samples.push({t: now, bytes: progress.completed_bytes})
    while (this.samples.length > 2 && now - this.samples[0].t > SPEED_WINDOW_MS) this.samples.shift()
    return {...progress, bytes_per_second: this.speed()}
  }

  progress(): PullProgress {
    let total = 0
    let completed = 0
    for (const layer of this.layers.values()) {
      total += layer.total
      completed += Math.min(layer.completed, layer.total || layer.completed)
    }
    return {
      status: this.status,
      ...(this.digest ? {digest: this.digest} : {}),
      completed_bytes: completed,
      total_bytes: total,
      percent: total > 0 ? Math.min(100, Math.floor((completed / total) * 1000) / 10) : this.succeeded ? 100 : 0,
      bytes_per_second: this.speed(),
      layers: this.layers.size,
    }
  }

  private speed(): number {
    if (this.samples.length < 2) return 0
    const first = this.samples[0]
    const last = this.samples.at(-1)!
    const dt = last.t - first.t
    return dt > 0 ? Math.max(0, Math.round(((last.bytes - first.bytes) * 1000) / dt)) : 0
  }
}

/** Model names as the daemon accepts them: `[host/][namespace/]model[:tag]`. */
export const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*(?::\d{1,5})?(?:\/[A-Za-z0-9][A-Za-z0-9._-]*){0,3}(?::[A-Za-z0-9][A-Za-z0-9._-]{0,127})?$/
