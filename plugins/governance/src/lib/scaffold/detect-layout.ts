import path from 'node:path'

/** Manifest contents a scan reads once. */
export interface Manifests {
  packageJson?: Record<string, unknown>
  pyproject?: string
  cargo?: string
  cmake?: string
  setupCfg?: string
  toxIni?: string
}

const SOURCE_EXT = /\.(py|ts|tsx|mts|cts|js|jsx|mjs|cjs|rs|c|h|cpp|cc|cxx|hpp|vhd|vhdl|v|sv|go|java|kt|rb|cs|php|swift|scala|zig)$/i
const TEST_DIR = /(^|\/)(tests?|__tests__|specs?|testbench|tb)\//
const TEST_FILE = /(^|\/)test_[^/]+\.py$|_test\.(py|go)$|\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)tb_[^/]+\.vhdl?$|_tb\.vhdl?$/
const NOT_MODULE_DIRS = new Set(['tests', 'test', '__tests__', 'spec', 'specs', 'docs', 'doc', 'scripts', 'examples', 'example', 'benches', 'bench', 'tb', 'sim', 'tools', 'fixtures'])

export function isSourceFile(file: string): boolean {
  return SOURCE_EXT.test(file)
}

export function isTestFile(file: string): boolean {
  return isSourceFile(file) && (TEST_DIR.test(file) || TEST_FILE.test(file))
}

/** Test files, the directories that hold them (outermost), and a few for framework sniffing. */
export function detectTests(files: readonly string[]): {files: number; dirs: string[]; sample: string[]} {
  const dirs = new Set<string>()
  const sample: string[] = []
  let count = 0
  for (const file of files) {
    if (!isTestFile(file)) continue
    count++
    if (sample.length < 20) sample.push(file)
    const m = /^(.*?(?:^|\/)(?:tests?|__tests__|specs?|testbench|tb))\//.exec(file)
    dirs.add(m ? m[1] : path.posix.dirname(file))
  }
  const outer = [...dirs].sort().filter((d, _i, all) => !all.some((o) => o !== d && o !== '.' && d.startsWith(`${o}/`)))
  return {files: count, dirs: outer, sample}
}

/**
 * The modules of the project: Python packages (outermost directories with __init__.py), else the
 * directories under src/ (or packages/, crates/) that hold source files, else top-level source directories.
 */
export function detectModules(language: string | null, files: readonly string[], dirs: readonly string[]): string[] {
  const sources = files.filter((f) => isSourceFile(f) && !isTestFile(f))
  if (language === 'python') {
    const packages = new Set(files.filter((f) => f.endsWith('/__init__.py')).map((f) => path.posix.dirname(f)))
    const outer = [...packages].filter((p) => !packages.has(path.posix.dirname(p)) && !TEST_DIR.test(`${p}/`) && !NOT_MODULE_DIRS.has(path.posix.basename(p)))
    if (outer.length > 0) return outer.sort()
  }
  const dirSet = new Set(dirs)
  for (const container of ['src', 'packages', 'crates', 'lib', 'rtl']) {
    if (!dirSet.has(container)) continue
    const found = new Set<string>()
    let direct = false
    for (const f of sources) {
      if (!f.startsWith(`${container}/`)) continue
      const rest = f.slice(container.length + 1)
      const slash = rest.indexOf('/')
      if (slash === -1) direct = true
      else if (!NOT_MODULE_DIRS.has(rest.slice(0, slash))) found.add(`${container}/${rest.slice(0, slash)}`)
    }
    if (found.size > 0 || direct) return [...(direct ? [container] : []), ...[...found].sort()]
  }
  const top = new Set<string>()
  for (const f of sources) {
    const slash = f.indexOf('/')
    if (slash === -1) continue
    const first = f.slice(0, slash)
    if (!first.startsWith('.') && !NOT_MODULE_DIRS.has(first)) top.add(first)
  }
  return [...top].sort()
}

function tomlSection(text: string | undefined, header: string): string[] {
  if (!text) return []
  const lines = text.split(/\r?\n/)
  const start = lines.findIndex((l) => l.trim() === `[${header}]`)
  if (start === -1) return []
  const out: string[] = []
  for (const line of lines.slice(start + 1)) {
    if (/^\s*\[/.test(line)) break
    if (line.trim() && !line.trim().startsWith('#')) out.push(line.trim())
  }
  return out
}

function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>
    const dot = v['.'] ?? v
    if (typeof dot === 'string') return [dot]
    if (dot && typeof dot === 'object') {
      const d = dot as Record<string, unknown>
      return [d.import, d.default, d.require].filter((x): x is string => typeof x === 'string').slice(0, 1)
    }
  }
  return []
}

/** Entry points: package.json bin/main/exports, pyproject scripts, __main__.py, main files by convention. */
export function detectEntryPoints(language: string | null, files: ReadonlySet<string>, m: Manifests): string[] {
  const out = new Set<string>()
  const pkg = m.packageJson
  if (pkg) {
    const bin = pkg.bin
    if (typeof bin === 'string') out.add(`bin: ${bin}`)
    else if (bin && typeof bin === 'object') for (const [name, file] of Object.entries(bin)) out.add(`bin ${name}: ${String(file)}`)
    if (typeof pkg.main === 'string') out.add(`main: ${pkg.main}`)
    for (const target of exportTargets(pkg.exports)) out.add(`exports: ${target}`)
  }
  for (const line of [...tomlSection(m.pyproject, 'project.scripts'), ...tomlSection(m.pyproject, 'tool.poetry.scripts')]) {
    const match = /^([\w.-]+)\s*=\s*["']([^"']+)["']/.exec(line)
    if (match) out.add(`script ${match[1]}: ${match[2]}`)
  }
  for (const line of tomlSection(m.cargo, '[bin]')) {
    const match = /^path\s*=\s*["']([^"']+)["']/.exec(line)
    if (match) out.add(match[1])
  }
  for (const file of files) {
    if (isTestFile(file)) continue
    if (file.endsWith('/__main__.py') || file === '__main__.py') out.add(file)
    else if (/^(src\/)?(main|app|manage|cli)\.py$/.test(file)) out.add(file)
    else if (/^src\/main\.rs$|^src\/bin\/[^/]+\.rs$/.test(file)) out.add(file)
    else if (/^(cmd\/[^/]+\/)?main\.go$/.test(file)) out.add(file)
    else if (/^(src\/)?main\.(c|cpp|cc)$/.test(file)) out.add(file)
    else if (/^(src\/)?(index|main|cli|server)\.[cm]?[jt]s$/.test(file) && (language === 'typescript' || language === 'javascript')) out.add(file)
    else if (/^(rtl|src)\/top\.vhdl?$/.test(file)) out.add(file)
  }
  return [...out].sort()
}
