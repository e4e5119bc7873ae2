#!/usr/bin/env node
// govtool entry point. Start-up is a feature: `--version` never loads oclif, and oclif's engine check
// (which loads semver on every start) is replaced by a plain comparison.
//
// This file is CommonJS (bin/package.json), because Node's ES entry (the ES loader, and an ES facade of every
// builtin it imports) cost 7-12 ms of every command: a hot command goes from here straight to its code-cached
// CommonJS bundle without the ES loader (issue 14, start-up fifth pass). It is written to run as an ES module too
// (no import/export statements, no import.meta, no top-level await, builtins through process.getBuiltinModule),
// so a copy of it under a "type": "module" package still works; ES code (the fast runner, oclif) is loaded by
// import().
'use strict'

const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`govtool needs Node.js 20.19 or newer; this is ${process.version}.\n`)
  process.exit(1)
}

const fs = process.getBuiltinModule('node:fs')
const path = process.getBuiltinModule('node:path')
const {pathToFileURL} = process.getBuiltinModule('node:url')
// this file, links resolved (CommonJS: __filename; as an ES module, the script Node was given)
const here = typeof __filename === 'string' ? __filename : fs.realpathSync(process.argv[1])
const cliRoot = path.join(path.dirname(here), '..') + path.sep
const load = typeof require === 'function' ? require : process.getBuiltinModule('node:module').createRequire(here)

// Node builds process.stdout and process.stderr on first access (a SyncWriteStream for a file, a net.Socket for a
// pipe: 2-20 ms). The getters are wrapped so that the runner knows whether a stream was built: while it is not, the
// runner writes its output to the fd itself (src/stdio.ts, issue 14 start-up eighth pass), and a command that prints
// one result never builds either. `Symbol.for('govtool.stdio')` publishes the state.
const stdio = {built: {1: false, 2: false}, broken: {1: false, 2: false}}
process[Symbol.for('govtool.stdio')] = stdio
for (const [fd, name] of [[1, 'stdout'], [2, 'stderr']]) {
  const original = Object.getOwnPropertyDescriptor(process, name)
  if (!original || typeof original.get !== 'function' || !original.configurable) {
    stdio.built[fd] = true
    onBuilt(fd, process[name])
    continue
  }
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: original.enumerable,
    get() {
      const stream = original.get.call(this)
      if (!stdio.built[fd]) {
        stdio.built[fd] = true
        onBuilt(fd, stream)
      }
      return stream
    },
  })
}

// A reader that goes away (`govtool req list | head`) is the reader's choice, not a failure: the command finishes
// its work (state writes are atomic either way), what it still prints is dropped, and no stack trace is shown.
// (Written to the fd directly, src/stdio.ts drops it the same way.)
function onBuilt(fd, stream) {
  if (stdio.broken[fd]) dropWrites(stream)
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error
    stdio.broken[fd] = true
    dropWrites(stream)
  })
}

function dropWrites(stream) {
  stream.write = (_chunk, encoding, callback) => {
    const cb = typeof encoding === 'function' ? encoding : callback
    if (cb) process.nextTick(cb)
    return true
  }
}

// A pipe that is read slowly (a CI log collector, `| head -c`, an agent's reader) still holds what was written
// when the process decides to exit: oclif's error path calls process.exit, which would drop every byte not yet
// taken by the reader (64 KiB and up). Exiting waits for stdout and stderr to drain (the streams that were built:
// what was written to an fd directly is already in the pipe), then exits as asked.
const exitNow = process.exit.bind(process)
process.exit = (code) => {
  if (code !== undefined) process.exitCode = code
  const pending = [1, 2].filter((fd) => stdio.built[fd]).map((fd) => (fd === 1 ? process.stdout : process.stderr)).filter((s) => s.writableLength > 0 && !s.destroyed)
  if (pending.length === 0) exitNow()
  let left = pending.length
  const done = () => --left === 0 && exitNow()
  for (const s of pending) {
    s.once('drain', done)
    s.once('error', done)
    s.once('close', done)
  }
  return undefined
}

