// The fast runner of bin/run.js, derived from the operation table: every command that is a declared operation
// runs without loading oclif when its command line parses exactly as the oclif adapter would parse it (see
// src/operation-argv.ts). This script
//
// 1. loads every package's operation list (the root's dist/operations.js and each @govtool plugin's
//    `./operations` export) and writes dist/fast-entry.js: the table of command words -> package, and
//    `runFast(argv)`, which loads only the package the command belongs to;
// 2. bundles that entry with esbuild into dist/fast/ (one file plus chunks for what sits behind `import()`:
//    each package's operation list, and each operation's library code), because resolving and compiling
//    ~100 separate modules was the largest part of a command's start-up.
//
// - govtool's own code and ES-module dependencies are bundled, except oclif's packages (@oclif/*), which always
//   stay external: the root package's operations (update, plugin) and those needing the installed plugins
//   load them behind `import()`. CommonJS dependencies stay external (bundled
//   into an ES module, __filename and __dirname are undefined) when they resolve from dist/fast/ to the very
//   file they resolve to from the module importing them, so the bundle uses the same copies as the unbundled
//   packages. The others (a nested copy of another version) are bundled, with `require` provided.
// - bin/run.js falls back to dist/fast-entry.js (unbundled) when the bundle is missing or does not load, and
//   to oclif when neither loads.
import {existsSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

import {build} from 'esbuild'
import ts from 'typescript'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outdir = path.join(root, 'dist', 'fast')
const fromBundle = createRequire(path.join(outdir, 'index.js'))

function packageName(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

function nearestPackageJson(file) {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))
    } catch {
      // not here; go up
    }
  }
  return {}
}

const isOwn = (name) => name === 'govtool' || name.startsWith('@govtool/')

// The hot commands (issue 14): what hooks, agents and scripts start a process for, again and again. Each ops/
// module below is also bundled on its own as one CommonJS file (dist/fast/hot-<package>-<module>.cjs: the module, the
// kernel and every library module it reaches, lazy imports included) that bin/run.js loads through V8's code
// cache (src/code-cache.ts), without the ES bundle: resolving, reading, compiling and linking the 20-50 ES chunks
// of a command was its largest start-up cost after Node's own. dist/fast/hot.json maps each of their commands to
// its file. Only modules whose operations never load other operations by id (findOperations: quickstart, the
// servers) are listed: those need the ES bundle's registered loaders. scaffold-ops (export, init, import, workspace)
// is not run by hooks, but export spent about 100 ms of CPU loading the ES bundle's chunks (issue 14, thirteenth pass).
const HOT_MODULES = [
  'ops/channel.js',
  'ops/config.js',
  'governance/dist/ops/health.js',
  'governance/dist/ops/phase.js',
  'governance/dist/ops/req.js',
  'governance/dist/ops/scaffold-ops.js',
  'governance/dist/ops/tests.js',
  'governance/dist/ops/ledger.js',
  'preflight/dist/ops/preflight.js',
  'preflight/dist/ops/verify.js',
  'preflight/dist/ops/hook.js',
  'vcs/dist/ops/session.js',
]

// yaml is CommonJS of 72 small files that most commands load (scaffold.yml, docs/GOVTOOL.yml), read, resolved and
// compiled one by one: some 20-70 ms of start-up. The kernel requires it lazily (a synchronous require made with
// createRequire, so that commands that read no YAML never load it), which esbuild leaves alone; so yaml is bundled
// on its own into dist/fast/yaml.cjs (one file) and the bundled kernel's `require('yaml')` is pointed at it,
// loaded through V8's code cache (src/code-cache.ts): compiling it from source was 10-20 ms of every start.
const codeCache = path.join(root, 'dist', 'code-cache.js')
const lazyYaml = {
  name: 'govtool-lazy-yaml',
  setup(b) {
    b.onLoad({filter: /[\\/]dist[\\/][^\\/]+\.js$/}, async (args) => {
      if (path.dirname(args.path) !== path.join(root, 'dist')) return undefined
      const text = readFileSync(args.path, 'utf8')
      if (!text.includes("require('yaml')")) return undefined
      const contents = `import {requireCached as __govtoolRequireCached} from ${JSON.stringify(codeCache)};\n${text.replaceAll("require('yaml')", "__govtoolRequireCached(new URL('./yaml.cjs', import.meta.url))")}`
      return {contents, loader: 'js'}
    })
  },
}

