/**
 * The compiler and linter tools of the worker roles (SPEC.md "Agent compiler and linter tools"). Each runs
 * through the exec plugin's tracked runner (PID file, deadline with a process-tree kill, logs), without a
 * shell, in a directory of the project, and refuses a path argument that leads outside it. A program that is
 * not installed is a clear result naming it and how to install it. They never throw: every outcome is text
 * the model reads (all return a string, as the spec says).
 */
import {accessSync, constants, readFileSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import path from 'node:path'

import type {ExtraTool, ToolOutcome, ToolSpec} from '@govtool/plugin-models'
import type {ProjectContext} from 'govtool/core'

export const COMPILER_TOOLS = ['run_gcc', 'run_arm_gcc', 'run_aarch64_gcc', 'run_workbench_compiler', 'run_vendor_compiler', 'run_clang_format', 'run_clang_tidy', 'run_vsg'] as const
export type CompilerTool = (typeof COMPILER_TOOLS)[number]

export const COMPILER_TIMEOUT = 120
export const WORKBENCH_TIMEOUT = 300

/** Default programs, and how to install each (Debian/Ubuntu first; the hint names the others). */
export const PROGRAMS: Record<string, {install: string}> = {
  gcc: {install: 'apt-get install gcc (Debian/Ubuntu), dnf install gcc, brew install gcc'},
  'arm-none-eabi-gcc': {install: 'apt-get install gcc-arm-none-eabi (Debian/Ubuntu), or the Arm GNU Toolchain from developer.arm.com'},
  'aarch64-linux-gnu-gcc': {install: 'apt-get install gcc-aarch64-linux-gnu (Debian/Ubuntu), dnf install gcc-aarch64-linux-gnu'},
  iarbuild: {install: 'install IAR Embedded Workbench and put its common/bin directory (iarbuild) on PATH, or pass executable'},
  'clang-format': {install: 'apt-get install clang-format (Debian/Ubuntu), dnf install clang-tools-extra, brew install clang-format'},
  'clang-tidy': {install: 'apt-get install clang-tidy (Debian/Ubuntu), dnf install clang-tools-extra, brew install llvm'},
  vsg: {install: 'pip install vsg (VHDL Style Guide)'},
}

/** The vendor compiler when none is named: GOVTOOL_VENDOR_COMPILER, else cc. */
export function vendorDefault(env: NodeJS.ProcessEnv = process.env): string {
  return env.GOVTOOL_VENDOR_COMPILER || 'cc'
}

const str = (description: string) => ({type: 'string', description})
const strOrList = (description: string) => ({anyOf: [{type: 'string'}, {type: 'array', items: {type: 'string'}}], description})
const num = (description: string) => ({type: 'number', description})
const bool = (description: string) => ({type: 'boolean', description})
const compilerParams = (compiler: string, timeout: number) => ({
  type: 'object',
  properties: {
    args: strOrList('compiler arguments (a string split like a shell would, or a list)'),
    cwd: str('directory relative to the project root (default: the root)'),
    compiler: str(`the compiler program (default ${compiler})`),
    timeout: num(`seconds before the process tree is killed (default ${timeout})`),
  },
  required: ['args'],
})

export const COMPILER_TOOL_SPECS: Record<CompilerTool, ToolSpec> = {
  run_gcc: {name: 'run_gcc', description: 'Compile with gcc in the project.', parameters: compilerParams('gcc', COMPILER_TIMEOUT)},
  run_arm_gcc: {name: 'run_arm_gcc', description: 'Compile with the Arm bare-metal gcc (arm-none-eabi-gcc).', parameters: compilerParams('arm-none-eabi-gcc', COMPILER_TIMEOUT)},
  run_aarch64_gcc: {name: 'run_aarch64_gcc', description: 'Compile with the AArch64 Linux gcc (aarch64-linux-gnu-gcc).', parameters: compilerParams('aarch64-linux-gnu-gcc', COMPILER_TIMEOUT)},
  run_workbench_compiler: {
    name: 'run_workbench_compiler',
    description: 'Build a workbench project file with the workbench build program (iarbuild).',
    parameters: {
      type: 'object',
      properties: {
        project_file: str('the project file, relative to the project root'),
        args: strOrList('more arguments (default none)'),
        executable: str('the build program (default iarbuild)'),
        timeout: num(`seconds (default ${WORKBENCH_TIMEOUT})`),
      },
      required: ['project_file'],
    },
  },
  run_vendor_compiler: {name: 'run_vendor_compiler', description: "Compile with the vendor's compiler (GOVTOOL_VENDOR_COMPILER, else cc).", parameters: compilerParams('the vendor default', COMPILER_TIMEOUT)},
  run_clang_format: {
    name: 'run_clang_format',
    description: 'Format C/C++ files with clang-format: prints a diff, or applies it with in_place.',
    parameters: {type: 'object', properties: {files: strOrList('files relative to cwd'), style: str('clang-format style (default file)'), in_place: bool('apply the changes (default false: print a diff)'), cwd: str('directory relative to the project root')}, required: ['files']},
  },
  run_clang_tidy: {
    name: 'run_clang_tidy',
    description: 'Lint C/C++ files with clang-tidy.',
    parameters: {
      type: 'object',
      properties: {
        files: strOrList('files relative to cwd'),
        checks: str('the --checks value (default empty: the configured checks)'),
        fix: bool('apply the suggested fixes (default false)'),
        compile_commands: str('directory holding compile_commands.json (default none)'),
        cwd: str('directory relative to the project root'),
      },
      required: ['files'],
    },
  },
  run_vsg: {
    name: 'run_vsg',
    description: 'Check VHDL files with vsg (VHDL Style Guide).',
    parameters: {
      type: 'object',
      properties: {
        files: strOrList('files or directories (default .)'),
        rules: str('a rule configuration file (default none)'),
        fix: bool('apply fixes (default false)'),
        junit: str('write a JUnit XML report to this file (default none)'),
        cwd: str('directory relative to the project root'),
      },
    },
  },
}

/** Splits a command-line string like a shell would (quotes, backslashes; no expansion). */
export function splitArgs(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  if (typeof value !== 'string') return []
  const out: string[] = []
  let cur = ''
  let has = false
  let quote: string | undefined
  for (let i = 0; i < value.length; i++) {
    const c = value[i]
    if (quote) {
      if (c === quote) quote = undefined
      else if (c === '\\' && quote === '"' && i + 1 < value.length) cur += value[++i]
      else cur += c
    } else if (c === '"' || c === "'") {
      quote = c
      has = true
    } else if (c === '\\' && i + 1 < value.length) {
      cur += value[++i]
      has = true
    } else if (/\s/.test(c)) {
      if (has || cur) out.push(cur)
      cur = ''
      has = false
    } else {
      cur += c
    }
  }
  if (has || cur) out.push(cur)
  return out
}

/** The program's path on PATH, or undefined. */
export function findProgram(program: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = program.includes('/') ? [program] : (env.PATH ?? '').split(path.delimiter).filter(Boolean).map((d) => path.join(d, program))
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK)
      return file
    } catch {
      // next
    }
  }
  return undefined
}

