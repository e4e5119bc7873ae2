/**
 * The chat block protocol (SPEC.md "Chat block-protocol events", REFERENCE.md "Chat events and sessions"):
 * one JSON object per line on stdout, flushed per event. Each type has a zod schema here; the JSON Schemas in
 * plugins/models/schemas/ are generated from them and a test validates every event the suite emits.
 */
import {randomBytes} from 'node:crypto'

import {z} from 'zod/v3'

const ts = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
const blockId = z.string().regex(/^blk_[0-9a-f]{12}$/)
const usage = z.object({input_tokens: z.number().int().min(0), output_tokens: z.number().int().min(0), cached_tokens: z.number().int().min(0)}).strict()
export const BLOCK_KINDS = ['plan', 'message', 'tool_call', 'tool_result', 'diff', 'test_results', 'verdict'] as const

export const EVENT_SCHEMAS = {
  ready: z
    .object({
      type: z.literal('ready'),
      timestamp: ts,
      agent: z.string(),
      version: z.string(),
      project_dir: z.string(),
      provider: z.string(),
      model: z.string(),
      profile_id: z.enum(['safe', 'standard', 'yolo']),
      capabilities: z.array(z.string()),
      session_id: z.string(),
    })
    .strict(),
  system: z.object({type: z.literal('system'), timestamp: ts, message: z.string()}).strict(),
  error: z.object({type: z.literal('error'), timestamp: ts, message: z.string(), recoverable: z.boolean(), code: z.string().optional()}).strict(),
  preflight: z
    .object({
      type: z.literal('preflight'),
      timestamp: ts,
      decision: z.enum(['accepted', 'needs_clarification', 'blocked', 'rejected']),
      instruction: z.string(),
      work_item_id: z.string(),
      intent: z.string(),
      requirement_ids: z.array(z.string()),
      test_case_ids: z.array(z.string()),
    })
    .strict(),
  block_start: z.object({type: z.literal('block_start'), block_id: blockId, kind: z.enum(BLOCK_KINDS), agent: z.string(), timestamp: ts, payload: z.record(z.unknown())}).strict(),
  block_complete: z.object({type: z.literal('block_complete'), block_id: blockId, timestamp: ts, payload: z.record(z.unknown())}).strict(),
  token: z.object({type: z.literal('token'), block_id: blockId, text: z.string()}).strict(),
  tool_call: z.object({type: z.literal('tool_call'), block_id: blockId, name: z.string(), args: z.record(z.unknown())}).strict(),
  tool_request: z.object({type: z.literal('tool_request'), block_id: blockId, name: z.string(), args: z.record(z.unknown())}).strict(),
  tool_result: z.object({type: z.literal('tool_result'), block_id: blockId, name: z.string(), ok: z.boolean(), output: z.string()}).strict(),
  plan_step: z
    .object({
      type: z.literal('plan_step'),
      block_id: blockId,
      step_id: z.string(),
      status: z.enum(['pending', 'awaiting_approval', 'approved', 'complete']),
      timestamp: ts,
      payload: z.record(z.unknown()),
    })
    .strict(),
  task_complete: z
    .object({
      type: z.literal('task_complete'),
      timestamp: ts,
      success: z.boolean(),
      confidence: z.number().min(0).max(1),
      summary: z.string(),
      profile: z.string(),
      comments: z.array(z.string()),
      session_id: z.string(),
      parent_session: z.string().nullable(),
      provider: z.string(),
      model: z.string(),
      usage,
    })
    .strict(),
  turn_done: z.object({type: z.literal('turn_done'), timestamp: ts}).strict(),
} as const

export type EventType = keyof typeof EVENT_SCHEMAS
export type ChatEvent = {[K in EventType]: z.infer<(typeof EVENT_SCHEMAS)[K]>}[EventType]
/** An event as emitted: the timestamp is filled in by the emitter where the type has one. */
export type EventInput = {[K in EventType]: Omit<z.infer<(typeof EVENT_SCHEMAS)[K]>, 'timestamp'>}[EventType]

export const EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as EventType[]

/** UTC ISO-8601 to the second, as the older tool wrote it. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

export const newBlockId = (): string => `blk_${randomBytes(6).toString('hex')}`
export const newSessionId = (): string => `sess_${randomBytes(6).toString('hex')}`

/** Checks one event against its type's schema; returns the problems (empty when it is valid). */
export function validateEvent(value: unknown): string[] {
  const type = (value as {type?: unknown})?.type
  if (typeof type !== 'string' || !(type in EVENT_SCHEMAS)) return [`unknown event type ${JSON.stringify(type)}`]
  const parsed = EVENT_SCHEMAS[type as EventType].safeParse(value)
  return parsed.success ? [] : parsed.error.issues.map((i) => `${type}.${i.path.join('.')}: ${i.message}`)
}

const WITHOUT_TIMESTAMP = new Set<EventType>(['token', 'tool_call', 'tool_request', 'tool_result'])

/** Writes events as JSON lines to a sink (stdout of `chat`) and keeps them for the result. */
export class EventWriter {
  readonly events: ChatEvent[] = []
  constructor(
    private readonly sink?: (line: string) => void,
    private readonly scrubber: (text: string) => string = (t) => t,
  ) {}

  emit(event: EventInput): ChatEvent {
    const full = WITHOUT_TIMESTAMP.has(event.type) ? {...event} : {...event, timestamp: timestamp()}
    const clean = scrubDeep(full, this.scrubber) as ChatEvent
    this.events.push(clean)
    this.sink?.(JSON.stringify(clean) + '\n')
    return clean
  }
}

/** Every string in a JSON value passed through `scrub` (keys of secrets never reach events or files). */
export function scrubDeep(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value)
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, scrub))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, scrub)]))
  return value
}
