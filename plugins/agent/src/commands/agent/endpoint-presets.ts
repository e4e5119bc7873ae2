import {GovCommand} from 'govtool'

import {ENDPOINT_PRESETS, type EndpointPreset} from '../../lib/profiles/index.js'

export default class AgentEndpointPresets extends GovCommand<{presets: EndpointPreset[]}> {
  static override summary = 'List OpenAI-compatible endpoint presets.'
  static override description = `Built-in base URLs for hosted providers, gateways, local servers and the govtool governance proxy.
endpoint_kind is hosted, gateway, local or governance; key_env names the variable that holds the key.`

  static override examples = ['<%= config.bin %> agent endpoint-presets', '<%= config.bin %> agent endpoint-presets --json']

  async run(): Promise<{presets: EndpointPreset[]}> {
    await this.parse(AgentEndpointPresets)
    const presets = ENDPOINT_PRESETS.map((p) => ({...p}))
    this.table(presets, [
      {header: 'ID', get: (p) => p.id},
      {header: 'KIND', get: (p) => p.endpoint_kind},
      {header: 'BASE URL', get: (p) => p.base_url},
      {header: 'KEY', get: (p) => p.key_env ?? (p.needs_key ? 'yes' : 'none')},
    ])
    return {presets}
  }
}
