// Shared helpers for benchmarks. Each bench/<area>.bench.mjs default-exports
//   async function (lib) -> Array<{name, value, unit, target?, note?}>
// and bench/run.mjs prints all rows as one table. Values are medians (or the percentile the name says).
import {spawnSync} from 'node:child_process'
import {mkdtempSync, openSync, readSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {PerformanceObserver} from 'node:perf_hooks'
import {fileURLToPath} from 'node:url'

import {isolatedEnv} from '../dist/testing.js'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const BIN = path.join(REPO_ROOT, 'bin', 'run.js')

const dirs = []
export function tempDir(prefix = 'govtool-bench-') {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  dirs.push(dir)
  return dir
}
export function cleanup() {
  for (const d of dirs.splice(0)) rmSync(d, {recursive: true, force: true})
}

/** The same isolated environment the end-to-end tests use (private GOVTOOL_HOME and oclif dirs). */
export function benchEnv(home) {
  return isolatedEnv(home)
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}

/** Runs `govtool <args>` `runs` times (after one warm-up) and returns the median wall time in ms. */
export function timeCli(args, {cwd, env, runs = 7, expectCodes = [0]} = {}) {
  const home = env ? undefined : tempDir()
  const e = env ?? benchEnv(home)
  const times = []
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now()
    const r = spawnSync(process.execPath, [BIN, ...args], {cwd: cwd ?? REPO_ROOT, env: e, encoding: 'utf8'})
    const ms = performance.now() - t0
    if (!expectCodes.includes(r.status)) throw new Error(`govtool ${args.join(' ')} exited ${r.status}: ${r.stderr}`)
    if (i > 0) times.push(ms)
  }
  return median(times)
}

/** Times `fn` (sync or async) `runs` times and returns the median ms. */
export async function timeFn(fn, runs = 5) {
  const times = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    await fn()
    times.push(performance.now() - t0)
  }
  return median(times)
}

/** Median wall time (ms) of `node ARGS` as a whole process, the first run discarded (a warm-up). */
export function timeNode(args, runs = 9) {
  const times = []
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now()
    spawnSync(process.execPath, args, {stdio: 'ignore'})
    if (i > 0) times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]
}

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
