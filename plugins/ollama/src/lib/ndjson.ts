/**
 * Newline-delimited JSON (the daemon's streaming format), decoded incrementally: chunks may end in the
 * middle of a line or even in the middle of a multi-byte character; only complete lines are parsed.
 */
export class NdjsonDecoder<T = unknown> {
  private buffer = ''
  private readonly text = new TextDecoder('utf-8')
  /** complete lines seen so far (blank lines included) */
  lines = 0
  /** lines that were not valid JSON, skipped */
  invalid = 0
  /** the first invalid line (cut to 200 characters), for error messages */
  firstInvalid?: string

  /** Feeds a chunk; returns the values of the lines it completed. */
  push(chunk: Uint8Array | string): T[] {
    this.buffer += typeof chunk === 'string' ? chunk : this.text.decode(chunk, {stream: true})
    const last = this.buffer.lastIndexOf('\n')
    if (last === -1) return []
    const complete = this.buffer.slice(0, last)
    this.buffer = this.buffer.slice(last + 1)
    return this.parseLines(complete.split('\n'))
  }

  /** Ends the stream: a final line without a newline is parsed too. */
  end(): T[] {
    this.buffer += this.text.decode()
    const rest = this.buffer
    this.buffer = ''
    return rest.trim() === '' ? [] : this.parseLines([rest])
  }

  private parseLines(lines: string[]): T[] {
    const out: T[] = []
    for (const raw of lines) {
      this.lines++
      const line = raw.trim()
      if (line === '') continue
      try {
        out.push(JSON.parse(line) as T)
      } catch {
        this.invalid++
        this.firstInvalid ??= line.slice(0, 200)
      }
    }
    return out
  }
}

/** Yields the JSON values of an NDJSON byte stream as they arrive. */
export async function* readNdjson<T = unknown>(body: ReadableStream<Uint8Array>, decoder = new NdjsonDecoder<T>()): AsyncGenerator<T> {
  const reader = body.getReader()
  try {
    while (true) {
      const {done, value} = await reader.read()
      if (done) break
      for (const item of decoder.push(value)) yield item
    }
    for (const item of decoder.end()) yield item
  } finally {
    reader.releaseLock()
  }
}
