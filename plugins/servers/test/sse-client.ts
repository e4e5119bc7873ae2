/**
 * A real SSE client for the tests: fetch, then eventsource-parser's stream parser (what an IDE extension or
 * the terminal uses when EventSource cannot set the Authorization header).
 */
import {EventSourceParserStream, type EventSourceMessage} from 'eventsource-parser/stream'

export interface SseConnection {
  status: number
  headers: Headers
  /** the parsed events, in order, until the server ends the stream or `close()` */
  events: AsyncGenerator<EventSourceMessage>
  close(): void
}

export async function connectSse(url: string, options: {token?: string; lastEventId?: string | number; method?: string; body?: unknown; headers?: Record<string, string>} = {}): Promise<SseConnection> {
  const controller = new AbortController()
  const headers: Record<string, string> = {accept: 'text/event-stream', ...options.headers}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId)
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(url, {method: options.method ?? 'GET', headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: controller.signal})
  async function* events(): AsyncGenerator<EventSourceMessage> {
    if (!res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return
    const reader = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader()
    try {
      for (;;) {
        const {value, done} = await reader.read()
        if (done) return
        yield value
      }
    } catch (error) {
      if ((error as Error).name === 'AbortError') return
      throw error
    } finally {
      reader.releaseLock()
    }
  }
  return {status: res.status, headers: res.headers, events: events(), close: () => controller.abort()}
}

/** Reads events until `stop` says so (inclusive) or the stream ends. */
export async function readUntil(conn: SseConnection, stop: (e: EventSourceMessage) => boolean): Promise<EventSourceMessage[]> {
  // next() rather than for-await: leaving a for-await loop would end the generator, and the test reads on later
  const seen: EventSourceMessage[] = []
  for (;;) {
    const {value, done} = await conn.events.next()
    if (done) return seen
    seen.push(value)
    if (stop(value)) return seen
  }
}
