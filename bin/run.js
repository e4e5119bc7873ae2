#!/usr/bin/env node
// govtool entry point. Start-up is a feature: `--version` never loads oclif, and oclif's engine check
// (which loads semver on every start) is replaced by a plain comparison.
import {readFileSync} from 'node:fs'

const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`govtool needs Node.js 20.19 or newer; this is ${process.version}.\n`)
  process.exit(1)
}

const argv = process.argv.slice(2)
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  process.stdout.write(`${pkg.name}/${pkg.version} ${process.platform}-${process.arch} node-${process.version}\n`)
} else if (!(await fastPath(argv))) {
  process.env.OCLIF_DISABLE_ENGINE_WARNING ??= '1'
  const {execute} = await import('@oclif/core')
  await execute({dir: import.meta.url})
}

/**
 * Commands on the hot path of every agent request run without oclif when their arguments parse exactly;
 * otherwise (help, unknown flags) they fall through to oclif. GOVTOOL_NO_FAST_PATH=1 turns this off.
 */
async function fastPath(args) {
  if (process.env.GOVTOOL_NO_FAST_PATH || args.includes('--help') || args.includes('-h')) return false
  if (args[0] !== 'preflight' && args[0] !== 'verify') return false
  const code = await (await loadFast()).runFast(args)
  if (code === undefined) return false
  process.exitCode = code
  return true
}

/**
 * The fast path bundled into one file at build (scripts/bundle-fast.mjs), else the plugin's own modules (a
 * checkout built with bare `tsc`, or an install layout the bundle's dependencies do not resolve in).
 */
async function loadFast() {
  try {
    return await import('../dist/fast/preflight.js')
  } catch {
    return import('@govtool/plugin-preflight/fast')
  }
}
