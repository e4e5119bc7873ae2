import {closeSync, constants, fchmodSync, lstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {open} from 'node:fs/promises'
import path from 'node:path'

import {GovError} from '../errors.js'
import {assertLocksHeld, noteLockedWrite} from './lock.js'
import {pidGone} from './owner.js'
import {checkWritePath, ensureDirSync, isStatePath, STATE_FILE_MODE, symlinkError} from './safe-path.js'

/** In-process order of writes to one file: a later call's content wins, as with one writer. */
const queues = new Map<string, Promise<unknown>>()

/**
 * Replaces `file` atomically: the data goes to a temp file in the same directory (created with O_EXCL and
 * O_NOFOLLOW), is fsync'd, then renamed over the target. A crash at any point leaves either the old file or
 * the new one, never a half-written one. The file keeps its mode unless `mode` is given; machine state
 * (`.govtool/`, the user's directory: isStatePath) is written 0600.
 *
 * Never through a link (E_SYMLINK: the file itself, or a directory below the project root), and fenced:
 * right before the rename, every lock held in this async context must still be this holder's and its
 * target unchanged by others (E_LOCK_LOST otherwise; the temp file is removed and the target untouched).
 */
export async function writeFileAtomic(file: string, data: string | Buffer, options: {mode?: number} = {}): Promise<void> {
  const target = path.resolve(file)
  const run = (queues.get(target) ?? Promise.resolve()).then(() => replace(target, data, options))
  const settled = run.catch(() => {})
  queues.set(target, settled)
  try {
    await run
  } finally {
    if (queues.get(target) === settled) queues.delete(target)
  }
}

/**
 * What both writers do before writing: the directory made, a link at the target refused, the mode chosen (machine
 * state is the user's alone, 0600, an older file written 0644 included; else the existing file's), stray temps of
 * killed writers removed, and a fresh temp name next to the target.
 */
function prepareTemp(file: string, explicitMode?: number): {mode: number | undefined; temp: string} {
  ensureDirSync(path.dirname(file))
  const existing = lstatSync(file, {throwIfNoEntry: false})
  if (existing?.isSymbolicLink()) throw symlinkError(file)
  const mode = explicitMode ?? (isStatePath(file) ? STATE_FILE_MODE : existing ? existing.mode & 0o7777 : undefined)
  removeStrayTemps(file)
  // node:crypto is loaded by the first write, not by every command that imports the kernel (issue 14)
  const temp = `${file}.${process.pid}.${process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex')}.tmp`
  return {mode, temp}
}

/**
 * The temp file renamed over `file`, after the link and lock checks: checks and rename run back to back, with no await
 * between them, so nothing can swap the target for a link or take the lock in between. True once renamed.
 */
function commitTemp(temp: string, file: string): true {
  checkWritePath(file)
  assertLocksHeld()
  renameSync(temp, file)
  return true
}

async function replace(file: string, data: string | Buffer, options: {mode?: number}): Promise<void> {
  const {mode, temp} = prepareTemp(file, options.mode)
  let renamed = false
  try {
    const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode ?? 0o666)
    try {
      await handle.writeFile(data)
      if (mode !== undefined) await handle.chmod(mode)
      await handle.sync()
    } finally {
      await handle.close()
    }
    renamed = commitTemp(temp, file)
  } finally {
    if (!renamed) rmSync(temp, {force: true})
  }
  noteLockedWrite(file)
}

/**
 * writeFileAtomic for a derived cache file (the preflight pack), synchronous and without the fsync: the same temp
 * file (O_EXCL, O_NOFOLLOW, the same mode), the same link and lock checks right before the rename, but no thread
 * pool round trips (open, write, chmod, sync, close: about 10 ms of CPU for the 1.7 MB pack at 5,000 requirements,
 * against 3-4) and no wait for the disk. A crash can leave the old file, or the new name with part of the data, which
 * a cache's reader must treat as damaged and rebuild (the pack checks its magic, header and every section's range).
 * Not for anything that cannot be derived again.
 */
export function writeCacheFileSync(file: string, data: string): void {
  file = path.resolve(file)
  const {mode, temp} = prepareTemp(file)
  let renamed = false
  try {
    const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode ?? 0o666)
    try {
      writeFileSync(fd, data)
      if (mode !== undefined) fchmodSync(fd, mode)
    } finally {
      closeSync(fd)
    }
    renamed = commitTemp(temp, file)
  } finally {
    if (!renamed) rmSync(temp, {force: true})
  }
  noteLockedWrite(file)
}

const TEMP_SUFFIX = /^\.(\d+)\.[0-9a-f]{12}\.tmp$/
/** targets whose directory this process has already cleaned */
const cleaned = new Set<string>()

/**
 * Removes the temp files of `file` left by a writer killed before its rename (SIGKILL, power loss): names
 * `<file>.<pid>.<12 hex>.tmp` whose pid no longer runs. Once per target per process.
 */
function removeStrayTemps(file: string): void {
  if (cleaned.has(file)) return
  cleaned.add(file)
  const base = `${path.basename(file)}.`
  let names: string[]
  try {
    names = readdirSync(path.dirname(file))
  } catch {
    return
  }
  for (const name of names) {
    if (!name.startsWith(base)) continue
    const m = TEMP_SUFFIX.exec(name.slice(base.length - 1))
    if (!m || Number(m[1]) === process.pid || !pidGone(Number(m[1]))) continue
    const stray = path.join(path.dirname(file), name)
    if (lstatSync(stray, {throwIfNoEntry: false})?.isFile()) rmSync(stray, {force: true})
  }
}

/** Writes `value` as pretty JSON with a trailing newline, atomically. */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await writeFileAtomic(file, JSON.stringify(value, null, 2) + '\n')
}

/**
 * Reads a text file, or returns `undefined` when it does not exist. The read itself is synchronous (see
 * readTextIfExistsSync): the files govtool reads are governance documents and its own state, small enough that
 * a read is cheaper than the thread pool's round trips (open, stat, read, close: four each) that an asynchronous
 * read costs a command on a loaded machine (issue 14, start-up eighth pass). The promise keeps the callers' shape.
 */
export async function readTextIfExists(file: string): Promise<string | undefined> {
  return readTextIfExistsSync(file)
}

/**
 * `readTextIfExists` without the thread pool, for the small files a command reads first (scaffold.yml, the memos
 * and parse caches beside it): Node's first asynchronous file operation starts libuv's thread pool, and each one
 * is a round trip to a worker thread, which on a loaded machine waits for a core (1-14 ms measured for the first
 * read of a command; issue 14, start-up eighth pass). A synchronous read of a small file is a few system calls.
 */
export function readTextIfExistsSync(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
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