// zod's v3 API (every operation's input and result schemas, imported by ~100 modules) is the largest library every
// command compiles. It is bundled on its own into dist/fast/zod-v3.cjs (zod's CommonJS build) and every
// `import ... from 'zod/v3'` of the bundle (govtool's and its dependencies', so that one copy of zod's classes
// exists) becomes a module that re-exports it, loaded through V8's code cache like yaml.
const zodFile = path.join(outdir, 'zod-v3.cjs')
const cachedZod = {
  name: 'govtool-cached-zod',
  setup(b) {
    b.onResolve({filter: /^zod\/v3$/}, () => ({path: 'zod/v3', namespace: 'govtool-cached-zod'}))
    b.onLoad({filter: /.*/, namespace: 'govtool-cached-zod'}, () => {
      const names = Object.keys(createRequire(zodFile)(zodFile)).filter((n) => n !== 'default' && n !== '__esModule')
      const contents = [
        `import {requireCached} from ${JSON.stringify(codeCache)};`,
        "const zod = requireCached(new URL('./zod-v3.cjs', import.meta.url));",
        ...names.map((n, i) => `const e${i} = zod[${JSON.stringify(n)}];`),
        `export {${names.map((n, i) => `e${i} as ${n}`).join(', ')}};`,
        'export default zod.default;',
      ].join('\n')
      return {contents, loader: 'js', resolveDir: root}
    })
  },
}

// node:fs/promises on first use, in the hot bundles: some fifteen modules of a hot command import it at their top
// level, and loading the builtin (its internal module compiled) cost 2-7 ms of every hot command, most of which never
// call it (a warm checkpoint reads synchronously). Each function is a wrapper that takes the builtin on its first
// call; `constants` is node:fs's (the same object); the default export reads through to the builtin.
const lazyFsPromises = {
  name: 'govtool-lazy-fs-promises',
  setup(b) {
    b.onResolve({filter: /^(?:node:)?fs\/promises$/}, () => ({path: 'fs/promises', namespace: 'govtool-lazy-fs-promises'}))
    b.onLoad({filter: /.*/, namespace: 'govtool-lazy-fs-promises'}, () => {
      const fsp = createRequire(import.meta.url)('node:fs/promises')
      const names = Object.keys(fsp).filter((n) => n !== 'default')
      const contents = [
        "let fsp; const get = () => (fsp ??= process.getBuiltinModule('node:fs/promises'));",
        ...names.map((n, i) => (typeof fsp[n] === 'function' ? `const e${i} = (...args) => get()[${JSON.stringify(n)}](...args);` : `const e${i} = process.getBuiltinModule('node:fs')[${JSON.stringify(n)}];`)),
        `export {${names.map((n, i) => `e${i} as ${n}`).join(', ')}};`,
        'export default new Proxy({}, {get: (_, key) => get()[key], has: (_, key) => key in get(), ownKeys: () => Reflect.ownKeys(get()), getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(get(), key)});',
      ].join('\n')
      return {contents, loader: 'js', resolveDir: root}
    })
  },
}

const externals = new Set()
const bundledCjs = new Set()
const dependencies = {
  name: 'govtool-dependencies',
  setup(b) {
    b.onResolve({filter: /^[^./]/}, async (args) => {
      if (args.path.startsWith('node:') || args.pluginData === 'resolving') return undefined
      const name = packageName(args.path)
      if (isOwn(name)) return undefined
      // oclif and its plugins stay in node_modules: they find their files relative to themselves, and only the
      // few operations that need the installed plugins or the updater load them (lazily), never the runner
      if (name.startsWith('@oclif/')) {
        externals.add(name)
        return {path: args.path, external: true}
      }
      const resolved = await b.resolve(args.path, {kind: args.kind, resolveDir: args.resolveDir, pluginData: 'resolving'})
      if (resolved.errors.length > 0) return {errors: resolved.errors}
      if (resolved.external) return {path: args.path, external: true}
      const file = resolved.path
      const esm = file.endsWith('.mjs') || (!file.endsWith('.cjs') && nearestPackageJson(file).type === 'module')
      if (esm) return undefined
      let fromOut
      try {
        fromOut = fromBundle.resolve(args.path)
      } catch {
        fromOut = undefined
      }
      if (fromOut !== createRequire(args.importer).resolve(args.path)) {
        bundledCjs.add(name)
        return undefined
      }
      externals.add(name)
      return {path: args.path, external: true}
    })
  },
}

