// Clocks for in-process latency benches: the calling thread's own CPU time and V8's GC pauses.
import {openSync, readSync} from 'node:fs'
import {PerformanceObserver} from 'node:perf_hooks'

/**
 * A clock of the calling thread's own CPU time in ms (Linux: the scheduler's run time of this thread, from
 * /proc/thread-self/schedstat, in ns), or `undefined` where there is none. `process.cpuUsage()` counts every
 * thread of the process, V8's background compiler and GC helpers too, which run beside a decision, not in it.
 */
export function threadCpuClock() {
  let fd
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r')
  } catch {
    return undefined
  }
  const buf = Buffer.alloc(64)
  const read = () => {
    const n = readSync(fd, buf, 0, buf.length, 0)
    return Number(buf.toString('latin1', 0, n).split(' ')[0]) / 1e6
  }
  return Number.isFinite(read()) ? read : undefined
}

/**
 * Records V8's garbage-collection pauses (start and duration, ms on performance.now()'s clock) from now on.
 * `pausedWithin(start, end)` is the pause time that began inside [start, end); call `flush()` (awaited) first:
 * the entries arrive on the event loop, which a loop of already-resolved awaits never reaches.
 */
export function gcPauses() {
  const pauses = []
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push([e.startTime, e.duration])
  })
  observer.observe({entryTypes: ['gc']})
  let sorted = false
  return {
    pauses,
    async flush() {
      await new Promise((resolve) => setTimeout(resolve, 50))
      observer.disconnect()
      pauses.sort((a, b) => a[0] - b[0])
      sorted = true
    },
    pausedWithin(start, end) {
      if (!sorted) throw new Error('gcPauses: flush() first')
      let lo = 0
      let hi = pauses.length
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (pauses[mid][0] < start) lo = mid + 1
        else hi = mid
      }
      let sum = 0
      for (let k = lo; k < pauses.length && pauses[k][0] < end; k++) sum += pauses[k][1]
      return sum
    },
  }
}
