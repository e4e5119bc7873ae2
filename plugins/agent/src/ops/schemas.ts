/**
 * Result schemas of the agent operations: the frozen output contract (`--json`, HTTP, MCP). The library's
 * result interfaces must stay assignable to these (each operation's run() is type-checked against them);
 * test/operation-results.schema.json snapshots them.
 */
import {z} from 'zod/v3'

import {ASK_ACTIONS} from '../lib/ask-actions.js'

export const AskReplySchema = z.object({
  reply: z.string(),
  action: z.enum(ASK_ACTIONS),
  prompt: z.string(),
  matched_keyword: z.string().optional(),
  suggested_command: z.string(),
  /** the figures behind the reply; their shape depends on the action */
  data: z.record(z.unknown()),
})

export const EndpointPresetsSchema = z.object({
  presets: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      base_url: z.string(),
      endpoint_kind: z.enum(['hosted', 'gateway', 'local', 'governance']),
      needs_key: z.boolean(),
      key_env: z.string().nullable(),
    }),
  ),
})

const bucket = z.enum(['reasoning', 'conversational', 'longform'])

export const ProfileSuggestionsSchema = z.object({
  suggestions: z.array(z.object({provider_type: z.string(), model: z.string(), bucket, role: z.string(), notes: z.string()})),
  keys_found: z.array(z.string()),
  hardware: z.object({
    vendor: z.enum(['nvidia', 'amd', 'apple', 'none']),
    vram_gb: z.number(),
    source: z.enum(['nvidia-smi', 'rocm-smi', 'sysctl', 'none']),
    devices: z.number().int(),
    num_ctx: z.number().int(),
  }),
  persisted: z.literal(false),
})

// the permission presets of @govtool/plugin-preflight (PERMISSION_PRESETS), spelled out so that loading the
// operation list does not load the preflight library; run() is type-checked against the library's types
const preset = z.enum(['read_only', 'workspace', 'standard', 'extended', 'admin'])
const source = z.enum(['config', 'default'])

export const PermissionsReportSchema = z.object({
  preset,
  allow: z.array(z.string()),
  deny: z.array(z.string()),
  source,
  preset_tools: z.array(z.string()),
  effective: z.array(z.string()),
  presets: z.object({read_only: z.array(z.string()), workspace: z.array(z.string()), standard: z.array(z.string()), extended: z.array(z.string()), admin: z.array(z.string())}),
  file: z.string(),
})

export const PermissionCheckSchema = z.object({
  tool: z.string(),
  canonical: z.string(),
  preset,
  allowed: z.boolean(),
  rule: z.string(),
  reason: z.string(),
  source,
  logged: z.boolean(),
})
