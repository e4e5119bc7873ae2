import {defineOperation, renderTable} from 'govtool/core'
import {z} from 'zod/v3'

import {EndpointPresetsSchema, ProfileSuggestionsSchema} from './schemas.js'

export const agentEndpointPresetsOp = defineOperation({
  id: 'agent.endpoint-presets',
  summary: 'List OpenAI-compatible endpoint presets.',
  description: `Built-in base URLs (to which /chat/completions is appended) for hosted providers, gateways, local servers and the govtool governance proxy.

endpoint_kind is hosted (a provider's own API), gateway (one key routing to many providers), local (a server on this machine, no key) or governance (govtool's own gated proxy); key_env names the variable that conventionally holds the key, never its value.`,
  examples: ['<%= config.bin %> agent endpoint-presets', '<%= config.bin %> agent endpoint-presets --json'],
  effect: 'read',
  input: z.object({}),
  result: EndpointPresetsSchema,
  async run() {
    const {ENDPOINT_PRESETS} = await import('../lib/profiles/presets.js')
    return {presets: ENDPOINT_PRESETS.map((p) => ({...p}))}
  },
  render: (r) =>
    renderTable(r.presets, [
      {header: 'ID', get: (p) => p.id},
      {header: 'KIND', get: (p) => p.endpoint_kind},
      {header: 'BASE URL', get: (p) => p.base_url},
      {header: 'KEY', get: (p) => p.key_env ?? (p.needs_key ? 'yes' : 'none')},
    ]),
})

export const agentSuggestProfilesOp = defineOperation({
  id: 'agent.suggest-profiles',
  summary: 'Suggest model profiles from your API keys and hardware.',
  description: `Looks at which provider API-key variables are set (names only; values are never printed) and at the GPU (nvidia-smi, rocm-smi, Apple unified memory), and suggests a provider and model for each role: the preferred hosted provider for the role's bucket among your keys, else the best local model that fits the GPU (with the command that installs it). With keys and a GPU, a local offline alternative for coding is added.

Read-only: nothing is written to providers.json or anywhere else.`,
  examples: ['<%= config.bin %> agent suggest-profiles', '<%= config.bin %> agent suggest-profiles --json'],
  effect: 'read',
  input: z.object({}),
  result: ProfileSuggestionsSchema,
  async run() {
    const {suggestProfiles} = await import('../lib/profiles/suggest.js')
    return suggestProfiles()
  },
  render(result) {
    const hw = result.hardware.vendor === 'none' ? 'no GPU' : `${result.hardware.vram_gb} GB ${result.hardware.vendor} GPU`
    return [
      `Keys found: ${result.keys_found.length > 0 ? result.keys_found.join(', ') : 'none'}; hardware: ${hw} (num_ctx ${result.hardware.num_ctx}).`,
      renderTable(result.suggestions, [
        {header: 'ROLE', get: (s) => s.role},
        {header: 'PROVIDER', get: (s) => s.provider_type},
        {header: 'MODEL', get: (s) => s.model},
        {header: 'BUCKET', get: (s) => s.bucket},
        {header: 'NOTES', get: (s) => s.notes},
      ]),
      'Suggestions only; nothing was saved.',
    ].join('\n')
  },
})
