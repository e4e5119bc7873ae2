/**
 * Time for the pacer, injectable so tests drive it with a fake clock. `now()` is wall-clock milliseconds
 * (Date.now()), because the rate-limit window is shared between processes through a file and every process
 * on the machine must agree on what "now" means.
 */
export interface PacerClock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** The real clock. Timers are unref'd: a pacer waiting for capacity never keeps a finished process alive. */
export const systemClock: PacerClock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const handle = setTimeout(fn, Math.max(0, ms))
    handle.unref?.()
    return handle
  },
  clearTimeout(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>)
  },
}

interface FakeTimer {
  id: number
  at: number
  fn: () => void
}

/**
 * A clock that only moves when told to. `advance(ms)` fires due timers in time order and lets the promise
 * chains they start settle before firing the next one, so async code driven by timers runs
 * deterministically. Exported for the tests of every plugin that sends requests through the pacer.
 */
export class FakeClock implements PacerClock {
  private current: number
  private timers: FakeTimer[] = []
  private nextId = 1

  constructor(start = Date.UTC(2025, 0, 1)) {
    this.current = start
  }

  now(): number {
    return this.current
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const timer = {id: this.nextId++, at: this.current + Math.max(0, ms), fn}
    this.timers.push(timer)
    return timer.id
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle)
  }

  /** Number of timers still pending. */
  get pending(): number {
    return this.timers.length
  }

  /** Lets queued promise callbacks (and the work they schedule) run. */
  async settle(): Promise<void> {
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        setImmediate(resolve)
      })
    }
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms
    await this.settle()
    while (true) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0]
      if (!due) break
      this.timers = this.timers.filter((t) => t !== due)
      this.current = Math.max(this.current, due.at)
      due.fn()
      await this.settle()
    }
    this.current = target
    await this.settle()
  }
}