export function notInstalled(tool: string, program: string): ToolOutcome {
  const how = PROGRAMS[program]?.install ?? `install ${program} and put it on PATH`
  return {ok: false, output: `${tool}: ${program} is not installed (not found on PATH). To install it: ${how}.`}
}

const MAX_OUTPUT = 8000
function cut(text: string): string {
  return text.length > MAX_OUTPUT ? `${text.slice(0, MAX_OUTPUT)}\n[... ${text.length - MAX_OUTPUT} more characters]` : text
}

interface Where {
  root: string
  cwd: string
}

async function confined(ctx: ProjectContext, cwd: unknown): Promise<Where | {error: string}> {
  const {confine} = await import('@govtool/plugin-models')
  if (cwd === undefined || cwd === null || cwd === '' || cwd === '.') return {root: ctx.root, cwd: ctx.root}
  const where = confine(ctx.root, cwd)
  if ('error' in where) return where
  return {root: ctx.root, cwd: where.file}
}

/** A path-like argument (`-o ../x`, `/etc/passwd`, `-I/abs`) must stay inside the project. */
async function checkArgPaths(ctx: ProjectContext, cwd: string, args: readonly string[]): Promise<string | undefined> {
  const {confine} = await import('@govtool/plugin-models')
  for (const arg of args) {
    const value = arg.replace(/^-(?:o|I|L|isystem|include|MF|iquote)(?=.)/, '').replace(/^--?[\w-]+=/, '')
    if (!(path.isAbsolute(value) || value.split(/[\\/]/).includes('..'))) continue
    const rel = path.relative(ctx.root, path.resolve(cwd, value))
    const where = confine(ctx.root, rel === '' ? '.' : rel)
    if ('error' in where) return `refused: the argument ${JSON.stringify(arg)} leads outside the project`
  }
  return undefined
}

