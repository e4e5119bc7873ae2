import {execFileSync} from 'node:child_process'
import {createHash} from 'node:crypto'
import {mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {makeTempDir} from 'govtool/testing'

import {initProject, parseScaffold} from '../../src/lib/scaffold/index.js'
import {builtinRegistry} from '../../src/lib/trace/index.js'

/** Writes `files` (relative path -> content) under `root`. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel)
    mkdirSync(path.dirname(file), {recursive: true})
    writeFileSync(file, content)
  }
}

/** Every file under `root` (except .git internals) with a hash of its content: a snapshot to compare. */
export function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name)
      const rel = path.relative(root, full).split(path.sep).join('/')
      if (rel === '.git') continue
      if (statSync(full).isDirectory()) {
        out[`${rel}/`] = 'dir'
        walk(full)
      } else out[rel] = createHash('sha256').update(readFileSync(full)).digest('hex')
    }
  }
  walk(root)
  return out
}

export const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'govtool-test',
  GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'govtool-test',
  GIT_COMMITTER_EMAIL: 'test@example.invalid',
}

export function gitIn(dir: string, ...args: string[]): string {
  return execFileSync('git', args, {cwd: dir, env: GIT_ENV, encoding: 'utf8'}).trim()
}

/** A small existing Node (TypeScript, mocha) repository with a GitHub remote and its own AGENTS.md. */
export function makeNodeRepo(root: string): void {
  writeTree(root, {
    'package.json': JSON.stringify(
      {name: 'small-node', version: '1.0.0', type: 'module', main: './dist/index.js', bin: {'small-node': './bin/cli.js'}, scripts: {test: 'mocha'}, devDependencies: {mocha: '11.8.0', typescript: '5.9.3'}},
      null,
      2,
    ),
    'package-lock.json': '{}\n',
    'tsconfig.json': '{"compilerOptions": {"strict": true}}\n',
    'src/index.ts': "export * from './core/engine.js'\n",
    'src/core/engine.ts': "import {helper} from '../util/helper.js'\nexport const run = () => helper()\n",
    'src/util/helper.ts': 'export const helper = () => 42\n',
    'bin/cli.js': "#!/usr/bin/env node\nimport '../dist/index.js'\n",
    'test/engine.test.ts': "import {run} from '../src/index.js'\ndescribe('run', () => it('answers', () => run()))\n",
    '.github/workflows/ci.yml': 'name: ci\non: push\njobs: {}\n',
    'AGENTS.md': '# Our own agent rules\n\nHand-written; keep me.\n',
    'node_modules/left-pad/index.js': 'module.exports = 1\n',
  })
  gitIn(root, 'init', '--quiet', '--initial-branch', 'main')
  gitIn(root, 'remote', 'add', 'origin', 'https://someone:s3cr3t-token@github.com/acme/small-node.git')
  gitIn(root, 'add', '--all')
  gitIn(root, 'commit', '--quiet', '-m', 'initial')
}

/** A small existing Python (pytest) repository with a GitLab remote and no governance. */
export function makePythonRepo(root: string): void {
  writeTree(root, {
    'pyproject.toml': [
      '[build-system]',
      'requires = ["hatchling"]',
      'build-backend = "hatchling.build"',
      '',
      '[project]',
      'name = "small-py"',
      'dependencies = []',
      '',
      '[project.optional-dependencies]',
      'dev = ["pytest"]',
      '',
      '[project.scripts]',
      'small-py = "small_py.cli:main"',
      '',
    ].join('\n'),
    'src/small_py/__init__.py': '',
    'src/small_py/cli.py': 'from small_py.core import compute\n\ndef main():\n    print(compute())\n',
    'src/small_py/core/__init__.py': 'def compute():\n    return 1\n',
    'src/small_py/__main__.py': 'from small_py.cli import main\nmain()\n',
    'tests/test_core.py': 'import pytest\nfrom small_py.core import compute\n\ndef test_compute():\n    assert compute() == 1\n',
    'tests/conftest.py': '',
    '.gitlab-ci.yml': 'test:\n  script: [pytest]\n',
  })
  gitIn(root, 'init', '--quiet', '--initial-branch', 'develop')
  gitIn(root, 'remote', 'add', 'origin', 'git@gitlab.com:acme/small-py.git')
  gitIn(root, 'add', '--all')
  gitIn(root, 'commit', '--quiet', '-m', 'initial')
}

/** Creates a project through the library (fast setup for tests of the other commands); returns its directory. */
export async function scaffoldProject(yamlText: string, options: {git?: boolean} = {}): Promise<string> {
  const out = makeTempDir()
  const {scaffold} = parseScaffold(yamlText, 'scaffold.yml')
  const result = await initProject({scaffold, scaffoldText: yamlText, outputDir: out, registry: builtinRegistry(), git: options.git ?? false})
  return result.project_dir
}
