/**
 * An in-memory, append-only event log with numbered entries (1, 2, 3, ...) that any number of readers follow:
 * a reader starts after any seq (replay) and then waits for new entries (live) until the log is closed. Readers
 * share the one array and keep only an index, so a slow reader holds no copy and a fast one never waits for it.
 * The API server keeps a chat turn's events in one, so a client that lost its connection re-attaches with
 * Last-Event-ID and misses nothing.
 */
export interface Numbered<T> {
  seq: number
  value: T
}

export class ReplayLog<T> {
  private readonly entries: T[] = []
  private waiters = new Set<() => void>()
  private done = false
  private wakeScheduled = false

  /** Appends a value; returns its seq. */
  append(value: T): number {
    if (this.done) throw new Error('append to a closed log')
    this.entries.push(value)
    this.wake()
    return this.entries.length
  }

  /** No more entries: readers end once they have read everything. */
  close(): void {
    this.done = true
    this.wake()
  }

  get closed(): boolean {
    return this.done
  }

  get lastSeq(): number {
    return this.entries.length
  }

  /** Entries after `afterSeq`, then new ones as they come, until the log closes or `signal` aborts. */
  async *read(afterSeq = 0, signal?: AbortSignal): AsyncGenerator<Numbered<T>> {
    for await (const {first, values} of this.readBatches(afterSeq, signal, 1)) yield {seq: first, value: values[0]}
  }

  /**
   * Like `read`, but every entry available at once in one batch (up to `max`): a reader that fell behind
   * catches up with one write instead of one per entry. `first` is the seq of the batch's first entry.
   */
  async *readBatches(afterSeq = 0, signal?: AbortSignal, max = 512): AsyncGenerator<{first: number; values: T[]}> {
    let next = Math.max(0, Math.floor(afterSeq))
    while (!signal?.aborted) {
      while (next < this.entries.length) {
        const end = Math.min(this.entries.length, next + max)
        const values = this.entries.slice(next, end)
        const first = next + 1
        next = end
        yield {first, values}
        if (signal?.aborted) return
      }
      if (this.done) return
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake)
          signal?.removeEventListener('abort', wake)
          resolve()
        }
        this.waiters.add(wake)
        signal?.addEventListener('abort', wake, {once: true})
      })
    }
  }

  /**
   * Readers wake once per turn of the event loop, not once per entry: entries appended in one go (a flush of the
   * dispatcher's log) reach each reader as one batch, so a hundred readers make a hundred writes, not a
   * hundred per entry.
   */
  private wake(): void {
    if (this.wakeScheduled) return
    this.wakeScheduled = true
    setImmediate(() => {
      this.wakeScheduled = false
      const waiters = this.waiters
      this.waiters = new Set()
      for (const wake of waiters) wake()
    })
  }
}