/** Credentials a tool never sees (as the agent's run_shell). */
const WITHHELD = ['TERMINAL_AI_API_KEY', 'KAIROS_AI_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOVTOOL_HUB_TOKEN']

interface Ran {
  exit: number
  timedOut: boolean
  stdout: string
  stderr: string
}

async function runProgram(ctx: ProjectContext, program: string, args: string[], cwd: string, timeout: number, signal?: AbortSignal): Promise<Ran> {
  const {runTracked} = await import('@govtool/plugin-exec')
  const env = Object.fromEntries(WITHHELD.map((v) => [v, '']))
  const r = await runTracked(ctx, {command: program, args, cwd, env, timeoutSeconds: timeout, graceSeconds: 2, stdout: null, stderr: null, stdin: 'ignore', forwardSignals: false, signal})
  const [stdout, stderr] = await Promise.all([readFile(ctx.path(r.log_stdout), 'utf8').catch(() => ''), readFile(ctx.path(r.log_stderr), 'utf8').catch(() => '')])
  return {exit: r.exit_code, timedOut: r.timed_out, stdout, stderr}
}

function report(tool: string, ran: Ran, timeout: number, stdout = ran.stdout): ToolOutcome {
  const status = ran.timedOut ? `${tool}: timed out after ${timeout} s` : `${tool}: exit ${ran.exit}`
  return {ok: ran.exit === 0 && !ran.timedOut, output: cut(`${status}\n${stdout}${ran.stderr ? `\n[stderr]\n${ran.stderr}` : ''}`.trim())}
}

function timeoutOf(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isFinite(n) && n > 0 ? Math.min(n, 3600) : fallback
}

function fileList(value: unknown, fallback?: string[]): string[] {
  const files = splitArgs(value)
  return files.length > 0 ? files : (fallback ?? [])
}

/** Runs one compiler tool; never throws. */
export async function runCompilerTool(ctx: ProjectContext, tool: CompilerTool, args: Record<string, unknown>, signal?: AbortSignal, env: NodeJS.ProcessEnv = process.env): Promise<ToolOutcome> {
  try {
    return await runUnchecked(ctx, tool, args, signal, env)
  } catch (error) {
    return {ok: false, output: `${tool} failed: ${(error as Error).message}`}
  }
}