// 1. the operation table
const rootPjson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
const sources = []
if (existsSync(path.join(root, 'dist', 'operations.js'))) sources.push({key: 'govtool', specifier: './operations.js', file: path.join(root, 'dist', 'operations.js')})
const rootRequire = createRequire(path.join(root, 'package.json'))
for (const name of Object.keys(rootPjson.dependencies ?? {}).filter((n) => n.startsWith('@govtool/')).sort()) {
  const pjsonFile = rootRequire.resolve(`${name}/package.json`)
  const pjson = JSON.parse(readFileSync(pjsonFile, 'utf8'))
  const target = pjson.exports?.['./operations']?.default
  if (target) sources.push({key: name, specifier: `${name}/operations`, file: path.join(path.dirname(pjsonFile), target)})
}
// Each command also names the module of its package's ops/ that defines it, so that a command loads (and builds
// the zod schemas of) its own module only, not its package's whole operation list: for checkpoint, 5 operations
// instead of 40. A module is found by identity of its exports (an operation, or an array of them).
const table = {}
const modules = []
const jsUnder = (dir) =>
  existsSync(dir) ? readdirSync(dir, {withFileTypes: true, recursive: true}).filter((e) => e.isFile() && e.name.endsWith('.js')).map((e) => path.join(e.parentPath ?? e.path, e.name)).sort() : []
for (const source of sources) {
  const {operations} = await import(pathToFileURL(source.file).href)
  const definedIn = new Map()
  for (const file of jsUnder(path.join(path.dirname(realpathSync(source.file)), 'ops'))) {
    const mod = await import(pathToFileURL(file).href)
    for (const value of Object.values(mod)) for (const op of Array.isArray(value) ? value : [value]) if (operations.includes(op) && !definedIn.has(op)) definedIn.set(op, file)
  }
  for (const op of operations) {
    const words = op.command ?? op.id.replaceAll('.', ' ')
    if (table[words]) throw new Error(`command "${words}" is declared by both ${table[words][0]} and ${source.key}`)
    const file = definedIn.get(op)
    let index = -1
    if (file) {
      const specifier = `./${path.relative(path.join(root, 'dist'), file).split(path.sep).join('/')}`
      index = modules.indexOf(specifier)
      if (index < 0) index = modules.push(specifier) - 1
    }
    table[words] = [source.key, index]
  }
}
const entry = path.join(root, 'dist', 'fast-entry.js')
writeFileSync(
  entry,
  `// Generated by scripts/bundle-fast.mjs from the operation lists: do not edit.
import {commandWords, registerOperationLoaders, runOperationArgv, timingMark} from 'govtool/core'

const TABLE = ${JSON.stringify(table)}

const LOADERS = {
${sources.map((s) => `  ${JSON.stringify(s.key)}: () => import(${JSON.stringify(s.specifier)}),`).join('\n')}
}

// the module of ops/ that defines a command (TABLE's second column); undefined when it does not load (an install
// layout where the relative path does not hold), and the package's list is used instead
const MODULES = [
${modules.map((m) => `  () => import(${JSON.stringify(m)}).catch(() => undefined),`).join('\n')}
]

// operations that run others by id (quickstart) load them through the same loaders: the bundled copies
registerOperationLoaders(LOADERS)

function definedIn(mod, words) {
  for (const value of Object.values(mod ?? {})) {
    for (const op of Array.isArray(value) ? value : [value]) {
      if (op && typeof op === 'object' && typeof op.id === 'string' && typeof op.run === 'function' && commandWords(op) === words) return op
    }
  }
  return undefined
}

/** Runs \`argv\` (command words first) without oclif: the exit code, or undefined when oclif must handle it. */
export async function runFast(argv, options = {}) {
  for (let n = Math.min(3, argv.length); n >= 1; n--) {
    const words = argv.slice(0, n).join(' ')
    const entry = Object.hasOwn(TABLE, words) ? TABLE[words] : undefined
    if (!entry) continue
    const [key, index] = entry
    const op = (index >= 0 ? definedIn(await MODULES[index](), words) : undefined) ?? (await LOADERS[key]()).operations.find((o) => commandWords(o) === words)
    timingMark('command module loaded')
    return op ? runOperationArgv(op, argv.slice(n), options) : undefined
  }
  return undefined
}
`,
)

