import {constants} from 'node:fs'
import {open, readFile, stat} from 'node:fs/promises'

import {assertLocksHeld, checkWritePath, GovError, noteLockedWrite, openNoFollow, withLock, writeFileAtomic} from 'govtool/core'

import {normalizeEntry, serializeEntry, type CreditEntry} from './entries.js'

/**
 * `.govtool/credits.json`: one JSON array of entries, one entry per line, readable by people and by the
 * older tool. It stays a valid JSON array after every append, and appending is O(1):
 *
 *   under the kernel's lock on the file, the closing `\n]\n` is overwritten in place by
 *   `,\n<entry>\n<entry>\n]\n`, then the file is fsync'd.
 *
 * Everything before the last entry's closing brace never changes, which is what lets the summary cache
 * (rollup.ts) trust a byte offset into the file. A crash in the middle of an append leaves a torn tail
 * (no closing bracket); readers then parse the file line by line, skip the torn last line and say so, and
 * the next append repairs the file by rewriting it atomically. A file damaged anywhere else is never
 * rewritten: the error names the line.
 */
export const CREDITS_FILE = 'credits.json'

const WS = new Set([0x20, 0x0a, 0x0d, 0x09])

export interface FileShape {
  /** byte offset just after the last entry's closing brace (or after `[` when empty) */
  valueEnd: number
  nonEmpty: boolean
}

/** Finds `... }\s*]\s*` (or `[\s*]\s*`) at the end of `buf`, whose first byte is at file offset `base`. */
export function tailShape(buf: Buffer, base: number): FileShape | undefined {
  let i = buf.length - 1
  while (i >= 0 && WS.has(buf[i])) i--
  if (i < 0 || buf[i] !== 0x5d) return undefined // ]
  i--
  while (i >= 0 && WS.has(buf[i])) i--
  if (i < 0) return undefined
  if (buf[i] === 0x7d) return {valueEnd: base + i + 1, nonEmpty: true} // }
  if (buf[i] === 0x5b) return {valueEnd: base + i + 1, nonEmpty: false} // [
  return undefined
}

export interface ParsedFile {
  entries: CreditEntry[]
  /** problems found (torn last line, invalid entries skipped) */
  problems: string[]
  /** true when the file is not a well-formed array and must be rewritten before appending */
  torn: boolean
}

/**
 * Parses the text of credits.json. A well-formed array is parsed in one JSON.parse; otherwise each line is
 * parsed on its own and only a broken *last* line (an interrupted append) is tolerated.
 */
export function parseCreditsText(text: string, file: string): ParsedFile {
  const problems: string[] = []
  let values: unknown[] | undefined
  let torn = false
  if (text.trim() === '') return {entries: [], problems, torn: false}
  try {
    const data = JSON.parse(text) as unknown
    if (!Array.isArray(data)) {
      throw new GovError(`${file} is not a JSON array of credit entries.`, {
        code: 'E_BAD_CREDITS',
        file,
        hint: 'Move the file aside; govtool starts a new one on the next `credits record`.',
      })
    }
    values = data
  } catch (error) {
    if (error instanceof GovError) throw error
    torn = true
    values = []
    const lines = text.split('\n')
    let last = lines.length - 1
    while (last >= 0 && lines[last].trim() === '') last--
    for (let i = 0; i <= last; i++) {
      let t = lines[i].trim()
      if (t === '' || t === '[' || t === ']') continue
      if (t.startsWith('[')) t = t.slice(1).trim()
      if (t.endsWith(']')) t = t.slice(0, -1).trim()
      if (t.endsWith(',')) t = t.slice(0, -1)
      if (t === '') continue
      try {
        values.push(JSON.parse(t))
      } catch {
        if (i === last) {
          problems.push(`${file}:${i + 1}: skipped an incomplete last entry (an interrupted write)`)
          continue
        }
        throw new GovError(`${file}:${i + 1} is not valid JSON.`, {
          code: 'E_BAD_CREDITS',
          file,
          line: i + 1,
          hint: 'Fix or remove that line (each entry is one JSON object per line), then run the command again.',
        })
      }
    }
  }
  const entries: CreditEntry[] = []
  for (const [i, v] of values.entries()) {
    try {
      entries.push(normalizeEntry(v))
    } catch (error) {
      problems.push(`${file}: entry ${i + 1} skipped: ${(error as Error).message}`)
    }
  }
  return {entries, problems, torn}
}

