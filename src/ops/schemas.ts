/**
 * Result schemas of the kernel's own operations (channel, update, self-update, plugin): the frozen output
 * contract of `--json`, HTTP and MCP. The library types (channel.ts, update.ts, project-types.ts) must stay
 * assignable to these; test/operation-results.schema.json snapshots them.
 */
import {z} from 'zod/v3'

import {CHANNELS} from '../channel.js'
import {lazySchema} from '../lazy-schema.js'

const channel = lazySchema(() => z.enum(CHANNELS))

export const EffectiveChannelSchema = lazySchema(() => z.object({
  channel,
  source: z.enum(['user', 'version']).describe('user: ~/.govtool/channel holds a preference; version: inferred from the version string'),
}))

export const ChannelClearSchema = lazySchema(() => EffectiveChannelSchema.extend({
  cleared: z.boolean().describe('whether a saved preference was removed'),
}))

export const SelfUpdateResultSchema = lazySchema(() => z.object({
  updated: z.boolean(),
  channel,
  version: z.string().nullable().describe('the pinned --version, or null for the newest on the channel'),
  install_method: z.enum(['tarball', 'npm']),
}))

export const UpdateResultSchema = lazySchema(() => z.object({
  current: z.string(),
  latest: z.string().nullable(),
  channel,
  update_available: z.boolean(),
  install_method: z.enum(['tarball', 'npm']),
  host: z.string(),
  message: z.string(),
  updated: z.boolean(),
  migrated: z.boolean(),
  migrate_output: z.string().optional().describe("what the new version's migrate-project printed"),
}))

export const PluginListSchema = lazySchema(() => z.object({
  plugins: z.array(
    z.object({
      plugin: z.string(),
      version: z.string(),
      kind: z.string().describe('oclif plugin kind: core (shipped), user (installed), link (linked), dev'),
      root: z.string(),
      types: z.array(z.string()),
      status: z.enum(['loaded', 'failed']),
      error: z.string().optional(),
    }),
  ),
  types: z.array(z.object({name: z.string(), description: z.string(), plugin: z.string()})),
}))

const Decision = lazySchema(() => z.enum(['accepted', 'needs_clarification', 'blocked', 'rejected']))

export const QuickstartResultSchema = lazySchema(() => z.object({
  project_dir: z.string().describe('the sample project: <dir>/notes-demo'),
  project: z.string(),
  phase: z.string(),
  requests: z
    .array(
      z.object({
        request: z.string(),
        shows: z.string().describe('what the decision demonstrates'),
        decision: Decision,
        intent: z.string(),
        work_item_id: z.string(),
        requirement_ids: z.array(z.string()),
        test_case_ids: z.array(z.string()),
        confidence_target: z.number(),
        instruction: z.string(),
        exit_code: z.number().int().describe('what `govtool preflight` exits with for it'),
      }),
    )
    .describe('one request per decision, in the order accepted, needs_clarification, blocked, rejected'),
  verify: z.object({
    command: z.string().describe('the command that gives the same verdict in the sample project'),
    work_item_id: z.string(),
    files_changed: z.array(z.string()),
    equilibrium: z.boolean(),
    confidence: z.number(),
    confidence_threshold: z.number(),
    retry_strategy: z.string(),
    summary: z.string(),
    exit_code: z.number().int(),
  }),
  ledger: z.object({
    file: z.string(),
    entries: z.array(z.object({timestamp: z.string(), type: z.string(), author: z.string(), description: z.string(), reqs: z.array(z.string()), chain_hash: z.string()})),
  }),
  checkpoint: z.object({
    health: z.string(),
    phase: z.string(),
    phase_pct: z.number(),
    req_count: z.number().int(),
    test_count: z.number().int(),
    anchor: z.string(),
    text: z.string().describe('the anchor block as `govtool checkpoint` prints it'),
  }),
  next_steps: z.array(z.object({command: z.string(), purpose: z.string()})).describe('the same on your own repository'),
  elapsed_ms: z.number().int(),
}))

const configSource = lazySchema(() => z.enum(['project', 'user', 'default']).describe('project: docs/GOVTOOL.yml; user: ~/.govtool/config.yml; default: the built-in default'))

export const ConfigValueSchema = lazySchema(() => z.object({
  key: z.string().describe('dotted key, e.g. verify.threshold'),
  value: z.unknown().describe('the value in force'),
  default: z.unknown().describe('the built-in default (null when the key has none)'),
  source: configSource,
  file: z.string().nullable().describe('the file the value comes from; null for a default'),
  description: z.string().describe('what the key means'),
  allowed: z.string().describe('the values it takes'),
}))

export const ConfigListSchema = lazySchema(() => z.object({
  file: z.string().describe('the project config file, docs/GOVTOOL.yml'),
  exists: z.boolean(),
  keys: z.array(ConfigValueSchema),
}))

export const ConfigSetSchema = lazySchema(() => z.object({
  key: z.string(),
  value: z.unknown().describe('the value now in force'),
  previous: z.unknown().describe('the value in force before'),
  file: z.string(),
  created: z.boolean().describe('docs/GOVTOOL.yml did not exist and was written with every default first'),
  removed: z.boolean().describe('VALUE was null: the key was removed and its default applies'),
}))
