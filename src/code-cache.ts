/**
 * V8's code cache for the large CommonJS libraries of the fast runner (yaml, zod's v3 API; issue 14).
 *
 * Node 20 has no module compile cache, so every command compiled these libraries from source again: some 10-25 ms
 * of start-up on a loaded machine. `scripts/bundle-fast.mjs` bundles each into one CommonJS file of dist/fast/
 * and points the bundle's imports at `requireCached`, which compiles the file through `vm.Script` with the code
 * V8 produced for it on an earlier run (the CommonJS wrapper, as Node's own loader builds it).
 *
 * - The cache lives under the user's cache directory (`GOVTOOL_CACHE_DIR`, else `$XDG_CACHE_HOME/govtool`, else
 *   `~/.cache/govtool`), in `v8-code-cache/<file>-<key>.v8`, the key a hash of the library file's identity (device,
 *   inode, size, modification and change times in ns), the Node version, the architecture and the V8 flags
 *   (`execArgv`, `NODE_OPTIONS`): a new build, an edited file or another Node never reads the data of an old one.
 *   The file's identity stands for its content (issue 14, start-up fifth pass: hashing 100-600 KB of source with
 *   sha256 loaded node:crypto, 6 ms, and read the text twice over, on every command): any write to the file changes
 *   its change time (which no user call can set back: restoring the mtime sets it too), and a file replaced by
 *   another (a rebuild, an install) is another inode or change time. V8 itself checks only the source's length.
 * - It is never trusted blindly: V8 checks the data against the source and its own version and flags, and data
 *   it rejects (`cachedDataRejected`: a torn or foreign file) is only a miss; the file is then written again.
 * - It is written at process exit (so that it holds the functions this command compiled lazily, not only the
 *   top level), through a private temp file renamed over the target (atomic), mode 0600; stale entries of the
 *   same library are removed then.
 * - Anything that fails around the cache (unreadable or unwritable directory, a file in its place) falls back
 *   to a plain `require`; the library's own code runs exactly once either way. GOVTOOL_NO_CODE_CACHE=1 turns the
 *   cache off; GOVTOOL_CODE_CACHE_DEBUG=1 reports hit, miss, rejected, off or fallback per library on stderr.
 */
