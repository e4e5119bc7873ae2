/**
 * Running an operation on behalf of a transport. `executeOperation` is what every transport calls (validate,
 * run, check the result in tests); `runOperationCli` is the command-line transport shared by the oclif
 * adapter and the fast runner of bin/run.js, so both print the same bytes and end with the same exit code.
 */
import {readFileSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

import {ProjectContext} from './context.js'
import {toGovError, renderError} from './render-error.js'
import {InputError, type GovErrorJson} from './errors.js'
import {parseInput, readFileFields} from './operation-fields.js'
import {
  commandWords,
  withWarnings,
  type AnyOperation,
  type OperationContext,
  type OperationIO,
  type ProgressEvent,
  type Transport,
} from './operation.js'
import {redactDeep} from './secrets.js'
import {outputSink, type OutputSink} from './stdio.js'
import {color} from './ui.js'
import {terminalSafe, terminalSafeDeep} from './terminal-text.js'
import {timingMark} from './timing.js'

let root: string | undefined

/** Root of the govtool installation (where package.json and templates/ live), found from this module up. */
export function cliRoot(): string {
  if (root) return root
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    try {
      if ((JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {name?: string}).name === 'govtool') return (root = dir)
    } catch {
      // no package.json here
    }
    const parent = path.dirname(dir)
    if (parent === dir) return (root = process.cwd())
    dir = parent
  }
}

/**
 * Validates the input, runs the operation, and returns its result, its strings redacted (redactSecrets). With GOVTOOL_CHECK_RESULTS=1 (the test
 * suite sets it) the result is also checked against the operation's result schema, and a result with a field
 * the schema does not declare fails: the frozen output contract cannot drift unnoticed.
 */
export async function executeOperation(op: AnyOperation, ctx: OperationContext, rawInput: unknown, io: OperationIO): Promise<unknown> {
  timingMark('operation input')
  const input = parseInput(op, rawInput, ctx.transport)
  timingMark('operation input parsed')
  // every transport prints or sends the result: no key in it, whatever the operation read or was given
  const ran = await op.run(ctx, input, io)
  timingMark('operation run')
  const result = redactDeep(ran)
  timingMark('operation result redacted')
  if (process.env.GOVTOOL_CHECK_RESULTS === '1') checkResult(op, result)
  return result
}

