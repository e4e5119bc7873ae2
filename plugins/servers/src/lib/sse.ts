/**
 * A Server-Sent Events writer for any govtool route (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 *
 * - `id:` lines (the client's `Last-Event-ID` on reconnect), `event:` names, data of any text (a newline in it
 *   becomes a second `data:` line, so a payload never ends an event early), and a `retry:` hint on open;
 * - a heartbeat comment (`: hb`) after `heartbeatMs` without a write, so proxies and clients see a live
 *   connection and a dead one is noticed (a write to a gone client fails and closes the stream);
 * - backpressure: `send` resolves once the socket took the event (it waits for `drain` when the kernel buffer
 *   is full), so a slow client slows only its own producer and the server never queues unbounded output;
 * - a clean end: `close()` stops the heartbeat and ends the response; a client that goes away aborts `signal`
 *   and makes every later `send` resolve false. Nothing here stops the work the stream reports on.
 */
import type {ServerResponse} from 'node:http'

export interface SseEvent {
  /** event name (`message` when omitted) */
  event?: string
  /** event id: what the client sends back as Last-Event-ID */
  id?: string | number
  /** the data: a string as is, anything else as JSON */
  data: unknown
}

export interface SseOptions {
  /** a comment line after this long without a write (default 15 s; 0 turns it off) */
  heartbeatMs?: number
  /** the reconnection delay the client is asked to use (default: none sent) */
  retryMs?: number
  /** extra response headers */
  headers?: Record<string, string>
  /** ends the stream when aborted (the server is stopping) */
  until?: AbortSignal
}

const FIELD_BREAK = /\r\n|\r|\n/

/** One event in the wire format. Ids and names cannot carry line breaks (they would start a new field). */
export function formatSse(event: SseEvent): string {
  let out = ''
  if (event.id !== undefined) out += `id: ${String(event.id).replaceAll(/[\r\n\0]/g, '')}\n`
  if (event.event !== undefined) out += `event: ${event.event.replaceAll(/[\r\n]/g, '')}\n`
  const text = typeof event.data === 'string' ? event.data : JSON.stringify(event.data)
  for (const line of text.split(FIELD_BREAK)) out += `data: ${line}\n`
  return `${out}\n`
}

export class SseStream {
  private readonly controller = new AbortController()
  private heartbeat: NodeJS.Timeout | undefined
  private lastWrite = Date.now()
  private waitingForDrain = false
  private pendingDrain: Promise<boolean> | undefined
  private ended = false

  constructor(
    private readonly res: ServerResponse,
    private readonly options: SseOptions = {},
  ) {}

  /** Aborted when the client goes away (or the stream was closed). */
  get signal(): AbortSignal {
    return this.controller.signal
  }

  get closed(): boolean {
    return this.ended || this.controller.signal.aborted
  }

  /** Sends the headers (status 200) and starts the heartbeat. */
  open(): this {
    const {res} = this
    res.once('close', () => this.stop())
    res.once('error', () => this.stop())
    const {until} = this.options
    if (until) {
      const end = () => this.close()
      if (until.aborted) queueMicrotask(end)
      else {
        until.addEventListener('abort', end, {once: true})
        this.controller.signal.addEventListener('abort', () => until.removeEventListener('abort', end), {once: true})
      }
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      // reverse proxies (nginx) must not buffer an event stream
      'X-Accel-Buffering': 'no',
      ...this.options.headers,
    })
    res.flushHeaders()
    if (this.options.retryMs !== undefined) this.write(`retry: ${Math.max(0, Math.round(this.options.retryMs))}\n\n`)
    const every = this.options.heartbeatMs ?? 15_000
    if (every > 0) {
      this.heartbeat = setInterval(() => {
        if (!this.closed && !this.waitingForDrain && Date.now() - this.lastWrite >= every * 0.9) this.write(': hb\n\n')
      }, every)
      this.heartbeat.unref()
    }
    return this
  }

  /** Sends one event; resolves true once the socket took it, false when the client is gone. */
  async send(event: SseEvent): Promise<boolean> {
    return this.sendRaw(formatSse(event))
  }

  /** Sends a comment line (ignored by clients). */
  async comment(text: string): Promise<boolean> {
    return this.sendRaw(`: ${text.replaceAll(/[\r\n]/g, ' ')}\n\n`)
  }

  /** Sends pre-formatted event text (one `formatSse` result, or several concatenated). */
  async sendRaw(text: string): Promise<boolean> {
    if (this.closed) return false
    if (this.write(text)) return true
    // callers that do not wait for each send share one wait
    this.pendingDrain ??= this.drained().finally(() => (this.pendingDrain = undefined))
    return this.pendingDrain
  }

  /** Ends the response (after what was written is flushed) and stops the heartbeat. */
  close(): void {
    if (this.ended) return
    this.ended = true
    this.stop()
    if (!this.res.writableEnded) this.res.end()
  }

  private write(text: string): boolean {
    this.lastWrite = Date.now()
    try {
      return this.res.write(text)
    } catch {
      this.stop()
      return false
    }
  }

  private drained(): Promise<boolean> {
    this.waitingForDrain = true
    return new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        this.waitingForDrain = false
        this.res.off('drain', onDrain)
        this.controller.signal.removeEventListener('abort', onAbort)
        resolve(ok && !this.closed)
      }
      const onDrain = () => done(true)
      const onAbort = () => done(false)
      this.res.once('drain', onDrain)
      this.controller.signal.addEventListener('abort', onAbort, {once: true})
    })
  }

  private stop(): void {
    this.stopHeartbeat()
    if (!this.controller.signal.aborted) this.controller.abort()
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat)
    this.heartbeat = undefined
  }
}

/** The id a reconnecting client resumes after: the Last-Event-ID header, else `?last_event_id=` (a whole number). */
export function lastEventId(headers: Record<string, string | string[] | undefined>, query: Record<string, unknown>): number | undefined {
  const raw = headers['last-event-id'] ?? query.last_event_id
  const text = Array.isArray(raw) ? raw[0] : raw
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim())) return undefined
  return Number(text.trim())
}