import {mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import vm from 'node:vm'

export type CodeCacheOutcome = 'fallback' | 'hit' | 'miss' | 'off' | 'rejected'

const loaded = new Map<string, unknown>()

/** The directory of the code cache for `env`. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.GOVTOOL_CACHE_DIR) return path.join(env.GOVTOOL_CACHE_DIR, 'v8-code-cache')
  const base = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache')
  return path.join(base, 'govtool', 'v8-code-cache')
}

function report(file: string, outcome: CodeCacheOutcome, env: NodeJS.ProcessEnv): void {
  if (env.GOVTOOL_CODE_CACHE_DEBUG) process.stderr.write(`govtool code cache: ${path.basename(file)} ${outcome}\n`)
}

/**
 * Node's CommonJS wrapper with one more parameter, `__govtoolImport`: what a bundled `import()` becomes
 * (scripts/bundle-fast.mjs rewrites each dynamic import of the hot commands' bundles to it). An `import()`
 * compiled by vm.Script has no loader unless one is given, and the one Node 20 offers without a flag
 * (vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER) is lost when the script comes from the code cache.
 */
const WRAPPER_VERSION = 'wrapper-3'

function wrap(source: string): string {
  return `(function (exports, require, module, __filename, __dirname, __govtoolImport) { ${source}\n});`
}

/**
 * `import()` for code of `file`: a relative specifier from the file's own URL, a builtin (`node:fs/promises`) as
 * its CommonJS exports under a namespace-like object (the named exports through its prototype, `default` the
 * module), any other as this module would. A builtin through `import()` would start Node's ES loader and build an
 * ES facade of the module for one lazy `await import('node:fs/promises')` of a hot command (issue 14).
 */
function importFor(file: string): (specifier: string) => Promise<unknown> {
  return (specifier) => {
    if (specifier.startsWith('node:')) {
      const builtin = process.getBuiltinModule(specifier) as object | undefined
      if (builtin !== undefined) return Promise.resolve(Object.create(builtin, {default: {value: builtin, enumerable: true}}))
    }
    return import(/^\.\.?\//.test(specifier) ? new URL(specifier, pathToFileURL(file)).href : specifier)
  }
}

/**
 * `require(file)` of a self-contained CommonJS file, compiled with V8's code cache when it can be. With `variant`
 * (bin/run.js passes a hot command's words) the entry is the variant's own: a bundle of several commands holds,
 * per command, the functions that command compiled (the first command to write one entry would otherwise fix
 * it for all: `validate` compiled the CommonMark parser from source on every run after `audit` wrote the entry).
 */
export function requireCached(target: string | URL, env: NodeJS.ProcessEnv = process.env, variant?: string): unknown {
  const file = target instanceof URL ? fileURLToPath(target) : target
  if (loaded.has(file)) return loaded.get(file)
  const plain = (outcome: CodeCacheOutcome) => {
    report(file, outcome, env)
    const exports = createRequire(file)(file) as unknown
    loaded.set(file, exports)
    return exports
  }
  if (env.GOVTOOL_NO_CODE_CACHE) return plain('off')
  let script: vm.Script
  let cacheFile: string
  let outcome: CodeCacheOutcome
  let identity: string
  try {
    // the identity first, then the text: a file replaced between the two is a new key on the next run, and the
    // data written at exit is for the text read here only if the identity is still that file's (checked there)
    identity = fileIdentity(file)
    const source = readFileSync(file, 'utf8')
    const key = keyHash([WRAPPER_VERSION, identity, process.version, process.arch, process.execArgv.join(' '), env.NODE_OPTIONS ?? ''].join('\0'))
    // a variant (a hot bundle's command) has its own entry: the functions that command compiles, not another's
    const name = variant === undefined ? path.basename(file) : `${path.basename(file)}@${variant.replaceAll(/[^\w.-]+/g, '_')}`
    cacheFile = path.join(codeCacheDir(env), `${name}-${key}.v8`)
    let cachedData: Buffer | undefined
    try {
      cachedData = readFileSync(cacheFile)
    } catch {
      cachedData = undefined
    }
    script = new vm.Script(wrap(source), {filename: file, cachedData})
    outcome = cachedData === undefined ? 'miss' : script.cachedDataRejected ? 'rejected' : 'hit'
  } catch {
    return plain('fallback')
  }
  report(file, outcome, env)
  const module = {exports: {} as unknown, filename: file, id: file, loaded: false}
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file), importFor(file))
  module.loaded = true
  loaded.set(file, module.exports)
  // written only while the file is still the one read (a rebuild during the command must not pair its identity with
  // this text)
  if (outcome !== 'hit') {
    process.once('exit', () => {
      let same = false
      try {
        same = fileIdentity(file) === identity
      } catch {
        // gone: nothing to pair the data with
      }
      if (same) writeCodeCache(script, cacheFile)
    })
  }
  return module.exports
}

/** What identifies a version of `file`: device, inode, size, modification and change times (ns). */
function fileIdentity(file: string): string {
  const st = statSync(file, {bigint: true})
  return [st.dev, st.ino, st.size, st.mtimeNs, st.ctimeNs].join(':')
}

/**
 * 128 bits (32 hex digits) of a short key text: four FNV-1a-style hashes (other seeds and odd multipliers). Not a digest of content (the identity above
 * stands for that), only a file name for the key's parts; a collision of two keys would need the same name too.
 */
function keyHash(text: string): string {
  let out = ''
  for (const [seed, prime] of [[0x811c9dc5, 0x01000193], [0x9e3779b9, 0x5bd1e995], [0x85ebca6b, 0x27d4eb2d], [0xc2b2ae35, 0x165667b1]]) {
    let h = seed >>> 0
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i)
      h = Math.imul(h, prime) >>> 0
    }
    out += h.toString(16).padStart(8, '0')
  }
  return out
}

/** Writes `script`'s code cache to `cacheFile` atomically and drops the stale entries of the same library. */
function writeCodeCache(script: vm.Script, cacheFile: string): void {
  const dir = path.dirname(cacheFile)
  const tmp = `${cacheFile}.${process.pid}.tmp`
  try {
    const data = script.createCachedData()
    mkdirSync(dir, {recursive: true, mode: 0o700})
    writeFileSync(tmp, data, {mode: 0o600, flag: 'wx'})
    renameSync(tmp, cacheFile)
    const name = path.basename(cacheFile)
    const library = name.slice(0, name.lastIndexOf('-') + 1)
    for (const entry of readdirSync(dir)) {
      // the same library (and variant) under another key: `<library>-<32 hex>.v8` exactly
      if (entry !== name && entry.startsWith(library) && /^[0-9a-f]{32}\.v8$/.test(entry.slice(library.length))) unlinkSync(path.join(dir, entry))
    }
  } catch {
    try {
      unlinkSync(tmp)
    } catch {
      // nothing was written
    }
  }
}
