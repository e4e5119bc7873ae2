/**
 * Helpers for end-to-end tests: run the real CLI (`bin/run.js`) in a temp directory with a private
 * GOVTOOL_HOME and oclif data/config/cache dirs, so tests never touch the user's real files.
 * Import as `govtool/testing`.
 */
import {spawn} from 'node:child_process'
import {existsSync, mkdtempSync, realpathSync, rmSync} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

/** Root of the govtool repository (where bin/run.js lives). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const BIN = path.join(REPO_ROOT, 'bin', 'run.js')

export interface CliResult {
  code: number
  stdout: string
  stderr: string
  /** stdout parsed as JSON (throws a readable error when it is not JSON) */
  json<T = Record<string, unknown>>(): T
}

export interface CliOptions {
  cwd?: string
  env?: NodeJS.ProcessEnv
  input?: string
  /** kill after this many ms (default 60 s) */
  timeoutMs?: number
}

const tempDirs: string[] = []

/** A fresh temp directory (real path), removed by `cleanupTempDirs()`. */
export function makeTempDir(prefix = 'govtool-test-'): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)))
  tempDirs.push(dir)
  return dir
}

export function cleanupTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, {recursive: true, force: true})
}

/** Identity and config isolation for tests that run real git (no global or system git config is read). */
export const GIT_TEST_ENV = {
  GIT_AUTHOR_NAME: 'govtool-test',
  GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'govtool-test',
  GIT_COMMITTER_EMAIL: 'test@example.invalid',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
} as const

/** Environment for an isolated CLI run: private home, data, config and cache dirs, no colour. */
export function isolatedEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GOVTOOL_HOME: path.join(home, 'govtool-home'),
    GOVTOOL_DATA_DIR: path.join(home, 'data'),
    GOVTOOL_CONFIG_DIR: path.join(home, 'config'),
    GOVTOOL_CACHE_DIR: path.join(home, 'cache'),
    GOVTOOL_DISABLE_REAL_CHAT: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    ...GIT_TEST_ENV,
    ...extra,
  }
}

let sharedHome: string | undefined

/** The home used by runCli when no env is given: created on first use, kept for the process, removed at exit. */
function defaultHome(): string {
  if (!sharedHome || !existsSync(sharedHome)) {
    sharedHome = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'govtool-home-')))
    const dir = sharedHome
    process.once('exit', () => rmSync(dir, {recursive: true, force: true}))
  }
  return sharedHome
}

/** Runs `govtool <args>` and resolves with exit code and output (never rejects on a non-zero exit). */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const home = defaultHome()
  const env = options.env ?? isolatedEnv(home)
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {cwd: options.cwd ?? home, env, stdio: ['pipe', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({
        code: code ?? (signal ? 128 : 1),
        stdout,
        stderr,
        json<T>() {
          try {
            return JSON.parse(stdout) as T
          } catch {
            throw new Error(`stdout is not JSON (exit ${code}):\n${stdout}\nstderr:\n${stderr}`)
          }
        },
      })
    })
    child.stdin.end(options.input ?? '')
  })
}

/**
 * Every declared operation of the CLI: the root package's and each @govtool plugin's `operations` export
 * (what the command table, the servers and the MCP tools are generated from).
 */
export async function loadOperations(): Promise<Array<import('./operation.js').AnyOperation>> {
  const {pathToFileURL} = await import('node:url')
  const {pluginOperations} = await import('./operation-registry.js')
  const own = path.join(REPO_ROOT, 'dist', 'operations.js')
  const root = existsSync(own) ? ((await import(pathToFileURL(own).href)) as {operations: Array<import('./operation.js').AnyOperation>}).operations : []
  return [...root, ...(await pluginOperations(REPO_ROOT))]
}
