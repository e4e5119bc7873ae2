import {GovCommand} from 'govtool'

import {suggestProfiles, type ProfileSuggestions} from '../../lib/profiles/index.js'

export default class AgentSuggestProfiles extends GovCommand<ProfileSuggestions> {
  static override summary = 'Suggest model profiles from your API keys and hardware.'
  static override description = `Looks at which provider API-key variables are set (names only; values are never printed) and at the
GPU (nvidia-smi, rocm-smi, Apple unified memory), and suggests a provider and model per role. Read-only:
nothing is written to providers.json or anywhere else.`

  static override examples = ['<%= config.bin %> agent suggest-profiles', '<%= config.bin %> agent suggest-profiles --json']

  async run(): Promise<ProfileSuggestions> {
    await this.parse(AgentSuggestProfiles)
    const result = await suggestProfiles()
    const hw = result.hardware.vendor === 'none' ? 'no GPU' : `${result.hardware.vram_gb} GB ${result.hardware.vendor} GPU`
    this.log(`Keys found: ${result.keys_found.length > 0 ? result.keys_found.join(', ') : 'none'}; hardware: ${hw} (num_ctx ${result.hardware.num_ctx}).`)
    this.table(result.suggestions, [
      {header: 'ROLE', get: (s) => s.role},
      {header: 'PROVIDER', get: (s) => s.provider_type},
      {header: 'MODEL', get: (s) => s.model},
      {header: 'BUCKET', get: (s) => s.bucket},
      {header: 'NOTES', get: (s) => s.notes},
    ])
    this.log('Suggestions only; nothing was saved.')
    return result
  }
}
