// Scaffolding: `init` (whole process and library) and `import` on a generated repository of 5,000 source files.
import {spawnSync} from 'node:child_process'
import {mkdirSync, writeFileSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

const SOURCE_FILES = 5000

/** A Python repository of `count` source files in 50 packages, 10% of them tests, with git and a remote. */
function generateRepo(root, count) {
  mkdirSync(root, {recursive: true})
  writeFileSync(path.join(root, 'pyproject.toml'), '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n[project]\nname = "big"\n\n[project.scripts]\nbig = "big.cli:main"\n')
  const packages = 50
  for (let p = 0; p < packages; p++) {
    const dir = path.join(root, 'src', 'big', `pkg${p}`)
    mkdirSync(dir, {recursive: true})
    writeFileSync(path.join(dir, '__init__.py'), '')
  }
  writeFileSync(path.join(root, 'src', 'big', '__init__.py'), '')
  mkdirSync(path.join(root, 'tests'), {recursive: true})
  writeFileSync(path.join(root, 'tests', 'conftest.py'), '')
  let written = packages + 2
  for (let i = 0; written < count; i++, written++) {
    if (i % 10 === 0) writeFileSync(path.join(root, 'tests', `test_mod${i}.py`), `def test_mod${i}():\n    assert True\n`)
    else writeFileSync(path.join(root, 'src', 'big', `pkg${i % packages}`, `mod${i}.py`), `from big.pkg${(i + 1) % packages} import x${i}\n\ndef f${i}():\n    return ${i}\n`)
  }
  const git = (...args) => spawnSync('git', args, {cwd: root, stdio: 'ignore'})
  git('init', '--quiet', '--initial-branch', 'main')
  git('remote', 'add', 'origin', 'https://github.com/acme/big.git')
}

function run(args, {cwd, env, expect = 0}, bin) {
  const t0 = performance.now()
  const r = spawnSync(process.execPath, [bin, ...args], {cwd, env, encoding: 'utf8'})
  const ms = performance.now() - t0
  if (r.status !== expect) throw new Error(`govtool ${args.join(' ')} exited ${r.status}: ${r.stderr}`)
  return ms
}

export default async function bench({BIN, REPO_ROOT, benchEnv, median, tempDir, timeFn}) {
  const {initProject, importProject, detectProject, builtinRegistry, scaffoldWithDefaults} = await import(pathToFileURL(path.join(REPO_ROOT, 'plugins/governance/dist/index.js')).href)
  const {ProjectContext} = await import(pathToFileURL(path.join(REPO_ROOT, 'dist/index.js')).href)
  const home = tempDir()
  const env = {...benchEnv(home), GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.invalid', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.invalid'}
  const runs = 7
  const rows = []

  // init: whole process, a new project directory each run
  const out = tempDir()
  writeFileSync(path.join(out, 'scaffold.yml'), 'name: app\ntype: python\n')
  const initTimes = []
  const initNoGit = []
  for (let i = 0; i <= runs; i++) {
    const a = run(['init', '--config', 'scaffold.yml', '--output-dir', `with-git-${i}`], {cwd: out, env}, BIN)
    const b = run(['init', '--config', 'scaffold.yml', '--output-dir', `no-git-${i}`, '--no-git'], {cwd: out, env}, BIN)
    if (i === 0) continue
    initTimes.push(a)
    initNoGit.push(b)
  }
  rows.push({name: 'init --config (python, git init + first commit, whole process)', value: median(initTimes), unit: 'ms'})
  rows.push({name: 'init --config --no-git (whole process)', value: median(initNoGit), unit: 'ms'})
  const registry = builtinRegistry()
  let n = 0
  rows.push({
    name: 'initProject() library, --no-git (render + atomic writes + rename)',
    value: await timeFn(() => initProject({scaffold: scaffoldWithDefaults({name: `lib${n++}`, type: 'python'}), outputDir: out, registry, git: false}), runs),
    unit: 'ms',
  })

  // import on 5,000 source files: a fresh repository per run for the first import, then re-runs
  const repos = []
  for (let i = 0; i <= 3; i++) {
    const root = path.join(tempDir(), 'big')
    generateRepo(root, SOURCE_FILES)
    repos.push(root)
  }
  const first = repos.map((root, i) => ({ms: run(['import', '--json'], {cwd: root, env}, BIN), i})).filter((x) => x.i > 0).map((x) => x.ms)
  rows.push({name: `import, first run (${SOURCE_FILES} source files, writes governance, whole process)`, value: median(first), unit: 'ms', note: `median of ${first.length}`})
  const again = []
  for (let i = 0; i <= runs; i++) {
    const ms = run(['import', '--json'], {cwd: repos[0], env}, BIN)
    if (i > 0) again.push(ms)
  }
  rows.push({name: `import, re-run (${SOURCE_FILES} source files, nothing missing, whole process)`, value: median(again), unit: 'ms'})
  rows.push({name: `detectProject() library (${SOURCE_FILES} source files)`, value: await timeFn(() => detectProject(repos[0]), runs), unit: 'ms'})
  const ctx = new ProjectContext(repos[0])
  rows.push({name: `importProject() library, re-run (${SOURCE_FILES} source files)`, value: await timeFn(() => importProject(ctx, {registry}), runs), unit: 'ms'})
  return rows
}
