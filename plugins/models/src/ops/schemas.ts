import {z} from 'zod/v3'

const UsageSchema = z.object({input_tokens: z.number(), output_tokens: z.number(), cached_tokens: z.number()})

export const TurnResultSchema = z.object({
  session_id: z.string(),
  parent_session: z.string().nullable(),
  provider: z.string(),
  model: z.string(),
  profile: z.enum(['safe', 'standard', 'yolo']),
  decision: z.string(),
  work_item_id: z.string(),
  instruction: z.string(),
  success: z.boolean(),
  reply: z.string(),
  rounds: z.number(),
  tool_calls: z.array(z.object({name: z.string(), args: z.record(z.unknown()), ok: z.boolean(), output: z.string()})),
  usage: UsageSchema,
  reviewer_comment: z.string().nullable(),
  status: z.enum(['completed', 'not_accepted', 'failed', 'cancelled']),
  dropped_turns: z.number(),
  exit_code: z.number(),
  /** the block-protocol events of the turn (JSON callers get them here instead of on stdout) */
  events: z.array(z.record(z.unknown())),
})

export const RunResultSchema = z.object({
  turns: z.array(TurnResultSchema.omit({events: true})),
  session_id: z.string().nullable(),
})
