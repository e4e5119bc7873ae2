import {execFileSync} from 'node:child_process'
import {chmodSync, mkdirSync, readFileSync, existsSync, symlinkSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {appendLedgerEntry} from '@govtool/plugin-governance'
import {ProjectContext} from 'govtool'
import {isolatedEnv, makeTempDir, GIT_TEST_ENV} from 'govtool/testing'

export const GIT_ENV = {
  ...process.env,
  ...GIT_TEST_ENV,
  LC_ALL: 'C',
}

/** Runs git in `cwd` and returns its trimmed stdout (throws on failure). */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']}).trim()
}

export interface RepoOptions {
  strategy?: 'gitflow' | 'trunk-based' | 'github-flow'
  platform?: 'github' | 'gitlab' | 'azure-devops' | 'none'
  /** extra scaffold.yml lines */
  scaffoldExtra?: string
  /** push main (and develop for gitflow) to the bare remote and track it (default true) */
  push?: boolean
}

export interface Repo {
  dir: string
  remote: string
  ctx: ProjectContext
  /** a private home + the test env for runCli */
  env: NodeJS.ProcessEnv
  git: (...args: string[]) => string
  write: (file: string, text: string) => void
  read: (file: string) => string
  commitAll: (message: string) => string
  ledger: (description: string) => Promise<void>
}

/**
 * A real git repository with a local bare remote and a healthy governance setup (AGENTS.md, LEDGER.md with
 * one entry, scaffold.yml, a CI workflow that runs `govtool audit`), committed and pushed.
 */
export async function makeRepo(options: RepoOptions = {}): Promise<Repo> {
  const root = makeTempDir('govtool-vcs-')
  const dir = path.join(root, 'work')
  const remote = path.join(root, 'remote.git')
  mkdirSync(dir)
  git(root, 'init', '--quiet', '--bare', '--initial-branch=main', remote)
  git(root, 'init', '--quiet', '--initial-branch=main', dir)
  for (const [k, v] of Object.entries({'user.name': 'govtool-test', 'user.email': 'test@example.invalid', 'commit.gpgsign': 'false', 'pull.rebase': 'false'})) git(dir, 'config', k, v)
  git(dir, 'remote', 'add', 'origin', remote)
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true})
    writeFileSync(path.join(dir, file), text)
  }
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8')
  write('.gitignore', '.govtool/\n')
  write('AGENTS.md', '# Agents\n\nRead LEDGER.md before you start.\n')
  write(
    'scaffold.yml',
    [
      'name: demo',
      'type: generic',
      `vcs_platform: ${options.platform ?? 'github'}`,
      `branching_strategy: ${options.strategy ?? 'github-flow'}`,
      'default_branch: main',
      'develop_branch: develop',
      options.scaffoldExtra ?? '',
      '',
    ].join('\n'),
  )
  write('.github/workflows/ci.yml', 'name: ci\non: [push]\njobs:\n  audit:\n    runs-on: ubuntu-latest\n    steps:\n      - run: git --version\n      - run: govtool audit\n')
  const ctx = new ProjectContext(dir)
  await appendLedgerEntry(ctx, {description: 'Set up the project', type: 'task', author: 'govtool-test'})
  const commitAll = (message: string) => {
    git(dir, 'add', '-A')
    git(dir, 'commit', '--quiet', '-m', message)
    return git(dir, 'rev-parse', 'HEAD')
  }
  commitAll('Initial commit')
  if (options.strategy === 'gitflow') git(dir, 'branch', 'develop', 'main')
  if (options.push ?? true) {
    git(dir, 'push', '--quiet', '-u', 'origin', 'main')
    if (options.strategy === 'gitflow') git(dir, 'push', '--quiet', 'origin', 'develop')
  }
  return {
    dir,
    remote,
    ctx,
    env: isolatedEnv(root),
    git: (...args: string[]) => git(dir, ...args),
    write,
    read,
    commitAll,
    ledger: async (description: string) => void (await appendLedgerEntry(ctx, {description, type: 'feature', author: 'govtool-test'})),
  }
}

/** A second clone of the bare remote (another developer). */
export function cloneOf(repo: Repo): {dir: string; git: (...args: string[]) => string; write: (file: string, text: string) => void} {
  const dir = path.join(makeTempDir('govtool-clone-'), 'clone')
  git(path.dirname(dir), 'clone', '--quiet', repo.remote, dir)
  for (const [k, v] of Object.entries({'user.name': 'other', 'user.email': 'other@example.invalid'})) git(dir, 'config', k, v)
  return {
    dir,
    git: (...args: string[]) => git(dir, ...args),
    write: (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), {recursive: true})
      writeFileSync(path.join(dir, file), text)
    },
  }
}

export interface FakeCli {
  bin: string
  /** the argv of every call, in order */
  calls(): string[][]
  /** PATH with the fake first */
  path: string
}

/**
 * Writes a fake platform CLI (`gh`, `glab`, `az`) into a fresh bin directory. Each call appends its argv
 * (JSON) to a log and answers with the first response whose `match` words all appear in argv.
 */
export function fakeCli(name: string, responses: {match: string[]; stdout?: string; stderr?: string; code?: number}[]): FakeCli {
  const bin = makeTempDir('govtool-fakebin-')
  const log = path.join(bin, `${name}.calls.jsonl`)
  const script = `#!${process.execPath}
const fs = require('node:fs')
const argv = process.argv.slice(2)
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(argv) + '\\n')
const responses = ${JSON.stringify(responses)}
const hit = responses.find((r) => r.match.every((w) => argv.includes(w)))
if (!hit) { process.stderr.write('fake ${name}: unexpected call ' + argv.join(' ') + '\\n'); process.exit(64) }
if (hit.stdout) process.stdout.write(hit.stdout)
if (hit.stderr) process.stderr.write(hit.stderr)
process.exit(hit.code ?? 0)
`
  const file = path.join(bin, name)
  writeFileSync(file, script)
  chmodSync(file, 0o755)
  return {
    bin,
    path: `${bin}${path.delimiter}${process.env.PATH}`,
    calls: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as string[]) : []),
  }
}

/** A PATH holding git only (no platform CLI), for "CLI missing" tests. */
export function pathWithGitOnly(): string {
  const bin = makeTempDir('govtool-gitonly-')
  const gitPath = execFileSync('sh', ['-c', 'command -v git'], {encoding: 'utf8'}).trim()
  symlinkSync(gitPath, path.join(bin, 'git'))
  return bin
}