// 1b. the shipped plugins (issue 14): what a command read at run time from ~16 package.json files (the plugin list,
// each plugin's `govtool` section) and the project types it imported from @govtool/plugin-types and validated, known
// now, written into the bundles as __GOVTOOL_CORE_PLUGINS__ (src/project-types.ts: used only when the bundle runs
// from this installation root and the user has no plugins; the unbundled dist/ reads the files as before). Project
// types are embedded only when they are plain data that validates; otherwise the module is imported at run time.
const {scanCorePlugins, ProjectTypeSchema} = await import(pathToFileURL(path.join(root, 'dist', 'project-types.js')).href)
const {z: zodV3} = createRequire(path.join(root, 'dist', 'project-types.js'))('zod/v3')
const {isDeepStrictEqual} = await import('node:util')
const realRoot = realpathSync(root)
const scanned = scanCorePlugins(root)
let corePlugins
if (scanned) {
  const types = {}
  for (const p of scanned.plugins) {
    const declared = p.pjson.govtool?.types
    if (typeof declared !== 'string') continue
    try {
      const file = path.resolve(p.root, declared)
      if (!file.startsWith(path.resolve(p.root) + path.sep)) continue
      const parsed = zodV3.array(ProjectTypeSchema).safeParse((await import(pathToFileURL(file).href)).default)
      if (parsed.success && isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), parsed.data)) types[p.name] = parsed.data
    } catch {
      // imported (and its failure reported) at run time
    }
  }
  corePlugins = {
    root: realRoot,
    devPlugins: scanned.devPlugins,
    oclif: scanned.oclif,
    plugins: scanned.plugins.map((p) => ({name: p.name, version: p.version, root: path.relative(realRoot, p.root), ...(p.pjson.govtool === undefined ? {} : {govtool: p.pjson.govtool})})),
    types,
  }
}
const defineCorePlugins = corePlugins ? {__GOVTOOL_CORE_PLUGINS__: JSON.stringify(corePlugins)} : {}

// 2. the bundle: first the CommonJS libraries it loads through the code cache, then the runner
rmSync(outdir, {recursive: true, force: true})
const started = performance.now()
// one CommonJS file per entry: the libraries compiled through the code cache and the hot commands' bundles
const CJS_FILE = {absWorkingDir: root, bundle: true, format: 'cjs', platform: 'node', target: 'node20.19', minifyWhitespace: true, minifySyntax: true, legalComments: 'linked', logLevel: 'warning'}
const cjsLibrary = (entry, outfile) => build({...CJS_FILE, entryPoints: [entry], outfile})
await cjsLibrary(createRequire(path.join(root, 'dist', 'config.js')).resolve('yaml'), path.join(outdir, 'yaml.cjs'))
await cjsLibrary(createRequire(path.join(root, 'dist', 'operation.js')).resolve('zod/v3'), zodFile)
// the code cache itself, as CommonJS: bin/run.js (CommonJS) requires it to load a hot command's bundle without Node's ES loader
await cjsLibrary(codeCache, path.join(outdir, 'code-cache.cjs'))
const result = await build({
  absWorkingDir: root,
  entryPoints: {index: 'dist/fast-entry.js'},
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  metafile: true,
  logLevel: 'warning',
  plugins: [lazyYaml, cachedZod, dependencies],
  define: defineCorePlugins,
  banner: {
    js: "// Generated by scripts/bundle-fast.mjs from dist/fast-entry.js: do not edit.\nimport {createRequire as __govtoolCreateRequire} from 'node:module';\nconst require = __govtoolCreateRequire(import.meta.url);",
  },
})
/**
 * A script compiled through vm.Script (the code cache) has no loader for `import()`: each dynamic import of a hot
 * bundle (node: modules, sql.js, @oclif/core, the plugins' config sections) becomes a call of `__govtoolImport`,
 * which src/code-cache.ts passes in (and which is `import()` itself when Node's own loader runs the file). The
 * calls are found by TypeScript's parser, never by matching text (a string may hold "import(").
 */
function rewriteDynamicImports(file) {
  const text = readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.JS)
  const at = []
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) at.push(node.expression.getStart(source))
    ts.forEachChild(node, visit)
  }
  visit(source)
  let out = text
  for (const start of at.sort((a, b) => b - a)) {
    if (out.slice(start, start + 6) !== 'import') throw new Error(`${file}: no import() at ${start}`)
    out = `${out.slice(0, start)}__govtoolImport${out.slice(start + 6)}`
  }
  // given by the code cache's loader; under a plain require (no code cache), Node's own import()
  const fallback = "var __govtoolImport = typeof __govtoolImport === 'function' ? __govtoolImport : (specifier) => import(specifier);\n"
  writeFileSync(file, fallback + out)
}

