/**
 * Result schemas of exec, ps and abort: the frozen output contract (`--json`, HTTP, MCP). The library's
 * result interfaces (ExecResult, PsResult, AbortResult) must stay assignable to these.
 */
import {z} from 'zod/v3'

import {PidRecordSchema} from '../lib/pidfile.js'

export const ExecResultSchema = z.object({
  pid: z.number().int(),
  pgid: z.number().int(),
  command: z.string(),
  args: z.array(z.string()),
  cwd: z.string(),
  start: z.string(),
  end: z.string(),
  duration_ms: z.number(),
  timeout_seconds: z.number(),
  exit_code: z.number().int(),
  child_exit_code: z.number().int().nullable(),
  signal: z.string().nullable(),
  timed_out: z.boolean(),
  interrupted: z.string().nullable(),
  stopped_with: z.string().nullable(),
  log_stdout: z.string(),
  log_stderr: z.string(),
})

/** A PID record as listed by ps and abort (records may carry fields of newer versions: kept as they are). */
export const TrackedProcessSchema = PidRecordSchema.extend({
  remaining_seconds: z.number().nullable(),
  file: z.string(),
})

/** A PID file of a running process that does not verify as one govtool started: never signalled. */
const SkippedProcessSchema = z.object({pid: z.number().int(), file: z.string(), reason: z.string()})

export const PsResultSchema = z.object({
  processes: z.array(TrackedProcessSchema.extend({supervised: z.boolean()})),
  pruned: z.array(z.number().int()),
  skipped: z.array(SkippedProcessSchema),
})

export const AbortResultSchema = z.object({
  aborted: z.array(z.object({pid: z.number().int(), pgid: z.number().int(), command: z.string(), signal: z.string().nullable()})),
  processes: z.array(TrackedProcessSchema),
  pruned: z.array(z.number().int()),
  skipped: z.array(SkippedProcessSchema),
})
