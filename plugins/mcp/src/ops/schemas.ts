/**
 * Result schemas of the mcp operations: the frozen output contract (`--json`, HTTP, MCP). The library's
 * result interfaces must stay assignable to these; test/operation-results.schema.json snapshots them.
 */
import {z} from 'zod/v3'

export const GenerateResultSchema = z.object({
  server: z.object({
    id: z.string(),
    name: z.string(),
    command: z.string(),
    args: z.array(z.string()),
    description: z.string(),
    env: z.record(z.string()),
  }),
  note: z.string(),
  /** with --append: false when the id was already registered (nothing written) */
  appended: z.boolean().optional(),
  /** with --append: the registry file */
  file: z.string().optional(),
})

export const McpServeResultSchema = z.object({
  /** tools offered */
  tools: z.number().int(),
  calls: z.number().int(),
  /** calls answered with a tool error */
  errors: z.number().int(),
  /** stdin closed, a signal (SIGINT, SIGTERM), or the client closing the connection */
  stopped_by: z.string(),
})