// GOVTOOL_TIMING=1: the start-up marks (src/timing.ts) on stderr at exit, in ms since the process started
if (process.env.GOVTOOL_TIMING) {
  performance.mark('bin/run.js')
  process.once('exit', () => {
    const t = performance.nodeTiming
    const rows = [['node bootstrap done', t.bootstrapComplete], ...performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]), ['exit', performance.now()]]
    process.stderr.write(rows.map(([name, ms]) => `govtool timing: ${ms.toFixed(1).padStart(7)} ms  ${name}\n`).join(''))
  })
}

main(process.argv.slice(2)).catch((error) => {
  // what the ES entry's top-level await did with an error that escapes: print it and exit 1
  process.exitCode = 1
  throw error
})

async function main(argv) {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    const pkg = JSON.parse(fs.readFileSync(path.join(cliRoot, 'package.json'), 'utf8'))
    const line = `${pkg.name}/${pkg.version} ${process.platform}-${process.arch} node-${process.version}\n`
    // to the fd, without building the stream (one short line: a blocking fd takes it whole; see src/stdio.ts)
    const bytes = Buffer.from(line, 'utf8')
    let written = 0
    try {
      while (written < bytes.length) written += fs.writeSync(1, bytes, written, bytes.length - written)
    } catch (error) {
      if (error.code !== 'EPIPE') process.stdout.write(bytes.subarray(written))
    }
  } else if (!(await fastPath(argv))) {
    process.env.OCLIF_DISABLE_ENGINE_WARNING ??= '1'
    const {execute} = await import('@oclif/core')
    // the package root itself: oclif looks for the root's package.json upwards from `dir`, and would take
    // bin/package.json (which only makes this file CommonJS) for it if given this file
    await execute({dir: cliRoot})
  }
}

/**
 * Every command that is a declared operation runs without oclif when its command line parses exactly as the
 * oclif adapter would parse it (src/operation-argv.ts); help, unknown flags, a missing argument and anything
 * else go to oclif, which reports them. GOVTOOL_NO_FAST_PATH=1 turns this off.
 */
async function fastPath(args) {
  if (process.env.GOVTOOL_NO_FAST_PATH || args.length === 0 || args.includes('--help') || args.includes('-h')) return false
  const hot = process.env.GOVTOOL_NO_HOT ? undefined : loadHot(args)
  if (hot) {
    const code = await hot.module.runHot(hot.words, args.slice(hot.count), {cliRoot})
    if (code === undefined) return false
    process.exitCode = code
    return true
  }
  const fast = await loadFast()
  if (!fast) return false
  if (process.env.GOVTOOL_TIMING) performance.mark('fast runner loaded')
  const code = await fast.runFast(args, {cliRoot})
  if (code === undefined) return false
  process.exitCode = code
  return true
}

/**
 * A hot command's own CommonJS bundle (dist/fast/hot.json names it; scripts/bundle-fast.mjs), compiled through V8's
 * code cache (dist/fast/code-cache.cjs, src/code-cache.ts bundled as CommonJS) without loading the ES bundle nor
 * Node's ES loader: the module and the command's words, or undefined (not a hot command, no hot.json, a file that
 * does not load), and the ES bundle runs the command instead. GOVTOOL_NO_HOT=1 turns this off (the ES bundle runs
 * every command).
 */
function loadHot(args) {
  try {
    const table = JSON.parse(fs.readFileSync(path.join(cliRoot, 'dist', 'fast', 'hot.json'), 'utf8'))
    for (let n = Math.min(3, args.length); n >= 1; n--) {
      const words = args.slice(0, n).join(' ')
      if (!Object.hasOwn(table, words)) continue
      const {requireCached} = load(path.join(cliRoot, 'dist', 'fast', 'code-cache.cjs'))
      const module = requireCached(path.join(cliRoot, 'dist', 'fast', table[words]), process.env, words)
      return typeof module?.runHot === 'function' ? {module, words, count: n} : undefined
    }
  } catch {
    // the ES bundle runs it
  }
  return undefined
}

/**
 * The runner bundled into dist/fast/ at build (scripts/bundle-fast.mjs), else its unbundled entry (an install
 * layout the bundle's dependencies do not resolve in), else none (a checkout built with bare `tsc`).
 */
async function loadFast() {
  try {
    return await import(pathToFileURL(path.join(cliRoot, 'dist', 'fast', 'index.js')).href)
  } catch {
    try {
      return await import(pathToFileURL(path.join(cliRoot, 'dist', 'fast-entry.js')).href)
    } catch {
      return undefined
    }
  }
}
