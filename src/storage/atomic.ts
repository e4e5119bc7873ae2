import {mkdir, readFile} from 'node:fs/promises'
import path from 'node:path'

import {GovError} from '../errors.js'

/**
 * Replaces `file` atomically: the data goes to a temp file in the same directory, is fsync'd, then renamed
 * over the target. A crash at any point leaves either the old file or the new one, never a half-written one.
 */
export async function writeFileAtomic(file: string, data: string | Buffer, options: {mode?: number} = {}): Promise<void> {
  const {default: writeFileAtomicLib} = await import('write-file-atomic')
  await mkdir(path.dirname(file), {recursive: true})
  await writeFileAtomicLib(file, data, {fsync: true, ...(options.mode === undefined ? {} : {mode: options.mode})})
}

/** Writes `value` as pretty JSON with a trailing newline, atomically. */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await writeFileAtomic(file, JSON.stringify(value, null, 2) + '\n')
}

/** Reads a text file, or returns `undefined` when it does not exist. */
export async function readTextIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Parses JSON text and turns a syntax error into a GovError naming the file and line.
 */
export function parseJsonText<T = unknown>(text: string, file: string): T {
  try {
    return JSON.parse(text) as T
  } catch (error) {
    const message = (error as Error).message
    const pos = /position (\d+)/.exec(message)
    const line = pos ? text.slice(0, Number(pos[1])).split('\n').length : undefined
    throw new GovError(`${file}${line ? `:${line}` : ''} is not valid JSON: ${message}`, {
      code: 'E_BAD_JSON',
      file,
      line,
      hint: 'Fix the JSON syntax, or delete the file if it is a derived cache that govtool regenerates.',
    })
  }
}

/** Reads and parses a JSON file; `undefined` when it does not exist; a clear error when it is malformed. */
export async function readJsonIfExists<T = unknown>(file: string): Promise<T | undefined> {
  const text = await readTextIfExists(file)
  if (text === undefined) return undefined
  return parseJsonText<T>(text, file)
}
