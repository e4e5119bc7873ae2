/**
 * The per-DAG event log, `.govtool/dispatch/<dag_id>/events.jsonl` (machine state, git-ignored with the rest of
 * `.govtool/`): the spec's envelope plus a per-DAG `seq`. The runner buffers events and appends them in one
 * locked, fsync'd write per scheduler tick (appendText repairs a torn tail first, readers skip a torn line),
 * so 10,000 nodes do not cost 20,000 fsyncs. Subscribers tail the file from a byte offset, woken at once by
 * an in-process signal after each flush and by a short poll for runs in another process: replay and live
 * delivery are one path, ordered by `seq`, with no gaps and no duplicates.
 */
import {EventEmitter} from 'node:events'
import {existsSync, readdirSync, statSync} from 'node:fs'
import {open, readFile} from 'node:fs/promises'
import path from 'node:path'

import {InputError, NotFoundError, appendJsonl, parseJsonl, readJsonIfExists, type ProjectContext} from 'govtool/core'

import {EVENT_TYPES, type DagFile, type DispatchEvent, type DispatchEventType, type PayloadOf} from './types.js'

/** REFERENCE.md: dag ids match this (12 hex chars when generated); retry runs append `-retry-<node_id>`. */
export const DAG_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_-]{0,63}$/
/** Ids of saved runs, retry runs included (`<dag_id>-retry-<node_id>`, possibly nested). */
export const STORED_DAG_ID = /^[a-zA-Z0-9][a-zA-Z0-9_-]{0,255}$/

export function validateDagId(id: string, stored = false): string {
  if (typeof id !== 'string' || !(stored ? STORED_DAG_ID : DAG_ID_PATTERN).test(id)) {
    throw new InputError(`Invalid dag id ${JSON.stringify(id)}.`, {
      code: 'E_BAD_ID',
      hint: 'A dag id starts with a letter or digit, then up to 63 letters, digits, "_" or "-" (it becomes a directory name).',
    })
  }
  return id
}

export const DISPATCH_DIR = 'dispatch'
export const EVENTS_FILE = 'events.jsonl'
export const DAG_FILE = 'dag.json'
export const RUNNER_FILE = 'runner.json'
export const ABORT_DIR = 'abort'
/** the abort marker of the whole DAG (node ids start with a letter or digit, so never this) */
export const DAG_ABORT = '_dag'

export function dagDir(ctx: ProjectContext, dagId: string): string {
  return ctx.state(DISPATCH_DIR, validateDagId(dagId, true))
}

export function eventsFile(ctx: ProjectContext, dagId: string): string {
  return path.join(dagDir(ctx, dagId), EVENTS_FILE)
}

/** ISO 8601 UTC with milliseconds. */
export function isoMs(date = new Date()): string {
  return date.toISOString()
}

function isEvent(value: unknown): value is DispatchEvent {
  const e = value as DispatchEvent
  return (
    typeof e === 'object' &&
    e !== null &&
    Number.isSafeInteger(e.seq) &&
    e.seq > 0 &&
    typeof e.dag_id === 'string' &&
    (EVENT_TYPES as readonly string[]).includes(e.event_type) &&
    typeof e.node_id === 'string' &&
    typeof e.ts === 'string' &&
    typeof e.payload === 'object' &&
    e.payload !== null
  )
}

/** Parses events out of complete lines; a line that does not parse (a torn write) or is no event is skipped. */
function parseEvents(text: string): DispatchEvent[] {
  return parseJsonl<unknown>(text).records.filter(isEvent)
}

/** Ids of the runs executing in this process (registered by run.ts). */
export const runsHere = new Set<string>()

/** Wakes subscribers of this process after each flush (runs in other processes are found by polling). */
const bus = new EventEmitter()
bus.setMaxListeners(0)

/** The writer of one DAG's events: seq assignment, buffering, one append per tick. */
export class EventLog {
  readonly file: string
  private buffer: DispatchEvent[] = []
  private scheduled = false
  private chain: Promise<void> = Promise.resolve()
  private failure?: Error
  /** events emitted so far (this process), for callers that want them in memory */
  readonly listeners = new Set<(event: DispatchEvent) => void>()

  constructor(
    readonly ctx: ProjectContext,
    readonly dagId: string,
    /** the seq of the last event already in the file */
    private lastSeq = 0,
  ) {
    this.file = eventsFile(ctx, dagId)
  }

  get seq(): number {
    return this.lastSeq
  }

  /** Queues an event (durable after the next flush, which is scheduled for the end of this tick). */
  emit<T extends DispatchEventType>(event_type: T, node_id: string, payload: PayloadOf[T]): DispatchEvent<T> {
    if (this.failure) throw this.failure
    const event: DispatchEvent<T> = {seq: ++this.lastSeq, dag_id: this.dagId, event_type, node_id, ts: isoMs(), payload}
    this.buffer.push(event)
    for (const l of this.listeners) l(event)
    if (!this.scheduled) {
      this.scheduled = true
      setImmediate(() => {
        this.scheduled = false
        void this.flush().catch(() => {})
      })
    }
    return event
  }

