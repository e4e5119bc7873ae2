import {existsSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import path from 'node:path'

import type {Scaffold} from 'govtool/core'

import {detectEntryPoints, detectModules, detectTests, type Manifests} from './detect-layout.js'
import {gitRemoteInfo, type GitRemoteInfo} from './git.js'
import {listProjectFiles} from './walk.js'

/** What `import` found in an existing repository (the JSON keys of its `detected` object). */
export interface ProjectDetection {
  /** main language (most source files, manifests breaking ties), or null */
  language: string | null
  languages: {language: string; files: number}[]
  /** the built-in project type this maps to */
  project_type: string
  build_system: string | null
  test_framework: string | null
  /** CI system found in the repository: github-actions, gitlab-ci, azure-pipelines, bitbucket-pipelines, circleci, jenkins */
  ci_platform: string | null
  ci_files: string[]
  vcs: GitRemoteInfo
  /** VCS platform for scaffold.yml: the remote's host, else the CI system's, else github */
  vcs_platform: Scaffold['vcs_platform']
  modules: string[]
  entry_points: string[]
  tests: {files: number; dirs: string[]}
  governance: {present: string[]; legacy: string[]; assistants: string[]}
  source_files: number
}

const EXTENSIONS: Record<string, string> = {
  '.py': 'python', '.pyi': 'python', '.ts': 'typescript', '.tsx': 'typescript', '.mts': 'typescript', '.cts': 'typescript',
  '.js': 'javascript', '.jsx': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript', '.rs': 'rust', '.c': 'c', '.h': 'c',
  '.cpp': 'cpp', '.cc': 'cpp', '.cxx': 'cpp', '.hpp': 'cpp', '.hh': 'cpp', '.vhd': 'vhdl', '.vhdl': 'vhdl', '.v': 'verilog',
  '.sv': 'systemverilog', '.go': 'go', '.java': 'java', '.kt': 'kotlin', '.rb': 'ruby', '.cs': 'csharp', '.php': 'php',
  '.swift': 'swift', '.scala': 'scala', '.zig': 'zig',
}

const LANGUAGE_TYPES: Record<string, string> = {
  python: 'python', typescript: 'node-typescript', javascript: 'node-typescript', rust: 'rust', c: 'c-embedded', cpp: 'c-embedded', vhdl: 'fpga-vhdl',
}

const MANIFEST_LANGUAGE: readonly [string, string][] = [
  ['Cargo.toml', 'rust'], ['pyproject.toml', 'python'], ['setup.py', 'python'], ['tsconfig.json', 'typescript'], ['package.json', 'javascript'],
  ['go.mod', 'go'], ['pom.xml', 'java'], ['CMakeLists.txt', 'c'],
]

const CI_FILES: readonly [RegExp, string, Scaffold['vcs_platform'] | null][] = [
  [/^\.github\/workflows\/[^/]+\.ya?ml$/, 'github-actions', 'github'],
  [/^\.gitlab-ci\.ya?ml$/, 'gitlab-ci', 'gitlab'],
  [/^azure-pipelines\.ya?ml$|^\.azure-pipelines\/[^/]+\.ya?ml$/, 'azure-pipelines', 'azure-devops'],
  [/^bitbucket-pipelines\.yml$/, 'bitbucket-pipelines', 'bitbucket'],
  [/^\.circleci\/config\.ya?ml$/, 'circleci', null],
  [/^Jenkinsfile$/, 'jenkins', null],
]

const GOVERNANCE_PATHS = ['AGENTS.md', 'LEDGER.md', 'scaffold.yml', 'docs/REQUIREMENTS.md', 'docs/TESTS.md', 'docs/architecture.md', 'docs/GOVTOOL.yml']
const LEGACY_PATHS = ['REQUIREMENTS.md', 'TESTS.md', 'docs/ARCHITECTURE.md', 'docs/LEDGER.md']
const ASSISTANT_PATHS = ['CLAUDE.md', '.cursorrules', '.github/copilot-instructions.md', '.aider.conf.yml', '.windsurfrules']

async function readIfSmall(file: string): Promise<string | undefined> {
  try {
    const text = await readFile(file, 'utf8')
    return text.length > 2_000_000 ? undefined : text
  } catch {
    return undefined
  }
}

function parsePackageJson(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined
  try {
    const data = JSON.parse(text) as unknown
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** Scans an existing repository: files, manifests and git, and says what it is. */
export async function detectProject(root: string): Promise<ProjectDetection> {
  const [{files, dirs}, vcs] = await Promise.all([listProjectFiles(root), gitRemoteInfo(root)])
  const fileSet = new Set(files)
  const read = (rel: string) => (fileSet.has(rel) ? readIfSmall(path.join(root, rel)) : Promise.resolve(undefined))
  const [packageText, pyproject, cargo, cmake, setupCfg, toxIni] = await Promise.all([
    read('package.json'), read('pyproject.toml'), read('Cargo.toml'), read('CMakeLists.txt'), read('setup.cfg'), read('tox.ini'),
  ])
  const manifests: Manifests = {packageJson: parsePackageJson(packageText), pyproject, cargo, cmake, setupCfg, toxIni}

  const counts = new Map<string, number>()
  let sourceFiles = 0
  for (const file of files) {
    const language = EXTENSIONS[path.posix.extname(file).toLowerCase()]
    if (!language) continue
    sourceFiles++
    counts.set(language, (counts.get(language) ?? 0) + 1)
  }
  const languages = [...counts.entries()].map(([language, n]) => ({language, files: n})).sort((a, b) => b.files - a.files || a.language.localeCompare(b.language))
  const language = mainLanguage(languages, fileSet)
  const project_type = (language && LANGUAGE_TYPES[language]) || 'generic'

  const ciFiles: string[] = []
  let ciPlatform: string | null = null
  let ciHost: Scaffold['vcs_platform'] | null = null
  for (const file of files) {
    for (const [pattern, name, host] of CI_FILES) {
      if (!pattern.test(file)) continue
      ciFiles.push(file)
      if (!ciPlatform) {
        ciPlatform = name
        ciHost = host
      }
    }
  }

  const tests = detectTests(files)
  return {
    language,
    languages,
    project_type,
    build_system: buildSystem(language, fileSet, manifests),
    test_framework: await testFramework(root, language, fileSet, manifests, tests.sample),
    ci_platform: ciPlatform,
    ci_files: ciFiles,
    vcs,
    vcs_platform: vcs.host_platform ?? ciHost ?? 'github',
    modules: detectModules(language, files, dirs),
    entry_points: detectEntryPoints(language, fileSet, manifests),
    tests: {files: tests.files, dirs: tests.dirs},
    governance: {
      present: [...GOVERNANCE_PATHS.filter((p) => fileSet.has(p)), ...files.filter((f) => /^docs\/governance\/[^/]+\.md$/.test(f))],
      legacy: [...LEGACY_PATHS.filter((p) => fileSet.has(p)), ...(existsSync(path.join(root, '.specsmith')) ? ['.specsmith/'] : [])],
      assistants: [...ASSISTANT_PATHS.filter((p) => fileSet.has(p)), ...(dirs.includes('.cursor/rules') ? ['.cursor/rules/'] : []), ...(dirs.includes('.agents/skills') ? ['.agents/skills/'] : [])],
    },
    source_files: sourceFiles,
  }
}

function mainLanguage(languages: readonly {language: string; files: number}[], files: ReadonlySet<string>): string | null {
  const manifest = MANIFEST_LANGUAGE.find(([file]) => files.has(file))?.[1]
  let top = languages[0]?.language ?? null
  // TypeScript projects carry JavaScript config files; a tsconfig.json settles it
  if (top === 'javascript' && (files.has('tsconfig.json') || languages.some((l) => l.language === 'typescript'))) top = 'typescript'
  if (!top) return manifest ?? null
  if (manifest && manifest !== top) {
    const topCount = languages[0].files
    const manifestCount = languages.find((l) => l.language === manifest)?.files ?? 0
    // a manifest wins over a language with at most twice its files (generated or vendored code is common)
    if (manifestCount > 0 && topCount <= manifestCount * 2) return manifest === 'javascript' && files.has('tsconfig.json') ? 'typescript' : manifest
  }
  return top
}

function buildSystem(language: string | null, files: ReadonlySet<string>, m: Manifests): string | null {
  const python = () => {
    const backend = /build-backend\s*=\s*["']([^"']+)["']/.exec(m.pyproject ?? '')?.[1] ?? ''
    for (const [needle, name] of [['hatchling', 'hatch'], ['poetry', 'poetry'], ['setuptools', 'setuptools'], ['flit', 'flit'], ['pdm', 'pdm'], ['maturin', 'maturin']] as const) {
      if (backend.includes(needle)) return name
    }
    if (m.pyproject !== undefined) return 'pyproject'
    if (files.has('setup.py') || files.has('setup.cfg')) return 'setuptools'
    return null
  }
  const node = () => {
    if (!files.has('package.json')) return null
    if (files.has('pnpm-lock.yaml')) return 'pnpm'
    if (files.has('yarn.lock')) return 'yarn'
    if (files.has('bun.lockb') || files.has('bun.lock')) return 'bun'
    return 'npm'
  }
  const byLanguage: Record<string, () => string | null> = {
    python,
    typescript: node,
    javascript: node,
    rust: () => (files.has('Cargo.toml') ? 'cargo' : null),
    go: () => (files.has('go.mod') ? 'go' : null),
    java: () => (files.has('pom.xml') ? 'maven' : files.has('build.gradle') || files.has('build.gradle.kts') ? 'gradle' : null),
  }
  const specific = language ? byLanguage[language]?.() : null
  if (specific) return specific
  if (files.has('CMakeLists.txt')) return 'cmake'
  if (files.has('meson.build')) return 'meson'
  if (files.has('Makefile') || files.has('makefile')) return 'make'
  return python() ?? node()
}

async function testFramework(root: string, language: string | null, files: ReadonlySet<string>, m: Manifests, sample: readonly string[]): Promise<string | null> {
  if (language === 'python') {
    if (files.has('pytest.ini') || files.has('conftest.py') || [...files].some((f) => f.endsWith('/conftest.py'))) return 'pytest'
    if (/\bpytest\b/.test(`${m.pyproject ?? ''}\n${m.setupCfg ?? ''}\n${m.toxIni ?? ''}`)) return 'pytest'
    const texts = await Promise.all(sample.filter((f) => f.endsWith('.py')).slice(0, 5).map((f) => readIfSmall(path.join(root, f))))
    if (texts.some((t) => t && /\bimport pytest\b|\bfrom pytest\b/.test(t))) return 'pytest'
    if (texts.some((t) => t && /\bimport unittest\b|\bfrom unittest\b/.test(t))) return 'unittest'
    return sample.length > 0 ? 'pytest' : null
  }
  if (language === 'typescript' || language === 'javascript') {
    const pkg = m.packageJson ?? {}
    const deps = {...(pkg.dependencies as Record<string, string> | undefined), ...(pkg.devDependencies as Record<string, string> | undefined)}
    for (const name of ['vitest', 'jest', 'mocha', 'ava', 'jasmine', 'tap', 'uvu']) if (name in deps) return name
    const testScript = String((pkg.scripts as Record<string, unknown> | undefined)?.test ?? '')
    if (/node (--test|-r|--import)/.test(testScript) || /\bnode --test\b/.test(testScript)) return 'node:test'
    return null
  }
  if (language === 'rust') return 'cargo-test'
  if (language === 'go') return 'go-test'
  if (language === 'c' || language === 'cpp') {
    if ([...files].some((f) => /(^|\/)unity\.h$/.test(f))) return 'unity'
    if (/\b(add_test|enable_testing)\s*\(/.test(m.cmake ?? '')) return 'ctest'
    return [...files].some((f) => /(^|\/)gtest/.test(f)) ? 'googletest' : null
  }
  if (language === 'vhdl') {
    const runners = [...files].filter((f) => f.endsWith('.py')).slice(0, 20)
    const texts = await Promise.all(runners.map((f) => readIfSmall(path.join(root, f))))
    if (texts.some((t) => t && /\bvunit\b/i.test(t))) return 'vunit'
    if (texts.some((t) => t && /\bcocotb\b/.test(t))) return 'cocotb'
    return null
  }
  if (language === 'java') return /junit/i.test((await readIfSmall(path.join(root, 'pom.xml'))) ?? '') ? 'junit' : null
  return null
}