/** The text of a credits.json holding `entries`. */
export function renderCreditsFile(entries: readonly CreditEntry[]): string {
  return entries.length === 0 ? '[\n]\n' : `[\n${entries.map((e) => serializeEntry(e)).join(',\n')}\n]\n`
}

export interface AppendResult {
  ino: number
  /** offset just after the last appended entry */
  valueEnd: number
  /** the file had to be rewritten (repair of a torn tail, or a new file) */
  rewritten: boolean
  problems: string[]
}

/**
 * Appends entries in place (see the module comment). The caller holds the lock on the file.
 */
export async function appendEntriesLocked(file: string, entries: readonly CreditEntry[]): Promise<AppendResult> {
  const lines = entries.map((e) => serializeEntry(e))
  let handle
  try {
    checkWritePath(file)
    handle = await openNoFollow(file, constants.O_RDWR)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    return rewrite(file, [], entries, [])
  }
  try {
    const {size, ino} = await handle.stat()
    const len = Math.min(size, 4096)
    const buf = Buffer.alloc(len)
    if (len > 0) await handle.read(buf, 0, len, size - len)
    const shape = size === 0 ? undefined : tailShape(buf, size - len)
    if (!shape) {
      await handle.close()
      handle = undefined
      const existing = size === 0 ? {entries: [], problems: [], torn: false} : parseCreditsText(await readFile(file, 'utf8'), file)
      return rewrite(file, existing.entries, entries, existing.problems)
    }
    const data = Buffer.from(`${shape.nonEmpty ? ',\n' : '\n'}${lines.join(',\n')}\n]\n`)
    const bytes = data.length
    // fenced: the lock still ours and the file as this holder read it, right before the write
    assertLocksHeld()
    for (let done = 0; done < bytes; ) {
      const {bytesWritten} = await handle.write(data, done, bytes - done, shape.valueEnd + done)
      done += bytesWritten
    }
    if (size > shape.valueEnd + bytes) await handle.truncate(shape.valueEnd + bytes)
    await handle.sync()
    noteLockedWrite(file)
    return {ino, valueEnd: shape.valueEnd + bytes - 3, rewritten: false, problems: []}
  } finally {
    await handle?.close()
  }
}

async function rewrite(file: string, existing: readonly CreditEntry[], added: readonly CreditEntry[], problems: string[]): Promise<AppendResult> {
  const all = [...existing, ...added]
  const text = renderCreditsFile(all)
  await writeFileAtomic(file, text)
  const {ino} = await stat(file)
  const valueEnd = Buffer.byteLength(text) - 3
  return {ino, valueEnd, rewritten: true, problems}
}

/** Appends entries under the kernel's cross-process lock on credits.json. */
export async function appendEntries(file: string, entries: readonly CreditEntry[]): Promise<AppendResult> {
  return withLock(file, () => appendEntriesLocked(file, entries))
}

export interface LoadedFile extends ParsedFile {
  ino: number
  size: number
  /** offset just after the last entry, when the file is well formed */
  valueEnd?: number
}

async function loadOnce(file: string): Promise<LoadedFile> {
  let handle
  try {
    handle = await open(file, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {entries: [], problems: [], torn: false, ino: 0, size: 0}
    throw error
  }
  let buf: Buffer
  let ino: number
  try {
    // stat and read through one handle: the inode is the one whose bytes were read
    ino = (await handle.stat()).ino
    buf = await handle.readFile()
  } finally {
    await handle.close()
  }
  const parsed = parseCreditsText(buf.toString('utf8'), file)
  const shape = parsed.torn ? undefined : tailShape(buf.subarray(Math.max(0, buf.length - 4096)), Math.max(0, buf.length - 4096))
  return {...parsed, ino, size: buf.length, valueEnd: shape?.valueEnd}
}

/**
 * Reads every entry. Without the lock first (fast); a file that looks torn is read again under the lock,
 * since it may only have been caught in the middle of another process's append.
 */
export async function loadCreditsFile(file: string): Promise<LoadedFile> {
  const first = await loadOnce(file)
  if (!first.torn) return first
  return withLock(file, () => loadOnce(file))
}
