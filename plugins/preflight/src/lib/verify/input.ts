/**
 * The verification input (SPEC.md "Verification input"): one JSON object (stdin or HTTP body), merged with
 * files named on the command line (--diff, --tests, --logs, --changed).
 */
import {readFile} from 'node:fs/promises'
import path from 'node:path'

import {GovError, InputError} from 'govtool/core'
import {z} from 'zod/v3'

import {TestResultsSchema, countsFromJson, parseTestReport, type TestCounts} from './test-results.js'

const MAX_TEXT = 50 * 1024 * 1024

export const VerifyInputSchema = z
  .object({
    diff: z.string().max(MAX_TEXT).optional(),
    files_changed: z.array(z.string().min(1).max(4096)).max(100_000).optional(),
    test_results: TestResultsSchema.optional(),
    logs: z.string().max(MAX_TEXT).optional(),
    /** the worker's own account of what it did (searched for rollback signals, like logs) */
    summary: z.string().max(100_000).optional(),
    work_item_id: z.string().max(64).optional(),
  })
  .passthrough()

export type VerifyInput = z.input<typeof VerifyInputSchema>

/** A verification input after validation and file loading. */
export interface ResolvedVerifyInput {
  diff: string
  files_changed: string[]
  tests?: TestCounts
  logs: string
  summary: string
  work_item_id?: string
}

/** Validates a verification input object; problems become an InputError naming the field (exit 2). */
export function parseVerifyInput(value: unknown, source = 'verification input'): ResolvedVerifyInput {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InputError(`${source} must be one JSON object.`, {
      code: 'E_BAD_VERIFY_INPUT',
      hint: 'Send {"diff": "...", "files_changed": ["..."], "test_results": {"passed": N, "failed": N}}.',
    })
  }
  const result = VerifyInputSchema.safeParse(value)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new InputError(`${source}: field '${issue.path.join('.') || '(top level)'}': ${issue.message}`, {
      code: 'E_BAD_VERIFY_INPUT',
      hint: 'diff and logs are strings, files_changed a list of paths, test_results an object with at least passed and failed counts.',
    })
  }
  const v = result.data
  return {
    diff: v.diff ?? '',
    files_changed: v.files_changed ?? [],
    tests: v.test_results ? countsFromJson(v.test_results) : undefined,
    logs: v.logs ?? '',
    summary: v.summary ?? '',
    work_item_id: v.work_item_id,
  }
}

/** Parses stdin text as the verification input object. */
export function parseVerifyJson(text: string, source = 'stdin'): ResolvedVerifyInput {
  if (text.trim() === '') {
    throw new InputError(`No JSON on ${source}.`, {code: 'E_BAD_VERIFY_INPUT', hint: 'Pipe one JSON object into `govtool verify --stdin`, or pass --diff/--tests/--changed instead.'})
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new InputError(`${source} is not valid JSON: ${(error as Error).message}`, {
      code: 'E_BAD_JSON',
      hint: 'Send one JSON object, e.g. {"files_changed": ["src/a.ts"], "test_results": {"passed": 3, "failed": 0}}.',
    })
  }
  return parseVerifyInput(value, source)
}

async function readInputFile(file: string, flag: string, cwd: string): Promise<string> {
  const abs = path.resolve(cwd, file)
  try {
    return await readFile(abs, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new GovError(code === 'ENOENT' ? `${flag} ${file}: no such file.` : `${flag} ${file}: ${(error as Error).message}`, {
      code: code === 'ENOENT' ? 'E_NO_INPUT_FILE' : 'E_INPUT',
      file: abs,
      hint: `Check the path given to ${flag} (relative paths are resolved from ${cwd}).`,
    })
  }
}

export interface VerifySources {
  /** JSON text read from stdin (--stdin) */
  stdin?: string
  diff?: string
  tests?: string
  logs?: string
  /** comma-separated list (--changed a,b,c) */
  changed?: string
  work_item_id?: string
  /** base for relative paths (default: the current directory) */
  cwd?: string
}

/** Builds the verification input from stdin JSON and files; flags add to (and --work-item-id overrides) stdin. */
export async function loadVerifyInput(sources: VerifySources): Promise<ResolvedVerifyInput> {
  const cwd = sources.cwd ?? process.cwd()
  const base: ResolvedVerifyInput = sources.stdin === undefined ? {diff: '', files_changed: [], logs: '', summary: ''} : parseVerifyJson(sources.stdin)
  if (sources.diff !== undefined) base.diff = [base.diff, await readInputFile(sources.diff, '--diff', cwd)].filter(Boolean).join('\n')
  if (sources.tests !== undefined) base.tests = parseTestReport(await readInputFile(sources.tests, '--tests', cwd), sources.tests)
  if (sources.logs !== undefined) base.logs = [base.logs, await readInputFile(sources.logs, '--logs', cwd)].filter(Boolean).join('\n')
  if (sources.changed !== undefined) {
    const list = sources.changed.split(',').map((s) => s.trim()).filter(Boolean)
    if (list.length === 0) throw new InputError('--changed is empty.', {hint: 'Pass a comma-separated list of paths: --changed src/a.ts,src/b.ts'})
    base.files_changed = [...base.files_changed, ...list]
  }
  if (sources.work_item_id !== undefined) base.work_item_id = sources.work_item_id
  return base
}