// 3. the hot commands: one CommonJS file per ops/ module, loaded through V8's code cache (see HOT_MODULES)
const hotStarted = performance.now()
const hotTable = {}
const hotInputs = new Set()
for (const [index, specifier] of modules.entries()) {
  const name = HOT_MODULES.find((m) => specifier.endsWith(`/${m}`) || specifier === `./${m}`)
  if (!name) continue
  // named by package and module (stable across builds, so the code cache's stale entries of a file are replaced)
  const owner = /\/plugins\/([^/]+)\/dist\//.exec(specifier)?.[1] ?? 'govtool'
  const file = `hot-${owner}-${path.basename(specifier, '.js')}.cjs`
  const hotEntry = path.join(root, 'dist', `hot-entry-${index}.js`)
  writeFileSync(
    hotEntry,
    `// Generated by scripts/bundle-fast.mjs: do not edit.
import {commandWords, runOperationArgv, timingMark} from 'govtool/core'
import * as mod from ${JSON.stringify(specifier)}

/** Runs the command \`words\` of this module (undefined when it is not one of them, or oclif must handle the line). */
export async function runHot(words, argv, options = {}) {
  for (const value of Object.values(mod)) {
    for (const op of Array.isArray(value) ? value : [value]) {
      if (op && typeof op === 'object' && typeof op.id === 'string' && typeof op.run === 'function' && commandWords(op) === words) {
        timingMark('command module loaded')
        return runOperationArgv(op, argv, options)
      }
    }
  }
  return undefined
}
`,
  )
  const hot = await build({
    ...CJS_FILE,
    entryPoints: [hotEntry],
    outfile: path.join(outdir, file),
    metafile: true,
    plugins: [lazyFsPromises, lazyYaml, cachedZod, dependencies],
    // the file sits in dist/fast/ like the ES bundle's chunks, so import.meta.url finds the same files from it
    // __GOVTOOL_HOT_BUNDLE__: this file holds all the code it runs, so its identity stands for that code (the
    // preflight rule file, plugins/preflight/src/lib/rule-cache.ts, is keyed by it)
    define: {'import.meta.url': '__govtoolModuleUrl', __GOVTOOL_HOT_BUNDLE__: 'true', ...defineCorePlugins},
    banner: {js: "// Generated by scripts/bundle-fast.mjs: do not edit.\nconst __govtoolModuleUrl = require('node:url').pathToFileURL(__filename).href;"},
  })
  rmSync(hotEntry)
  rewriteDynamicImports(path.join(outdir, file))
  for (const input of Object.keys(hot.metafile.inputs)) if (!/^[a-z-]+:/.test(input) && !input.startsWith('<') && !input.includes('hot-entry-')) hotInputs.add(input)
  for (const [words, [, i]] of Object.entries(table)) if (i === index) hotTable[words] = file
}
writeFileSync(path.join(outdir, 'hot.json'), JSON.stringify(hotTable) + '\n')
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'))
const bytes = outputs.reduce((sum, [, o]) => sum + o.bytes, 0)
// the files the bundle was built from (not the plugins' virtual modules, such as govtool-cached-zod:zod/v3, nor
// esbuild's defines, such as <define:__GOVTOOL_CORE_PLUGINS__>)
const inputFiles = [...new Set([...Object.keys(result.metafile.inputs).filter((f) => !/^[a-z-]+:/.test(f) && !f.startsWith('<') && !f.includes('hot-entry-')), ...hotInputs])]
writeFileSync(path.join(outdir, 'inputs.json'), JSON.stringify(inputFiles.sort(), null, 2) + '\n')
console.log(
  `fast runner bundled: ${Object.keys(table).length} commands of ${sources.length} packages, ${outputs.length} files, ${(bytes / 1024).toFixed(0)} KiB, external ${[...externals].sort().join(', ')}; bundled CommonJS ${[...bundledCjs].sort().join(', ') || 'none'} (${(performance.now() - started).toFixed(0)} ms); ${Object.keys(hotTable).length} hot commands (${((performance.now() - hotStarted) / 1000).toFixed(1)} s)`,
)
