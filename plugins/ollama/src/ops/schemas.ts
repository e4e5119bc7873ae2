/**
 * Result schemas of the ollama operations: the frozen output contract (`--json`, HTTP, MCP). The library's
 * result interfaces must stay assignable to these (each operation's run() is type-checked against them);
 * test/operation-results.schema.json snapshots them.
 */
import {z} from 'zod/v3'

import {TASK_TYPES} from '../lib/tasks.js'

const task = z.enum(TASK_TYPES)
const vendor = z.enum(['nvidia', 'amd', 'apple', 'none'])

export const GpuResultSchema = z.object({
  vendor,
  vram_gb: z.number(),
  source: z.enum(['nvidia-smi', 'rocm-smi', 'sysctl', 'none']),
  devices: z.number().int(),
  num_ctx: z.number().int(),
})

export const ListResultSchema = z.object({
  host: z.string(),
  version: z.string().nullable(),
  models: z.array(
    z.object({
      name: z.string(),
      size: z.number(),
      modified_at: z.string(),
      digest: z.string(),
      family: z.string().nullable(),
      parameter_size: z.string().nullable(),
      quantization: z.string().nullable(),
      running: z.boolean(),
    }),
  ),
})

export const PullResultSchema = z.object({
  model: z.string(),
  status: z.literal('success'),
  host: z.string(),
  layers: z.number().int(),
  total_bytes: z.number(),
  duration_ms: z.number(),
})

const CatalogEntrySchema = z.object({
  name: z.string(),
  params: z.string(),
  vram_gb: z.number(),
  tasks: z.array(task),
  best_for: z.string(),
  fits: z.boolean(),
})

const machine = {vendor, vram_gb: z.number(), budget_gb: z.number(), num_ctx: z.number().int()}

export const AvailableResultSchema = z.object({
  task: task.nullable(),
  ...machine,
  models: z.array(CatalogEntrySchema),
  too_large: z.array(CatalogEntrySchema),
})

export const SuggestionSchema = z.object({
  task,
  ...machine,
  model: CatalogEntrySchema,
  alternatives: z.array(CatalogEntrySchema),
  pull_command: z.string(),
  note: z.string(),
})