/** Throws when a result does not match the operation's declared result schema (used by tests). */
export function checkResult(op: AnyOperation, result: unknown): void {
  const parsed = op.result.safeParse(result)
  if (!parsed.success) {
    throw new Error(`operation ${op.id} returned a result its schema rejects: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  }
  const extra = undeclared(result, parsed.data)
  if (extra) throw new Error(`operation ${op.id} returned a field its result schema does not declare: ${extra}`)
}

/** The path of the first key present in `actual` but stripped from `declared` by the schema, if any. */
function undeclared(actual: unknown, declared: unknown, at = ''): string | undefined {
  if (Array.isArray(actual) && Array.isArray(declared)) {
    for (let i = 0; i < actual.length; i++) {
      const found = undeclared(actual[i], declared[i], `${at}[${i}]`)
      if (found) return found
    }
    return undefined
  }
  if (actual && typeof actual === 'object' && declared && typeof declared === 'object') {
    for (const key of Object.keys(actual)) {
      if ((actual as Record<string, unknown>)[key] === undefined) continue
      if (!Object.hasOwn(declared, key)) return `${at}.${key}`
      const found = undeclared((actual as Record<string, unknown>)[key], (declared as Record<string, unknown>)[key], `${at}.${key}`)
      if (found) return found
    }
  }
  return undefined
}

/** An operation context for a fixed project (servers, MCP, the dispatcher). */
export function projectContext(project: ProjectContext, transport: Transport): OperationContext {
  return {
    project: () => project,
    transport,
    cliRoot: cliRoot(),
    resolvePath(file) {
      const resolved = path.resolve(project.root, file)
      if (resolved !== project.root && !resolved.startsWith(project.root + path.sep)) {
        throw new InputError(`${file} is outside the project.`, {code: 'E_PATH_ESCAPE', hint: 'Over HTTP and MCP, paths are relative to the project and stay inside it.'})
      }
      return resolved
    },
  }
}

export interface CliRunOptions {
  json: boolean
  projectDir?: string
  cliRoot?: string
  stdout?: NodeJS.WriteStream
  stderr?: NodeJS.WriteStream
}

/**
 * The command-line transport: runs the operation, prints its result (JSON with --json, else the human
 * rendering), prints warnings on stderr as they come, renders any error the one way, and returns the exit
 * code. It never throws.
 */
export async function runOperationCli(op: AnyOperation, rawInput: Record<string, unknown>, options: CliRunOptions): Promise<number> {
  // the transport's own output goes to the fd without building Node's stream where that is safe (src/stdio.ts);
  // an operation that asks for io.stdout or io.stderr gets the stream, built then
  const stdout = outputSink(1, options.stdout)
  const stderr = outputSink(2, options.stderr)
  const warnings: string[] = []
  const progress = progressLine(stderr, options.json)
  const controller = new AbortController()
  const io: OperationIO = {
    signal: controller.signal,
    progress: (event) => progress.update(event),
    warn(message) {
      warnings.push(message)
      progress.clear()
      stderr.write(`${color.yellow('warning:')} ${terminalSafe(message)}\n`)
    },
    get stdout() {
      return options.stdout ?? process.stdout
    },
    get stderr() {
      return options.stderr ?? process.stderr
    },
    json: options.json,
    // stdout first: process.stdin is created on first access (a ReadStream on a pipe or file, 5-12 ms of a command's
    // start-up), and a command whose output is not a terminal never needs to ask (issue 14)
    interactive: !options.json && Boolean(stdout.isTTY && process.stdin.isTTY) && process.env.CI !== 'true',
  }
  const ctx: OperationContext = {
    project: (opts) => ProjectContext.resolve(options.projectDir, opts),
    projectDir: options.projectDir,
    transport: 'cli',
    resolvePath: (file) => path.resolve(file),
    cliRoot: options.cliRoot ?? cliRoot(),
  }
  try {
    const input = await readFileFields(op, rawInput)
    const result = await executeOperation(op, ctx, input, io)
    progress.clear()
    if (options.json) {
      stdout.write(`${JSON.stringify(withWarnings(result, warnings), null, op.cli?.jsonLines ? undefined : 2)}\n`)
    } else {
      // the renderer gets user text with its escape sequences made inert; --json above keeps the data exact
      const text = op.render?.(terminalSafeDeep(result), {columns: stdout.columns || 80, tty: Boolean(stdout.isTTY), input: rawInput})
      if (text) stdout.write(text.endsWith('\n') ? text : `${text}\n`)
    }
    timingMark('operation output written')
    return op.exitCode ? op.exitCode(result, parseInput(op, input, 'cli')) : 0
  } catch (error) {
    progress.clear()
    const gov = toGovError(error, commandWords(op))
    if (process.env.DEBUG && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`)
    if (options.json) stdout.write(`${JSON.stringify({error: gov.toJSON()} satisfies {error: GovErrorJson}, null, op.cli?.jsonLines ? undefined : 2)}\n`)
    else stderr.write(renderError(gov))
    return gov.exit
  }
}

/** A one-line progress display on a terminal's stderr (nothing without a terminal or with --json). */
function progressLine(stderr: OutputSink, json: boolean): {update(event: ProgressEvent): void; clear(): void} {
  if (json || !stderr.isTTY) return {update() {}, clear() {}}
  let shown = false
  return {
    update(event) {
      const pct = event.total ? ` ${Math.floor(((event.done ?? 0) / event.total) * 100)}%` : ''
      const count = event.done !== undefined && event.total ? ` (${event.done}/${event.total}${event.unit ? ` ${event.unit}` : ''})` : ''
      const line = `${event.message}${pct}${count}`.slice(0, Math.max(20, (stderr.columns || 80) - 1))
      stderr.write(`\r\u001B[2K${color.dim(line)}`)
      shown = true
    },
    clear() {
      if (shown) stderr.write('\r\u001B[2K')
      shown = false
    },
  }
}
