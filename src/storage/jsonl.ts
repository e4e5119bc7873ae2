import {constants, writeSync} from 'node:fs'
import {open, readFile, type FileHandle} from 'node:fs/promises'
import path from 'node:path'

import {assertLocksHeld, noteLockedWrite, withLock, type LockOptions} from './lock.js'
import {checkWritePath, ensureDirSync, isStatePath, STATE_FILE_MODE, symlinkError} from './safe-path.js'

export interface AppendOptions extends LockOptions {
  /** take the cross-process lock on the file (default true) */
  lock?: boolean
  /** fsync after the write (default true): the append is durable once the promise resolves */
  fsync?: boolean
}

/**
 * Appends records as JSON lines in one write. When the file ends in a torn line (a crash mid-append),
 * a newline is written first so the torn fragment stays on its own line, where readers skip it.
 * With the lock (default), concurrent appenders never interleave or lose each other's lines.
 */
export async function appendJsonl(file: string, records: readonly unknown[], options: AppendOptions = {}): Promise<void> {
  if (records.length === 0) return
  const body = records.map((r) => JSON.stringify(r)).join('\n') + '\n'
  const run = () => appendText(file, body, options.fsync ?? true)
  await (options.lock === false ? run() : withLock(file, run, options))
}

/**
 * Appends raw text (which must end with a newline), repairing a torn tail first. Caller holds the lock.
 * Never through a link (E_SYMLINK), and fenced like writeFileAtomic (E_LOCK_LOST when a lock held here
 * was taken over or its target changed by another process).
 */
export async function appendText(file: string, body: string, fsync = true): Promise<void> {
  const target = path.resolve(file)
  ensureDirSync(path.dirname(target))
  checkWritePath(target)
  const handle = await openNoFollow(target, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT)
  try {
    const {size} = await handle.stat()
    let prefix = ''
    if (size > 0) {
      const last = Buffer.alloc(1)
      await handle.read(last, 0, 1, size - 1)
      if (last[0] !== 0x0a) prefix = '\n'
    }
    const data = Buffer.from(prefix + body)
    // the fence and the write run back to back, with no await between them
    assertLocksHeld()
    for (let done = 0; done < data.length; ) done += writeSync(handle.fd, data, done, data.length - done)
    if (fsync) await handle.sync()
  } finally {
    await handle.close()
  }
  noteLockedWrite(target)
}

/**
 * Opens `file` for writing without following a link in its last component (E_SYMLINK when it is one). A state
 * file (isStatePath) is created 0600, and one found open to others is made 0600.
 */
export async function openNoFollow(file: string, flags: number, mode?: number): Promise<FileHandle> {
  const state = mode === undefined && isStatePath(file)
  try {
    const handle = await open(file, flags | constants.O_NOFOLLOW, mode ?? (state ? STATE_FILE_MODE : 0o666))
    if (state && (flags & (constants.O_WRONLY | constants.O_RDWR)) !== 0) {
      const {mode: current} = await handle.stat()
      if ((current & 0o077) !== 0) await handle.chmod(STATE_FILE_MODE)
    }
    return handle
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symlinkError(file)
    throw error
  }
}

export interface SkippedLine {
  /** 1-based line number */
  line: number
  reason: string
  /** true when it is the last line and has no newline: a write cut short by a crash */
  torn: boolean
}

export interface JsonlContents<T> {
  records: T[]
  /** lines that could not be parsed (or failed `validate`), skipped */
  skipped: SkippedLine[]
}

/**
 * Parses JSON-lines text. A line that does not parse is skipped and reported, never fatal; a torn last
 * line (no trailing newline) is the expected result of a crash and is flagged `torn`.
 */
export function parseJsonl<T = unknown>(text: string, validate?: (value: unknown) => T): JsonlContents<T> {
  const records: T[] = []
  const skipped: SkippedLine[] = []
  const lines = text.split('\n')
  const endsClean = text.endsWith('\n') || text.length === 0
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim()
    if (line === '') continue
    const isLast = i === lines.length - 1
    try {
      const value = JSON.parse(line) as unknown
      records.push(validate ? validate(value) : (value as T))
    } catch (error) {
      skipped.push({line: i + 1, reason: (error as Error).message, torn: isLast && !endsClean})
    }
  }
  return {records, skipped}
}

/** Reads a JSON-lines file (missing file = empty), skipping torn or invalid lines. */
export async function readJsonl<T = unknown>(file: string, validate?: (value: unknown) => T): Promise<JsonlContents<T>> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {records: [], skipped: []}
    throw error
  }
  return parseJsonl(text, validate)
}