async function runUnchecked(ctx: ProjectContext, tool: CompilerTool, a: Record<string, unknown>, signal: AbortSignal | undefined, env: NodeJS.ProcessEnv): Promise<ToolOutcome> {
  const where = await confined(ctx, tool === 'run_workbench_compiler' ? undefined : a.cwd)
  if ('error' in where) return {ok: false, output: `${tool}: ${where.error}`}
  const cwd = where.cwd
  const named = (key: string, fallback: string) => (typeof a[key] === 'string' && (a[key] as string).trim() ? (a[key] as string).trim() : fallback)
  let program: string
  let argv: string[]
  let timeout = COMPILER_TIMEOUT
  switch (tool) {
    case 'run_gcc':
    case 'run_arm_gcc':
    case 'run_aarch64_gcc':
    case 'run_vendor_compiler': {
      const defaults = {run_gcc: 'gcc', run_arm_gcc: 'arm-none-eabi-gcc', run_aarch64_gcc: 'aarch64-linux-gnu-gcc', run_vendor_compiler: vendorDefault(env)}
      program = named('compiler', defaults[tool])
      argv = splitArgs(a.args)
      timeout = timeoutOf(a.timeout, COMPILER_TIMEOUT)
      break
    }
    case 'run_workbench_compiler': {
      if (typeof a.project_file !== 'string' || !a.project_file.trim()) return {ok: false, output: `${tool}: project_file is required`}
      program = named('executable', 'iarbuild')
      argv = [a.project_file, ...splitArgs(a.args)]
      timeout = timeoutOf(a.timeout, WORKBENCH_TIMEOUT)
      break
    }
    case 'run_clang_format':
      return clangFormat(ctx, cwd, a, signal, env)
    case 'run_clang_tidy': {
      program = 'clang-tidy'
      const files = fileList(a.files)
      if (files.length === 0) return {ok: false, output: `${tool}: files is required`}
      argv = [...(typeof a.checks === 'string' && a.checks ? [`--checks=${a.checks}`] : []), ...(a.fix === true ? ['--fix'] : []), ...(typeof a.compile_commands === 'string' && a.compile_commands ? ['-p', a.compile_commands] : []), ...files]
      if (!(typeof a.compile_commands === 'string' && a.compile_commands)) argv.push('--')
      break
    }
    case 'run_vsg': {
      program = 'vsg'
      argv = ['-f', ...fileList(a.files, ['.']), ...(typeof a.rules === 'string' && a.rules ? ['-c', a.rules] : []), ...(a.fix === true ? ['--fix'] : []), ...(typeof a.junit === 'string' && a.junit ? ['--junit', a.junit] : [])]
      break
    }
  }
  const refused = await checkArgPaths(ctx, tool === 'run_workbench_compiler' ? ctx.root : cwd, argv)
  if (refused) return {ok: false, output: `${tool}: ${refused}`}
  if (!findProgram(program, env)) return notInstalled(tool, program)
  return report(tool, await runProgram(ctx, program, argv, tool === 'run_workbench_compiler' ? ctx.root : cwd, timeout, signal), timeout)
}

async function clangFormat(ctx: ProjectContext, cwd: string, a: Record<string, unknown>, signal: AbortSignal | undefined, env: NodeJS.ProcessEnv): Promise<ToolOutcome> {
  const tool = 'run_clang_format'
  const files = fileList(a.files)
  if (files.length === 0) return {ok: false, output: `${tool}: files is required`}
  const refused = await checkArgPaths(ctx, cwd, files)
  if (refused) return {ok: false, output: `${tool}: ${refused}`}
  const {confine, unifiedDiff} = await import('@govtool/plugin-models')
  for (const f of files) {
    const where = confine(ctx.root, path.relative(ctx.root, path.resolve(cwd, f)) || '.')
    if ('error' in where) return {ok: false, output: `${tool}: ${where.error}`}
  }
  if (!findProgram('clang-format', env)) return notInstalled(tool, 'clang-format')
  const style = typeof a.style === 'string' && a.style ? a.style : 'file'
  if (a.in_place === true) return report(tool, await runProgram(ctx, 'clang-format', [`--style=${style}`, '-i', ...files], cwd, COMPILER_TIMEOUT, signal), COMPILER_TIMEOUT)
  // no in_place: format each file to stdout and show the difference
  const diffs: string[] = []
  for (const f of files) {
    const ran = await runProgram(ctx, 'clang-format', [`--style=${style}`, f], cwd, COMPILER_TIMEOUT, signal)
    if (ran.exit !== 0 || ran.timedOut) return report(tool, ran, COMPILER_TIMEOUT)
    let before = ''
    try {
      before = readFileSync(path.resolve(cwd, f), 'utf8')
    } catch {
      before = ''
    }
    if (before !== ran.stdout) diffs.push(unifiedDiff(path.relative(ctx.root, path.resolve(cwd, f)).split(path.sep).join('/'), before, ran.stdout))
  }
  return {ok: true, output: cut(diffs.length > 0 ? `${tool}: ${diffs.length} file(s) would change (nothing written; in_place applies it)\n${diffs.join('')}` : `${tool}: already formatted, no changes`)}
}

/** The tools as the agent loop takes them. */
export function compilerTools(ctx: ProjectContext, names: readonly CompilerTool[]): ExtraTool[] {
  return names.map((name) => ({spec: COMPILER_TOOL_SPECS[name], run: (args, signal) => runCompilerTool(ctx, name, args, signal)}))
}