  /** Appends everything queued (one locked, fsync'd write); resolves once it is durable. */
  flush(): Promise<void> {
    const batch = this.buffer
    this.buffer = []
    if (batch.length > 0) {
      this.chain = this.chain.then(async () => {
        if (this.failure) throw this.failure
        try {
          await appendJsonl(this.file, batch)
        } catch (error) {
          this.failure = error as Error
          throw error
        }
        bus.emit(this.dagId)
      })
    }
    return this.chain
  }
}

/** The persisted events of a DAG with seq > afterSeq, in order (a missing file: none). */
export async function readEvents(ctx: ProjectContext, dagId: string, options: {afterSeq?: number} = {}): Promise<DispatchEvent[]> {
  let text: string
  try {
    text = await readFile(eventsFile(ctx, dagId), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  // a torn last line (no newline) is left out: it is a write the crash cut short
  const complete = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1)
  const after = options.afterSeq ?? 0
  return parseEvents(complete).filter((e) => e.seq > after)
}

export interface SubscribeOptions {
  /** replay events after this seq (default 0: all) */
  afterSeq?: number
  /** ends the iteration */
  signal?: AbortSignal
  /** how often the file is checked when nothing in this process signals a flush (default 200 ms) */
  pollMs?: number
  /** stop at the end of what is persisted instead of waiting for more (default false) */
  follow?: boolean
}

/**
 * Persisted events after `afterSeq`, then live ones as they are persisted, in seq order with no gaps and no
 * duplicates, until `dag_done` (or the signal). Works for a run in this process (woken at each flush) and in
 * another one (the file is polled), and for a run that has not written its first event yet. A run that exists
 * neither in this process nor on disk (or whose plan failed to build) ends it with E_DISPATCH_NOT_FOUND.
 */
export async function* subscribe(ctx: ProjectContext, dagId: string, options: SubscribeOptions = {}): AsyncGenerator<DispatchEvent, void, undefined> {
  const file = eventsFile(ctx, dagId)
  const pollMs = options.pollMs ?? 200
  const signal = options.signal
  let lastSeq = options.afterSeq ?? 0
  let offset = 0
  let pending = ''
  let wake: (() => void) | undefined
  let dirty = true
  const onFlush = () => {
    dirty = true
    wake?.()
  }
  const onAbort = () => wake?.()
  bus.on(dagId, onFlush)
  signal?.addEventListener('abort', onAbort)
  try {
    while (!signal?.aborted) {
      dirty = false
      const chunk = await readFrom(file, offset)
      if (chunk.length > 0) {
        offset += chunk.length
        const text = pending + chunk.toString('utf8')
        const end = text.lastIndexOf('\n')
        pending = end < 0 ? text : text.slice(end + 1)
        for (const event of end < 0 ? [] : parseEvents(text.slice(0, end + 1))) {
          if (event.seq <= lastSeq) continue
          lastSeq = event.seq
          yield event
          if (event.event_type === 'dag_done') return
          if (signal?.aborted) return
        }
        continue
      }
      if (options.follow === false) return
      if (dirty) continue
      if (offset === 0 && !runsHere.has(dagId) && !existsSync(path.join(path.dirname(file), DAG_FILE))) {
        // no such run here or on disk (or its plan could not be built): nothing will ever come
        throw new NotFoundError(`No dispatch run ${dagId} in this project.`, {code: 'E_DISPATCH_NOT_FOUND', hint: 'List the saved runs with govtool dispatch list.'})
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs)
        function done() {
          clearTimeout(timer)
          wake = undefined
          resolve()
        }
        wake = done
      })
    }
  } finally {
    bus.off(dagId, onFlush)
    signal?.removeEventListener('abort', onAbort)
  }
}

async function readFrom(file: string, offset: number): Promise<Buffer> {
  let handle
  try {
    handle = await open(file, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Buffer.alloc(0)
    throw error
  }
  try {
    const {size} = await handle.stat()
    if (size <= offset) return Buffer.alloc(0)
    const buf = Buffer.alloc(size - offset)
    const {bytesRead} = await handle.read(buf, 0, buf.length, offset)
    return buf.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

export async function readDagFile(ctx: ProjectContext, dagId: string): Promise<DagFile> {
  const dag = await readJsonIfExists<DagFile>(path.join(dagDir(ctx, dagId), DAG_FILE))
  if (!dag) {
    throw new NotFoundError(`No dispatch run ${dagId} in this project.`, {code: 'E_DISPATCH_NOT_FOUND', hint: 'List the saved runs with govtool dispatch list.'})
  }
  return dag
}

/** Ids of the saved runs (directories holding a dag.json), oldest first. */
export function savedDagIds(ctx: ProjectContext): string[] {
  const root = ctx.state(DISPATCH_DIR)
  let names: string[]
  try {
    names = readdirSync(root)
  } catch {
    return []
  }
  const runs: {id: string; at: number}[] = []
  for (const id of names) {
    if (!STORED_DAG_ID.test(id)) continue
    const file = path.join(root, id, DAG_FILE)
    if (!existsSync(file)) continue
    runs.push({id, at: statSync(file).mtimeMs})
  }
  return runs.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id)).map((r) => r.id)
}
