import {readFileSync, statSync} from 'node:fs'
import {open, type FileHandle} from 'node:fs/promises'

import {z} from 'zod/v3'

/** What a scan of the WAL found. */
export interface ScanResult {
  /** byte offset just after the last complete line (a line ends with "\n") */
  end: number
  /** file size when scanned */
  size: number
  /** complete lines seen (blank lines included) */
  lines: number
  /** bytes after the last newline: a line cut short by a crash (0 when the file ends cleanly) */
  tornBytes: number
  /** modification time when scanned (ms) */
  mtimeMs: number
}

const CHUNK = 8 * 1024 * 1024

/**
 * Calls `onLine(buf, start, end, offset)` for every complete line of `file` from byte `from` (without the
 * newline; `offset` is the line's byte offset in the file). Reads in chunks into one reused buffer, so memory
 * stays bounded: `onLine` must copy any bytes it keeps. `onLine` returning false stops the scan. A missing
 * file scans as empty.
 */
export async function scanWal(
  file: string | FileHandle,
  from: number,
  onLine: (buf: Buffer, start: number, end: number, offset: number) => boolean | void,
  chunkSize = CHUNK,
): Promise<ScanResult> {
  let handle: FileHandle
  if (typeof file === 'string') {
    const opened = await openIfExists(file)
    if (!opened) return {end: 0, size: 0, lines: 0, tornBytes: 0, mtimeMs: 0}
    handle = opened
  } else {
    handle = file
  }
  try {
    const {size, mtimeMs} = await handle.stat()
    // one reusable buffer: a line cut by the chunk boundary is moved to the front before the next read
    let buf = Buffer.allocUnsafe(Math.min(chunkSize, Math.max(size - from, 1)))
    let carry = 0
    let position = from
    let lines = 0
    let end = from
    let stopped = false
    while (position < size && !stopped) {
      if (carry === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2)
        buf.copy(bigger, 0, 0, carry)
        buf = bigger
      }
      const {bytesRead} = await handle.read(buf, carry, Math.min(buf.length - carry, size - position), position)
      if (bytesRead === 0) break
      const base = position - carry
      const dataEnd = carry + bytesRead
      position += bytesRead
      let start = 0
      let nl = buf.indexOf(0x0a, carry)
      while (nl >= 0 && nl < dataEnd) {
        lines++
        end = base + nl + 1
        if (onLine(buf, start, nl, base + start) === false) {
          stopped = true
          break
        }
        start = nl + 1
        nl = buf.indexOf(0x0a, start)
      }
      carry = dataEnd - start
      if (carry > 0 && start > 0) buf.copy(buf, 0, start, dataEnd)
    }
    return {end, size, lines, tornBytes: stopped ? 0 : size - end, mtimeMs}
  } finally {
    if (typeof file === 'string') await handle.close()
  }
}

/** Opens a file for reading, or returns undefined when it does not exist. */
export async function openIfExists(file: string): Promise<FileHandle | undefined> {
  // a project without a store answers without a round trip through the thread pool (issue 14, start-up pass 9);
  // any other error (EACCES, ENOTDIR) still comes from open below
  if (statSync(file, {throwIfNoEntry: false}) === undefined) return undefined
  try {
    return await open(file, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** Reads bytes [start, end) of an open file. */
export async function readRange(handle: FileHandle, start: number, end: number): Promise<Buffer> {
  const buf = Buffer.alloc(Math.max(0, end - start))
  const {bytesRead} = await handle.read(buf, 0, buf.length, start)
  return buf.subarray(0, bytesRead)
}

/** The last complete line of the WAL and where the file stands. */
export interface WalTail {
  size: number
  /** byte offset just after the last newline (= size when the file ends cleanly) */
  end: number
  /** the last complete line, without its newline */
  last?: Buffer
  /** byte offset of that line */
  lastOffset?: number
}

/** Reads the end of the WAL backwards until it holds the last complete line; never the whole file. */
export async function readWalTail(file: string): Promise<WalTail | undefined> {
  let handle
  try {
    handle = await open(file, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  try {
    const {size} = await handle.stat()
    let window = 64 * 1024
    while (true) {
      const from = Math.max(0, size - window)
      const buf = Buffer.allocUnsafe(size - from)
      const {bytesRead} = await handle.read(buf, 0, buf.length, from)
      const data = buf.subarray(0, bytesRead)
      const lastNl = data.lastIndexOf(0x0a)
      if (lastNl < 0) {
        if (from === 0) return {size, end: 0}
        window *= 4
        continue
      }
      // the last non-blank complete line (the writer never writes blank lines; a hand edit might)
      let lineEnd = lastNl
      let lineStart = -1
      while (lineEnd >= 0) {
        const prevNl = lineEnd === 0 ? -1 : data.lastIndexOf(0x0a, lineEnd - 1)
        if (prevNl < 0 && from > 0) break
        if (lineEnd - prevNl > 1 && !isBlank(data, prevNl + 1, lineEnd)) {
          lineStart = prevNl + 1
          break
        }
        if (prevNl < 0) break
        lineEnd = prevNl
      }
      if (lineStart < 0) {
        if (from === 0) return {size, end: from + lastNl + 1}
        window *= 4
        continue
      }
      return {size, end: from + lastNl + 1, last: Buffer.from(data.subarray(lineStart, lineEnd)), lastOffset: from + lineStart}
    }
  } finally {
    await handle.close()
  }
}

export const HeadSchema = z.object({
  seq: z.number().int().nonnegative(),
  hash: z.string(),
  ts: z.string().optional(),
  /** the WAL's identity right after the writer fsync'd it (inode:size:mtime:ctime): while it still matches, the chain this writer verified and extended is untouched */
  wal: z.string().optional(),
})
export type Head = z.infer<typeof HeadSchema>

/**
 * The truncation witness: `{seq, hash}` of the last acknowledged batch. Written after the WAL is fsync'd, so
 * the WAL always reaches at least `head.seq`. `undefined` when missing; `'invalid'` when it cannot be read
 * (it is written atomically, so only a hand edit produces that).
 */
export async function readHead(file: string): Promise<Head | 'invalid' | undefined> {
  let text: string
  try {
    // a small JSON file: read without the thread pool (issue 14, start-up eighth pass)
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  try {
    const parsed = HeadSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : 'invalid'
  } catch {
    return 'invalid'
  }
}

/** The identity of the WAL file that the head records after each append (ctime cannot be set back by a user). */
export function walSignature(stats: {ino: number; size: number; mtimeMs: number; ctimeMs: number}): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`
}

/** True when bytes [start, end) are only spaces, tabs or carriage returns. */
export function isBlank(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = buf[i]
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false
  }
  return true
}
