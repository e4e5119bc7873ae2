// Shared helpers for benchmarks. Each bench/<area>.bench.mjs default-exports
//   async function (lib) -> Array<{name, value, unit, target?, note?}>
// and bench/run.mjs prints all rows as one table. Values are medians (or the percentile the name says).
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
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

// the decision thread's CPU clock and the GC pauses (no dependency on the build: test/kernel/bench-clock.test.ts)
export {gcPauses, threadCpuClock} from './clock.mjs'
